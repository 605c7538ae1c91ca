"""Who may see a table: the one rule shared by the table page and the table socket."""

from games.models import Table

# Session key: ids of private tables whose invite link was opened in this browser.
INVITED_TABLES = "invited_tables"


def can_see(table: Table, user, session) -> bool:
    """Public tables (and tournament tables) are open to all; private ones to the invited,
    the host and the seated.

    ``session`` is the Django session (``request.session``, or ``scope["session"]`` in a
    consumer), where invite links opened in this browser are remembered.
    """
    if not table.is_private or table.is_tournament:
        return True  # a tournament's table is listed with it: anyone may watch
    if table.id in session.get(INVITED_TABLES, []):
        return True
    return user.is_authenticated and (
        table.host_id == user.id or table.seats.filter(user=user).exists()
    )


def may_watch(table_id: int, user, session) -> bool:
    """True when the table exists and ``user`` (with this session) may see it."""
    table = Table.objects.filter(pk=table_id).first()
    return table is not None and can_see(table, user, session)

"""Who may see a table or a tournament: the one rule shared by the table page, the table
socket and the tournament pages."""

from games.models import Table, Tournament

# Session keys: ids of private tables (and tournaments) whose invite link was opened in
# this browser.
INVITED_TABLES = "invited_tables"
INVITED_TOURNAMENTS = "invited_tournaments"


def can_see(table: Table, user, session) -> bool:
    """Public tables (and tournament tables) are open to all; private ones to the invited,
    the host and the seated.

    ``session`` is the Django session (``request.session``, or ``scope["session"]`` in a
    consumer), where invite links opened in this browser are remembered.
    """
    if table.is_tournament:  # a tournament's table is seen by whoever may see it
        tournament = Tournament.objects.filter(table=table).first()
        return tournament is None or can_see_tournament(tournament, user, session)
    if not table.is_private:
        return True
    if table.id in session.get(INVITED_TABLES, []):
        return True
    return user.is_authenticated and (
        table.host_id == user.id or table.seats.filter(user=user).exists()
    )


def can_see_tournament(tournament: Tournament, user, session) -> bool:
    """Public tournaments are open to all; private ones to the invited, the host, staff and
    the entrants."""
    if not tournament.is_private or tournament.id in session.get(INVITED_TOURNAMENTS, []):
        return True
    return user.is_authenticated and (
        user.is_staff or tournament.host_id == user.id
        or tournament.entries.filter(user=user).exists()
    )


def may_watch(table_id: int, user, session) -> bool:
    """True when the table exists and ``user`` (with this session) may see it."""
    table = Table.objects.filter(pk=table_id).first()
    return table is not None and can_see(table, user, session)

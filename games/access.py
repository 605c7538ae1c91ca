"""Who may see a table or a tournament: the one rule shared by the table page, the table
socket and the tournament pages."""

from django.contrib.auth import get_user_model

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
    if table.members_only:  # the club's members, its host, staff and the seated
        return user.is_authenticated and (
            user.is_staff or table.host_id == user.id or in_club(table.club_id, user)
            or table.seats.filter(user=user).exists()
        )
    if not table.is_private:
        return True
    if table.id in session.get(INVITED_TABLES, []):
        return True
    return user.is_authenticated and (
        table.host_id == user.id or table.seats.filter(user=user).exists()
    )


def can_see_tournament(tournament: Tournament, user, session) -> bool:
    """Public tournaments are open to all; private ones to the invited, the host, staff and
    the entrants. A club's tournament not opened to all: its members, the host, staff and
    the entrants."""
    if tournament.members_only:
        return user.is_authenticated and (
            user.is_staff or tournament.host_id == user.id
            or in_club(tournament.club_id, user)
            or tournament.entries.filter(user=user).exists()
        )
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


def in_club(club_id: int | None, user) -> bool:
    """Whether ``user`` is a member (of any role) of the club."""
    return club_id is not None and user.is_authenticated and (
        user.club_memberships.filter(club_id=club_id).exists()
    )


def manages_club(club_id: int | None, user) -> bool:
    """Whether ``user`` is the club's owner or one of its managers (docs/clubs.md)."""
    return club_id is not None and user.is_authenticated and (
        user.club_memberships.filter(club_id=club_id, role__in=("owner", "manager")).exists()
    )


def club_manager_ids(club_id: int | None) -> list[int]:
    """The club's owner and managers, who get the host tools at its tables."""
    if club_id is None:
        return []
    # Through the users' side: the games app names no model of the clubs app.
    return list(get_user_model().objects.filter(
        club_memberships__club_id=club_id, club_memberships__role__in=("owner", "manager")
    ).values_list("id", flat=True))


def members_only_refusal(club_name: str) -> str:
    """The sentence for a non-member at a club's table or tournament."""
    return f"This game is open only to members of the club {club_name}."

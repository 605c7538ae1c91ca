"""A deal among the players left in a sit-and-go: one of them proposes an ICM deal or an
equal split of the prizes still to be paid; it ends the tournament only when every one of
them agrees. Until they have all answered no hand is dealt (the stacks it was worked out
on must not move); one "no" withdraws it and play goes on. A deal proposed during a hand
is worked out and put to the players when that hand ends (games/services/tournament_table.py).

The figures (``games/services/deal_terms.py``) come from ``games/engine/tournament/icm.py``:
every ICM equity is an exact fraction, kept beside the whole chips the deal pays. Each
player's place is by their stack when the deal is made (equal stacks tie).
"""

from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.utils import timezone

from games.models import Tournament, TournamentEntry
from games.services import notices
from games.services.change import table_change
from games.services.deal_terms import DealMethod, players_left, put_deal
from games.services.tournament_late import current_level
from games.services.tournament_table import (
    close_late_registration,
    close_tournament,
    lock_running,
    pay_entry,
    running_table,
)
from games.services.writer import (
    FIRST_DEAL_DELAY,
    Locked,
    ServiceError,
    schedule_next_hand,
)


def propose_deal(
    tournament_id: int, user: User, method: str, now: datetime | None = None
) -> dict[str, Any]:
    """A player left proposes a deal (``icm`` or ``equal``); they agree to it by proposing."""
    try:
        method = DealMethod(method)
    except ValueError:
        raise ServiceError("A deal is by ICM ('icm') or an equal split ('equal').") from None
    nothing = "there is no deal to make"
    with table_change(running_table(tournament_id, nothing)) as locked:
        tournament = lock_running(locked, tournament_id, nothing)
        return _propose_deal(locked, tournament, user, method, now)


def _propose_deal(
    locked: Locked, tournament: Tournament, user: User, method: DealMethod, now: datetime | None
) -> dict[str, Any]:
    seats = players_left(locked)
    if not any(s.user_id == user.id for s in seats):
        raise ServiceError("Only a player still in the tournament can propose a deal.")
    if tournament.deal is not None:
        raise ServiceError("A deal is already waiting for answers: agree to it or decline it.")
    if tournament.late_registration_open(current_level(locked, tournament, now or timezone.now())):
        raise ServiceError(f"Late registration is open until the end of level "
                           f"{tournament.late_levels}: a deal waits until it closes.")
    if locked.hand is not None:
        # Put to the players when the hand ends, on the stacks it leaves (tournament_table).
        tournament.deal = {"method": method.value, "proposed_by": user.get_username(),
                           "pending": True, "players": [], "agreed": [user.id]}
        tournament.save(update_fields=["deal"])
        notices.add(locked, "deal", user.get_username(),
                    f"{user.get_username()} proposes {_kind(method)}: it is put to everyone "
                    "when this hand ends.")
        return tournament.deal
    close_late_registration(locked, tournament)  # its players out take their places first
    return put_deal(locked, tournament, method, user.get_username(), [user.id])


def _kind(method: DealMethod) -> str:
    return "an ICM deal" if method is DealMethod.ICM else "an equal split"


def answer_deal(tournament_id: int, user: User, agree: bool, now: datetime | None = None) -> bool:
    """Agree to the deal waiting, or decline it (it is withdrawn, and play goes on). True
    when this answer was the last yes: the deal is paid and the tournament is over."""
    now = now or timezone.now()
    nothing = "there is no deal to make"
    with table_change(running_table(tournament_id, nothing)) as locked:
        tournament = lock_running(locked, tournament_id, nothing)
        return _answer_deal(locked, tournament, user, agree, now)


def _answer_deal(
    locked: Locked, tournament: Tournament, user: User, agree: bool, now: datetime
) -> bool:
    deal = tournament.deal
    if deal is None:
        raise ServiceError("No deal has been proposed.")
    if deal.get("pending"):
        raise ServiceError("The deal is worked out when this hand ends: answer it then.")
    players = {p["user_id"]: p for p in deal["players"]}
    if user.id not in players:
        raise ServiceError("Only the players left in the tournament answer a deal.")
    name = user.get_username()
    if not agree:
        tournament.deal = None
        tournament.save(update_fields=["deal"])
        notices.add(locked, "deal", name, f"{name} declined the deal: play goes on.")
        schedule_next_hand(locked.table, now, FIRST_DEAL_DELAY)
        return False
    if user.id in deal["agreed"]:
        raise ServiceError("You have agreed to this deal already.")
    deal["agreed"] = [*deal["agreed"], user.id]
    if set(deal["agreed"]) != set(players):
        tournament.save(update_fields=["deal"])
        notices.add(locked, "deal", name, f"{name} agrees to the deal.")
        return False
    _settle(locked, tournament, deal, now)
    return True


def _settle(locked: Locked, tournament: Tournament, deal: dict[str, Any], now: datetime) -> None:
    """Everyone agreed: places by stack (equal stacks tie), each paid the deal's amount."""
    players = deal["players"]
    entries = {e.user_id: e for e in tournament.entries.filter(
        status=TournamentEntry.Status.PLAYING).select_related("user")}
    for player in players:
        above = sum(1 for p in players if p["stack"] > player["stack"])
        level = sum(1 for p in players if p["stack"] == player["stack"])
        entry = entries[player["user_id"]]
        entry.place, entry.place_worst = above + 1, above + level
        pay_entry(tournament, entry, player["amount"], None)
    notices.add(locked, "deal", "", "Everyone agreed: the deal is paid and the tournament "
                "is over.")
    close_tournament(locked, tournament, now, ended_by="deal")


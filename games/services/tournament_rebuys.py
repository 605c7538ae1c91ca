"""Rebuys in a sit-and-go: a player still in, at or below the starting stack, buys in again
between hands during the tournament's first ``rebuy_levels`` levels. The buy-in moves from
their bankroll to the prize pool through the ledger, and the starting stack in tournament
chips joins their stack, so the pool still stands for every chip on the table.

A change at the table like any other: the table locked first, then the tournament row; each
refusal is a ServiceError with a sentence, and changes nothing.
"""

from datetime import datetime

from django.contrib.auth.models import User
from django.utils import timezone

from games import chips, plain_sql
from games.models import Seat, Tournament
from games.services import notices
from games.services.change import table_change
from games.services.tournament_table import (
    deal_waiting,
    level_index,
    lock_running,
    running_table,
    seat_with_chips,
)
from games.services.writer import Locked, ServiceError


def rebuy_problem(
    locked: Locked, tournament: Tournament, seat: Seat | None, now: datetime
) -> str | None:
    """Why this rebuy cannot be made now, or None."""
    if tournament.rebuy_levels == 0:
        return f"{tournament.name} has no rebuys."
    level = level_index(tournament, now, locked.table.hands_played) + 1
    if level > tournament.rebuy_levels:
        return (f"Rebuys closed after level {tournament.rebuy_levels}; "
                f"this is level {level}.")
    if seat is None:
        return f"Only a player still in {tournament.name} can rebuy."
    if seat.stack > tournament.starting_stack:
        return (f"You can rebuy only at or below the starting stack "
                f"({tournament.starting_stack:,}); you have {seat.stack:,}.")
    if locked.hand is not None and locked.state is not None and seat.number in locked.state.seats:
        return "Rebuy between hands: wait for this hand to end."
    return deal_waiting(tournament)


def rebuy(tournament_id: int, user: User, now: datetime | None = None) -> Seat:
    """Buy in again: the buy-in to the prize pool, the starting stack to your seat."""
    now = now or timezone.now()
    nothing = "there is nothing to rebuy"
    with table_change(running_table(tournament_id, nothing)) as locked:
        tournament = lock_running(locked, tournament_id, nothing)
        return _rebuy(locked, tournament, user, now)


def _rebuy(locked: Locked, tournament: Tournament, user: User, now: datetime) -> Seat:
    seat = seat_with_chips(locked, user.id)
    problem = rebuy_problem(locked, tournament, seat, now)
    if problem:
        raise ServiceError(problem)
    assert seat is not None  # rebuy_problem refuses a player without a seat
    try:
        chips.tournament_rebuy(user, tournament)
    except chips.ChipError as error:
        raise ServiceError(str(error)) from None
    seat.stack += tournament.starting_stack
    plain_sql.update(seat, ["stack"])
    entry = tournament.entries.get(user=user)
    entry.rebuys += 1
    entry.save(update_fields=["rebuys"])
    tournament.rebuys += 1
    tournament.save(update_fields=["rebuys"])
    name = user.get_username()
    notices.add(locked, "rebuy", name, f"{name} rebuys for {tournament.buy_in:,}: "
                f"{tournament.starting_stack:,} more chips.")
    return seat

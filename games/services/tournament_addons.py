"""The add-on in a sit-and-go: once per player, between hands during the tournament's
``addon_level`` (the option's level, often the last rebuy level), ``addon_price`` moves from
the bankroll to the prize pool through the ledger and ``addon_chips`` tournament chips join
the player's stack, played from the next hand. The pool still stands for every chip.

A change at the table like any other: the table locked first, then the tournament row; each
refusal is a ServiceError with a sentence, and changes nothing.
"""

from datetime import datetime

from django.contrib.auth.models import User
from django.utils import timezone

from games import chips, plain_sql
from games.models import Seat, Tournament, TournamentEntry
from games.services import notices
from games.services.change import table_change
from games.services.tournament_late import current_level
from games.services.tournament_table import (
    deal_waiting,
    lock_running,
    running_table,
    seat_with_chips,
)
from games.services.writer import Locked, ServiceError, in_live_hand


def addon_problem(
    locked: Locked, tournament: Tournament, seat: Seat | None, entry: TournamentEntry | None,
    level: int,
) -> str | None:
    """Why this add-on cannot be taken now, or None."""
    wanted = tournament.addon_level
    if not wanted:
        return f"{tournament.name} has no add-on."
    if level < wanted:
        return f"The add-on is offered in level {wanted}; this is level {level}."
    if level > wanted:
        return f"The add-on closed after level {wanted}; this is level {level}."
    if seat is None or entry is None:
        return f"Only a player still in {tournament.name} can take the add-on."
    if entry.addons:
        return "You have taken the add-on already: it is once per player."
    if in_live_hand(locked, seat):
        return "Take the add-on between hands: wait for this hand to end."
    return deal_waiting(tournament)


def take_addon(tournament_id: int, user: User, now: datetime | None = None) -> Seat:
    """The add-on: its price to the prize pool, its chips to your seat."""
    now = now or timezone.now()
    nothing = "there is no add-on to take"
    with table_change(running_table(tournament_id, nothing)) as locked:
        tournament = lock_running(locked, tournament_id, nothing)
        return _take_addon(locked, tournament, user, now)


def _take_addon(locked: Locked, tournament: Tournament, user: User, now: datetime) -> Seat:
    seat = seat_with_chips(locked, user.id)
    entry = tournament.entries.filter(user=user).first()
    problem = addon_problem(locked, tournament, seat, entry,
                            current_level(locked, tournament, now))
    if problem:
        raise ServiceError(problem)
    assert seat is not None and entry is not None  # addon_problem refuses otherwise
    try:
        chips.tournament_addon(user, tournament)
    except chips.ChipError as error:
        raise ServiceError(str(error)) from None
    seat.stack += tournament.addon_chips
    plain_sql.update(seat, ["stack"])
    entry.addons += 1
    entry.save(update_fields=["addons"])
    tournament.addons += 1
    tournament.save(update_fields=["addons"])
    name = user.get_username()
    notices.add(locked, "addon", name, f"{name} takes the add-on for "
                f"{tournament.addon_price:,}: {tournament.addon_chips:,} more chips.")
    return seat

"""A sit-and-go before it plays: the host creates it, players register (the buy-in leaves
their bankroll for the prize pool) or unregister (refunded), and it starts when full or when
the host says so: a table of its own, every entrant seated with the starting stack.

Registration changes lock the tournament row; the start makes its table and seats through
the writer (lock, change, publish), like every change at a table. Each refusal is a
ServiceError with a sentence, and changes nothing.
"""

import random
from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from games import chips
from games.access import in_club, members_only_refusal
from games.engine.tournament.payouts import PayoutPreset, prizes
from games.engine.tournament.schedule import (
    BlindLevel,
    BlindSchedule,
    preset_schedule,
    schedule_problems,
)
from games.models import Seat, Table, Tournament, TournamentEntry
from games.services import tournament_late
from games.services.change import new_table, table_change
from games.services.writer import (
    FIRST_DEAL_DELAY,
    Locked,
    ServiceError,
    schedule_next_hand,
)
from games.table_limits import MAX_ACTION_SECONDS, MAX_SEATS, MIN_ACTION_SECONDS, MIN_SEATS

# Entries a player may make in one tournament (the first and its re-entries), at most.
MAX_ENTRIES = 5

# Seats are drawn at random, as a card draw would (a test may seed its own).
_seat_draw = random.SystemRandom()


def build_schedule(
    starting_stack: int, preset: str = "", levels: list[dict[str, int]] | None = None,
    minutes: int | None = None, hands: int | None = None,
) -> BlindSchedule:
    """A preset's levels (``preset``, at the preset's minutes unless ``minutes`` or
    ``hands`` is given) or custom ``levels`` with ``minutes`` or ``hands``; ServiceError
    with every problem otherwise."""
    if bool(preset) == (levels is not None):
        raise ServiceError("Choose a preset schedule or give your own levels, not both.")
    try:
        if preset:
            base = preset_schedule(preset, starting_stack)
            minutes = base.minutes if minutes is None and hands is None else minutes
            schedule = BlindSchedule(base.levels, minutes=minutes, hands=hands)
        else:
            assert levels is not None
            schedule = BlindSchedule(
                tuple(BlindLevel(**level) for level in levels), minutes=minutes, hands=hands
            )
    except TypeError:
        raise ServiceError(
            "Each level is a small_blind, a big_blind and an optional ante."
        ) from None
    except ValueError as error:
        raise ServiceError(str(error)) from None
    problems = schedule_problems(schedule)
    if not problems and schedule.levels[0].big_blind > starting_stack:
        problems.append(
            f"The starting stack ({starting_stack:,}) is less than the first big blind "
            f"({schedule.levels[0].big_blind:,})."
        )
    if problems:
        raise ServiceError(" ".join(problems))
    return schedule


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@transaction.atomic
def create_tournament(
    host: User, *, name: str, max_players: int, buy_in: int, starting_stack: int,
    payout: str = PayoutPreset.THREE_PLACES.value, preset: str = "regular",
    levels: list[dict[str, int]] | None = None, minutes: int | None = None,
    hands: int | None = None, action_seconds: int = 30, rebuy_levels: int = 0,
    late_levels: int = 0, max_entries: int = 1, addon_level: int = 0, addon_price: int = 0,
    addon_chips: int = 0, is_private: bool = False, club_id: int | None = None,
    club_open: bool = False,
) -> Tournament:
    """A new sit-and-go, registering. ``preset`` or custom ``levels`` (then pass
    ``preset=""``), each level lasting ``minutes`` or ``hands``; rebuys during the first
    ``rebuy_levels`` levels (0: none); late registration until the end of level
    ``late_levels`` (0: none), with up to ``max_entries`` entries a player (re-entry); an
    add-on during level ``addon_level`` (0: none), ``addon_chips`` for ``addon_price``;
    ``is_private``: listed nowhere, opened by its invite link (games/access.py);
    ``club_id``: a club's, open only to its members unless ``club_open``."""
    name = (name or "").strip()
    problems = []
    if not name or len(name) > 60:
        problems.append("The tournament needs a name of 1 to 60 characters.")
    if not _whole(max_players) or not MIN_SEATS <= max_players <= MAX_SEATS:
        problems.append(f"A sit-and-go has {MIN_SEATS} to {MAX_SEATS} players.")
    if not _whole(buy_in) or buy_in < 1:
        problems.append("The buy-in must be a whole number of chips, at least 1.")
    if not _whole(starting_stack) or starting_stack < 1:
        problems.append("The starting stack must be a whole number of chips, at least 1.")
    if not _whole(action_seconds) or not (
        MIN_ACTION_SECONDS <= action_seconds <= MAX_ACTION_SECONDS
    ):
        problems.append(
            f"The action clock is {MIN_ACTION_SECONDS} to {MAX_ACTION_SECONDS} seconds."
        )
    if not _whole(rebuy_levels) or rebuy_levels < 0:
        problems.append("Rebuy levels must be a whole number, 0 for no rebuys.")
    problems += option_problems(late_levels, max_entries, addon_level, addon_price, addon_chips)
    if problems:
        raise ServiceError(" ".join(problems))
    try:
        prizes(buy_in * max_players, payout, max_players)  # a payout the table can pay
    except ValueError as error:
        raise ServiceError(str(error)) from None
    schedule = build_schedule(starting_stack, preset, levels, minutes, hands)
    count = len(schedule.levels)
    for what, level in (("Rebuys", rebuy_levels), ("Late registration", late_levels),
                        ("The add-on", addon_level)):
        if level > count:
            raise ServiceError(f"{what} can last {count} levels at most (the schedule's), "
                               f"not {level}.")
    return Tournament.objects.create(
        rebuy_levels=rebuy_levels, late_levels=late_levels, max_entries=max_entries,
        addon_level=addon_level, addon_price=addon_price, addon_chips=addon_chips,
        name=name, host=host, max_players=max_players, buy_in=buy_in,
        starting_stack=starting_stack, schedule=schedule.to_dict(), schedule_preset=preset,
        payout=PayoutPreset(payout).value, action_seconds=action_seconds,
        is_private=bool(is_private), club_id=club_id, club_open=bool(club_open),
    )


def option_problems(
    late_levels: int, max_entries: int, addon_level: int, addon_price: int, addon_chips: int,
) -> list[str]:
    """What is wrong with the late registration, re-entry and add-on options.

    >>> option_problems(0, 2, 0, 0, 0)
    ['Re-entry happens during late registration: give late registration levels too.']
    >>> option_problems(3, 2, 2, 100, 0)
    ['An add-on needs a level, a price and chips, each at least 1 (or none of them).']
    """
    problems = []
    if not _whole(late_levels) or late_levels < 0:
        problems.append("Late registration levels must be a whole number, 0 for none.")
    if not _whole(max_entries) or not 1 <= max_entries <= MAX_ENTRIES:
        problems.append(f"Entries a player must be 1 to {MAX_ENTRIES} (1: no re-entry).")
    elif max_entries > 1 and late_levels == 0:
        problems.append(
            "Re-entry happens during late registration: give late registration levels too."
        )
    addon = (addon_level, addon_price, addon_chips)
    if not all(_whole(v) and v >= 0 for v in addon):
        problems.append("The add-on's level, price and chips are whole numbers.")
    elif any(addon) and not all(addon):
        problems.append(
            "An add-on needs a level, a price and chips, each at least 1 (or none of them)."
        )
    return problems


def _lock(tournament_id: int) -> Tournament:
    found = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    if found is None:
        raise ServiceError("That tournament does not exist.")
    return found


def _require_registering(tournament: Tournament) -> None:
    if tournament.status != Tournament.Status.REGISTERING:
        raise ServiceError(
            f"{tournament.name} is {tournament.get_status_display().lower()}: "
            "registration is closed."
        )


@transaction.atomic
def register(tournament_id: int, user: User, now: datetime | None = None) -> TournamentEntry:
    """Enter the tournament: the buy-in moves from your bankroll to the prize pool. The
    entry that fills it starts it. Once it runs, late registration (or a re-entry) seats
    you at its table (games/services/tournament_late.py)."""
    found = Tournament.objects.select_related("club").filter(pk=tournament_id).first()
    if found is not None and found.members_only and found.club is not None and not (
        user.is_staff or found.host_id == user.id or in_club(found.club_id, user)
    ):
        raise ServiceError(members_only_refusal(found.club.name))
    if found is not None and found.status == Tournament.Status.RUNNING:
        return tournament_late.enter(tournament_id, user, now or timezone.now())
    tournament = _lock(tournament_id)
    _require_registering(tournament)
    if tournament.entries.filter(user=user).exists():
        raise ServiceError(f"You are registered for {tournament.name} already.")
    count = tournament.entries.count()
    if count >= tournament.max_players:
        raise ServiceError(f"{tournament.name} is full ({tournament.max_players} players).")
    try:
        chips.tournament_buy_in(user, tournament)
    except chips.ChipError as error:
        raise ServiceError(str(error)) from None
    entry = TournamentEntry.objects.create(tournament=tournament, user=user)
    if count + 1 == tournament.max_players:
        _start(tournament, now or timezone.now())
    return entry


@transaction.atomic
def unregister(tournament_id: int, user: User) -> None:
    """Leave before the start: the buy-in comes back to your bankroll."""
    tournament = _lock(tournament_id)
    entry = tournament.entries.filter(user=user).first()
    if entry is None:
        raise ServiceError(f"You are not registered for {tournament.name}.")
    if tournament.status != Tournament.Status.REGISTERING:
        raise ServiceError(
            f"{tournament.name} has started: a buy-in is refunded only before the start."
        )
    chips.tournament_refund(user, tournament)
    entry.delete()


@transaction.atomic
def start(tournament_id: int, user: User, now: datetime | None = None) -> Table:
    """The host (or staff) starts it with the players registered so far."""
    tournament = _lock(tournament_id)
    if not (user.is_staff or tournament.host_id == user.id):
        raise ServiceError("Only the host of this tournament can start it.")
    _require_registering(tournament)
    count = tournament.entries.count()
    if count < MIN_SEATS:
        raise ServiceError(f"A tournament needs at least {MIN_SEATS} players; {count} registered.")
    try:
        prizes(tournament.buy_in * count, tournament.payout, count)
    except ValueError as error:
        raise ServiceError(str(error)) from None
    return _start(tournament, now or timezone.now())


def _start(tournament: Tournament, now: datetime) -> Table:
    """Its table, every entrant seated at random with the starting stack (tournament chips:
    no bankroll pays for them, the prize pool stands for them), and the first deal soon."""
    first = tournament.blind_schedule().levels[0]
    made = new_table(
        name=tournament.name, small_blind=first.small_blind, big_blind=first.big_blind,
        # Late registration seats players at the table's free seats, up to ten.
        ante=first.ante, max_seats=MAX_SEATS if tournament.late_levels else tournament.max_players,
        min_buy_in=tournament.starting_stack, max_buy_in=tournament.starting_stack,
        action_seconds=tournament.action_seconds, is_private=True, is_tournament=True,
    )
    with table_change(made.id) as locked:
        _seat_entrants(locked, tournament, now)
        return locked.table


def _seat_entrants(locked: Locked, tournament: Tournament, now: datetime) -> None:
    table = locked.table  # the locked row: the change saves what changes on it
    entries = list(tournament.entries.select_related("user"))
    numbers = list(range(1, tournament.max_players + 1))
    _seat_draw.shuffle(numbers)
    for entry, number in zip(entries, numbers, strict=False):
        locked.seats.append(Seat.objects.create(
            table=table, user=entry.user, number=number, stack=tournament.starting_stack,
            entry=Seat.Entry.PLAYING,
        ))
    tournament.entries.update(status=TournamentEntry.Status.PLAYING)
    tournament.status = Tournament.Status.RUNNING
    tournament.table = table
    tournament.started_at = now
    tournament.level = 0
    tournament.save(update_fields=["status", "table", "started_at", "level"])
    schedule_next_hand(table, now, FIRST_DEAL_DELAY)


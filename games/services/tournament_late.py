"""Late registration and re-entry in a running sit-and-go.

Late registration (an option: until the end of level ``late_levels``) seats a new player at
a free seat of the table's ten with the starting stack; they are dealt in at the next hand
without posting for the hands they missed. Their buy-in joins the prize pool through the
ledger, so the payouts grow with the field.

Re-entry (an option: ``max_entries`` above 1) lets a player who went out while late
registration is open buy in again, as a new entry with a fresh starting stack. As on the
big sites, a re-entry is a new entry: only the player's last entry takes a finishing place
and a prize; each earlier entry's bust is recorded on the entry (``earlier_entries``).

While late registration is open a player who busts has no place yet (the field is still
growing): when it closes, those still out take the last places by the order they went out
(``tournament_table.close_late_registration``), and are paid if a place is in the money.

A change at the table like any other: the table locked first, then the tournament row;
each refusal is a ServiceError with a sentence, and changes nothing.
"""

import random
from datetime import datetime

from django.contrib.auth.models import User

from games import chips
from games.models import Seat, Tournament, TournamentEntry
from games.services import notices
from games.services.change import table_change
from games.services.tournament_table import deal_waiting, level_index, lock_running, running_table
from games.services.writer import (
    FIRST_DEAL_DELAY,
    Locked,
    ServiceError,
    schedule_next_hand,
)

# A late player's seat is drawn at random among the free ones, as at the start.
_seat_draw = random.SystemRandom()


def current_level(locked: Locked, tournament: Tournament, now: datetime) -> int:
    """The level (from 1) the next deal plays; during a hand, that hand's level."""
    if locked.hand is not None:
        return tournament.level + 1
    return level_index(tournament, now, locked.table.hands_played) + 1


def entry_problem(
    locked: Locked, tournament: Tournament, entry: TournamentEntry | None, level: int
) -> str | None:
    """Why ``entry``'s player (None: a new player) cannot come in now, or None."""
    name = tournament.name
    if not tournament.late_levels:
        return f"{name} has started, and it has no late registration."
    if not tournament.late_registration_open(level):
        return (f"Late registration closed after level {tournament.late_levels}; "
                f"this is level {level}.")
    if entry is not None:
        if entry.status != TournamentEntry.Status.BUSTED:
            return f"You are in {name} already."
        if tournament.max_entries == 1:
            return f"{name} has no re-entry: one entry a player."
        if entry.reentries + 1 >= tournament.max_entries:
            return f"You have made all {tournament.max_entries} of your entries."
    taken = [s for s in locked.seats if s.pk is not None]
    if len(taken) >= locked.table.max_seats:
        return f"The table of {name} is full ({locked.table.max_seats} seats)."
    return deal_waiting(tournament)


def enter(tournament_id: int, user: User, now: datetime) -> TournamentEntry:
    """Register late, or re-enter after going out: the buy-in to the prize pool, the
    starting stack at a free seat, dealt in at the next hand."""
    nothing = "registration is closed"
    with table_change(running_table(tournament_id, nothing)) as locked:
        tournament = lock_running(locked, tournament_id, nothing)
        return _enter(locked, tournament, user, now)


def _enter(locked: Locked, tournament: Tournament, user: User, now: datetime) -> TournamentEntry:
    entry = tournament.entries.filter(user=user).first()
    problem = entry_problem(locked, tournament, entry, current_level(locked, tournament, now))
    if problem:
        raise ServiceError(problem)
    try:
        if entry is None:
            chips.tournament_buy_in(user, tournament)
        else:
            chips.tournament_reentry(user, tournament)
    except chips.ChipError as error:
        raise ServiceError(str(error)) from None
    name = user.get_username()
    if entry is None:
        entry = TournamentEntry.objects.create(
            tournament=tournament, user=user, status=TournamentEntry.Status.PLAYING, late=True
        )
        said = f"{name} registers late"
    else:
        _reenter(tournament, entry)
        said = f"{name} re-enters (entry {entry.reentries + 1})"
    _seat(locked, tournament, user)
    notices.add(locked, "late", name, f"{said} with {tournament.starting_stack:,} chips; "
                f"the prize pool is {tournament.prize_pool(tournament.entries.count()):,}.")
    if locked.hand is None:
        schedule_next_hand(locked.table, now, FIRST_DEAL_DELAY)
    return entry


def _reenter(tournament: Tournament, entry: TournamentEntry) -> None:
    """The entry that went out is recorded, and the player's new entry plays."""
    entry.earlier_entries = [*entry.earlier_entries, {
        "entry": entry.reentries + 1, "busted_in_hand": entry.busted_in_hand,
        "went_out_in": entry.went_out_in,
    }]
    entry.reentries += 1
    entry.status = TournamentEntry.Status.PLAYING
    entry.busted_in_hand = None
    entry.busted_with = entry.went_out_in = None
    entry.save(update_fields=["earlier_entries", "reentries", "status", "busted_in_hand",
                              "busted_with", "went_out_in"])
    tournament.reentries += 1
    tournament.save(update_fields=["reentries"])


def _seat(locked: Locked, tournament: Tournament, user: User) -> Seat:
    """A free seat drawn at random, the starting stack in tournament chips (the buy-in in
    the pool stands for them), dealt in at the next deal without posting."""
    taken = {s.number for s in locked.seats if s.pk is not None}
    free = [n for n in range(1, locked.table.max_seats + 1) if n not in taken]
    seat = Seat.objects.create(
        table=locked.table, user=user, number=_seat_draw.choice(free),
        stack=tournament.starting_stack, entry=Seat.Entry.PLAYING,
    )
    locked.seats.append(seat)
    return seat

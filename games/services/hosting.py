"""Running a table: what its host (or staff, from the felt or the Django admin) may do.

Every control locks the table, changes it, bumps its version and is broadcast like a
player's action (writer.py); chips only move through games/chips.py, so every chip is in
the ledger. Settings apply from the next hand (a hand keeps the blinds it was dealt at);
removing a player and closing the table wait for the hand being played to end.
Each change is also written to the admin's log (who, what, when).
"""

import contextlib
from datetime import datetime, timedelta
from typing import Any

from django.contrib.admin.models import CHANGE, DELETION, LogEntry
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Model
from django.utils import timezone

from games import chips
from games.dealers_choice import rotation_problem
from games.engine import GAMES, HandState
from games.host_settings import (
    SETTINGS_BY_NAME,
    choice_problem,
    is_told,
    number_settings_problem,
    setting_text,
)
from games.models import LedgerEntry, Seat, Table
from games.runout import runout_pause
from games.services import notices
from games.services.change import new_table, table_change
from games.services.play import advance_hand
from games.services.writer import (
    FIRST_DEAL_DELAY,
    Locked,
    ServiceError,
    free_seat,
    in_live_hand,
    is_bot,
    next_hand_delay,
    refuse_at_tournament,
    require_host,
    schedule_next_hand,
    seat_at,
)
from games.table_games import DEALERS_CHOICE
from games.table_limits import LIMIT_FIELDS, limit_problems


def record(user: User, obj: Model, message: str, flag: int = CHANGE) -> None:
    """Write one admin log row: who did what to which object, and when."""
    LogEntry.objects.log_actions(
        user_id=user.pk, queryset=[obj], action_flag=flag, change_message=message,
        single_object=True,
    )


# ---------------------------------------------------------------- creating and deleting


@transaction.atomic
def create_table(host: User | None, *, wait_for_start: bool = False, **values: Any) -> Table:
    """A new table hosted by ``host`` (None: a room table, e.g. made in the admin). With
    ``wait_for_start`` nothing is dealt until the host starts the game (``resume``)."""
    problems = limit_problems(values)
    if problems:
        raise ServiceError(" ".join(problems.values()))
    problem = number_settings_problem(values) or game_settings_problem(values)
    if problem:
        raise ServiceError(problem)
    if wait_for_start and host is None:
        raise ServiceError("Only a table with a host can wait for its host to start it.")
    status = Table.Status.PAUSED if wait_for_start else Table.Status.OPEN
    return new_table(host=host, status=status, **values)


def delete_table(table_id: int, staff: User) -> None:
    """Only an empty table can go: a table with seats is closed instead (chips go home).
    Anyone watching it sees it closed."""
    with table_change(table_id) as locked:
        if locked.seats or locked.hand is not None:
            raise ServiceError(
                f"{locked.table.name} has players or a hand in progress: close it instead "
                "(their stacks go back to their bankrolls), then delete it."
            )
        record(staff, locked.table, "Deleted the table.", DELETION)
        locked.delete_table()


# ---------------------------------------------------------------- the game


def _set_status(locked: Locked, user: User, status: str, message: str) -> None:
    table = locked.table
    # Levels by minutes run on through a pause, and a close would cash out tournament chips.
    refuse_at_tournament(locked, "pausing, resuming or closing")
    if table.status == Table.Status.CLOSED:
        raise ServiceError("A closed table cannot be reopened.")
    if table.status == status:
        raise ServiceError(f"The table is already {table.get_status_display().lower()}.")
    table.status = status
    if status != Table.Status.OPEN:
        table.next_hand_at = None
    elif locked.hand is None:
        now = timezone.now()
        schedule_next_hand(table, now, _resume_delay(locked, now))
    if status == Table.Status.CLOSED:
        table.seat_requests = []
        if locked.hand is None:
            for seat in list(locked.seats):
                free_seat(locked, seat)
    record(user, table, message)


def _resume_delay(locked: Locked, now: datetime) -> timedelta:
    """Soon, but never before the pause after the last hand is over: a pause and a resume
    between hands must not deal early (the pause dropped the planned deal)."""
    last = locked.last_hand
    if last is None or last.ended_at is None:
        return FIRST_DEAL_DELAY
    due = last.ended_at + next_hand_delay() + runout_pause(HandState.from_dict(last.state))
    return max(FIRST_DEAL_DELAY, due - now)


def pause(table_id: int, user: User) -> None:
    """No new hand is dealt until the table is resumed; the hand being played plays out.
    The host pauses from the felt, staff from the admin (the same service)."""
    with table_change(table_id) as locked:
        require_host(locked, user)
        _set_status(locked, user, Table.Status.PAUSED, "Paused the table.")


def resume(table_id: int, user: User) -> None:
    with table_change(table_id) as locked:
        require_host(locked, user)
        _set_status(locked, user, Table.Status.OPEN, "Resumed the table.")


def close(table_id: int, user: User) -> None:
    """Close for good: every stack goes back to its bankroll (after the hand being played)."""
    with table_change(table_id) as locked:
        require_host(locked, user)
        _set_status(locked, user, Table.Status.CLOSED, "Closed the table.")


def open_club_table(table_id: int, user: User, open_to_all: bool) -> None:
    """The host (or a manager of the club) opens a club's table to everyone, or keeps it to
    the club's members again; the lobby lists it only while it is open (games/access.py).
    Players already seated keep their seats either way."""
    with table_change(table_id) as locked:
        require_host(locked, user)
        table = locked.table
        if table.club_id is None:
            raise ServiceError(f"{table.name} is not a club's table: it has no members to "
                               "keep it to.")
        table.club_open = open_to_all
        record(user, table, "Opened the table to everyone." if open_to_all
               else "Kept the table to the club's members.")


def settings_changes(
    table: Table, seat_numbers: list[int], changes: dict[str, Any]
) -> dict[str, Any]:
    """The settings of ``changes`` that differ from the table's, or ServiceError saying why
    they cannot be made: a value out of its limits, or fewer seats than the chairs taken."""
    if table.status == Table.Status.CLOSED:
        raise ServiceError("This table is closed.")
    unknown = sorted(set(changes) - set(SETTINGS_BY_NAME))
    if unknown:
        raise ServiceError(f"These settings cannot be changed here: {', '.join(unknown)}.")
    if isinstance(changes.get("dealers_choice_games"), tuple):
        changes = {**changes, "dealers_choice_games": list(changes["dealers_choice_games"])}
    changed = {name: value for name, value in changes.items() if getattr(table, name) != value}
    if not changed:
        raise ServiceError("Nothing to change: these are the table's settings already.")
    merged = {name: changed.get(name, getattr(table, name)) for name in LIMIT_FIELDS}
    problems = limit_problems(merged)
    if problems:
        raise ServiceError(" ".join(problems.values()))
    if "name" in changed and not str(changed["name"]).strip():
        raise ServiceError("The table needs a name.")
    problem = number_settings_problem(changed) or game_settings_problem(changed)
    if problem:
        raise ServiceError(problem)
    seats = merged["max_seats"]
    setting = str(changed.get("game", table.game))
    dealt = ([GAMES[setting]] if setting in GAMES else
             [GAMES[code] for code in changed.get("dealers_choice_games",
                                                  table.dealers_choice_games) if code in GAMES]
             if setting == DEALERS_CHOICE else [])
    for game in dealt:  # every game the table may deal must fit its seats (one deck each)
        if seats > game.max_players:
            raise ServiceError(
                f"{game.label} deals at most {game.max_players} players: the table can have "
                f"at most {game.max_players} seats, not {seats}.")
    beyond = sorted(
        [n for n in seat_numbers if n > seats]
        + [r["seat"] for r in table.seat_requests if r["seat"] > seats]
    )
    if beyond:
        listed = ", ".join(str(n) for n in beyond)
        raise ServiceError(
            f"The table cannot have {seats} seats while seat(s) {listed} are taken or asked "
            "for; those players must leave first."
        )
    return changed


def game_settings_problem(values: dict[str, Any]) -> str | None:
    """Why the game settings among ``values`` cannot be made, in a sentence; None if they
    can: a choice not among its choices (the game, run it twice, short deck's order of
    hands), or dealer's choice's games (at least two, known, none twice)."""
    problem = choice_problem(values)
    if problem is None and "dealers_choice_games" in values:
        return rotation_problem(values["dealers_choice_games"])
    return problem


def check_settings(table_id: int, changes: dict[str, Any]) -> None:
    """``settings_changes`` without a lock, for a form to show the reason next to it."""
    table = Table.objects.get(pk=table_id)
    settings_changes(table, list(table.seats.values_list("number", flat=True)), changes)


def update_settings(table_id: int, user: User, changes: dict[str, Any]) -> Table:
    """Blinds, ante, buy-in range, action clock, seats, approval, name, host, the game and
    run it twice: from the next hand (players are told of the game's changes in the table's
    log) (the hand being played keeps the blinds it was dealt at). Refused as a whole, with
    a sentence, when any change cannot be made (see ``settings_changes``)."""
    with table_change(table_id) as locked:
        return _update_settings(locked, user, changes)


def _update_settings(locked: Locked, user: User, changes: dict[str, Any]) -> Table:
    require_host(locked, user)
    refuse_at_tournament(locked, "changing the settings (the schedule sets the blinds)")
    table = locked.table
    previous_host = table.host_id
    changed = settings_changes(table, [s.number for s in locked.seats], changes)
    for name, value in changed.items():
        setattr(table, name, value)
    waiting = list(table.seat_requests) if changed.get("needs_approval") is False else []
    # Nobody is left waiting for an approval the table no longer asks for.
    for request in waiting:
        # One whose bankroll no longer covers their buy-in is dropped; the change goes on.
        with contextlib.suppress(ServiceError):
            _approve(locked, request)
    told = [setting_text(name, value) for name, value in changed.items() if is_told(name)]
    if changed.get("game") == DEALERS_CHOICE and "dealers_choice_games" not in changed:
        # Which games it deals, in which order: the rotation the table already had.
        told.append(setting_text("dealers_choice_games", table.dealers_choice_games))
    if told:
        notices.add(locked, "settings", user.get_username(), f"{notices.who(locked, user)} "
                    f"changed the table from the next hand: {'; '.join(told)}.")
    locked.tell(previous_host, *(r["user_id"] for r in waiting))
    said = ", ".join(f"{name} {value}" for name, value in changed.items())
    record(user, table, f"Changed the settings: {said}.")
    return table


def bomb_pot_next(table_id: int, user: User) -> None:
    """The host's button: the next hand is a bomb pot (everyone antes the table's bomb pot
    antes, the hand starts on the flop); the table's log says so."""
    with table_change(table_id) as locked:
        _bomb_pot_next(locked, user)


def _bomb_pot_next(locked: Locked, user: User) -> None:
    require_host(locked, user)
    refuse_at_tournament(locked, "a bomb pot")
    table = locked.table
    if table.status == Table.Status.CLOSED:
        raise ServiceError("This table is closed.")
    if table.bomb_pot_next:
        raise ServiceError("The next hand is already a bomb pot.")
    table.bomb_pot_next = True
    notices.add(locked, "bomb_pot", user.get_username(),
                f"{notices.who(locked, user)} made the next hand a bomb pot: everyone antes "
                f"{table.bomb_pot_big_blinds} big blinds and the hand starts on the flop"
                + (" with two boards." if table.bomb_pot_boards == 2 else "."))
    record(user, table, "Made the next hand a bomb pot.")


# ---------------------------------------------------------------- players


def remove_player(table_id: int, user: User, seat_number: int, reason: str = "") -> None:
    """The player is cashed out: now between hands, else when the hand ends. ``reason``,
    if given, is told to the table (and so to the player)."""
    with table_change(table_id) as locked:
        require_host(locked, user)
        _remove(locked, user, seat_at(locked, seat_number), reason.strip())


def _remove(locked: Locked, user: User, seat: Seat, reason: str = "") -> None:
    refuse_at_tournament(locked, "removing a player (their chips stay in the tournament)")
    name = seat.user.get_username()
    if seat.leave_after_hand:
        raise ServiceError(f"{name} already leaves when this hand ends.")
    later = " when this hand ends" if in_live_hand(locked, seat) else ""
    if later and locked.state is not None and not locked.state.player(seat.number).folded:
        later += " (their hand is folded at their turn)"  # the table folds for them
    why = f" ({reason})" if reason else ""
    notices.add(locked, "remove", name, f"{notices.who(locked, user)} removed {name} from "
                f"seat {seat.number}{later}{why}; their stack goes back to their bankroll.")
    if in_live_hand(locked, seat):
        seat.leave_after_hand = True
        seat.save(update_fields=["leave_after_hand"])
        message = f"Removed {name} from seat {seat.number} (after the current hand)."
        assert locked.state is not None  # the seat is in the live hand
        if locked.state.actor == seat.number:
            advance_hand(locked, timezone.now())  # folds for them at once
    else:
        free_seat(locked, seat)
        message = f"Removed {name} from seat {seat.number}."
        if locked.hand is None:
            schedule_next_hand(locked.table, timezone.now(), next_hand_delay())
    record(user, locked.table, message)


def adjust_stack(table_id: int, user: User, seat_number: int, amount: int, reason: str) -> Seat:
    """Move chips between a seated player's bankroll and their stack, with a reason for the
    ledger: up to the table's maximum buy-in, from the bankroll, or back to it. Not while
    they play a hand: their chips are in play until it ends."""
    # Why from the bankroll: a host who could add chips out of nothing could cash them out
    # (issue 21: +99,999,999,999, then close). Moving the player's own chips keeps every
    # bankroll + stack whole, needs no table-local account, and stays within a buy-in.
    with table_change(table_id) as locked:
        return _adjust_stack(locked, user, seat_number, amount, reason)


def _adjust_stack(locked: Locked, user: User, seat_number: int, amount: int, reason: str) -> Seat:
    require_host(locked, user)
    refuse_at_tournament(locked, "adjusting a stack")
    seat = seat_at(locked, seat_number)
    if in_live_hand(locked, seat):
        raise ServiceError(
            f"{seat.user.get_username()} is in the hand being played; adjust their stack "
            "when it ends."
        )
    try:
        chips.adjust_stack(seat, amount, reason=reason, by=user)
    except chips.ChipError as error:
        raise ServiceError(str(error)) from None
    seat.busted_at = timezone.now() if seat.stack == 0 else None
    seat.save(update_fields=["stack", "busted_at"])
    name = seat.user.get_username()
    notices.add(locked, "adjust", name, f"{notices.who(locked, user)} adjusted {name}'s stack "
                f"by {amount:+,} to {seat.stack:,}: {reason.strip()}")
    if locked.hand is None:
        schedule_next_hand(locked.table, timezone.now(), FIRST_DEAL_DELAY)
    record(
        user, locked.table,
        f"Adjusted {seat.user.get_username()}'s stack by {amount:+}: {reason.strip()}",
    )
    return seat


def hand_over(table_id: int, user: User, seat_number: int) -> None:
    """Make the player in ``seat_number`` the host."""
    with table_change(table_id) as locked:
        _hand_over(locked, user, seat_number)


def _hand_over(locked: Locked, user: User, seat_number: int) -> None:
    require_host(locked, user)
    refuse_at_tournament(locked, "handing over the host role (the tournament's host runs it)")
    seat = seat_at(locked, seat_number)
    if is_bot(seat):
        raise ServiceError("A bot cannot host a table.")
    if seat.user_id == locked.table.host_id:
        raise ServiceError(f"{seat.user.get_username()} is the host already.")
    previous = locked.table.host_id
    name = seat.user.get_username()
    notices.add(locked, "hand_over", name,
                f"{notices.who(locked, user)} handed the host role to {name}.")
    locked.table.host = seat.user
    locked.tell(previous)  # the host's controls leave their view
    record(user, locked.table, f"Handed the host role to {seat.user.get_username()}.")


# ---------------------------------------------------------------- approving new players


def _request_for(locked: Locked, seat_number: int) -> dict[str, Any]:
    request: dict[str, Any] | None = next(
        (r for r in locked.table.seat_requests if r["seat"] == seat_number), None
    )
    if request is None:
        raise ServiceError(f"Nobody is waiting for seat {seat_number}.")
    return request


def _moment(text: str | None) -> datetime | None:
    """A time kept in a seat request (ISO text), back as a datetime."""
    return datetime.fromisoformat(text) if text else None


def _approve(locked: Locked, request: dict[str, Any]) -> None:
    """Seat a waiting player with the buy-in they asked for (inside the caller's lock)."""
    table = locked.table
    table.seat_requests = [r for r in table.seat_requests if r is not request]
    joiner = get_user_model().objects.get(pk=request["user_id"])
    try:
        chips.buy_in(joiner, table, request["buy_in"])
    except chips.ChipError:
        raise ServiceError(
            f"{request['name']}'s bankroll no longer covers the buy-in of {request['buy_in']}: "
            "decline the request, and they can ask again with less."
        ) from None
    seat = Seat.objects.create(
        table=table, user=joiner, number=request["seat"], stack=request["buy_in"],
        entry=Seat.Entry.POST_BB if request["post_now"] else Seat.Entry.WAIT_FOR_BB,
        client_seed=request.get("client_seed", ""),
        client_seed_at=_moment(request.get("client_seed_at")),
    )
    locked.seats.append(seat)
    if locked.hand is None:
        schedule_next_hand(table, timezone.now(), FIRST_DEAL_DELAY)


def approve(table_id: int, user: User, seat_number: int) -> None:
    with table_change(table_id) as locked:
        require_host(locked, user)
        request = _request_for(locked, seat_number)
        _approve(locked, request)
        notices.add(locked, "approve", request["name"], f"{notices.who(locked, user)} let "
                    f"{request['name']} sit in seat {seat_number} with "
                    f"{request['buy_in']:,} chips.")
        record(user, locked.table, f"Let {request['name']} sit in seat {seat_number}.")


def decline(table_id: int, user: User, seat_number: int) -> None:
    with table_change(table_id) as locked:
        require_host(locked, user)
        request = _request_for(locked, seat_number)
        table = locked.table
        table.seat_requests = [r for r in table.seat_requests if r is not request]
        locked.tell(request["user_id"])
        record(user, table, f"Declined {request['name']}'s request for seat {seat_number}.")


# ---------------------------------------------------------------- staff only (the admin)


def remove_seat(seat_id: int, staff: User) -> None:
    with table_change(_table_of_seat(seat_id)) as locked:
        _remove(locked, staff, _seat_for_staff(locked, seat_id, staff))


def _table_of_seat(seat_id: int) -> int:
    """The admin names a seat by its id: the table to lock (the seat is found under it)."""
    found = Seat.objects.filter(pk=seat_id).values_list("table_id", flat=True).first()
    if found is None:
        raise ServiceError("That player has left the table already.")
    return found


def _seat_for_staff(locked: Locked, seat_id: int, staff: User) -> Seat:
    require_host(locked, staff)
    seat = next((s for s in locked.seats if s.pk == seat_id), None)
    if seat is None:
        raise ServiceError("That player has left the table already.")
    return seat


def sit_out_seat(seat_id: int, staff: User) -> None:
    with table_change(_table_of_seat(seat_id)) as locked:
        seat = _seat_for_staff(locked, seat_id, staff)
        if seat.sitting_out:
            raise ServiceError(f"{seat.user.get_username()} is sitting out already.")
        # From the next hand, as when a player sits out (the hand being played goes on).
        seat.sitting_out = True
        seat.save(update_fields=["sitting_out"])
        record(staff, locked.table, f"Sat out {seat.user.get_username()} in seat {seat.number}.")


def adjust_bankroll(user: User, amount: int, reason: str, staff: User) -> LedgerEntry:
    """A staff bankroll correction: the reason is required, stored and logged."""
    with transaction.atomic():
        entry = chips.adjust(user, amount, reason=reason, staff=staff)
        record(staff, user.player, f"Adjusted bankroll by {amount:+}: {reason.strip()}")
    return entry


"""The single writer: every change at a table goes through one function here.

Each function runs in one transaction that locks the table row (``select_for_update``), so
two sockets or two server processes can never change a table at once; players quote the
version they saw when they act, so a stale click is refused instead of applied twice. The
engine state is saved before anything is broadcast: the broadcast runs on commit.
"""

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import IntegrityError, transaction
from django.utils import timezone

from games import chips
from games.engine import (
    Action,
    ActionKind,
    Entry,
    HandState,
    IllegalAction,
    SeatInput,
    TableConfig,
    plan_hand,
    start_hand,
)
from games.engine.cards import shuffled_deck
from games.hand_records import finish_hand, record_events, record_new_hand
from games.models import Hand, Seat, Table
from games.protocol import Act, Command, Sit, SitBack, SitOut, Stand

# Pause between the end of a hand and the next deal, so people can see the result.
NEXT_HAND_DELAY = timedelta(seconds=4)
# After this many timeouts in a row a player is sat out.
TIMEOUTS_BEFORE_SITTING_OUT = 2


class ServiceError(Exception):
    """A refused request; ``str()`` is a sentence for the player. Nothing was changed."""


@dataclass(frozen=True)
class Locked:
    table: Table
    hand: Hand | None
    state: HandState | None


def table_config(table: Table) -> TableConfig:
    return TableConfig(
        small_blind=table.small_blind,
        big_blind=table.big_blind,
        ante=table.ante,
        max_seats=table.max_seats,
        min_buy_in=table.min_buy_in,
        max_buy_in=table.max_buy_in,
    )


def lock_table(table_id: int) -> Locked:
    """Lock the table row for this transaction and load its live hand, if any."""
    try:
        table = Table.objects.select_for_update().get(pk=table_id)
    except Table.DoesNotExist:
        raise ServiceError("That table does not exist.") from None
    hand = table.hands.filter(status=Hand.Status.IN_PROGRESS).first()
    state = HandState.from_dict(hand.state) if hand else None
    return Locked(table, hand, state)


def publish_change(table: Table) -> None:
    """Bump the version and tell every socket of the table once the change is committed."""
    table.version += 1
    table.save()
    table_id, version = table.id, table.version
    transaction.on_commit(lambda: broadcast(table_id, version))


def broadcast(table_id: int, version: int) -> None:
    """Tell the table's sockets there is a new version; each builds its own view."""
    layer = get_channel_layer()
    async_to_sync(layer.group_send)(
        f"table_{table_id}", {"type": "table.changed", "version": version}
    )


def _seat_of(table: Table, user) -> Seat:
    seat = table.seats.filter(user=user).first()
    if seat is None:
        raise ServiceError("You are not seated at this table.")
    return seat


def schedule_next_hand(table: Table, now: datetime, delay: timedelta) -> None:
    ready = table.seats.filter(sitting_out=False, stack__gt=0).count() >= 2
    table.next_hand_at = now + delay if ready and table.status == Table.Status.OPEN else None


# ---------------------------------------------------------------- player commands


def perform(table_id: int, user, command: Command) -> None:
    """Apply one parsed client command for ``user`` (see games/protocol.py)."""
    if isinstance(command, Sit):
        sit(table_id, user, command.seat, command.buy_in, post_now=command.post_now)
    elif isinstance(command, Stand):
        stand(table_id, user)
    elif isinstance(command, SitOut):
        set_sitting_out(table_id, user, True)
    elif isinstance(command, SitBack):
        set_sitting_out(table_id, user, False)
    elif isinstance(command, Act):
        act(table_id, user, command.kind, command.amount, command.version)
    else:  # pragma: no cover - parse_command returns only the types above
        raise ServiceError("Unsupported command.")


@transaction.atomic
def sit(table_id: int, user, seat_number: int, buy_in: int, *, post_now: bool = False) -> Seat:
    locked = lock_table(table_id)
    table = locked.table
    if table.status == Table.Status.CLOSED:
        raise ServiceError("This table is closed.")
    if not 1 <= seat_number <= table.max_seats:
        raise ServiceError(f"Seat {seat_number} does not exist; seats are 1 to {table.max_seats}.")
    if table.seats.filter(user=user).exists():
        raise ServiceError("You already have a seat at this table.")
    if table.seats.filter(number=seat_number).exists():
        raise ServiceError(f"Seat {seat_number} is taken.")
    try:
        table_config(table).check_buy_in(buy_in)
        chips.top_up_if_broke(user)
        chips.buy_in(user, table, buy_in)
    except (ValueError, chips.ChipError) as error:
        raise ServiceError(str(error)) from None
    try:
        with transaction.atomic():
            seat = Seat.objects.create(
                table=table,
                user=user,
                number=seat_number,
                stack=buy_in,
                entry=Seat.Entry.POST_BB if post_now else Seat.Entry.WAIT_FOR_BB,
            )
    except IntegrityError:
        raise ServiceError(f"Seat {seat_number} was just taken.") from None
    if locked.hand is None:
        schedule_next_hand(table, timezone.now(), timedelta(seconds=1))
    publish_change(table)
    return seat


@transaction.atomic
def stand(table_id: int, user) -> None:
    """Leave the table: now if not in the live hand, else when it ends (folding on your turn)."""
    locked = lock_table(table_id)
    seat = _seat_of(locked.table, user)
    in_live_hand = locked.state is not None and seat.number in locked.state.seats
    if in_live_hand:
        seat.leave_after_hand = True
        seat.save(update_fields=["leave_after_hand"])
        if locked.state.actor == seat.number:
            _after_action(locked, timezone.now())  # folds (or checks) for them at once
            return
    else:
        chips.cash_out(user, locked.table, seat.stack)
        seat.delete()
        if locked.hand is None:
            schedule_next_hand(locked.table, timezone.now(), NEXT_HAND_DELAY)
    publish_change(locked.table)


@transaction.atomic
def set_sitting_out(table_id: int, user, sitting_out: bool) -> None:
    locked = lock_table(table_id)
    seat = _seat_of(locked.table, user)
    if seat.sitting_out == sitting_out:
        raise ServiceError(
            "You are already sitting out." if sitting_out else "You are already playing."
        )
    seat.sitting_out = sitting_out
    seat.consecutive_timeouts = 0
    seat.save(update_fields=["sitting_out", "consecutive_timeouts"])
    if locked.hand is None and not sitting_out:
        schedule_next_hand(locked.table, timezone.now(), timedelta(seconds=1))
    publish_change(locked.table)


@transaction.atomic
def act(table_id: int, user, kind: str, amount: int | None, version: int) -> None:
    locked = lock_table(table_id)
    table, state = locked.table, locked.state
    seat = _seat_of(table, user)
    if state is None:
        raise ServiceError("There is no hand in progress.")
    if not locked.hand.turn_version <= version <= table.version:
        raise ServiceError(
            "The table has moved on since you acted (you saw version "
            f"{version}, it is now {table.version}); check the table and act again."
        )
    if seat.number not in state.seats:
        raise ServiceError("You are not in this hand.")
    if state.actor != seat.number:
        actor = table.seats.filter(number=state.actor).select_related("user").first()
        name = actor.user.get_username() if actor else f"seat {state.actor}"
        raise ServiceError(f"It is not your turn: {name} is to act.")
    try:
        events = state.apply(Action(seat.number, ActionKind(kind), amount))
    except IllegalAction as error:
        raise ServiceError(str(error)) from None
    record_events(locked.hand, events)
    if seat.consecutive_timeouts:
        seat.consecutive_timeouts = 0
        seat.save(update_fields=["consecutive_timeouts"])
    _after_action(locked, timezone.now())


# ---------------------------------------------------------------- the clock


def _after_action(locked: Locked, now: datetime) -> None:
    """Save the hand after engine actions: next deadline, or finish it; then broadcast."""
    hand, state, table = locked.hand, locked.state, locked.table
    _play_for_departed(locked)
    hand.state = state.to_dict()
    hand.board = "".join(state.board)
    hand.turn_version = table.version + 1  # the version publish_change() will publish
    if state.is_complete:
        finish_hand(table, hand, state, now)
        schedule_next_hand(table, now, NEXT_HAND_DELAY)
    else:
        hand.action_deadline = now + timedelta(seconds=table.action_seconds)
        hand.save(update_fields=["state", "board", "action_deadline", "turn_version"])
    publish_change(table)


def _play_for_departed(locked: Locked) -> None:
    """A player who left mid-hand checks when free, else folds, without waiting for a clock."""
    state = locked.state
    if state is None:
        return
    leaving = set(locked.table.seats.filter(leave_after_hand=True).values_list("number", flat=True))
    while state.actor is not None and state.actor in leaving:
        record_events(locked.hand, state.apply(state.timeout_action()))


@transaction.atomic
def timeout(table_id: int, now: datetime | None = None) -> bool:
    """If the actor's deadline has passed, check for them when free, else fold."""
    now = now or timezone.now()
    locked = lock_table(table_id)
    hand, state = locked.hand, locked.state
    if hand is None or hand.action_deadline is None or hand.action_deadline > now:
        return False
    seat = locked.table.seats.get(number=state.actor)
    record_events(hand, state.apply(state.timeout_action()), timed_out=True)
    seat.consecutive_timeouts += 1
    if seat.consecutive_timeouts >= TIMEOUTS_BEFORE_SITTING_OUT:
        seat.sitting_out = True
    seat.save(update_fields=["consecutive_timeouts", "sitting_out"])
    _after_action(locked, now)
    return True


@transaction.atomic
def start_next_hand(table_id: int, deck: list[str] | None = None, now: datetime | None = None):
    """Deal the next hand if the table is open, idle and has two players ready.

    ``deck`` is for tests and replays; live play shuffles with the OS's CSPRNG.
    """
    now = now or timezone.now()
    locked = lock_table(table_id)
    table = locked.table
    if locked.hand is not None or table.status != Table.Status.OPEN:
        return None
    seats = list(table.seats.filter(sitting_out=False, stack__gt=0))
    lineup = plan_hand(
        [SeatInput(s.number, s.user_id, s.stack, Entry(s.entry)) for s in seats], table.button
    )
    table.next_hand_at = None
    if lineup is None:
        table.save(update_fields=["next_hand_at"])
        return None
    deck = deck or shuffled_deck(secrets.SystemRandom())
    state = start_hand(table_config(table), lineup.seats, deck, lineup.button)
    dealt = {s.seat for s in lineup.seats}
    Seat.objects.filter(table=table, number__in=dealt).update(entry=Seat.Entry.PLAYING)
    table.button = lineup.button
    table.hands_played += 1
    hand = record_new_hand(table, state, {s.number: s for s in seats if s.number in dealt})
    _after_action(Locked(table, hand, state), now)
    return hand


def run_due_work(now: datetime | None = None) -> None:
    """One clock tick: fire passed deadlines and deal hands that are due."""
    now = now or timezone.now()
    due_hands = Hand.objects.filter(
        status=Hand.Status.IN_PROGRESS, action_deadline__lte=now
    ).values_list("table_id", flat=True)
    for table_id in list(due_hands):
        timeout(table_id, now)
    due_tables = Table.objects.filter(
        status=Table.Status.OPEN, next_hand_at__lte=now
    ).values_list("id", flat=True)
    for table_id in list(due_tables):
        start_next_hand(table_id, now=now)

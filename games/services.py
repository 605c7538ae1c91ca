"""The single writer: every change at a table goes through one function here.

Each function runs in one transaction that locks the table row (``select_for_update``), so
two sockets or two server processes can never change a table at once; players quote the
version they saw when they act, so a stale click is refused instead of applied twice. The
engine state is saved before anything is broadcast: the broadcast runs on commit.
"""

import random
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from games import broadcast, chips, snapshots
from games.bots import driver as bot_turns
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
from games.models import CommandReceipt, Hand, Seat, Table
from games.protocol import Act, Command, Sit, SitBack, SitOut, Stand
from games.runout import runout_pause

# The first deal after someone sits down or comes back: soon, but not in the same breath.
FIRST_DEAL_DELAY = timedelta(seconds=1)
# After this many timeouts in a row a player is sat out.
TIMEOUTS_BEFORE_SITTING_OUT = 2


def bot_think_time() -> timedelta:
    """A bot's human-like pause before it acts: BOT_THINK_SECONDS, give or take half."""
    return timedelta(seconds=settings.BOT_THINK_SECONDS * random.uniform(0.5, 1.5))


def next_hand_delay() -> timedelta:
    """Pause between the end of a hand and the next deal (NEXT_HAND_DELAY_SECONDS)."""
    return timedelta(seconds=settings.NEXT_HAND_DELAY_SECONDS)


class ServiceError(Exception):
    """A refused request; ``str()`` is a sentence for the player. Nothing was changed."""


@dataclass
class Locked:
    """A table locked for this transaction, with what the writer needs of it.

    ``seats`` are as they were when the lock was taken (with their users); ``hand`` and
    ``state`` are the live hand, if any; ``last_hand`` is the table's latest hand, live or
    finished, whose result stays on show between hands.
    """

    table: Table
    seats: list[Seat]
    hand: Hand | None
    state: HandState | None
    last_hand: Hand | None

    def seat_of(self, user) -> Seat:
        seat = next((s for s in self.seats if s.user_id == user.id), None)
        if seat is None:
            raise ServiceError("You are not seated at this table.")
        return seat


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
    """Lock the table row for this transaction; load its seats and latest hand."""
    try:
        table = Table.objects.select_for_update().get(pk=table_id)
    except Table.DoesNotExist:
        raise ServiceError("That table does not exist.") from None
    seats = list(Seat.objects.filter(table=table).select_related("user", "user__player"))
    latest = table.hands.order_by("-number").first()
    live = latest if latest is not None and latest.status == Hand.Status.IN_PROGRESS else None
    state = HandState.from_dict(live.state) if live else None
    return Locked(table, seats, live, state, latest)


def publish_change(locked: Locked) -> None:
    """Bump the version and, once the change is committed, send every socket its view.

    The snapshot is taken here, inside the transaction, so the version names exactly the
    state this transaction saved; the frames are built and sent after the commit.
    """
    table = locked.table
    table.version += 1
    table.save()
    if locked.hand is not None:
        hand, state = locked.hand, locked.state
    elif locked.last_hand is not None and locked.last_hand.status != Hand.Status.VOIDED:
        hand, state = locked.last_hand, HandState.from_dict(locked.last_hand.state)
    else:
        hand, state = None, None
    snapshot = snapshots.capture(table, hand, state, people={s.user_id for s in locked.seats})
    # robust: the change is saved whatever happens to the channel layer; a socket that
    # misses a version catches up with the next one (or asks for a snapshot).
    transaction.on_commit(lambda: broadcast.publish(snapshot), robust=True)


def schedule_next_hand(table: Table, now: datetime, delay: timedelta) -> None:
    """Deal again after ``delay`` when two players are ready and a person is still seated
    (bots play on with nobody connected, but not at a table no person sits at)."""
    ready = table.seats.filter(sitting_out=False, stack__gt=0).count() >= 2
    person = table.seats.filter(user__player__bot_style="").exists()
    open_ = table.status == Table.Status.OPEN
    table.next_hand_at = now + delay if ready and person and open_ else None


def is_bot(seat: Seat) -> bool:
    player = getattr(seat.user, "player", None)
    return player is not None and player.is_bot


# ---------------------------------------------------------------- player commands


def perform(table_id: int, user, command: Command) -> None:
    """Apply one parsed client command for ``user`` (see games/protocol.py).

    ``act`` quotes the version it was decided on; the other commands carry a request id,
    recorded with the change they make, so that a repeated copy is refused.
    """
    if isinstance(command, Act):
        act(table_id, user, command.kind, command.amount, command.version)
        return
    with transaction.atomic():
        _record_receipt(user, command.request_id)
        if isinstance(command, Sit):
            sit(table_id, user, command.seat, command.buy_in, post_now=command.post_now)
        elif isinstance(command, Stand):
            stand(table_id, user)
        elif isinstance(command, SitOut):
            set_sitting_out(table_id, user, True)
        elif isinstance(command, SitBack):
            set_sitting_out(table_id, user, False)
        else:  # pragma: no cover - parse_command returns only the types above
            raise ServiceError("Unsupported command.")


def _record_receipt(user, request_id: str) -> None:
    try:
        with transaction.atomic():
            CommandReceipt.objects.create(user=user, request_id=request_id)
    except IntegrityError:
        raise ServiceError(
            "That request was already carried out (this is a repeated copy of it), "
            "so nothing more was done."
        ) from None


@transaction.atomic
def sit(table_id: int, user, seat_number: int, buy_in: int, *, post_now: bool = False) -> Seat:
    locked = lock_table(table_id)
    table = locked.table
    if table.status == Table.Status.CLOSED:
        raise ServiceError("This table is closed.")
    if not 1 <= seat_number <= table.max_seats:
        raise ServiceError(f"Seat {seat_number} does not exist; seats are 1 to {table.max_seats}.")
    if any(s.user_id == user.id for s in locked.seats):
        raise ServiceError("You already have a seat at this table.")
    if any(s.number == seat_number for s in locked.seats):
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
        schedule_next_hand(table, timezone.now(), FIRST_DEAL_DELAY)
    publish_change(locked)
    return seat


@transaction.atomic
def stand(table_id: int, user) -> None:
    """Leave the table: now if not in the live hand, else when it ends (folding on your turn)."""
    locked = lock_table(table_id)
    seat = locked.seat_of(user)
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
            schedule_next_hand(locked.table, timezone.now(), next_hand_delay())
    publish_change(locked)


@transaction.atomic
def set_sitting_out(table_id: int, user, sitting_out: bool) -> None:
    """Sit out from the next hand (on your turn in this one: checked or folded at once)."""
    locked = lock_table(table_id)
    seat = locked.seat_of(user)
    if seat.sitting_out == sitting_out:
        raise ServiceError(
            "You are already sitting out." if sitting_out else "You are already playing."
        )
    seat.sitting_out = sitting_out
    seat.consecutive_timeouts = 0
    seat.save(update_fields=["sitting_out", "consecutive_timeouts"])
    if sitting_out and locked.state is not None and locked.state.actor == seat.number:
        _after_action(locked, timezone.now())  # acts for them, then publishes
        return
    if locked.hand is None and not sitting_out:
        schedule_next_hand(locked.table, timezone.now(), FIRST_DEAL_DELAY)
    publish_change(locked)


@transaction.atomic
def act(table_id: int, user, kind: str, amount: int | None, version: int) -> None:
    locked = lock_table(table_id)
    table, state = locked.table, locked.state
    seat = locked.seat_of(user)
    if state is None:
        raise ServiceError("There is no hand in progress.")
    if version > table.version:
        raise ServiceError(
            f"Your action quotes version {version}, but the table is only at version "
            f"{table.version}; send the version of the table you are looking at."
        )
    if version < locked.hand.turn_version:
        raise ServiceError(
            "The table has moved on since you acted (you saw version "
            f"{version}, it is now {table.version}); check the table and act again."
        )
    if seat.number not in state.seats:
        raise ServiceError("You are not in this hand.")
    if state.actor != seat.number:
        actor = next((s for s in locked.seats if s.number == state.actor), None)
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
    _play_for_absent(locked)
    hand.state = state.to_dict()
    hand.board = "".join(state.board)
    hand.turn_version = table.version + 1  # the version publish_change() will publish
    hand.on_time_bank = False
    if state.is_complete:
        hand.bot_acts_at = None
        finish_hand(table, hand, state, locked.seats, now)
        # Pages reveal an all-in run-out street by street: the result is seen after it.
        schedule_next_hand(table, now, next_hand_delay() + runout_pause(state))
    else:
        hand.action_deadline = now + timedelta(seconds=table.action_seconds)
        actor = next((s for s in locked.seats if s.number == state.actor), None)
        hand.bot_acts_at = now + bot_think_time() if actor and is_bot(actor) else None
        hand.save(
            update_fields=[
                "state", "board", "action_deadline", "turn_version", "on_time_bank", "bot_acts_at"
            ]
        )
    publish_change(locked)


def _play_for_absent(locked: Locked) -> None:
    """Players who will not answer check when free, else fold, at once, without a clock:
    those leaving after the hand, and those sitting out (by choice, or sat out by the table
    after timeouts) while still in it."""
    state = locked.state
    if state is None:
        return
    absent = {seat.number for seat in locked.seats if seat.leave_after_hand or seat.sitting_out}
    while state.actor is not None and state.actor in absent:
        record_events(locked.hand, state.apply(state.timeout_action()))


def time_bank_seconds() -> int:
    """Extra seconds a player gets once per hand when their clock runs out (TIME_BANK_SECONDS)."""
    return max(0, int(settings.TIME_BANK_SECONDS))


@transaction.atomic
def timeout(table_id: int, now: datetime | None = None) -> bool:
    """If the actor's deadline has passed: start their time bank if they have not used it in
    this hand, else check for them when free, or fold."""
    now = now or timezone.now()
    locked = lock_table(table_id)
    hand, state = locked.hand, locked.state
    if hand is None or hand.action_deadline is None or hand.action_deadline > now:
        return False
    seat = next(s for s in locked.seats if s.number == state.actor)
    if time_bank_seconds() and seat.time_bank_used_in_hand != hand.number:
        # Their clock ran out: the time bank (once a hand) before the table acts for them.
        seat.time_bank_used_in_hand = hand.number
        seat.save(update_fields=["time_bank_used_in_hand"])
        hand.action_deadline = now + timedelta(seconds=time_bank_seconds())
        hand.on_time_bank = True
        hand.save(update_fields=["action_deadline", "on_time_bank"])
        publish_change(locked)
        return True
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
    seats = [s for s in locked.seats if not s.sitting_out and s.stack > 0]
    if all(is_bot(s) for s in locked.seats):
        seats = []  # nobody but bots: stop dealing
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
    locked.hand, locked.state, locked.last_hand = hand, state, hand
    _after_action(locked, now)
    return hand


def run_due_work(now: datetime | None = None) -> None:
    """One clock tick: fire passed deadlines and deal hands that are due."""
    now = now or timezone.now()
    due_hands = Hand.objects.filter(
        status=Hand.Status.IN_PROGRESS, action_deadline__lte=now
    ).values_list("table_id", flat=True)
    for table_id in list(due_hands):
        timeout(table_id, now)
    bot_turns.play_due_bots(now)
    due_tables = Table.objects.filter(
        status=Table.Status.OPEN, next_hand_at__lte=now
    ).values_list("id", flat=True)
    for table_id in list(due_tables):
        start_next_hand(table_id, now=now)
    forget_old_receipts(now)


# A repeated copy of a command arrives within seconds; a day of receipts is plenty.
RECEIPTS_KEPT = timedelta(days=1)
_receipts_purged_at: datetime | None = None


def forget_old_receipts(now: datetime) -> None:
    """Every ten minutes or so (per process), delete receipts older than RECEIPTS_KEPT."""
    global _receipts_purged_at
    if _receipts_purged_at is not None and now - _receipts_purged_at < timedelta(minutes=10):
        return
    _receipts_purged_at = now
    CommandReceipt.objects.filter(created_at__lt=now - RECEIPTS_KEPT).delete()

"""The heart of the single writer: lock a table, change it, publish the new version.

Every change at a table runs in one transaction that locks the table row
(``select_for_update``), so two sockets or two server processes can never change a table at
once. The state is saved before anything is broadcast: the broadcast runs on commit.
Services never pair ``lock_table`` and ``publish_change`` themselves: the one shape of a
change, ``games/services/change.py``'s ``table_change``, calls them; the rest of this module
is the rules the changes share.
"""

import copy
import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import JSONField

from games import chips, lobby, plain_sql, snapshots
from games.access import manages_club
from games.engine import HandState, TableConfig
from games.engine.lineup import enough_to_deal
from games.lobby import LobbyRow
from games.models import Hand, Seat, Table
from games.outbound import broadcast, lobby_feed, presence
from games.projection import Since, TableSnapshot
from games.services import table_memory

# The first deal after someone sits down or comes back: soon, but not in the same breath.
FIRST_DEAL_DELAY = timedelta(seconds=1)


def next_hand_delay() -> timedelta:
    """Pause between the end of a hand and the next deal (NEXT_HAND_DELAY_SECONDS)."""
    return timedelta(seconds=settings.NEXT_HAND_DELAY_SECONDS)


class ServiceError(Exception):
    """A refused request; ``str()`` is a sentence for the player. Nothing was changed."""


class StaleVersion(ServiceError):
    """Refused because the table changed since the version the request quotes (a bot or a
    player acted on a view that is no longer the table's): look again, then act."""


@dataclass
class Locked:
    """A table locked for this transaction, with what the writer needs of it.

    ``seats`` are those taken when the lock was (with their users), plus any taken in this
    transaction; a seat freed here stays in the list, so that its player still gets a
    personal part of the change. ``hand`` and ``state`` are the live hand, if any;
    ``last_hand`` is the table's latest hand, live or finished, whose result stays on show
    between hands.
    """

    table: Table
    seats: list[Seat]
    hand: Hand | None
    state: HandState | None
    last_hand: Hand | None
    # The table's lobby row when the lock was taken (None: not in the lobby), kept to tell
    # whether the change is news to the lobby (games/lobby.py).
    lobby_row: LobbyRow | None = None
    # The table row's values when the lock was taken: publish_change saves only the columns
    # a service changed (an UPDATE of every column is a good part of a change's CPU).
    table_values: dict[str, Any] = field(default_factory=dict)
    # The seats' ids when the lock was taken: a change that seats or frees a player leaves
    # nothing in the table memory (games/services/table_memory.py).
    seat_ids: frozenset[int] = frozenset()
    keep_registered: bool = False
    # What the body of a change asked of its end (games/services/change.py): users to give
    # a personal part beyond those seated and the host, nothing to publish, or the table to
    # go for good.
    also: set[int] = field(default_factory=set)
    unchanged: bool = False
    deleting: bool = False
    # What the table's sockets had been sent when the lock was taken (its last version):
    # this change's update carries only what comes after (games/projection.py).
    since: Since | None = None

    def tell(self, *user_ids: int | None) -> None:
        """Give these users (None: nobody) their personal part of this change: someone who
        was the host, or whose request to sit was just answered."""
        self.also.update(user_id for user_id in user_ids if user_id is not None)

    def leave_unchanged(self) -> None:
        """This change found nothing to do: it publishes nothing (and must change nothing)."""
        self.unchanged = True

    def delete_table(self) -> None:
        """The change ends the table: its sockets see it closed, then its row is deleted."""
        self.deleting = True

    def seat_of(self, user: User) -> Seat:
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


# The first statement of every change (games/plain_sql.py says why it is compiled once).
_LOCK_TABLE = plain_sql.CompiledQuery(
    lambda pk: Table.objects.select_for_update().filter(pk=pk).order_by(), 0
)


# What a change reads when this process does not hold the table in memory (another process,
# or the clock process, changed it last): compiled once too.
_SEATS_WITH_PLAYERS = plain_sql.CompiledQuery(
    lambda table_id: Seat.objects.filter(table_id=table_id).select_related("user", "user__player"),
    0,
)
_LATEST_HAND = plain_sql.CompiledQuery(
    lambda table_id: Hand.objects.filter(table_id=table_id).order_by("-number")[:1], 0
)


def lock_table(table_id: int) -> Locked:
    """Lock the table row for this transaction; its seats and latest hand come from this
    process's memory when no one changed the table since (games/services/table_memory.py),
    else from the database."""
    found = _LOCK_TABLE.instances(Table, table_id)
    if not found:
        raise ServiceError("That table does not exist.")
    table = found[0]
    kept = table_memory.take(table.id, table.version)
    if kept is None or settings.TABLE_MEMORY_CHECK:
        seats, live, state, latest = _read_seats_and_hands(table)
        if kept is not None:
            _check_kept(table, kept, seats, live, latest)
    if kept is not None:
        seats, live, state, latest = kept.seats, kept.hand, kept.state, kept.last_hand
    locked = Locked(
        table, seats, live, state, latest, lobby.row_of(table, seats), table_values(table),
        frozenset(seat.pk for seat in seats),
    )
    locked.since = sent_so_far(locked)
    return locked


def sent_so_far(locked: Locked) -> Since:
    """What the sockets of the locked table have of it now: the hand on show (the live one,
    else the last one finished unless voided, as ``snapshot_of`` shows) with its events, and
    the newest notice."""
    notices = locked.table.notices or []
    notice = notices[-1]["seq"] if notices else 0
    if locked.hand is not None and locked.state is not None:
        return Since(locked.hand.number, len(locked.state.events), notice)
    last = locked.last_hand
    if last is not None and last.status != Hand.Status.VOIDED:
        # A finished hand still takes an event: its winner showing by choice ("Show cards").
        return Since(last.number, len(last.state.get("events", ())), notice)
    return Since(None, None, notice)


def _read_seats_and_hands(
    table: Table,
) -> tuple[list[Seat], Hand | None, HandState | None, Hand | None]:
    seats = _SEATS_WITH_PLAYERS.instances(Seat, table.id)
    latest = next(iter(_LATEST_HAND.instances(Hand, table.id)), None)
    if latest is not None:
        latest.table = table  # as ``table.hands`` would have it: the locked row itself
    live = latest if latest is not None and latest.status == Hand.Status.IN_PROGRESS else None
    state = HandState.from_dict(live.state) if live else None
    return seats, live, state, latest


def _check_kept(
    table: Table, kept: table_memory.Kept, seats: list[Seat], live: Hand | None,
    latest: Hand | None,
) -> None:
    found = table_memory.differences(kept, seats, live, latest)
    if found:
        raise RuntimeError(
            f"Table {table.id} at version {table.version}: this process's memory differs "
            f"from the database ({'; '.join(found)}): something changed the table without "
            "the writer."
        )


def keep_on_commit(locked: Locked) -> None:
    """Once the change commits, remember the table as it then stands (the seats and hands
    the database holds), unless a player sat down or left during it. Also after a change
    that found nothing to do: ``lock_table`` took the table out of the memory."""
    transaction.on_commit(table_memory.KeepOnCommit(functools.partial(_kept_after, locked)))


def _kept_after(locked: Locked) -> tuple[int, table_memory.Kept] | None:
    seats = [seat for seat in locked.seats if seat.pk is not None]  # freed ones: pk None
    if frozenset(seat.pk for seat in seats) != locked.seat_ids:
        return None
    live = locked.hand
    if live is not None and live.status != Hand.Status.IN_PROGRESS:
        live = None  # ended in this change: what lock_table would read is no live hand
    state = locked.state if live is not None else None
    table = locked.table
    return table.id, table_memory.Kept(table.version, seats, live, state, locked.last_hand)


def table_values(table: Table) -> dict[str, Any]:
    """The values of the table's columns but its id (JSON ones copied: a service may change
    a list in place, e.g. ``seat_requests``; the others hold immutable values)."""
    return {
        f.attname: copy.deepcopy(value) if isinstance(f, JSONField) else value
        for f in Table._meta.concrete_fields
        if not f.primary_key
        for value in (getattr(table, f.attname),)
    }


def changed_columns(locked: Locked) -> list[str]:
    """The columns of the locked table that differ from when the lock was taken."""
    table = locked.table
    return [name for name, was in locked.table_values.items() if getattr(table, name) != was]


def publish_change(locked: Locked, also: Iterable[int] = ()) -> None:
    """Bump the version and, once the change is committed, send every socket its view.

    Called by the end of ``table_change`` (games/services/change.py), and nowhere else.
    The snapshot is taken here, inside the transaction, so the version names exactly the
    state this transaction saved; the frames are built and sent after the commit. Personal
    parts go to everyone seated when the change began, the host, and the users in ``also``
    (e.g. a host who just handed the role over).
    """
    table = locked.table
    table.version += 1
    plain_sql.update(table, changed_columns(locked))
    locked.table_values = table_values(table)  # saved: a second change starts from here
    snapshot = snapshot_of(locked, also)
    locked.since = sent_so_far(locked)
    # robust: the change is saved whatever happens to the channel layer; a socket that
    # misses a version catches up with the next one (or asks for a snapshot).
    transaction.on_commit(lambda: broadcast.publish(snapshot), robust=True)
    lobby_feed.publish_change(locked.lobby_row, snapshot, table)
    if not locked.keep_registered:
        locked.keep_registered = True
        keep_on_commit(locked)


def snapshot_of(locked: Locked, also: Iterable[int] = ()) -> TableSnapshot:
    """The locked table as this transaction holds it, with the hand on show: the live one,
    else the last one finished (a voided one shows nothing)."""
    table = locked.table
    if locked.hand is not None:
        hand, state = locked.hand, locked.state
    elif locked.last_hand is not None and locked.last_hand.status != Hand.Status.VOIDED:
        hand, state = locked.last_hand, HandState.from_dict(locked.last_hand.state)
    else:
        hand, state = None, None
    people = {s.user_id for s in locked.seats} | set(also)
    if table.host_id is not None:
        people.add(table.host_id)
    return snapshots.capture(table, hand, state, people=people, since=locked.since)


def schedule_next_hand(
    table: Table, now: datetime, delay: timedelta, arriving: int | None = None
) -> None:
    """Deal again after ``delay`` when two players are ready and a person is still seated
    (bots play on with nobody connected, but not at a table no person sits at).

    A deal already planned is never brought forward: someone sitting down between hands
    must not cut short the pause after a hand (its result, an all-in run-out on show)."""
    if table.is_tournament:
        # A tournament plays on to its end: away players are blinded out, bots left alone
        # still finish it (the prizes are due).
        ready = enough_to_deal(table.seats.filter(stack__gt=0).count())
        person = True
    else:
        ready = enough_to_deal(table.seats.filter(sitting_out=False, stack__gt=0).count())
        person = table.seats.filter(user__player__bot_style="").exists()
        person = person and (not table.is_practice or practice_person_here(table, arriving))
    open_ = table.status == Table.Status.OPEN
    if not (ready and person and open_):
        table.next_hand_at = None
        return
    planned = table.next_hand_at
    table.next_hand_at = now + delay if planned is None else max(planned, now + delay)


def practice_person_here(table: Table, arriving: int | None = None) -> bool:
    """Whether a practice table's person has it open (or is opening it: ``arriving``) and
    plays (not sitting out): it deals only then (games/services/practice.py says why)."""
    here = presence.users_with_table_open(table.id) | ({arriving} if arriving else set())
    return bool(here) and table.seats.filter(
        user_id__in=here, sitting_out=False, user__player__bot_style=""
    ).exists()


def is_bot(seat: Seat) -> bool:
    player = getattr(seat.user, "player", None)
    return player is not None and player.is_bot


def free_seat(locked: Locked, seat: Seat) -> None:
    """The player leaves: their stack goes back to their bankroll and the chair is free.

    At a tournament table the stack is tournament chips, never cashed out: a seat there is
    freed only when it has none left (busted), or when the tournament is over and its
    prizes are paid (games/services/tournament_table.py)."""
    if locked.table.is_tournament:
        if seat.stack and locked.table.status != Table.Status.CLOSED:
            raise ServiceError(
                "Tournament chips cannot leave the table: a player stays in the tournament "
                "until they bust or it ends (sit out to be blinded out)."
            )
    else:
        chips.cash_out(seat.user, locked.table, seat.stack)
    # The seat stays in ``locked.seats``: its player gets a personal frame of this change.
    seat.delete()


def in_live_hand(locked: Locked, seat: Seat) -> bool:
    return locked.state is not None and seat.number in locked.state.seats


def may_host(table: Table, user: User) -> bool:
    """The table's host runs it from the felt; staff may do the same at any table, and a
    club's owner and managers at every table of the club."""
    return user.is_staff or (table.host_id is not None and table.host_id == user.id) or (
        manages_club(table.club_id, user)
    )


def refuse_at_tournament(locked: Locked, what: str) -> None:
    """A tournament table runs by its schedule to its end: ``what`` (a host's or staff's
    control that would move chips, seats or the clock) is refused there."""
    if locked.table.is_tournament:
        raise ServiceError(f"This is a tournament table: {what} is not possible here.")


def require_host(locked: Locked, user: User) -> None:
    if not may_host(locked.table, user):
        raise ServiceError("Only the host of this table can do that.")


def seat_at(locked: Locked, number: int) -> Seat:
    seat = next((s for s in locked.seats if s.number == number), None)
    if seat is None:
        raise ServiceError(f"Nobody sits in seat {number}.")
    return seat


def after_commit(callback: Callable[[], None]) -> None:
    """Run ``callback`` once the transaction commits (a frame that must not leave before)."""
    # robust: the change is saved whatever happens to the channel layer.
    transaction.on_commit(callback, robust=True)

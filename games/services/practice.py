"""Practice tables: a person and bots, dealt at once; and bots taking seats at any table.

``start_practice`` makes the table and seats its person and the bots in one change of it
(one version); ``seat_picked`` seats bots at a table (the host's, or a practice one), also in
one change. Each bot buys in like a person. Which bots, with what buy-in, is the bots'
business (games/bots/players.py): they hand in a ``Pick``, so that the services, which sit
below the bots, import nothing of them.

Practice tables end themselves (issue 21: bots dealt to each other for ever after their
person left, with the person's buy-in still on the table).

- A practice table deals only while its person has it open (games/outbound/presence.py) and is
  playing (not sitting out): ``writer.practice_person_here``, read by ``schedule_next_hand``
  and the deal.
- When they open it again, the dealing starts again (``stopped_for_its_person``, then
  ``deal_again``, called by the table socket).
- Once nobody has it open and it had no hand for ``PRACTICE_IDLE_SECONDS``, the clock closes
  it: every stack goes back to its bankroll.
"""

from collections.abc import Callable
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Exists, OuterRef, Q, Subquery
from django.utils import timezone

from games.models import Hand, Seat, Table
from games.outbound import presence
from games.services.change import table_change
from games.services.hosting import create_table
from games.services.seating import take_seat
from games.services.writer import (
    FIRST_DEAL_DELAY,
    Locked,
    free_seat,
    schedule_next_hand,
)

PRACTICE_BLINDS = (1, 2)
PRACTICE_BUY_IN = 200


def practice_idle_time() -> timedelta:
    """How long a practice table may sit without a hand before it closes."""
    return timedelta(seconds=settings.PRACTICE_IDLE_SECONDS)


def stopped_for_its_person(table_id: int, user_id: int) -> bool:
    """Whether ``user_id`` opening this table should start it dealing again: a practice
    table with no deal planned, which they sit at. (A read: most sockets get False.)"""
    return Table.objects.filter(
        pk=table_id, is_practice=True, next_hand_at=None, seats__user_id=user_id
    ).exists()


def deal_again(table_id: int, user_id: int) -> None:
    """Plan the next deal of a practice table whose person (``user_id``) is opening it (if
    it may deal)."""
    with table_change(table_id) as locked:
        table = locked.table
        if locked.hand is not None or table.next_hand_at is not None:
            locked.leave_unchanged()
            return
        schedule_next_hand(table, timezone.now(), FIRST_DEAL_DELAY, arriving=user_id)
        if table.next_hand_at is None:
            locked.leave_unchanged()  # it may not deal (its person sits out)


def idle_practice_tables(now: datetime) -> list[int]:
    """Practice tables, not closed, with no hand since the idle time began, that nobody has
    open now."""
    cutoff = now - practice_idle_time()
    live = Hand.objects.filter(table=OuterRef("pk"), status=Hand.Status.IN_PROGRESS)
    last_end = Hand.objects.filter(table=OuterRef("pk")).order_by("-number").values("ended_at")
    idle = (
        Table.objects.filter(is_practice=True)
        .exclude(status=Table.Status.CLOSED)
        .annotate(last_end=Subquery(last_end[:1]))
        .filter(Q(last_end__lte=cutoff) | Q(last_end=None, created_at__lte=cutoff))
        .exclude(Exists(live))
    )
    return [
        table_id
        for table_id in idle.values_list("id", flat=True)
        if not presence.users_with_table_open(table_id)
    ]


def close_idle_practice_tables(now: datetime) -> None:
    """The clock closes every idle practice table (``idle_practice_tables``)."""
    for table_id in idle_practice_tables(now):
        _close(table_id)


def _close(table_id: int) -> None:
    with table_change(table_id) as locked:
        table = locked.table
        if locked.hand is not None or table.status == Table.Status.CLOSED:
            locked.leave_unchanged()  # dealt again since it was found idle
            return
        table.status = Table.Status.CLOSED
        table.next_hand_at = None
        table.seat_requests = []
        for seat in list(locked.seats):
            free_seat(locked, seat)


Pick = Callable[[Table, list[Seat]], list[tuple[int, User, int]]]
"""Given the locked table and its seats, the bots to seat: (seat number, user, buy-in) each,
inside the table's change (games/bots/players.py ``bots_for``)."""


@transaction.atomic
def start_practice(user: User, bots: int, pick: Pick) -> Table:
    """A private practice table for ``user`` and ``bots`` bots (``pick`` chooses them), the
    person in seat 1, all seated in the table's first change."""
    small, big = PRACTICE_BLINDS
    table = create_table(
        user,
        name=f"Practice: {user.get_username()}"[:60],
        small_blind=small,
        big_blind=big,
        max_seats=bots + 1,
        min_buy_in=20 * big,
        max_buy_in=PRACTICE_BUY_IN,
        is_private=True,
        is_practice=True,
        coach_allowed=True,
    )
    with table_change(table.id) as locked:
        take_seat(locked, user, 1, PRACTICE_BUY_IN)
        _seat_picked(locked, pick)
        return locked.table


def seat_picked(table_id: int, pick: Pick) -> list[Seat]:
    """Seat the bots ``pick`` chooses in the empty seats, in one change."""
    with table_change(table_id) as locked:
        return _seat_picked(locked, pick)


def _seat_picked(locked: Locked, pick: Pick) -> list[Seat]:
    seats = []
    for number, user, buy_in in pick(locked.table, locked.seats):
        seat = take_seat(locked, user, number, buy_in, approved=True)
        assert seat is not None  # approved: seated at once, never a request to the host
        seats.append(seat)
    return seats

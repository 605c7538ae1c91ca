"""Practice tables end themselves (issue 21: bots dealt to each other for ever after their
person left, with the person's buy-in still on the table).

- A practice table deals only while its person has it open (games/presence.py) and is
  playing (not sitting out): ``writer.practice_person_here``, read by ``schedule_next_hand``
  and the deal.
- When they open it again, the dealing starts again (``stopped_for_its_person``, then
  ``deal_again``, called by the table socket).
- Once nobody has it open and it had no hand for ``PRACTICE_IDLE_SECONDS``, the clock closes
  it: every stack goes back to its bankroll.
"""

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, OuterRef, Q, Subquery
from django.utils import timezone

from games import presence
from games.models import Hand, Table
from games.services.writer import (
    FIRST_DEAL_DELAY,
    free_seat,
    lock_table,
    publish_change,
    schedule_next_hand,
)


def practice_idle_time() -> timedelta:
    """How long a practice table may sit without a hand before it closes."""
    return timedelta(seconds=settings.PRACTICE_IDLE_SECONDS)


def stopped_for_its_person(table_id: int, user_id: int) -> bool:
    """Whether ``user_id`` opening this table should start it dealing again: a practice
    table with no deal planned, which they sit at. (A read: most sockets get False.)"""
    return Table.objects.filter(
        pk=table_id, is_practice=True, next_hand_at=None, seats__user_id=user_id
    ).exists()


@transaction.atomic
def deal_again(table_id: int, user_id: int) -> None:
    """Plan the next deal of a practice table whose person (``user_id``) is opening it (if
    it may deal)."""
    locked = lock_table(table_id)
    table = locked.table
    if locked.hand is not None or table.next_hand_at is not None:
        return
    schedule_next_hand(table, timezone.now(), FIRST_DEAL_DELAY, arriving=user_id)
    if table.next_hand_at is not None:
        publish_change(locked)


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


@transaction.atomic
def _close(table_id: int) -> None:
    locked = lock_table(table_id)
    table = locked.table
    if locked.hand is not None or table.status == Table.Status.CLOSED:
        return  # dealt again since it was found idle
    table.status = Table.Status.CLOSED
    table.next_hand_at = None
    table.seat_requests = []
    for seat in list(locked.seats):
        free_seat(locked, seat)
    publish_change(locked)

"""What the table clock does on each tick (games/live/clock.py calls ``run_due_work``).

The services sit below the bots, which act through them like people: the bots' turns join
the tick through ``also_due``, called at start-up (games/apps.py), so that no import runs
from here up to games/bots/.
"""

from collections.abc import Callable
from datetime import datetime
from functools import partial

from django.utils import timezone

from games.models import Hand, Table
from games.services.play import start_next_hand, timeout
from games.services.practice import close_idle_practice_tables
from games.services.receipts import ReceiptCleanup
from games.services.seating import free_busted_seats

DueChanges = Callable[[datetime], list[Callable[[], object]]]
_also_due: list[DueChanges] = []


def also_due(changes: DueChanges) -> None:
    """Add the changes ``changes(now)`` lists to every tick, after the deadlines; adding
    the same function again changes nothing."""
    if changes not in _also_due:
        _also_due.append(changes)


def run_due_work(now: datetime | None = None, receipts: ReceiptCleanup | None = None) -> None:
    """One clock tick, each item in turn: fire passed deadlines, let bots act, deal hands
    that are due, free the seats of busted players who did not rebuy, close idle practice
    tables."""
    for item in due_work(now or timezone.now(), receipts):
        item()


def due_work(now: datetime, receipts: ReceiptCleanup | None = None) -> list[Callable[[], object]]:
    """What one clock tick has to do, as separate changes (one table each, mostly), so that
    the clock can run them side by side with each other and with the sockets' commands
    (games/live/clock.py). ``receipts`` is the clock's own cleanup of old command receipts
    (its last run); without one, as in a single call, old receipts are deleted now."""
    receipts = receipts or ReceiptCleanup()
    due_hands = Hand.objects.filter(
        status=Hand.Status.IN_PROGRESS, action_deadline__lte=now
    ).values_list("table_id", flat=True)
    items: list[Callable[[], object]] = [partial(timeout, table_id, now) for table_id in due_hands]
    for changes in _also_due:  # the bots' turns (games/bots/driver.py)
        items += changes(now)
    due_tables = Table.objects.filter(
        status=Table.Status.OPEN, next_hand_at__lte=now
    ).values_list("id", flat=True)
    items += [partial(start_next_hand, table_id, now=now) for table_id in due_tables]
    items += [partial(free_busted_seats, now), partial(receipts.forget_old_receipts, now)]
    items.append(partial(close_idle_practice_tables, now))
    return items

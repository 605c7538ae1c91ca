"""What the table clock does on each tick, as far as the services go.

The services sit below the bots, which act through them like people: the bots' turns are
handed in (``bot_turns``) by games/table_clock.py, which puts a whole tick together, so
that no import runs from here up to games/bots/.
"""

from collections.abc import Callable
from datetime import datetime, timedelta
from functools import partial

from games.models import Hand, Table
from games.outbound.housekeeping import Housekeeping
from games.plain_sql import STAND_IN_TIME, CompiledQuery
from games.services.play import start_next_hand, timeout
from games.services.practice import close_idle_practice_tables
from games.services.receipts import forget_old_receipts
from games.services.seating import free_busted_seats

# Scans for things measured in minutes, each run at most once per its period by a clock
# (games/outbound/housekeeping.py says why).
SLOW_SCANS: list[tuple[Callable[[datetime], None], timedelta]] = [
    (free_busted_seats, timedelta(seconds=5)),
    (close_idle_practice_tables, timedelta(seconds=5)),
    (forget_old_receipts, timedelta(minutes=10)),
]
# Read every tick by every clock: compiled once (games/plain_sql.py says why).
_PASSED_DEADLINES = CompiledQuery(
    lambda status, now: Hand.objects.filter(status=status).filter(action_deadline__lte=now)
    .order_by().values_list("table_id"),
    Hand.Status.IN_PROGRESS, STAND_IN_TIME,
)
_DUE_DEALS = CompiledQuery(
    lambda status, now: Table.objects.filter(status=status).filter(next_hand_at__lte=now)
    .order_by().values_list("id"),
    Table.Status.OPEN, STAND_IN_TIME,
)
DueChanges = Callable[[datetime], list[Callable[[], object]]]


def due_work(
    now: datetime, housekeeping: Housekeeping | None = None,
    bot_turns: DueChanges | None = None,
) -> list[Callable[[], object]]:
    """What one clock tick has to do, as separate changes (one table each, mostly), so that
    the clock can run them side by side with each other and with the sockets' commands
    (games/live/clock.py). ``housekeeping`` is the clock's own record of its slow scans
    (games/outbound/housekeeping.py); without one, as in a single call, all are due."""
    items: list[Callable[[], object]] = [
        partial(timeout, table_id, now)
        for (table_id,) in _PASSED_DEADLINES.rows(Hand.Status.IN_PROGRESS, now)
    ]
    if bot_turns is not None:  # the bots' turns (games/bots/driver.py)
        items += bot_turns(now)
    items += [
        partial(start_next_hand, table_id, now=now)
        for (table_id,) in _DUE_DEALS.rows(Table.Status.OPEN, now)
    ]
    housekeeping = housekeeping or Housekeeping()
    items += [
        partial(scan, now) for scan, every in SLOW_SCANS
        if housekeeping.due(scan.__name__, every, now)
    ]
    return items

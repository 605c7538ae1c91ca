"""The table clock: a loop that enforces deadlines, plays bots' turns and deals.

Deadlines and next-hand times live in the database, so the clock needs no connected client
and picks up where it left off after a restart. Several processes may run it at once: each
change goes through the services' row lock and version check, so a deadline fires once.
It runs in every server process unless ``TABLE_CLOCK`` is off, or once per deployment in a
process of its own (``manage.py runclock``); games/live/background.py starts it. What it
keeps between ticks (when it last ran each slow scan, games/outbound/housekeeping.py) is
the live runtime's (games/outbound/runtime.py).
"""

import asyncio
import logging

from django.utils import timezone

from games.outbound.database_threads import reading, writing
from games.outbound.housekeeping import Housekeeping
from games.table_clock import due_work

log = logging.getLogger(__name__)
TICK_SECONDS = 0.5


async def run_clock(housekeeping: Housekeeping) -> None:
    """Apply due timeouts and start due hands, forever, every TICK_SECONDS."""
    while True:
        try:
            await tick(housekeeping)
        except Exception:
            log.exception("table clock tick failed")
        await asyncio.sleep(TICK_SECONDS)


async def tick(housekeeping: Housekeeping) -> None:
    """One tick: each table's due change on a writer thread of its own, side by side, so
    that a busy tick never holds up the sockets' commands (games/outbound/database_threads.py)."""
    items = await reading(due_work)(timezone.now(), housekeeping)
    results = await asyncio.gather(*(writing(item)() for item in items), return_exceptions=True)
    for item, result in zip(items, results, strict=True):
        if isinstance(result, Exception):
            log.error("table clock: %s failed", item, exc_info=result)

"""The table clock: a loop that enforces deadlines, plays bots' turns and deals.

Deadlines and next-hand times live in the database, so the clock needs no connected client
and picks up where it left off after a restart. Several processes may run it at once: each
change goes through the services' row lock and version check, so a deadline fires once.
It runs in every server process unless ``TABLE_CLOCK`` is off, or once per deployment in a
process of its own (``manage.py runclock``); games/background.py starts it.
"""

import asyncio
import logging

from channels.db import database_sync_to_async

log = logging.getLogger(__name__)
TICK_SECONDS = 0.5


async def run_clock() -> None:
    """Apply due timeouts and start due hands, forever, every TICK_SECONDS."""
    from games import services

    while True:
        try:
            await database_sync_to_async(services.run_due_work)()
        except Exception:
            log.exception("table clock tick failed")
        await asyncio.sleep(TICK_SECONDS)

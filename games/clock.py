"""The table clock: a loop in every server process that enforces deadlines and deals.

Deadlines and next-hand times live in the database, so the clock needs no connected client
and picks up where it left off after a restart. Several processes may run it at once: each
change goes through the services' row lock and version check, so a deadline fires once.

The loop runs on the server's own event loop (not a thread of its own), so that broadcasts
made after a commit reach sockets even through Channels' in-memory layer, which only works
within one event loop.
"""

import asyncio
import logging
import os
import sys

from channels.db import database_sync_to_async

log = logging.getLogger(__name__)
TICK_SECONDS = 0.5


def clock_enabled() -> bool:
    return os.environ.get("TABLE_CLOCK", "on").lower() not in ("off", "0", "false")


async def run_clock() -> None:
    """Apply due timeouts and start due hands, forever, every TICK_SECONDS."""
    from games import services

    while True:
        try:
            await database_sync_to_async(services.run_due_work)()
        except Exception:
            log.exception("table clock tick failed")
        await asyncio.sleep(TICK_SECONDS)


def start_loops_on_daphne() -> bool:
    """Schedule the clock (unless TABLE_CLOCK=off), the outbox of frames to send
    (games/broadcast.py) and the liveness check (games/watched_tables.py) on daphne's event
    loop, when running under daphne.

    Daphne implements no ASGI lifespan, but it creates its loop before importing the
    application, so the tasks can be queued now and start with the server.
    """
    from games.broadcast import outbox
    from games.watched_tables import run_liveness

    daphne_server = sys.modules.get("daphne.server")
    if daphne_server is None:
        return False
    loop = daphne_server.twisted_loop
    loop.call_soon_threadsafe(lambda: loop.create_task(outbox.run(), name="outbox"))
    loop.call_soon_threadsafe(lambda: loop.create_task(run_liveness(), name="liveness"))
    if clock_enabled():
        loop.call_soon_threadsafe(lambda: loop.create_task(run_clock(), name="table-clock"))
    return True

"""The table clock: a background thread in every server process that enforces deadlines.

Deadlines and next-hand times live in the database, so the clock needs no connected client
and picks up where it left off after a restart. Several processes may run it at once: each
change goes through the services' row lock and version check, so a deadline fires once.
"""

import logging
import os
import threading

from django.db import close_old_connections

log = logging.getLogger(__name__)
TICK_SECONDS = 0.5
_started = threading.Event()


def clock_enabled() -> bool:
    return os.environ.get("TABLE_CLOCK", "on").lower() not in ("off", "0", "false")


def _run(stop: threading.Event) -> None:
    from games import services

    while not stop.is_set():
        try:
            services.run_due_work()
        except Exception:
            log.exception("table clock tick failed")
        finally:
            close_old_connections()
        stop.wait(TICK_SECONDS)


def start_clock() -> threading.Event | None:
    """Start the clock thread once per process (unless TABLE_CLOCK=off); return its stop flag."""
    if not clock_enabled() or _started.is_set():
        return None
    _started.set()
    stop = threading.Event()
    threading.Thread(target=_run, args=(stop,), name="table-clock", daemon=True).start()
    return stop

"""The live runtime of one process: its state in one object, ``LiveRuntime``.

What a server process keeps while it runs, beside its sockets: the outbox (frames waiting
for the event loop, games/outbound/outbox.py), the tables its sockets watch
(games/outbound/watched_tables.py), its sockets' presence (games/outbound/presence.py), the
clock's own state between ticks (when it last ran each slow scan,
games/outbound/housekeeping.py), the sockets open for a restart to close, and the background
tasks. One is made per process, ``current()``; games/live/background.py starts it, once,
from the ASGI lifespan, daphne's reactor or ``manage.py runclock``. A test makes a fresh
one and puts it in place with ``installed`` instead of resetting globals.

Nothing here imports the loops (the clock, liveness): they call the services, which send
through this runtime's outbox; games/live/background.py hands them to ``start``.
"""

import asyncio
import logging
import threading
from collections.abc import Awaitable, Callable, Coroutine, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from games.outbound.housekeeping import Housekeeping
from games.outbound.outbox import Outbox
from games.outbound.watched_tables import WatchedTables

log = logging.getLogger(__name__)

Send = Callable[[dict[str, Any]], Awaitable[None]]
Loop = Callable[[], Coroutine[Any, Any, None]]
Kept = TypeVar("Kept")

# 1012 ("service restart") in the private range: daphne's WebSocket library lets an
# application close only with 1000 or 3000-4999.
CLOSE_SERVER_RESTART = 4012


class LiveRuntime:
    """This process's live state, and its background tasks, started once and stopped once.

    >>> runtime = LiveRuntime()
    >>> runtime.started, runtime.outbox.running, runtime.watched.seen()
    (False, False, {})
    >>> runtime.own(list) is runtime.own(list), runtime.own(list) is LiveRuntime().own(list)
    (True, False)
    """

    def __init__(self) -> None:
        self.outbox = Outbox()
        self.watched = WatchedTables()
        self.housekeeping = Housekeeping()
        self.open_sockets: set[Send] = set()  # each open WebSocket's ``send``
        self.tasks: list[asyncio.Task[None]] = []
        self.started_by: str | None = None
        self.owned: dict[Callable[[], Any], Any] = {}
        self._owning = threading.Lock()  # the database threads make them too

    def own(self, make: Callable[[], Kept]) -> Kept:
        """This process's one ``make()``, made on first use: how a module above keeps its
        process state here without this module importing it."""
        with self._owning:
            if make not in self.owned:
                self.owned[make] = make()
            kept: Kept = self.owned[make]
            return kept

    @property
    def started(self) -> bool:
        return self.started_by is not None

    def start(
        self,
        by: str,
        loops: list[tuple[str, Loop]],
        *,
        loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        """Run ``loops`` (name, coroutine function) as tasks on ``loop`` (default: the
        running one), once; ``by`` says who started them, for the log."""
        if self.started:
            return
        loop = loop or asyncio.get_running_loop()
        self.started_by = by
        self.tasks = [loop.create_task(run(), name=name) for name, run in loops]
        log.info(
            "background work started by %s: %s", by, ", ".join(t.get_name() for t in self.tasks)
        )

    async def stop(self) -> None:
        """Send what the outbox still holds, then cancel the tasks."""
        await self.outbox.flush()
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        self.tasks = []
        self.started_by = None

    async def close_sockets_for_restart(self) -> None:
        """Close every open socket with 4012 (pages reconnect at once, to another process)."""
        closing = [
            send({"type": "websocket.close", "code": CLOSE_SERVER_RESTART})
            for send in self.open_sockets
        ]
        await asyncio.gather(*closing, return_exceptions=True)


_current = LiveRuntime()  # this process's


def current() -> LiveRuntime:
    """This process's runtime: the sockets, the writer's frames and the loops all use it."""
    return _current


@contextmanager
def installed(runtime: LiveRuntime) -> Iterator[LiveRuntime]:
    """Make ``runtime`` this process's for the block (a test's fresh one), then put the
    previous one back."""
    global _current
    previous, _current = _current, runtime
    try:
        yield runtime
    finally:
        _current = previous

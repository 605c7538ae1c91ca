"""The background work of a server process, and how it starts under every ASGI server.

Three loops run beside the sockets, on the server's own event loop (Channels' in-memory
layer only delivers within one loop):

- the outbox (games/live/broadcast.py): sends the frames the writer built after each commit;
- liveness (games/live/watched_tables.py): republishes a version a dead process never sent;
- the table clock (games/live/clock.py): deadlines, bots' turns and the next deal. It is left
  out when ``TABLE_CLOCK`` is off, for deployments that run it once, in its own process
  (``manage.py runclock``).

How they start, per server:

- uvicorn and hypercorn speak the ASGI lifespan protocol: ``with_background_work`` starts
  them on ``lifespan.startup`` and stops them on ``lifespan.shutdown``;
- daphne speaks no lifespan: ``start_on_daphne`` starts them when its reactor starts;
- a server that sent neither (``uvicorn --lifespan off``) gets them on its first HTTP
  request, with an error in the log saying how to run it properly: a room whose hands are
  never dealt is never served silently.

A server stopping (SIGTERM: a restart) closes its sockets with a code that makes pages
reconnect at once, through the proxy to another process (docs/protocol.md). uvicorn sends
1012, "service restart", itself; daphne would drop them (1006, after which pages back off),
so ``start_on_daphne`` closes them first, with 4012 (``open_sockets``).
"""

import asyncio
import logging
import sys
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from django.conf import settings

log = logging.getLogger(__name__)

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
# Channels' routers are typed with asgiref's precise events; they are called the same way.
AnyASGIApp = Callable[..., Awaitable[None]]


Loop = Callable[[], Coroutine[Any, Any, None]]


def loops(*, clock: bool, sockets: bool = True) -> list[tuple[str, Loop]]:
    """The loops to run, by name: the outbox always, liveness where sockets are served,
    the clock when asked."""
    from games.live.broadcast import outbox
    from games.live.clock import run_clock
    from games.live.watched_tables import run_liveness

    chosen: list[tuple[str, Loop]] = [("outbox", outbox.run)]
    if sockets:
        chosen.append(("liveness", run_liveness))
    if clock:
        chosen.append(("table-clock", run_clock))
    return chosen


class BackgroundWork:
    """The loops of this process, started once (``start``) and stopped on shutdown."""

    def __init__(self) -> None:
        self.started_by: str | None = None
        self.tasks: list[asyncio.Task[None]] = []

    @property
    def started(self) -> bool:
        return self.started_by is not None

    def start(
        self,
        by: str,
        *,
        clock: bool | None = None,
        sockets: bool = True,
        loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        """Start the loops once, on ``loop`` (default: the running one); ``by`` says who
        started them, for the log."""
        if self.started:
            return
        loop = loop or asyncio.get_running_loop()
        clock = settings.TABLE_CLOCK if clock is None else clock
        self.started_by = by
        chosen = loops(clock=clock, sockets=sockets)
        self.tasks = [loop.create_task(run(), name=name) for name, run in chosen]
        log.info(
            "background work started by %s: %s", by, ", ".join(t.get_name() for t in self.tasks)
        )

    async def stop(self) -> None:
        """Send what the outbox still holds, then cancel the loops."""
        from games.live.broadcast import outbox

        await outbox.flush()
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        self.tasks = []
        self.started_by = None


background = BackgroundWork()

# 1012 ("service restart") in the private range: daphne's WebSocket library lets an
# application close only with 1000 or 3000-4999.
CLOSE_SERVER_RESTART = 4012
# The ``send`` of every WebSocket this process serves, while it is open.
open_sockets: set[Send] = set()


async def close_sockets_for_restart() -> None:
    """Close every open socket with 4012 (pages reconnect at once, to another process)."""
    closing = [
        send({"type": "websocket.close", "code": CLOSE_SERVER_RESTART}) for send in open_sockets
    ]
    await asyncio.gather(*closing, return_exceptions=True)


def start_on_daphne() -> None:
    """Under daphne, start the loops when its reactor starts (on daphne's asyncio loop).

    Merely importing daphne (its Django app does) installs the reactor without running it,
    so the start is tied to the reactor running, never to the import: under uvicorn it
    never fires, and a process forked to serve (Channels' live test server) starts its own.
    """
    daphne_server = sys.modules.get("daphne.server")
    if daphne_server is None:
        return
    from twisted.internet import reactor
    from twisted.internet.defer import Deferred

    loop = daphne_server.twisted_loop
    reactor.callWhenRunning(background.start, "daphne", loop=loop)  # type: ignore[attr-defined]

    def close_sockets() -> Deferred[None]:
        return Deferred.fromFuture(asyncio.ensure_future(close_sockets_for_restart(), loop=loop))

    # Added before daphne's own trigger (which cancels the consumers), so it runs first; the
    # reactor waits for it before closing connections. (Twisted's interface declares the
    # method without ``self``, which mypy reads as one argument off.)
    reactor.addSystemEventTrigger(  # type: ignore[attr-defined]
        "before", "shutdown", close_sockets  # type: ignore[arg-type]
    )


NO_LIFESPAN = (
    "This ASGI server sent no lifespan startup and is not daphne: the table clock, the outbox "
    "and the liveness check were not started with it. They start now, on the first request; "
    "run the server with its lifespan on (uvicorn's --lifespan on, hypercorn's default), or "
    "run `manage.py runclock` and set TABLE_CLOCK=off, so that a restarted process deals "
    "hands before anyone opens a page."
)


def with_background_work(app: AnyASGIApp) -> ASGIApp:
    """Wrap the ASGI application: answer the lifespan protocol by starting and stopping the
    background work, and start it on the first HTTP request if no server did."""

    async def application(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await serve_lifespan(receive, send)
            return
        if scope["type"] == "http" and not background.started:
            log.error(NO_LIFESPAN)
            background.start("the first request")
        if scope["type"] != "websocket":
            await app(scope, receive, send)
            return
        open_sockets.add(send)
        try:
            await app(scope, receive, send)
        finally:
            open_sockets.discard(send)

    return application


async def serve_lifespan(receive: Receive, send: Send) -> None:
    """The ASGI lifespan protocol: start the background work, stop it at shutdown."""
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            try:
                background.start("lifespan")
            except Exception as error:
                await send({"type": "lifespan.startup.failed", "message": str(error)})
                raise
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await background.stop()
            await send({"type": "lifespan.shutdown.complete"})
            return

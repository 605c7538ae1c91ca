"""How the live runtime (games/outbound/runtime.py) starts under every ASGI server, and what
it runs.

Three loops run beside the sockets, on the server's own event loop (Channels' in-memory
layer only delivers within one loop):

- the outbox (games/outbound/outbox.py): sends the frames the writer built after each commit;
- liveness (games/live/liveness.py): republishes a version a dead process never sent;
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
so ``start_on_daphne`` closes them first, with 4012 (the runtime's ``open_sockets``).

Every start goes through ``start_runtime``, the one place that reads ``TABLE_CLOCK``
(settings, through pokersite/env.py).
"""

import asyncio
import functools
import logging
import sys
from collections.abc import Awaitable, Callable
from typing import Any

from django.conf import settings

from games.live.clock import run_clock
from games.live.liveness import run_liveness
from games.outbound.runtime import LiveRuntime, Loop, current

log = logging.getLogger(__name__)

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
# Channels' routers are typed with asgiref's precise events; they are called the same way.
AnyASGIApp = Callable[..., Awaitable[None]]


def loops(runtime: LiveRuntime, *, clock: bool, sockets: bool = True) -> list[tuple[str, Loop]]:
    """The loops to run, by name: the outbox always, liveness where sockets are served,
    the clock when asked."""
    chosen: list[tuple[str, Loop]] = [("outbox", runtime.outbox.run)]
    if sockets:
        chosen.append(("liveness", functools.partial(run_liveness, runtime.watched)))
    if clock:
        chosen.append(("table-clock", functools.partial(run_clock, runtime.housekeeping)))
    return chosen


def start_runtime(
    by: str,
    *,
    runtime: LiveRuntime | None = None,
    clock: bool | None = None,
    sockets: bool = True,
    loop: asyncio.AbstractEventLoop | None = None,
) -> LiveRuntime:
    """The one start of the live runtime (this process's unless ``runtime`` is given), on
    ``loop`` (default: the running one); the clock runs unless ``TABLE_CLOCK`` is off, or as
    ``clock`` says. Starting a started runtime changes nothing."""
    runtime = runtime or current()
    clock = settings.TABLE_CLOCK if clock is None else clock
    if not runtime.started:
        runtime.start(by, loops(runtime, clock=clock, sockets=sockets), loop=loop)
    return runtime


def start_on_daphne() -> None:
    """Under daphne, start the runtime when its reactor starts (on daphne's asyncio loop).

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
    reactor.callWhenRunning(start_runtime, "daphne", loop=loop)  # type: ignore[attr-defined]

    def close_sockets() -> Deferred[None]:
        closing = current().close_sockets_for_restart()
        return Deferred.fromFuture(asyncio.ensure_future(closing, loop=loop))

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
        runtime = current()
        if scope["type"] == "http" and not runtime.started:
            log.error(NO_LIFESPAN)
            start_runtime("the first request", runtime=runtime)
        if scope["type"] != "websocket":
            await app(scope, receive, send)
            return
        runtime.open_sockets.add(send)
        try:
            await app(scope, receive, send)
        finally:
            runtime.open_sockets.discard(send)

    return application


async def serve_lifespan(receive: Receive, send: Send) -> None:
    """The ASGI lifespan protocol: start the background work, stop it at shutdown."""
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            try:
                start_runtime("lifespan")
            except Exception as error:
                await send({"type": "lifespan.startup.failed", "message": str(error)})
                raise
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await current().stop()
            await send({"type": "lifespan.shutdown.complete"})
            return

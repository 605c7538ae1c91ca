"""The outbox: messages waiting to be sent by the server's event loop, in the order made.

The writer runs in a database thread; handing its frames to the loop lets it take the next
change at once instead of waiting for the channel layer. Without a running server loop (a
management command, a test calling the services) a message is sent on the spot.
"""

import asyncio
import logging
from collections.abc import Awaitable, Callable

from asgiref.sync import async_to_sync

log = logging.getLogger(__name__)

Sending = Callable[[], Awaitable[None]]


class Outbox:
    """Sends queued messages one at a time, in order, while ``run`` runs on a loop.

    >>> Outbox().running
    False
    """

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.queue: asyncio.Queue[tuple[str, Sending]] | None = None

    @property
    def running(self) -> bool:
        return self.loop is not None and self.queue is not None and self.loop.is_running()

    async def run(self) -> None:
        """Send queued messages forever; started on the server's loop (games/live/background.py)."""
        self.loop, self.queue = asyncio.get_running_loop(), asyncio.Queue()
        try:
            while True:
                what, send = await self.queue.get()
                try:
                    await send()
                except Exception:  # the layer may be briefly away; the next version catches up
                    log.exception("could not send %s", what)
                finally:
                    self.queue.task_done()
        finally:
            self.loop = self.queue = None  # stopped: later messages are sent on the spot

    async def flush(self, timeout: float = 5.0) -> None:
        """Wait (at most ``timeout`` seconds) until every queued message has been sent."""
        if self.queue is not None:
            try:
                await asyncio.wait_for(self.queue.join(), timeout)
            except TimeoutError:
                log.warning("%d frames were not sent before shutdown", self.queue.qsize())

    def put(self, what: str, send: Sending) -> None:
        """Queue ``send`` for the loop (from any thread), or send now when none runs;
        ``what`` names it in the log."""
        loop, queue = self.loop, self.queue
        if loop is not None and queue is not None and loop.is_running():
            loop.call_soon_threadsafe(queue.put_nowait, (what, send))
        else:
            async_to_sync(send)()

"""One socket's commands, run one at a time in the order they came, by a task of its own.

A socket's ``receive`` only counts a frame and puts its job here; the database work happens
in this queue's task. So the socket reads frames as fast as they come, its frame budget
sees a flood as it happens, and frames never pile up in the server's own (unbounded) queue
while a command waits for the database. What may pile up here is bounded: ``offer`` says
no once ``size`` jobs wait, and the socket is cut off (games/live/guarded_socket.py).
"""

import asyncio
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)

Job = Callable[[], Awaitable[None]]


class CommandQueue:
    """Run the jobs offered, in order, one at a time; at most ``size`` waiting.

    A job that raises is logged and ``on_failure`` is awaited (the socket closes, as it
    would if the error had happened in ``receive``); the jobs behind it are dropped.
    """

    def __init__(self, size: int, on_failure: Callable[[], Awaitable[None]], name: str):
        self.waiting: asyncio.Queue[Job] = asyncio.Queue(maxsize=size)
        self.on_failure = on_failure
        self.name = name
        self.task = asyncio.create_task(self.work(), name=name)

    def offer(self, job: Job) -> bool:
        """Queue ``job``; False (and nothing queued) when ``size`` jobs already wait."""
        try:
            self.waiting.put_nowait(job)
        except asyncio.QueueFull:
            return False
        return True

    async def work(self) -> None:
        while True:
            job = await self.waiting.get()
            try:
                await job()
            except Exception:
                log.exception("%s: a command failed; closing the socket", self.name)
                await self.on_failure()
                return

    def stop(self) -> None:
        """Drop the jobs still waiting and cancel the one running (a database call in
        progress finishes in its thread; its reply is not sent)."""
        self.task.cancel()

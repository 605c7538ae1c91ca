"""The flood scenario's abuser: one logged-in socket writing frames as fast as it can.

    .venv/bin/python bench/live_flooder.py URL ORIGIN COOKIE SECONDS

Run as a subprocess of bench/live.py, so that its busy loop does not slow the client that
times everyone else (and its CPU is its own). It connects, prints ``connected`` (or
``failed <why>``), waits for a line on standard input, then sends
``{"type": "act", "action": "check", "version": 0, "request_id": ...}`` with a fresh
``request_id`` each time (so every frame within the socket budget reaches the service, the
costly path a real abuser would pick) for SECONDS or until the server closes the socket.
It reads every frame it is sent meanwhile, then prints one JSON line of what happened.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import resource
import sys
import time

import websockets
from websockets.exceptions import ConnectionClosed, WebSocketException

YIELD_EVERY = 64  # frames between yields to the loop: the reader and the timer must run
CLOSE_WAIT_SECONDS = 5.0  # after time is up: how long our own close may take


def frame(number: int) -> str:
    """``frame(7)`` -> an ``act`` with request_id ``flood-00000007``."""
    return (
        '{"type": "act", "action": "check", "version": 0, '
        f'"request_id": "flood-{number:08d}"}}'
    )


class Flooder:
    def __init__(self, connection):
        self.connection = connection
        self.sent = 0
        self.received = 0
        self.errors = 0
        self.started = 0.0
        self.closed_at: float | None = None  # when the server's close reached us
        self.longest_send = 0.0  # the longest single send: the server stopped reading

    async def read(self) -> None:
        with contextlib.suppress(WebSocketException):
            async for text in self.connection:
                self.received += 1
                self.errors += '"type": "error"' in text[:40] or '"type":"error"' in text[:40]
        self.closed_at = time.perf_counter()

    async def write(self, seconds: float) -> str:
        """Send until time is up or the socket closes; say which."""
        self.started = time.perf_counter()
        deadline = self.started + seconds
        try:
            while self.closed_at is None:
                for _ in range(YIELD_EVERY):
                    before = time.perf_counter()
                    await self.connection.send(frame(self.sent))
                    self.sent += 1
                    self.longest_send = max(self.longest_send, time.perf_counter() - before)
                if time.perf_counter() >= deadline:
                    return "time up"
                await asyncio.sleep(0)
        except ConnectionClosed:
            pass
        return "closed"

    async def run(self, seconds: float) -> dict:
        reader = asyncio.create_task(self.read())
        writer = asyncio.create_task(self.write(seconds))
        # A server that stops reading blocks a send; the deadline still holds.
        await asyncio.wait({writer}, timeout=seconds + 0.5)
        stopped = writer.result() if writer.done() else "time up, a send blocked"
        writer.cancel()
        sending = time.perf_counter() - self.started
        closed_by_server = self.closed_at is not None
        if not closed_by_server:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.connection.close(), CLOSE_WAIT_SECONDS)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(reader, CLOSE_WAIT_SECONDS)
        reader.cancel()
        return {
            "stopped": stopped,
            "sent": self.sent,
            "sending_s": sending,
            "closed_by_server": closed_by_server,
            "closed_after_s": self.closed_at - self.started if closed_by_server else None,
            "close_code": self.connection.close_code,
            "close_reason": self.connection.close_reason,
            "frames_received": self.received,
            "errors_received": self.errors,
            "longest_send_s": self.longest_send,
            "cpu_s": sum(resource.getrusage(resource.RUSAGE_SELF)[:2]),  # its own, from start
        }


async def main(url: str, origin: str, cookie: str, seconds: float) -> None:
    try:
        connection = await websockets.connect(
            url,
            origin=origin,
            additional_headers={"Cookie": cookie},
            compression=None,
            ping_interval=None,
            open_timeout=30,
            close_timeout=2,
            max_queue=None,  # read everything the server sends: never stall it on our side
        )
    except (OSError, TimeoutError, WebSocketException) as error:
        print(f"failed {type(error).__name__}: {error}", flush=True)
        return
    print("connected", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    result = await Flooder(connection).run(seconds)
    print(json.dumps(result), flush=True)


if __name__ == "__main__":
    target, origin_header, cookie_header, duration = sys.argv[1:5]
    asyncio.run(main(target, origin_header, cookie_header, float(duration)))

"""Helpers for tests that run real server processes against the test database."""

import asyncio
import json
import os
import time

import websockets
from django.conf import settings

from tests.games.sockets import (
    CHAT_FRAMES,
    PRESENCE_FRAMES,
    PageHistory,
    session_key_for,  # noqa: F401 - re-exported for tests
    with_mine_applied,
    with_request_id,
)


def subprocess_env(**extra: str) -> dict[str, str]:
    """Environment for a daphne subprocess that shares this test run's database."""
    db = settings.DATABASES["default"]
    if db["ENGINE"].endswith("sqlite3"):
        url = f"sqlite:///{db['NAME']}"
    else:
        url = f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    env = {"DATABASE_URL": url, "TABLE_CLOCK": "off"}
    if os.environ.get("REDIS_URL"):
        env["REDIS_URL"] = os.environ["REDIS_URL"]
    return {**env, **extra}


class LiveSocket:
    """A real WebSocket client to a server process, logged in through its session cookie."""

    def __init__(self, connection):
        self.connection = connection
        self.table: dict | None = None  # the whole view, as the page puts it together
        self.page = PageHistory()
        self.sizes: list[int] = []  # the length of every table frame received, in bytes

    @classmethod
    async def open(cls, base: str, table_id: int, session_key: str) -> "LiveSocket":
        connection = await websockets.connect(
            f"ws://{base}/ws/tables/{table_id}/",
            origin=f"http://{base}",
            additional_headers={"Cookie": f"sessionid={session_key}"},
        )
        socket = cls(connection)
        await socket.receive()
        return socket

    async def receive(self, timeout: float = 10) -> dict:
        """The next table frame or error; chat frames (no version) are passed over."""
        while True:
            text = await asyncio.wait_for(self.connection.recv(), timeout)
            frame = json.loads(text)
            if frame.get("type") not in CHAT_FRAMES | PRESENCE_FRAMES:
                break
        frame = with_mine_applied(frame)
        if "table" in frame:
            self.sizes.append(len(text.encode()))
            whole = frame["type"] in ("snapshot", "update")
            self.table = self.page.take(frame) if whole else frame["table"]
        return frame

    async def receive_until(self, predicate, timeout: float = 15) -> dict:
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            left = deadline - asyncio.get_running_loop().time()
            frame = await self.receive(timeout=max(left, 0.01))
            if predicate(frame):
                return frame

    async def receive_presence(self, predicate, timeout: float = 15) -> dict:
        """Read until a presence frame (games/outbound/presence.py) satisfies ``predicate``."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            left = max(deadline - asyncio.get_running_loop().time(), 0.01)
            frame = json.loads(await asyncio.wait_for(self.connection.recv(), left))
            if frame.get("type") in PRESENCE_FRAMES and predicate(frame):
                return frame

    async def send(self, message: dict) -> None:
        await self.connection.send(json.dumps(with_request_id(message)))

    async def close(self) -> None:
        """Close normally; the server must answer with a normal close (1000) too."""
        await self.connection.close()
        assert self.connection.close_code == 1000, self.connection.close_code


def eventually(predicate, timeout: float = 10.0) -> bool:
    """Poll ``predicate`` until it holds (True) or ``timeout`` seconds pass (False)."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True

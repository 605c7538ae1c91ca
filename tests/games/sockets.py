"""Helpers for tests that talk to the real ASGI application over WebSockets."""

import json
import uuid

from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore

from pokersite.asgi import application

# What a browser on a page of this site sends: its Host and the page's origin.
SITE = [(b"host", b"127.0.0.1:8000"), (b"origin", b"http://127.0.0.1:8000")]


@database_sync_to_async
def session_key_for(user) -> str:
    """A logged-in session, as the browser would carry it in its cookie."""
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return session.session_key


NEEDS_REQUEST_ID = {"sit", "stand", "sit_out", "sit_back"}


def with_request_id(message: dict) -> dict:
    """Add a fresh request id to a command that needs one, as the page's script does."""
    if message.get("type") in NEEDS_REQUEST_ID and "request_id" not in message:
        return {**message, "request_id": uuid.uuid4().hex}
    return message


class RecordingSocket:
    """A table socket that keeps every frame it received, for later privacy checks."""

    def __init__(self, communicator: WebsocketCommunicator, name: str):
        self.communicator = communicator
        self.name = name
        self.frames: list[dict] = []

    @classmethod
    async def open(cls, table_id: int, user=None, name: str = "") -> "RecordingSocket":
        headers = list(SITE)
        if user is not None:
            headers.append((b"cookie", f"sessionid={await session_key_for(user)}".encode()))
        communicator = WebsocketCommunicator(
            application, f"/ws/tables/{table_id}/", headers=headers
        )
        socket = cls(communicator, name or getattr(user, "username", "anonymous"))
        socket.connected, socket.close_code = await communicator.connect()
        return socket

    async def send(self, message: dict) -> None:
        await self.communicator.send_to(text_data=json.dumps(with_request_id(message)))

    async def receive(self, timeout: float = 5) -> dict:
        frame = await self.communicator.receive_json_from(timeout=timeout)
        self.frames.append(frame)
        return frame

    async def receive_until(self, predicate, timeout: float = 5) -> dict:
        """Read frames until one satisfies ``predicate``; return it."""
        while True:
            frame = await self.receive(timeout)
            if predicate(frame):
                return frame

    async def closed_with(self, timeout: float = 5) -> int:
        """Wait for the server to close this socket; return its close code."""
        while True:
            output = await self.communicator.receive_output(timeout)
            if output["type"] == "websocket.close":
                return output.get("code")
            self.frames.append(json.loads(output["text"]))

    async def drain(self) -> None:
        """Read every frame already waiting."""
        while not await self.communicator.receive_nothing(timeout=0.2):
            await self.receive()

    @property
    def latest_table(self) -> dict:
        return next(f["table"] for f in reversed(self.frames) if "table" in f)

    async def close(self) -> None:
        await self.communicator.disconnect()

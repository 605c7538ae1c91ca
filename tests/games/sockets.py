"""Helpers for tests that talk to the real ASGI application over WebSockets."""

import json
import uuid

from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore

from games.models import Table
from games.projection import apply_patches
from pokersite.asgi import application

# What a browser on a page of this site sends: its Host and the page's origin.
SITE = [(b"host", b"127.0.0.1:8000"), (b"origin", b"http://127.0.0.1:8000")]

# The code Channels' test client reports for a handshake closed before it was accepted: the
# application gave no code of its own, and daphne answers such a handshake with HTTP 403.
# The table's own codes (4401, 4404, 4429) come after accepting (games/live/consumers.py).
REFUSED_HANDSHAKE = 1000


@database_sync_to_async
def session_key_for(user) -> str:
    """A logged-in session, as the browser would carry it in its cookie."""
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return session.session_key


NEEDS_REQUEST_ID = {"sit", "stand", "sit_out", "sit_back", "chat_mute", "add_chips", "host"}
# Chat frames carry no table version: they are kept apart from the table's frames, so a
# test reading the table frame by frame is not disturbed by a socket's chat history.
CHAT_FRAMES = {"chat", "chat_history", "chat_mutes"}
# Presence frames (games/outbound/presence.py) carry no version either: kept in ``presence``.
PRESENCE_FRAMES = {"presence"}


def with_request_id(message: dict) -> dict:
    """Add a fresh request id to a command that needs one, as the page's script does."""
    if message.get("type") in NEEDS_REQUEST_ID and "request_id" not in message:
        return {**message, "request_id": uuid.uuid4().hex}
    return message


def with_mine_applied(frame: dict) -> dict:
    """A table frame as the page sees it: its personal part (``mine``) applied to the view,
    as static/js/connection.js does. ``mine`` stays in the frame for checks of what came."""
    if "mine" in frame and "table" in frame:
        frame["table"] = apply_patches(frame["table"], frame["mine"])
    return frame


class PageHistory:
    """The hand's log, the table's notices and house rules as a page keeps them
    (static/js/connection.js, ``KeptHistory``): a snapshot's as they are, each update's rows
    and notices added, its house rules when it has them. Gives the whole view the page
    draws, to compare with the server's own."""

    def __init__(self) -> None:
        self.hand: int | None = None
        self.start = 0
        self.rows: list[dict] = []
        self.notices: list[dict] = []
        self.whole = True  # False once an update left rows missing (a lost version)
        self.house_rules: list[dict] = []  # sent again only when they change (None: kept)

    def take(self, frame: dict) -> dict:
        """The whole view after ``frame`` (a snapshot or an update, ``mine`` applied)."""
        table = frame["table"]
        # A test may publish a bare frame ({"version": v}): it adds nothing to the log.
        hand = table["hand"]["number"] if table.get("hand") else None
        start, end = table.get("log_from", 0), self.start + len(self.rows)
        log, notices = table.get("log", []), table.get("notices", [])
        if frame["type"] == "snapshot":
            self.hand, self.start, self.rows = hand, start, log
            self.notices, self.whole = notices, True
        else:
            if hand != self.hand or start < self.start:
                self.hand, self.start, self.rows = hand, start, log
            elif start <= end:
                self.rows = self.rows[: start - self.start] + log
            else:
                self.whole = False
                self.start, self.rows = start, log
            by_seq = {n["seq"]: n for n in self.notices} | {n["seq"]: n for n in notices}
            kept = table.get("notices_kept", len(by_seq))
            self.notices = [by_seq[seq] for seq in sorted(by_seq)][-kept:] if kept else []
        if frame["type"] == "snapshot" or table.get("house_rules") is not None:
            self.house_rules = table.get("house_rules") or []
        return {**table, "log": self.rows, "log_from": self.start, "notices": self.notices,
                "house_rules": self.house_rules}


def whole_views(frames: list[dict]) -> list[dict]:
    """The whole view after each table frame of ``frames``, as a page puts them together."""
    page = PageHistory()
    return [page.take(f) for f in frames if f.get("type") in ("snapshot", "update")]


class RecordingSocket:
    """A table socket that keeps every frame it received, for later privacy checks: table
    frames and errors in ``frames``, chat frames in ``chat``."""

    def __init__(self, communicator: WebsocketCommunicator, name: str, table_id: int):
        self.communicator = communicator
        self.table_id = table_id
        self.name = name
        self.frames: list[dict] = []
        self.chat: list[dict] = []
        self.chat_read = 0  # chat frames handed out by receive_chat so far
        self.presence: list[dict] = []
        self.version = -1  # the newest table version received (-1 before the snapshot)

    @classmethod
    async def open(cls, table_id: int, user=None, name: str = "") -> "RecordingSocket":
        headers = list(SITE)
        if user is not None:
            headers.append((b"cookie", f"sessionid={await session_key_for(user)}".encode()))
        communicator = WebsocketCommunicator(
            application, f"/ws/tables/{table_id}/", headers=headers
        )
        socket = cls(communicator, name or getattr(user, "username", "anonymous"), table_id)
        # Every table socket is accepted, even one closed at once with a code saying why.
        # Not the default 1 s: the first socket of a run waits about that long for Redis.
        connected, refusal_code = await communicator.connect(timeout=10)
        assert connected, f"the handshake was refused with {refusal_code}"
        return socket

    async def send(self, message: dict) -> None:
        await self.communicator.send_to(text_data=json.dumps(with_request_id(message)))

    def _keep(self, frame: dict) -> None:
        self.version = max(self.version, frame.get("version", -1))
        kind = frame.get("type")
        bucket = self.chat if kind in CHAT_FRAMES else self.frames
        (self.presence if kind in PRESENCE_FRAMES else bucket).append(frame)

    async def next_frame(self, timeout: float = 5) -> dict:
        """The next frame of any kind, kept with the others."""
        frame = with_mine_applied(await self.communicator.receive_json_from(timeout=timeout))
        self._keep(frame)
        return frame

    async def receive(self, timeout: float = 5) -> dict:
        """The next table frame or error (chat frames on the way are kept in ``chat``,
        presence frames in ``presence``)."""
        untracked = CHAT_FRAMES | PRESENCE_FRAMES
        while (frame := await self.next_frame(timeout)).get("type") in untracked:
            pass
        return frame

    async def receive_presence(self, predicate=lambda frame: True, timeout: float = 5) -> dict:
        """The first presence frame (already read or still to come) that ``predicate`` likes."""
        seen = 0
        while True:
            for frame in self.presence[seen:]:
                if predicate(frame):
                    return frame
            seen = len(self.presence)
            await self.next_frame(timeout)

    async def receive_chat(self, timeout: float = 5) -> dict:
        """The next chat frame this test has not read yet (table frames go to ``frames``)."""
        while self.chat_read == len(self.chat):
            await self.next_frame(timeout)
        self.chat_read += 1
        return self.chat[self.chat_read - 1]

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
            self._keep(with_mine_applied(json.loads(output["text"])))

    async def command(self, message: dict) -> dict:
        """Send a command that changes the table and wait for the server's answer: an error,
        or the first frame of a version newer than the stored one. The table has no clock in
        these tests and a test awaits each command, so nothing else makes a version."""
        await settle(self)
        before = self.version
        await self.send(message)
        return await self.receive_until(
            lambda frame: frame["type"] == "error" or frame["version"] > before
        )

    async def drain(self) -> None:
        """Read every frame already waiting. A pause without frames, not an event: only for
        checking that nothing came (``settle`` waits for the frames that must come)."""
        while not await self.communicator.receive_nothing(timeout=0.2):
            await self.next_frame()

    async def nothing_more(self) -> bool:
        """Whether no table frame or error came in a pause without frames. Presence and chat
        frames may come meanwhile (a socket's own arrival is told late on a loaded machine):
        they are not the table's. A pause, not an event, as in ``drain``."""
        seen = len(self.frames)
        await self.drain()
        return len(self.frames) == seen

    @property
    def latest_table(self) -> dict:
        return next(f["table"] for f in reversed(self.frames) if "table" in f)

    async def close(self) -> None:
        await self.communicator.disconnect()


@database_sync_to_async
def stored_version(table_id: int) -> int:
    return Table.objects.values_list("version", flat=True).get(pk=table_id)


async def settle(*sockets: RecordingSocket) -> None:
    """Wait until every socket has received the table's stored version: an event, where a
    pause without frames would miss a frame that is merely slow on a loaded machine. Call it
    once the changes are stored (``command`` waits for a socket's own)."""
    for socket in sockets:
        stored = await stored_version(socket.table_id)
        while socket.version < stored:
            await socket.receive()

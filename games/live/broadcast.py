"""Sending one version's frames to a table's sockets through the channel layer.

Every table socket joins two groups: the table's, which carries each version in one
message, and its user's, which carries the end of a browser session at logout. A version's
message holds the public frame and every personal part (games/projection.py); each socket
forwards the public frame with its own user's part added, and nothing else, so a personal
part only ever reaches its own person's pages. One message a version, not one per person:
the channel layer's cost is per message (one PUBLISH, one delivery to each process and
socket), and a table of six sent seven before.
"""

import asyncio
import functools
import hashlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import BaseChannelLayer, get_channel_layer

from games.projection import Frames, TableSnapshot, update_frames

log = logging.getLogger(__name__)


def table_group(table_id: int) -> str:
    return f"table_{table_id}"


def channel_layer() -> BaseChannelLayer:
    """The default layer; settings always define one (Redis, or the in-memory layer)."""
    layer = get_channel_layer()
    if layer is None:
        raise RuntimeError("CHANNEL_LAYERS has no default layer.")
    return layer


def user_group(user_id: int) -> str:
    return f"user_{user_id}"


def session_tag(session_key: str) -> str:
    """What names a browser session in messages: a hash, as session keys are secrets."""
    return hashlib.sha256(session_key.encode()).hexdigest()[:32]


def end_session(user_id: int, session_key: str) -> None:
    """Close the user's sockets opened with this session (TableConsumer.session_ended)."""
    async_to_sync(channel_layer().group_send)(
        user_group(user_id), {"type": "session.ended", "session": session_tag(session_key)}
    )


def version_message(frames: Frames) -> dict[str, Any]:
    """The one message of a version, for every socket of the table: the public frame, and
    each person's personal part under their user id (as text: message keys are strings).
    Each socket forwards the public frame with its own user's part, and nothing else."""
    return {
        "type": "table.version",
        "version": frames.version,
        "frame": frames.public,
        "mine": {str(user_id): part for user_id, part in frames.personal.items()},
    }


async def send_frames(table_id: int, frames: Frames) -> None:
    await channel_layer().group_send(table_group(table_id), version_message(frames))


async def send_group(group: str, message: dict[str, Any]) -> None:
    await channel_layer().group_send(group, message)


class Outbox:
    """Frames (a table's versions, the lobby's rows) waiting to be sent by the server's event
    loop, in the order they were made.

    The writer runs in the database thread; handing its frames to the loop lets it take the
    next change at once instead of waiting for the channel layer. Without a running server
    loop (a management command, a test calling the services) frames are sent on the spot.
    """

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.queue: asyncio.Queue[tuple[str, Callable[[], Awaitable[None]]]] | None = None

    async def run(self) -> None:
        """Send queued frames forever; started on the server's loop (games/live/background.py)."""
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
            self.loop = self.queue = None  # stopped: later frames are sent on the spot

    async def flush(self, timeout: float = 5.0) -> None:
        """Wait (at most ``timeout`` seconds) until every queued frame has been sent."""
        if self.queue is not None:
            try:
                await asyncio.wait_for(self.queue.join(), timeout)
            except TimeoutError:
                log.warning("%d frames were not sent before shutdown", self.queue.qsize())

    def put(self, table_id: int, frames: Frames) -> None:
        what = f"table {table_id} version {frames.version}"
        self.put_send(what, functools.partial(send_frames, table_id, frames))

    def put_group(self, group: str, message: dict[str, Any]) -> None:
        """Queue one message for a whole group (the lobby's, games/live/lobby_feed.py)."""
        what = f"{message['type']} to {group}"
        self.put_send(what, functools.partial(send_group, group, message))

    def put_send(self, what: str, send: Callable[[], Awaitable[None]]) -> None:
        loop, queue = self.loop, self.queue
        if loop is not None and queue is not None and loop.is_running():
            loop.call_soon_threadsafe(queue.put_nowait, (what, send))
        else:
            async_to_sync(send)()


outbox = Outbox()


def publish(snapshot: TableSnapshot) -> None:
    """Build this version's frames once and send them. Called after the change commits."""
    outbox.put(snapshot.table["id"], update_frames(snapshot))

"""What the table and lobby sockets share: cheap reads, a frame budget, and groups left
however the socket ends.

- **Frames are read as fast as they come.** daphne queues the frames a client writes
  without bound, and Channels dispatches one message at a time, each over several turns of
  the event loop: a socket read that way, let alone one whose ``receive`` waits for the
  database, leaves a flood piling up in the server's memory, unread and so unseen by the
  frame budget. Here the socket reads its own frames, in one loop that takes every frame
  already waiting without yielding (``reading``): a frame only passes the budget
  (games/live/flood.py) before its work is queued (games/live/command_queue.py). Other messages (the
  channel layer's, connect and disconnect) go through Channels as before.
- **Floods are cut off at once.** Too many refusals in a row, or too many frames waiting:
  the socket is closed with 4429, leaves its groups at once, and every frame still on its
  way is dropped unread. The log says after how many frames ("socket ... closed for
  flooding after N frames").
- **Groups are always left.** A socket closed by its client leaves its groups in
  ``disconnect``, one cut off by us at once, and one cancelled by the server (shutting down,
  or killing an application slow to exit) in ``__call__``'s ``finally``: otherwise its
  channel would stay in them until the layer's group expiry and get every broadcast
  meanwhile.
"""

import asyncio
import json
import logging
import weakref

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from games.live.flood import CLOSE_FLOODING, FrameBudget

log = logging.getLogger(__name__)

_group_operations: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore]" = (
    weakref.WeakKeyDictionary()
)
# Joins and leaves in flight at once per process: when hundreds of sockets open or close
# together they wait their turn instead of emptying the channel layer's connection pool.
GROUP_OPERATIONS_AT_ONCE = 32
# How long a cancelled socket may take to leave its groups before it gives up (the layer's
# group expiry removes it then).
LEAVE_SECONDS = 10.0


def group_operations() -> asyncio.Semaphore:
    loop = asyncio.get_running_loop()
    if loop not in _group_operations:
        _group_operations[loop] = asyncio.Semaphore(GROUP_OPERATIONS_AT_ONCE)
    return _group_operations[loop]


class GuardedSocket(AsyncWebsocketConsumer):
    """A WebSocket consumer with a frame budget, whose groups are left however it ends.

    Subclasses join with ``join``, check each frame with ``take_budget`` in ``receive`` and
    do nothing slow there; ``label`` names the socket in the log.
    """

    label = "socket"

    async def __call__(self, scope, receive, send) -> None:
        self.joined: list[str] = []
        self.tasks: list[asyncio.Task] = []  # cancelled when the socket ends
        self.frames_read = 0
        self.reading_frames = False  # True once connected: frames are handled in `reading`
        self.closing = False
        try:
            await super().__call__(scope, self.reading(receive), send)
        finally:
            await self.leave()
            await self.forget_channel()

    async def forget_channel(self):
        """Tell the layer this socket's own channel is done with (pokersite/pubsub_layer.py)."""
        forget = getattr(self.channel_layer, "forget_channel", None)
        if forget is None or not getattr(self, "channel_name", None):
            return
        try:
            await forget(self.channel_name)
        except Exception:  # Redis away: its connection's end drops the subscription
            log.warning("%s: socket %s could not unsubscribe its channel", self.label,
                        self.channel_name, exc_info=True)

    async def disconnect(self, code):
        self.closing = True  # gone: nothing more is sent to it
        # The usual way out: leave while Channels still listens to the layer (leaving after
        # it stopped listening, in ``__call__``'s ``finally``, is for cancellation only).
        await self.leave()

    async def send(self, text_data=None, bytes_data=None, close=False):
        """A frame, unless the socket is closed or being closed: a message that reaches it
        on its way out (a presence frame sent to its own channel, say) is dropped, not sent
        on a closed connection, which ends the application with an error."""
        if self.closing and not close:
            return
        await super().send(text_data=text_data, bytes_data=bytes_data, close=close)

    def reading(self, receive):
        """The server's ``receive`` for Channels, handling this socket's frames on the way.

        Awaiting a queue that holds messages does not yield, so a flood queued by the server
        is taken in one go, at the pace it arrives. Frames before ``connect`` is done go
        through Channels (its handlers run one at a time, so they wait for it).
        """

        async def receive_all_but_frames():
            while True:
                message = await receive()
                if message["type"] != "websocket.receive" or not self.reading_frames:
                    return message
                await self.websocket_receive(message)

        return receive_all_but_frames

    async def dispatch(self, message):
        """Channels' dispatch, without its ``aclose_old_connections`` before every message:
        that is a hop through the process's one shared database thread per socket and per
        broadcast, for sockets whose database work all runs on games/outbound/database_threads.py,
        which hands connections back after each call."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def websocket_connect(self, message):
        self.budget = FrameBudget()
        await super().websocket_connect(message)
        self.reading_frames = True

    async def websocket_receive(self, message):
        if self.closing:
            return  # on its way when we closed: dropped unread
        self.frames_read += 1
        await super().websocket_receive(message)

    async def close(self, code=None, reason=None):
        self.closing = True
        await super().close(code=code, reason=reason)

    async def take_budget(self) -> bool:
        """For ``receive``: True to handle this frame, False to refuse it. After too many
        refusals in a row the socket is cut off at once (then ``closing`` is True)."""
        if self.budget.take():
            return True
        if self.budget.flooding:
            await self.cut_off(f"{self.budget.refused_in_a_row} frames refused in a row")
        return False

    async def cut_off(self, why: str):
        log.warning(
            "%s: socket %s closed for flooding after %d frames (%s)",
            self.label, self.channel_name, self.frames_read, why,
        )
        self.closing = True  # no frame of it is handled from now on
        await self.leave()  # first, so that no broadcast is sent to a socket being closed
        await self.close(code=CLOSE_FLOODING)

    async def join(self, groups: list[str]):
        """Join ``groups``, and keep joining them while the socket lives."""
        self.joined = groups
        await self.join_groups()
        self.tasks.append(asyncio.create_task(self.keep_groups()))

    async def join_groups(self):
        async with group_operations():
            for group in self.joined:
                await self.channel_layer.group_add(group, self.channel_name)

    async def keep_groups(self):
        """Re-join every third of the layer's group expiry: membership of a live socket
        never lapses, while that of a socket whose process died does (see settings)."""
        while True:
            await asyncio.sleep(settings.CHANNEL_GROUP_EXPIRY_SECONDS / 3)
            try:
                await self.join_groups()
            except Exception:  # the layer may be briefly away; try again next time
                log.warning("%s: could not refresh groups", self.label, exc_info=True)

    async def leave(self):
        """Stop the socket's tasks and leave its groups: once, however the socket ends.

        A cancellation (the server shutting down, or killing an application slow to exit)
        waits for the leaving to finish, up to ``LEAVE_SECONDS``, and is raised after: the
        server must not take the application for finished, and stop its loop, halfway.
        """
        leaving = asyncio.ensure_future(self.leave_now())
        deadline = asyncio.get_running_loop().time() + LEAVE_SECONDS
        cancelled = False
        while not leaving.done():
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                break
            try:
                await asyncio.wait({leaving}, timeout=left)
            except asyncio.CancelledError:
                cancelled = True
        if cancelled:
            raise asyncio.CancelledError

    async def leave_now(self):
        tasks, self.tasks = self.tasks, []
        for task in tasks:
            task.cancel()
        joined, self.joined = self.joined, []
        if not joined:
            return
        try:
            async with group_operations():
                for group in joined:
                    await self.channel_layer.group_discard(group, self.channel_name)
        except Exception:  # the layer's group expiry removes it in the end
            log.warning("%s: socket %s could not leave its groups", self.label,
                        self.channel_name, exc_info=True)

    async def send_error(self, reason: str):
        await self.send(text_data=json.dumps({"type": "error", "reason": reason}))

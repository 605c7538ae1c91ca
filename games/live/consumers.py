"""The table WebSocket: parse a message, call one service, forward the frames of each version.

A socket reads the table from the database once, for its first snapshot (and again when the
client asks to ``sync``). After that it only forwards frames the writer built and encoded
once per version (games/outbound/broadcast.py): the public frame, with its own user's personal part
when they have one (never another's), so forwarding costs no query and no encoding.

``receive`` only counts a frame against the socket's budget and queues it: its command runs
in the socket's command queue, one at a time and in order (games/live/guarded_socket.py says
why: a flood must be read, and cut off, as fast as it comes).
"""

import asyncio
import functools
import logging

from django.conf import settings
from django.db import DatabaseError

from games import services, snapshots
from games.access import may_watch
from games.live.command_queue import CommandQueue
from games.live.guarded_socket import GuardedSocket
from games.live.version_order import HOLD_SECONDS, VersionOrder
from games.outbound import presence, runtime
from games.outbound.database_threads import reading, writing
from games.outbound.groups import session_tag, table_group, user_group
from games.projection import snapshot_frame, with_personal
from games.protocol import ProtocolError, Sync, parse_command
from games.services import chat_frames, practice

log = logging.getLogger(__name__)

# Close codes in the 4000 range are the application's own (see docs/protocol.md). They are
# sent after accepting, so that the client learns why (a refused handshake only says 403).
CLOSE_UNAUTHENTICATED = 4401  # no login, or logged out since
CLOSE_NO_SUCH_TABLE = 4404  # no such table, or a private one you were not invited to
# 4429 (CLOSE_FLOODING, games/live/flood.py): cut off for flooding (games/live/guarded_socket.py).
CLOSE_INTERNAL_ERROR = 1011  # a command failed unexpectedly (logged)


def load_snapshot_frame(table_id: int, user_id: int) -> tuple[int, str] | None:
    snapshot = snapshots.load(table_id, user_id)
    if snapshot is None:
        return None
    return snapshot.version, snapshot_frame(snapshot, user_id)


class TableConsumer(GuardedSocket):
    watching = False  # counted in the runtime's watched tables while True

    async def connect(self):
        self.user = self.scope["user"]
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        self.label = f"table {self.table_id}"
        self.user_key = str(self.user.id)  # how a version's message names this user's part
        self.order = VersionOrder()
        # This process's: its watched tables (for liveness), its sockets' presence.
        self.watched, self.presence = runtime.current().watched, presence.here()
        self.gap_timer: asyncio.TimerHandle | None = None
        await self.accept()
        if not self.user.is_authenticated:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        session = self.scope.get("session") or {}
        # A private table the user was not invited to looks exactly like a missing one.
        if not await reading(may_watch)(self.table_id, self.user, session):
            await self.close(code=CLOSE_NO_SUCH_TABLE)
            return
        key = getattr(session, "session_key", None)
        self.session = session_tag(key) if key else None  # its logout closes this socket
        self.commands = CommandQueue(
            settings.SOCKET_QUEUED_FRAMES, self.fail, name=f"{self.label} {self.channel_name}"
        )
        self.tasks.append(self.commands.task)
        # Join before reading the snapshot, so no version committed after it is missed.
        await self.join([table_group(self.table_id), user_group(self.user.id)])
        self.watched.watch(self.table_id)
        self.watching = True
        # A practice table stops dealing while its person is away: back, it deals again
        # (planned before the snapshot, which then shows it).
        if await reading(practice.stopped_for_its_person)(self.table_id, self.user.id):
            await writing(practice.deal_again)(self.table_id, self.user.id)
        await self.send_snapshot()
        await self.send_chat_history()
        # Beside the socket: frames that wait for connect to finish pile up unread.
        self.tasks.append(self.presence.opened(self.table_id, self.user.id, self.channel_name))

    async def leave_now(self):
        # The seat is kept: the clock still runs for a disconnected player.
        if self.watching:
            self.watching = False
            self.watched.unwatch(self.table_id)
            self.presence.closed(self.channel_name)
        if self.gap_timer is not None:
            self.gap_timer.cancel()
        await super().leave_now()

    async def receive(self, text_data=None, bytes_data=None):
        """Count the frame and queue it, in order; ``handle`` runs it later. Nothing here
        waits for the database, so a flood is read, and cut off, as fast as it comes."""
        admitted = await self.take_budget()
        if self.closing:
            return
        job = functools.partial(self.handle, text_data) if admitted else self.refuse
        if not self.commands.offer(job):
            await self.cut_off(f"more than {settings.SOCKET_QUEUED_FRAMES} frames waiting")

    async def refuse(self):
        await self.send_error(self.budget.refusal())

    async def fail(self):
        await self.close(code=CLOSE_INTERNAL_ERROR)

    async def handle(self, text_data: str | None):
        """One frame's command, in this socket's command queue (games/live/command_queue.py)."""
        try:
            command = parse_command(text_data)
        except ProtocolError as error:
            await self.send_error(str(error))
            return
        if isinstance(command, Sync):
            await self.send_snapshot()
            return
        try:
            await writing(services.perform)(
                self.table_id, self.user, command, session=self.scope.get("session")
            )
        except services.ServiceError as error:
            await self.send_error(str(error))
            return
        except DatabaseError:
            # Nothing was applied (the transaction rolled back); say so instead of dropping
            # the socket.
            log.exception("table %s: database error on %r", self.table_id, command)
            await self.send_error("The server is busy and could not do that; please try again.")
            return

    async def table_version(self, message):
        """A version: the public frame, with this user's own part if they have one."""
        personal = message["mine"].get(self.user_key)
        await self.forward(message["version"], with_personal(message["frame"], personal))

    async def table_chat(self, message):
        """A chat line, the same bytes for every socket of the table (no version)."""
        await self.send(text_data=message["frame"])

    async def table_chat_mutes(self, message):
        """The chat mutes as this user may see them, after the host changed them."""
        if message["table"] == self.table_id:
            await self.send(text_data=message["frame"])

    async def table_presence(self, message):
        """Which seated players have no page open (games/outbound/presence.py): no version."""
        self.presence.heard(message["table"], message["frame"])
        await self.send(text_data=message["frame"])

    async def session_ended(self, message):
        """The user logged out in this browser: the socket must not keep acting for them."""
        if message["session"] == self.session:
            await self.close(code=CLOSE_UNAUTHENTICATED)

    async def forward(self, version: int, frame: str):
        """Send the frames of each version once, in version order (games/live/version_order.py)."""
        self.watched.saw(self.table_id, version)
        for ready in self.order.arrive(version, frame):
            await self.send(text_data=ready)
        if self.order.waiting and self.gap_timer is None and not self.closing:
            loop = asyncio.get_running_loop()
            self.gap_timer = loop.call_later(HOLD_SECONDS, self.gap_not_filled)
        elif not self.order.waiting and self.gap_timer is not None:
            self.gap_timer.cancel()
            self.gap_timer = None

    def gap_not_filled(self):
        """A held frame's predecessor did not arrive in time: send a fresh snapshot."""
        self.gap_timer = None
        if self.order.waiting and not self.closing:
            self.tasks = [task for task in self.tasks if not task.done()]
            self.tasks.append(asyncio.create_task(self.send_snapshot()))

    async def send_snapshot(self):
        loaded = await reading(load_snapshot_frame)(self.table_id, self.user.id)
        if loaded is None:
            await self.close(code=CLOSE_NO_SUCH_TABLE)
            return
        version, frame = loaded
        self.watched.saw(self.table_id, version)
        if version < self.order.last:
            return  # a newer frame already went out while this was read
        await self.send(text_data=frame)
        for ready in self.order.start_at(version):
            await self.send(text_data=ready)

    async def send_chat_history(self):
        frame = await reading(chat_frames.history_frame)(self.table_id, self.user)
        if frame is not None:
            await self.send(text_data=frame)

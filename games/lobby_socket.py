"""The lobby WebSocket (``/ws/lobby/``): every public table's row, live, for anyone.

The lobby page is public, so anyone may watch, logged in or not. On connect the socket joins
the group ``lobby`` and then sends the list of tables in the lobby (two queries); after that
it forwards the rows the writer sends (games/lobby_feed.py), reading nothing. It is
read-only: whatever a client sends gets an error, within the same frame budget as the table
socket (games/flood.py), and a client that keeps sending past it is cut off.
"""

import asyncio
import json
import logging

from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from games import lobby, lobby_feed
from games.consumers import group_operations
from games.database_threads import reading
from games.flood import FrameBudget, refuse_over_budget

log = logging.getLogger(__name__)

READ_ONLY = "The lobby socket only sends: it takes no messages."


class LobbyConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        # Table id -> the newest version this socket has sent of it (a row or a removal).
        self.versions: dict[int, int] = {}
        self.joined = False
        self.refresher: asyncio.Task | None = None
        self.budget = FrameBudget(self.channel_name)
        await self.accept()
        # Join before reading, so no change committed after the read is missed. Messages
        # that arrive meanwhile wait until connect returns (Channels handles one at a time),
        # and those older than the list are dropped by ``newer``.
        await self.join_group()
        self.joined = True
        self.refresher = asyncio.create_task(self.keep_group())
        rows = await reading(lobby_feed.open_rows)()
        self.versions = {row.id: row.version for row in rows}
        await self.send(text_data=lobby.lobby_frame(rows))

    async def disconnect(self, code):
        if self.refresher is not None:
            self.refresher.cancel()
        if self.joined:
            async with group_operations():
                await self.channel_layer.group_discard(lobby_feed.LOBBY_GROUP, self.channel_name)

    async def join_group(self):
        async with group_operations():
            await self.channel_layer.group_add(lobby_feed.LOBBY_GROUP, self.channel_name)

    async def keep_group(self):
        """Re-join every third of the layer's group expiry, as table sockets do
        (games/consumers.py): a live socket's membership never lapses."""
        while True:
            await asyncio.sleep(settings.CHANNEL_GROUP_EXPIRY_SECONDS / 3)
            try:
                await self.join_group()
            except Exception:  # the layer may be briefly away; try again next time
                log.warning("lobby: could not refresh the group", exc_info=True)

    async def receive(self, text_data=None, bytes_data=None):
        if await refuse_over_budget(self.budget, self):
            return
        await self.send_error(READ_ONLY)

    async def lobby_table(self, message):
        if self.newer(message):
            await self.send(text_data=message["frame"])

    async def lobby_removed(self, message):
        if self.newer(message):
            await self.send(text_data=message["frame"])

    def newer(self, message) -> bool:
        """True (and remembered) when the message is newer than what this socket sent of
        its table: rows of one table may arrive late, or from several server processes."""
        table, version = message["table"], message["version"]
        if version <= self.versions.get(table, -1):
            return False
        self.versions[table] = version
        return True

    async def send_error(self, reason: str):
        await self.send(text_data=json.dumps({"type": "error", "reason": reason}))

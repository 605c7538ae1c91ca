"""The table WebSocket: parse a message, call one service, send this viewer's projection.

Table-wide group messages carry only the new version number; each socket then builds its
own viewer's projection from the database. Private data (hole cards) therefore never
travels in a group message, and a socket's frames hold only what its user may see.
"""

import logging

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.db import DatabaseError

from games import services
from games.access import may_watch
from games.projection import table_view
from games.protocol import ProtocolError, Sync, parse_command

log = logging.getLogger(__name__)

# Close codes in the 4000 range are the application's own (see docs/protocol.md).
CLOSE_UNAUTHENTICATED = 4401
CLOSE_NO_SUCH_TABLE = 4404


def table_group(table_id: int) -> str:
    return f"table_{table_id}"


class TableConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self):
        self.user = self.scope["user"]
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        self.last_version = -1
        if not self.user.is_authenticated:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        session = self.scope.get("session", {})
        # A private table the user was not invited to looks exactly like a missing one.
        if not await database_sync_to_async(may_watch)(self.table_id, self.user, session):
            await self.close(code=CLOSE_NO_SUCH_TABLE)
            return
        await self.channel_layer.group_add(table_group(self.table_id), self.channel_name)
        await self.accept()
        await self.send_view("snapshot")

    async def disconnect(self, code):
        # The seat is kept: the clock still runs for a disconnected player.
        await self.channel_layer.group_discard(table_group(self.table_id), self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        try:
            command = parse_command(text_data)
        except ProtocolError as error:
            await self.send_error(str(error))
            return
        if isinstance(command, Sync):
            await self.send_view("snapshot", force=True)
            return
        try:
            await database_sync_to_async(services.perform)(self.table_id, self.user, command)
        except services.ServiceError as error:
            await self.send_error(str(error))
        except DatabaseError:
            # Nothing was applied (the transaction rolled back); say so instead of dropping
            # the socket.
            log.exception("table %s: database error on %r", self.table_id, command)
            await self.send_error("The server is busy and could not do that; please try again.")

    async def table_changed(self, message):
        """Group message from services after a commit: send this viewer the new state."""
        if message["version"] > self.last_version:
            await self.send_view("update")

    async def send_view(self, kind: str, force: bool = False):
        view = await database_sync_to_async(table_view)(self.table_id, self.user)
        if view is None:
            await self.close(code=CLOSE_NO_SUCH_TABLE)
            return
        if not force and view["version"] <= self.last_version:
            return
        self.last_version = view["version"]
        await self.send_json({"type": kind, "version": view["version"], "table": view})

    async def send_error(self, reason: str):
        await self.send_json({"type": "error", "reason": reason})

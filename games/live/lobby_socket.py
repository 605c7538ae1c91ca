"""The lobby WebSocket (``/ws/lobby/``): every public table's row, live, for anyone.

The lobby page is public, so anyone may watch, logged in or not. On connect the socket joins
the group ``lobby`` and then sends the list of tables in the lobby (two queries); after that
it forwards the rows the writer sends (games/outbound/lobby_feed.py), reading nothing. It is
read-only: whatever a client sends gets an error, within the same frame budget as the table
socket (games/live/flood.py), and a client that keeps sending past it is cut off; its group is
left however the socket ends (games/live/guarded_socket.py).
"""

from games import lobby
from games.live.guarded_socket import GuardedSocket
from games.outbound import lobby_feed
from games.outbound.database_threads import reading

READ_ONLY = "The lobby socket only sends: it takes no messages."


class LobbyConsumer(GuardedSocket):
    label = "lobby"

    async def connect(self):
        # Table id -> the newest version this socket has sent of it (a row or a removal).
        self.versions: dict[int, int] = {}
        await self.accept()
        # Join before reading, so no change committed after the read is missed. Messages
        # that arrive meanwhile wait until connect returns (Channels handles one at a time),
        # and those older than the list are dropped by ``newer``.
        await self.join([lobby_feed.LOBBY_GROUP])
        rows = await reading(lobby_feed.open_rows)()
        self.versions = {row.id: row.version for row in rows}
        await self.send(text_data=lobby.lobby_frame(rows))

    async def receive(self, text_data=None, bytes_data=None):
        admitted = await self.take_budget()
        if not self.closing:
            await self.send_error(READ_ONLY if admitted else self.budget.refusal())

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

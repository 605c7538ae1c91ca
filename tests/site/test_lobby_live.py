"""The live lobby through the real ASGI stack: lobby sockets, table sockets and the services.

A raw channel in the ``lobby`` group sees every message the writer sends there, so counts
hold for the group itself, not only for what a socket chose to forward.
"""

import asyncio
import contextlib
import json

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.db import transaction
from django.test import Client

from games import lobby, services
from games.bots.players import start_practice
from games.forms import CreateTableForm
from games.live.lobby_socket import READ_ONLY
from games.models import Seat, Table
from games.outbound.lobby_feed import LOBBY_GROUP, open_rows
from games.outbound.presence import Presence
from games.outbound.runtime import current
from games.services import hosting
from games.services.writer import lock_table
from games.snapshots import capture
from pokersite.asgi import application
from tests.games import conftest as shared
from tests.games.conftest import ACES_KINGS_DECK, make_user
from tests.games.sockets import (
    REFUSED_HANDSHAKE,
    SITE,
    RecordingSocket,
    session_key_for,
    settle,
)
from tests.games.statements import statements_in_every_thread

pytestmark = pytest.mark.django_db(transaction=True)
# The people of tests/games (pytest finds fixtures by module name).
alice, bob, carol = shared.alice, shared.bob, shared.carol

# Statements of the writer, counted on SQLite before the lobby existed (PostgreSQL runs
# fewer: no BEGIN statement): a third player sitting down (command receipt, lock, seats and
# latest hand, bankroll, ledger, seat, the next-deal check, version, the views' seats) and a
# preflop call (tests/games/test_fanout.py). The lobby must add none.
STATEMENTS_PER_SIT = 23
STATEMENTS_PER_CALL = 9
# The lobby socket's first frame: the tables, then their players.
STATEMENTS_PER_LOBBY_SNAPSHOT = 2


class LobbySocket:
    """A lobby socket that keeps every frame it received."""

    def __init__(self, communicator: WebsocketCommunicator):
        self.communicator = communicator
        self.frames: list[dict] = []

    @classmethod
    async def open(cls, user=None, headers=SITE) -> "LobbySocket":
        headers = list(headers)
        if user is not None:
            headers.append((b"cookie", f"sessionid={await session_key_for(user)}".encode()))
        socket = cls(WebsocketCommunicator(application, "/ws/lobby/", headers=headers))
        socket.connected, socket.close_code = await socket.communicator.connect(timeout=10)
        return socket

    async def receive(self, timeout: float = 5) -> dict:
        frame = await self.communicator.receive_json_from(timeout=timeout)
        self.frames.append(frame)
        return frame

    async def send(self, text: str) -> None:
        await self.communicator.send_to(text_data=text)

    async def nothing_more(self) -> bool:
        return await self.communicator.receive_nothing(timeout=0.5)

    async def close(self) -> None:
        await self.communicator.disconnect()


class GroupListener:
    """A bare channel in the lobby group: every message sent to the group, unfiltered.

    One receive runs for the listener's whole life: the Redis pub/sub layer takes a
    cancelled receive for a channel going away and unsubscribes it."""

    def __init__(self):
        self.layer = get_channel_layer()
        self.channel = ""
        self.received: asyncio.Queue[dict] = asyncio.Queue()

    async def __aenter__(self) -> "GroupListener":
        self.channel = await self.layer.new_channel()
        await self.layer.group_add(LOBBY_GROUP, self.channel)
        self.listening = asyncio.create_task(self.listen())
        return self

    async def listen(self) -> None:
        while True:
            self.received.put_nowait(await self.layer.receive(self.channel))

    async def __aexit__(self, *exc) -> None:
        self.listening.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.listening
        await self.layer.group_discard(LOBBY_GROUP, self.channel)

    async def messages(self) -> list[dict]:
        """Every message waiting now (the writer sends before its service returns)."""
        found = []
        while True:
            try:
                found.append(await asyncio.wait_for(self.received.get(), 0.5))
            except TimeoutError:
                return found


def make_staff():
    """Staff run any table from the felt, and delete empty ones in the admin."""
    user = make_user("stella")
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    return user


def public_table(name: str = "Friday game", **fields) -> Table:
    return Table.objects.create(
        name=name, small_blind=1, big_blind=2, min_buy_in=40, max_buy_in=200, **fields
    )


async def sit(user, table: Table, seat: int) -> RecordingSocket:
    """Sit down through a table socket, as a page does; return that socket."""
    socket = await RecordingSocket.open(table.id, user)
    assert (await socket.receive())["type"] == "snapshot"
    await socket.send({"type": "sit", "seat": seat, "buy_in": 200})
    frame = await socket.receive_until(lambda f: f["type"] in ("update", "error"))
    assert frame["type"] == "update", frame
    return socket


async def table_version(table: Table) -> int:
    return await database_sync_to_async(
        lambda: Table.objects.values_list("version", flat=True).get(pk=table.id)
    )()


# -------------------------------------------------------------------------- the first frame


async def test_the_first_frame_lists_exactly_the_public_tables_that_are_not_closed(
    alice, bob, carol
):
    @database_sync_to_async
    def tables():
        shown = public_table("Open game", ante=1)
        Seat.objects.create(table=shown, user=bob, number=5, stack=100)
        Seat.objects.create(table=shown, user=alice, number=2, stack=100)
        paused = public_table("Paused game", status=Table.Status.PAUSED)
        public_table("Closed game", status=Table.Status.CLOSED)
        secret = public_table("Secret game", is_private=True, host=carol)
        Seat.objects.create(table=secret, user=carol, number=1, stack=100)
        start_practice(carol, bots=1, strength="mixed")
        return shown, paused

    shown, paused = await tables()
    for user in (None, carol):  # anonymous people watch the lobby too
        async with statements_in_every_thread() as log:
            socket = await LobbySocket.open(user)
            first = await socket.receive()
        assert socket.connected
        assert first["type"] == "lobby"
        assert [t["id"] for t in first["tables"]] == [paused.id, shown.id]  # newest first
        if user is None:  # a logged-in socket also reads its session and user
            assert len(log) == STATEMENTS_PER_LOBBY_SNAPSHOT, log.statements
        assert await socket.nothing_more()
        await socket.close()
    assert first["tables"][1] == {
        "id": shown.id, "name": "Open game", "version": 0, "status": "open",
        "small_blind": 1, "big_blind": 2, "ante": 1, "min_buy_in": 40, "max_buy_in": 200,
        "max_seats": 6, "seats_taken": 2, "players": ["alice", "bob"], "hands_played": 0,
        "url": f"/tables/{shown.id}/",
    }
    assert first["tables"][0]["status"] == "paused"


async def test_the_page_renders_the_rows_the_socket_sends(alice):
    @database_sync_to_async
    def page_and_rows():
        table = public_table()
        Seat.objects.create(table=table, user=alice, number=4, stack=100)
        public_table("Secret game", is_private=True)
        return Client().get("/").content.decode(), table

    page, table = await page_and_rows()
    assert page.count("data-table-id=") == 1
    assert f'<tr data-table-id="{table.id}" data-status="open">' in page
    assert '<td class="num seats">1/6</td><td class="players">alice</td>' in page
    assert "Secret game" not in page


# -------------------------------------------------------------------------------- changes


async def test_sitting_down_and_standing_up_at_a_public_table_send_its_new_row(
    alice, bob
):
    table = await database_sync_to_async(public_table)()
    watcher = await LobbySocket.open()
    assert (await watcher.receive())["tables"][0]["players"] == []

    a = await sit(alice, table, 3)
    row = await watcher.receive()
    assert row["type"] == "lobby_table"
    assert row["table"]["id"] == table.id
    assert (row["table"]["seats_taken"], row["table"]["players"]) == (1, ["alice"])
    assert row["table"]["version"] == await table_version(table)

    b = await sit(bob, table, 1)
    row = await watcher.receive()
    assert (row["table"]["seats_taken"], row["table"]["players"]) == (2, ["bob", "alice"])

    await b.send({"type": "stand"})
    await b.receive_until(lambda f: f["type"] == "update")
    row = await watcher.receive()
    assert (row["table"]["seats_taken"], row["table"]["players"]) == (1, ["alice"])
    assert await watcher.nothing_more()
    for socket in (a, b, watcher):
        await socket.close()


async def test_a_hand_played_to_showdown_sends_the_lobby_one_frame_its_deal(alice, bob, carol):
    """Betting changes nothing the lobby shows: only the deal (hands played) is news."""
    table = await database_sync_to_async(public_table)()
    async with GroupListener() as group:
        watcher = await LobbySocket.open()
        await watcher.receive()
        players = [await sit(user, table, n) for n, user in enumerate((alice, bob, carol), 1)]
        await database_sync_to_async(services.start_next_hand)(table.id, list(ACES_KINGS_DECK))
        assert len(await group.messages()) == 4  # three seats taken, one hand dealt
        for _ in range(4):
            await watcher.receive()
        assert watcher.frames[-1]["table"]["hands_played"] == 1
        await settle(*players)

        a, b, c = players
        script = [
            (a, "fold", None), (b, "call", None), (c, "check", None), (b, "bet", 10),
            (c, "call", None), (b, "check", None), (c, "check", None), (b, "bet", 20),
            (c, "call", None),
        ]
        for socket, action, amount in script:
            version = socket.latest_table["version"]
            message = {"type": "act", "action": action, "version": version}
            if amount is not None:
                message["amount"] = amount
            await socket.send(message)
            for each in players:
                frame = await each.receive_until(
                    lambda f, v=version: f["type"] == "error" or f["version"] > v
                )
                assert frame["type"] == "update", frame
        assert players[1].latest_table["hand"]["complete"]

        assert await group.messages() == []
        assert await watcher.nothing_more()
        assert len(watcher.frames) == 1 + 4
    for socket in (*players, watcher):
        await socket.close()


async def test_a_private_table_never_reaches_the_lobby(alice, bob):
    """A private table from the form (sat at, left, paused, deleted) and a practice table
    with bots (closed): not one message. A public table created afterwards is the first
    and only news (the control)."""
    staffer = await database_sync_to_async(make_staff)()

    @database_sync_to_async
    def create(user, name: str, private: bool) -> Table:
        form = CreateTableForm({
            "name": name, "small_blind": 1, "big_blind": 2, "max_seats": 6,
            "min_buy_in": 40, "max_buy_in": 200, "action_seconds": 30, "is_private": private,
        })
        assert form.is_valid(), form.errors
        return form.create(user)

    async with GroupListener() as group:
        watcher = await LobbySocket.open()
        assert (await watcher.receive())["tables"] == []
        secret = await create(alice, "Secret game", private=True)
        practice = await database_sync_to_async(start_practice)(bob, 2, "mixed")
        a = await sit(alice, secret, 2)
        await a.send({"type": "stand"})
        await a.receive_until(lambda f: f["type"] == "update")
        await database_sync_to_async(hosting.pause)(secret.id, alice)
        await database_sync_to_async(hosting.close)(practice.id, bob)
        await database_sync_to_async(hosting.delete_table)(secret.id, staffer)
        assert await group.messages() == []
        assert await watcher.nothing_more()

        control = await create(alice, "Public game", private=False)
        (message,) = await group.messages()
        assert message["table"] == control.id
        frame = await watcher.receive()
        assert frame["type"] == "lobby_table" and frame["table"]["name"] == "Public game"
        assert (frame["table"]["seats_taken"], frame["table"]["players"]) == (0, [])
    for socket in (a, watcher):
        await socket.close()


async def test_pausing_shows_paused_and_closing_or_deleting_a_table_removes_it(alice, bob):
    staffer = await database_sync_to_async(make_staff)()
    closing = await database_sync_to_async(public_table)("Closing game")
    deleted = await database_sync_to_async(public_table)("Deleted game")
    watcher = await LobbySocket.open()
    assert len((await watcher.receive())["tables"]) == 2
    a = await sit(alice, closing, 1)
    assert (await watcher.receive())["table"]["players"] == ["alice"]

    await database_sync_to_async(hosting.pause)(closing.id, staffer)
    row = await watcher.receive()
    assert (row["table"]["id"], row["table"]["status"]) == (closing.id, "paused")

    # Closing between hands cashes everyone out: the table leaves the lobby.
    await database_sync_to_async(hosting.close)(closing.id, staffer)
    assert await watcher.receive() == {
        "type": "lobby_removed", "table_id": closing.id, "version": await table_version(closing)
    }
    await database_sync_to_async(hosting.delete_table)(deleted.id, staffer)
    frame = await watcher.receive()
    assert (frame["type"], frame["table_id"]) == ("lobby_removed", deleted.id)
    assert await watcher.nothing_more()

    fresh = await LobbySocket.open()
    assert (await fresh.receive())["tables"] == []
    for socket in (a, watcher, fresh):
        await socket.close()


async def test_a_table_created_from_the_lobby_page_appears_with_nobody_seated(alice):
    watcher = await LobbySocket.open()
    await watcher.receive()

    @database_sync_to_async
    def create_through_the_page():
        client = Client()
        client.force_login(alice)
        response = client.post("/tables/new/", {
            "name": "New game", "small_blind": 5, "big_blind": 10, "max_seats": 9,
            "min_buy_in": 100, "max_buy_in": 1000, "action_seconds": 30,
        })
        assert response.status_code == 302
        return Table.objects.get(name="New game")

    table = await create_through_the_page()
    frame = await watcher.receive()
    assert frame["type"] == "lobby_table"
    assert {k: frame["table"][k] for k in ("id", "seats_taken", "max_seats", "players")} == {
        "id": table.id, "seats_taken": 0, "max_seats": 9, "players": [],
    }
    assert (frame["table"]["small_blind"], frame["table"]["big_blind"]) == (5, 10)
    await watcher.close()


# --------------------------------------------------------------------- a read-only socket


async def test_whatever_a_client_sends_gets_an_error_and_a_flood_is_cut_off(settings):
    settings.SOCKET_FRAME_RATES = "3/minute"
    settings.SOCKET_REFUSALS_BEFORE_CLOSE = 2
    socket = await LobbySocket.open()
    await socket.receive()
    for text in ('{"type": "sit", "seat": 1, "buy_in": 200}', "not json", '{"type": "sync"}'):
        await socket.send(text)
        assert await socket.receive() == {"type": "error", "reason": READ_ONLY}
    await socket.send('{"type": "sync"}')
    assert (await socket.receive())["reason"] == "Too many messages: at most 3 per 1 minute."
    await socket.send('{"type": "sync"}')
    output = await socket.communicator.receive_output(timeout=5)
    assert (output["type"], output["code"]) == ("websocket.close", 4429)
    assert len(socket.frames) == 1 + 4


async def test_a_lobby_socket_from_another_origin_is_refused(db):
    foreign = [(b"host", b"127.0.0.1:8000"), (b"origin", b"http://127.0.0.1:1")]
    socket = await LobbySocket.open(headers=foreign)
    assert (socket.connected, socket.close_code) == (False, REFUSED_HANDSHAKE)
    socket = await LobbySocket.open(headers=[(b"host", b"127.0.0.1:8000")])  # no Origin
    assert (socket.connected, socket.close_code) == (False, REFUSED_HANDSHAKE)


# ------------------------------------------------------------------------- what it costs


async def test_the_lobby_adds_no_statement_to_the_writer(alice, bob, carol, settings):
    settings.PRESENCE_SECONDS = 3600  # no presence renewal (its reads) during the counts
    table = await database_sync_to_async(public_table)()
    a = await sit(alice, table, 1)

    async def cost_of_sitting(user, seat: int) -> tuple[int, RecordingSocket]:
        socket = await RecordingSocket.open(table.id, user)
        await socket.receive()
        await socket.receive_chat()  # read after the snapshot: not part of what is counted
        # The socket's presence, too.
        await asyncio.wait_for(current().own(Presence).settled(), timeout=10)
        async with statements_in_every_thread() as log:
            await socket.send({"type": "sit", "seat": seat, "buy_in": 200})
            assert (await socket.receive())["type"] == "update"
        return len(log), socket

    # The same change (a player sits down between hands, and the lobby hears of it), with
    # no lobby socket and with three: forwarding reads nothing.
    alone, b = await cost_of_sitting(bob, 2)
    watchers = [await LobbySocket.open() for _ in range(3)]
    for watcher in watchers:
        await watcher.receive()
    watched, c = await cost_of_sitting(carol, 3)
    for watcher in watchers:
        assert (await watcher.receive())["table"]["seats_taken"] == 3
    assert 0 < alone == watched <= STATEMENTS_PER_SIT

    await database_sync_to_async(services.start_next_hand)(table.id, list(ACES_KINGS_DECK))
    await settle(a, b, c)
    async with statements_in_every_thread() as log:
        version = a.latest_table["version"]
        await a.send({"type": "act", "action": "call", "version": version})
        await a.receive_until(lambda f: f["version"] > version)
    assert 0 < len(log) <= STATEMENTS_PER_CALL, "\n".join(log.statements)
    for socket in (a, b, c, *watchers):
        await socket.close()


def test_the_row_before_a_change_the_row_after_it_and_the_pages_row_agree(alice, bob):
    """The writer compares the row of its locked table with the row of its snapshot: if the
    two ways of building a row disagreed, every action would look like news."""
    table = public_table(ante=1)
    services.sit(table.id, bob, 4, 100)
    services.sit(table.id, alice, 2, 100)
    with transaction.atomic():
        locked = lock_table(table.id)  # only read here: the change is never published
        before = lobby.row_of(locked.table, locked.seats)
        snapshot = capture(locked.table, None, None)
    after = lobby.row_after(snapshot, locked.table.is_private, locked.table.hands_played)
    (listed,) = open_rows()
    assert before == after == listed
    assert before.players == ("alice", "bob")
    assert json.loads(lobby.lobby_frame([listed]))["tables"][0]["players"] == ["alice", "bob"]

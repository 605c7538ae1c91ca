"""A flaky network and a hostile client: repeated copies, floods, logouts, future versions.

Through the real ASGI stack (in-memory layer here, Redis in CI's second pass).
"""

import pytest
from channels.db import database_sync_to_async
from django.test import override_settings

from games import services
from games.models import Seat
from tests.games.conftest import ACES_KINGS_DECK
from tests.games.sockets import RecordingSocket, session_key_for

pytestmark = pytest.mark.django_db(transaction=True)


async def opened(table, user) -> RecordingSocket:
    socket = await RecordingSocket.open(table.id, user)
    assert (await socket.receive())["type"] == "snapshot"
    return socket


@database_sync_to_async
def seats(table) -> list[tuple[int, str]]:
    return list(Seat.objects.filter(table=table).values_list("number", "user__username"))


async def test_a_delayed_copy_of_a_sit_is_refused_after_the_player_stood_up(table, alice):
    socket = await opened(table, alice)
    sit = {"type": "sit", "seat": 3, "buy_in": 100, "request_id": "sit-3-0001"}
    await socket.send(sit)
    assert (await socket.receive())["table"]["you"]["seat"] == 3
    await socket.send({"type": "stand"})
    assert (await socket.receive())["table"]["you"]["seat"] is None
    await socket.send(sit)  # the network delivers the first sit again
    refusal = await socket.receive()
    assert refusal["type"] == "error"
    assert refusal["reason"].startswith("That request was already carried out")
    assert await seats(table) == []
    await socket.close()


async def test_a_refused_command_leaves_no_receipt_so_it_can_be_sent_again(table, alice, bob):
    first = await opened(table, alice)
    await first.send({"type": "sit", "seat": 2, "buy_in": 100})
    await first.receive()
    second = await opened(table, bob)
    sit = {"type": "sit", "seat": 2, "buy_in": 100, "request_id": "bob-sits-2"}
    await second.send(sit)
    assert (await second.receive())["reason"] == "Seat 2 is taken."
    await first.send({"type": "stand"})
    await second.receive()
    await second.send(sit)  # the same request, now possible
    assert (await second.receive())["table"]["you"]["seat"] == 2
    for socket in (first, second):
        await socket.close()


async def test_an_action_quoting_a_future_version_is_told_so(table, alice, bob):
    @database_sync_to_async
    def deal():
        services.sit(table.id, alice, 1, 200)
        services.sit(table.id, bob, 2, 200)
        services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))

    await deal()
    socket = await opened(table, alice)
    version = socket.latest_table["version"]
    await socket.send({"type": "act", "action": "call", "version": version + 5})
    reason = (await socket.receive())["reason"]
    assert reason == (
        f"Your action quotes version {version + 5}, but the table is only at version "
        f"{version}; send the version of the table you are looking at."
    )
    await socket.send({"type": "act", "action": "call", "version": version})
    assert (await socket.receive())["type"] == "update"
    await socket.close()


@override_settings(SOCKET_FRAME_RATES="5/second", SOCKET_REFUSALS_BEFORE_CLOSE=10)
async def test_a_flood_is_refused_frame_by_frame_and_then_cut_off_with_4429(table, alice):
    socket = await opened(table, alice)
    for _ in range(40):
        await socket.send({"type": "sync"})
    code = await socket.closed_with()
    kinds = [frame["type"] for frame in socket.frames[1:]]
    assert code == 4429
    assert kinds == ["snapshot"] * 5 + ["error"] * 9, kinds
    assert socket.frames[-1]["reason"] == "Too many messages: at most 5 per 1 second."


async def test_logging_out_closes_the_sockets_of_that_browser_only(table, alice):
    from channels.testing import WebsocketCommunicator
    from django.contrib.sessions.backends.db import SessionStore
    from django.test import AsyncClient

    from pokersite.asgi import application
    from tests.games.sockets import SITE

    key = await session_key_for(alice)
    other_browser = await opened(table, alice)
    communicator = WebsocketCommunicator(
        application,
        f"/ws/tables/{table.id}/",
        headers=[*SITE, (b"cookie", f"sessionid={key}".encode())],
    )
    assert (await communicator.connect())[0]
    await communicator.receive_json_from()
    assert (await communicator.receive_json_from())["type"] == "chat_history"
    client = AsyncClient()
    client.cookies["sessionid"] = key
    response = await client.post("/logout/")
    assert response.status_code == 302
    closed = await communicator.receive_output(timeout=5)
    assert (closed["type"], closed["code"]) == ("websocket.close", 4401)
    assert not await database_sync_to_async(SessionStore().exists)(key)
    # The same user in another browser is still at the table.
    await other_browser.send({"type": "sync"})
    assert (await other_browser.receive())["type"] == "snapshot"
    await other_browser.close()

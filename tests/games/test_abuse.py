"""A flaky network and a hostile client: repeated copies, floods, logouts, future versions.

Through the real ASGI stack (in-memory layer here, Redis in CI's second pass).
"""

import asyncio
import contextlib
import threading

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer
from django.test import override_settings

from games import services
from games.models import Seat
from games.outbound.broadcast import table_group, user_group
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


@database_sync_to_async
def deal_heads_up(table, alice, bob) -> None:
    services.sit(table.id, alice, 1, 200)
    services.sit(table.id, bob, 2, 200)
    services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))


async def test_an_action_quoting_a_future_version_is_told_so(table, alice, bob):
    await deal_heads_up(table, alice, bob)
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


async def test_a_double_click_gets_the_action_and_then_a_polite_error(table, alice, bob):
    await deal_heads_up(table, alice, bob)
    socket = await opened(table, alice)
    call = {"type": "act", "action": "call", "version": socket.latest_table["version"]}
    await socket.send(call)
    await socket.send(call)
    # Both come back; through Redis the update may arrive after the second call's answer.
    frames = sorted([await socket.receive(), await socket.receive()], key=lambda f: f["type"])
    update, refusal = frames[1], frames[0]
    assert (update["type"], refusal["type"]) == ("update", "error")
    assert refusal["reason"].startswith("The table has moved on since you acted")
    await socket.send({"type": "sync"})  # the socket is still open
    assert (await socket.receive())["type"] == "snapshot"
    await socket.close()


@override_settings(SOCKET_FRAME_RATES="5/minute", SOCKET_REFUSALS_BEFORE_CLOSE=10)
async def test_a_client_over_its_budget_is_told_in_turn_and_keeps_its_socket(table, alice):
    socket = await opened(table, alice)
    for _ in range(6):
        await socket.send({"type": "sync"})
    kinds = [(await socket.receive())["type"] for _ in range(6)]
    assert kinds == ["snapshot"] * 5 + ["error"]  # the refusal answers the sixth frame
    assert socket.frames[-1]["reason"] == "Too many messages: at most 5 per 1 minute."
    await socket.send({"type": "chat", "text": "sorry"})  # still open, still refused
    assert (await socket.receive())["type"] == "error"
    await socket.close()


@override_settings(SOCKET_FRAME_RATES="5/minute", SOCKET_REFUSALS_BEFORE_CLOSE=10)
async def test_a_flood_is_cut_off_with_4429_after_its_budget_and_the_refusals(
    table, alice, caplog
):
    socket = await opened(table, alice)
    for _ in range(40):
        await socket.send({"type": "sync"})
    assert await socket.closed_with() == 4429
    await socket.close()
    # The socket reads as fast as the client writes: 5 frames in the budget, then 10
    # refused in a row, and nothing after. Replies not sent by then never are.
    assert "closed for flooding after 15 frames (10 frames refused in a row)" in caplog.text
    kinds = [frame["type"] for frame in socket.frames[1:]]
    assert kinds == (["snapshot"] * 5 + ["error"] * 9)[: len(kinds)], kinds


@override_settings(SOCKET_QUEUED_FRAMES=3)
async def test_a_socket_with_more_frames_waiting_than_a_person_sends_is_cut_off(
    table, alice, caplog, monkeypatch
):
    """The database is slow: one command runs, three wait, and one more is a flood."""
    running, release = threading.Event(), threading.Event()
    carried_out = []

    def slow_perform(table_id, user, command, session=None):
        running.set()
        release.wait(timeout=30)
        carried_out.append(command)

    monkeypatch.setattr(services, "perform", slow_perform)
    socket = await opened(table, alice)
    try:
        await socket.send({"type": "chat", "text": "one"})
        assert await asyncio.to_thread(running.wait, 30)
        for text in ("two", "three", "four", "five"):
            await socket.send({"type": "chat", "text": text})
        assert await socket.closed_with() == 4429
    finally:
        release.set()
    await socket.close()
    assert "closed for flooding after 5 frames (more than 3 frames waiting)" in caplog.text
    assert len(carried_out) <= 1  # the waiting ones were dropped


async def test_a_command_that_fails_unexpectedly_closes_its_socket_with_1011(
    table, alice, monkeypatch
):
    """As an exception in ``receive`` did before commands had a queue of their own: the
    socket does not go on with its commands silently unanswered."""

    def broken_perform(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(services, "perform", broken_perform)
    socket = await opened(table, alice)
    await socket.send({"type": "chat", "text": "hello"})
    assert await socket.closed_with() == 1011
    await socket.close()


async def group_members(group: str) -> set[str]:
    """The channels in ``group``, in the in-memory layer or in Redis."""
    layer = get_channel_layer()
    if isinstance(layer, RedisPubSubChannelLayer):  # memberships live in this process
        return set(layer.groups.get(f"{layer.prefix}__group__{group}", ()))
    if hasattr(layer, "groups"):
        return set(layer.groups.get(group, {}))
    connection = layer.connection(layer.consistent_hash(group))
    return {m.decode() for m in await connection.zrange(layer._group_key(group), 0, -1)}


async def members_of_its_groups(table, user) -> set[str]:
    return await group_members(table_group(table.id)) | await group_members(user_group(user.id))


@override_settings(SOCKET_FRAME_RATES="1/minute", SOCKET_REFUSALS_BEFORE_CLOSE=1)
async def test_a_socket_cut_off_for_flooding_leaves_its_groups_at_once(table, alice):
    before = await members_of_its_groups(table, alice)
    socket = await opened(table, alice)
    channels = await members_of_its_groups(table, alice) - before
    assert len(channels) == 1
    await socket.send({"type": "sync"})
    await socket.send({"type": "sync"})
    assert await socket.closed_with() == 4429
    # Left before the client even answered the close.
    assert not channels & await members_of_its_groups(table, alice)
    await socket.close()


async def test_a_socket_cancelled_by_the_server_leaves_its_groups(table, alice):
    """As when the server shuts down, or kills an application that was slow to exit:
    ``disconnect`` never runs."""
    before = await members_of_its_groups(table, alice)
    socket = await opened(table, alice)
    channels = await members_of_its_groups(table, alice) - before
    assert len(channels) == 1
    application = socket.communicator.future
    application.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await application
    assert not channels & await members_of_its_groups(table, alice)


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
    while closed["type"] == "websocket.send":  # a presence frame (games/outbound/presence.py)
        closed = await communicator.receive_output(timeout=5)
    assert (closed["type"], closed["code"]) == ("websocket.close", 4401)
    assert not await database_sync_to_async(SessionStore().exists)(key)
    # The same user in another browser is still at the table.
    await other_browser.send({"type": "sync"})
    assert (await other_browser.receive())["type"] == "snapshot"
    await other_browser.close()

"""A socket forwards a table's versions in order, even when the channel layer brings them
out of order (two processes publishing consecutive versions), and fills a version that never
comes with a snapshot. Through the real ASGI stack and channel layer (in-memory under
`make test`, Redis in CI's second pass), and through real server processes."""

import asyncio
import json

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from games import services
from games.outbound import broadcast
from games.outbound.broadcast import table_group
from tests.games.live import LiveSocket, session_key_for, subprocess_env
from tests.games.sockets import RecordingSocket
from tests.servers import daphne_server

pytestmark = pytest.mark.django_db(transaction=True)


def public_message(version: int) -> dict:
    """A version's message with no personal part, as the writer publishes it
    (games/outbound/broadcast.py)."""
    frame = json.dumps({"type": "update", "version": version, "table": {"version": version}})
    return {"type": "table.version", "version": version, "frame": frame, "mine": {}}


async def publish_out_of_order(table_id: int, start: int) -> None:
    """Versions start+1..start+3 as two processes racing might deliver them: two ahead first."""
    layer = get_channel_layer()
    for version in (start + 2, start + 3, start + 1):
        await layer.group_send(table_group(table_id), public_message(version))


async def test_a_version_that_arrives_early_waits_for_its_predecessor(table, spectator):
    socket = await RecordingSocket.open(table.id, spectator)
    start = (await socket.receive())["version"]
    await publish_out_of_order(table.id, start)
    received = [(await socket.receive())["version"] for _ in range(3)]
    assert received == [start + 1, start + 2, start + 3]
    await socket.close()


async def test_a_version_that_never_arrives_is_filled_by_a_snapshot(
    table, spectator, alice, monkeypatch
):
    socket = await RecordingSocket.open(table.id, spectator)
    start = (await socket.receive())["version"]
    # A real change (version start + 1) whose broadcast is lost, then its successor's frame.
    with monkeypatch.context() as lost:
        lost.setattr(broadcast, "publish", lambda snapshot: None)
        await database_sync_to_async(services.sit)(table.id, alice, 1, 200)
    await get_channel_layer().group_send(table_group(table.id), public_message(start + 2))
    snapshot = await socket.receive(timeout=10)
    assert (snapshot["type"], snapshot["version"]) == ("snapshot", start + 1)
    assert [seat["player"] for seat in snapshot["table"]["seats"]] == ["alice"]
    assert (await socket.receive())["version"] == start + 2
    await socket.close()


@pytest.mark.services
@pytest.mark.parametrize("server", ["daphne", "uvicorn"])
def test_a_spectator_of_another_process_gets_versions_in_order(server, table, spectator):
    """Frames published through Redis by another process (this test's), out of order, reach
    the spectator of a real server process in order."""
    key = asyncio.run(session_key_for(spectator))
    with daphne_server(subprocess_env(), server=server) as base:

        async def watch():
            watcher = await LiveSocket.open(base, table.id, key)
            start = watcher.table["version"]
            await publish_out_of_order(table.id, start)
            received = [(await watcher.receive())["version"] for _ in range(3)]
            await watcher.close()
            return start, received

        start, received = asyncio.run(watch())
    assert received == [start + 1, start + 2, start + 3]


@pytest.mark.services
def test_players_on_two_processes_and_a_spectator_see_every_version_once_in_order(
    table, alice, bob, carol
):
    """Alice on a daphne process, bob and the spectator on a uvicorn one: every version of
    a few hands reaches the spectator once, in order, as an update (no snapshot needed)."""
    services.sit(table.id, alice, 1, 200)
    services.sit(table.id, bob, 2, 200)
    services.start_next_hand(table.id)
    keys = [asyncio.run(session_key_for(user)) for user in (alice, bob, carol)]
    env = subprocess_env()
    with daphne_server(env) as first, daphne_server(env, server="uvicorn") as second:

        async def play_and_watch():
            players = {
                1: await LiveSocket.open(first, table.id, keys[0]),
                2: await LiveSocket.open(second, table.id, keys[1]),
            }
            watcher = await LiveSocket.open(second, table.id, keys[2])
            frames = [{"type": "snapshot", "version": watcher.table["version"]}]
            for _ in range(30):
                to_act = (players[1].table.get("hand") or {}).get("to_act")
                if to_act is None:  # the hand is over (nobody deals the next: no clock)
                    break
                view = players[to_act].table  # the actor's own view says what is legal
                action = "call" if view["hand"]["legal"]["call"] else "check"
                await players[to_act].send(
                    {"type": "act", "action": action, "version": view["version"]}
                )
                frames.append(await watcher.receive())
                version = frames[-1]["version"]
                for player in players.values():
                    await player.receive_until(lambda f, v=version: f.get("version") == v)
            for socket in (*players.values(), watcher):
                await socket.close()
            return frames

        frames = asyncio.run(play_and_watch())
    versions = [frame["version"] for frame in frames]
    assert len(versions) > 5
    assert versions == list(range(versions[0], versions[0] + len(versions)))
    assert {frame["type"] for frame in frames[1:]} == {"update"}

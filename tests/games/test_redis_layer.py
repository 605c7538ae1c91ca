"""The production path (PostgreSQL + Redis, real daphne processes): idle sockets stay open,
the channels of a dead process leave their groups, and the clock reuses pooled connections."""

import asyncio
import os
import time

import pytest
import redis
from django.conf import settings
from django.db import connection

from games.outbound.broadcast import channel_layer, send_frames, table_group, user_group
from games.projection import Frames
from tests.games.live import LiveSocket, eventually, session_key_for, subprocess_env
from tests.servers import daphne_process, daphne_server


def pubsub_prefix() -> str:
    return settings.CHANNEL_LAYERS["default"]["CONFIG"]["prefix"]


pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

# channels_redis waits for messages with a 5 s blocking pop; this is comfortably longer.
IDLE_SECONDS = 8


def group_members(table_id: int) -> int:
    """Members of the table's group in Redis: with the pub/sub layer, the processes that
    subscribe to it for their sockets; with the sorted-set layer, the sockets themselves."""
    client = redis.Redis.from_url(os.environ["REDIS_URL"])
    if settings.REDIS_CHANNEL_LAYER == "pubsub":
        group = f"{pubsub_prefix()}__group__{table_group(table_id)}"
        [(_channel, subscribers)] = client.pubsub_numsub(group)
        return subscribers
    return client.zcard(f"asgi:group:{table_group(table_id)}")


def forget_group(table_id: int) -> None:
    """Test databases reuse table ids: drop what an earlier run left in Redis."""
    redis.Redis.from_url(os.environ["REDIS_URL"]).delete(f"asgi:group:{table_group(table_id)}")


def test_a_socket_idle_for_longer_than_the_blocking_pop_stays_open_and_current(
    table, alice, bob
):
    forget_group(table.id)
    with daphne_server(subprocess_env()) as base:

        async def scenario():
            idle = await LiveSocket.open(base, table.id, await session_key_for(alice))
            await asyncio.sleep(IDLE_SECONDS)
            other = await LiveSocket.open(base, table.id, await session_key_for(bob))
            await other.send({"type": "sit", "seat": 2, "buy_in": 100})
            update = await idle.receive()
            await idle.send({"type": "sync"})
            snapshot = await idle.receive()
            for socket in (idle, other):
                await socket.close()
            return update, snapshot

        update, snapshot = asyncio.run(scenario())
        # Both sockets leave the group once the server has seen them close.
        assert eventually(lambda: group_members(table.id) == 0, timeout=5.0)
    assert update["type"] == "update"
    assert [s["player"] for s in update["table"]["seats"]] == ["bob"]
    assert snapshot["type"] == "snapshot" and snapshot["version"] == update["version"]


def test_the_channels_of_a_killed_process_leave_the_group_and_live_ones_stay(
    table, alice, bob
):
    forget_group(table.id)
    expiry = 3  # seconds; sockets re-join every second
    env = subprocess_env(CHANNEL_GROUP_EXPIRY_SECONDS=str(expiry))
    with daphne_process(env) as (doomed, process), daphne_server(env) as survivor:

        async def scenario():
            await LiveSocket.open(doomed, table.id, await session_key_for(alice))
            live = await LiveSocket.open(survivor, table.id, await session_key_for(bob))
            before = group_members(table.id)
            process.kill()  # no disconnect handler runs
            # Pub/sub: Redis drops a dead connection's subscriptions at once. Sorted set: its
            # channel stays behind until it expires, and a broadcast is when channels_redis
            # drops expired members (by the sending process's expiry: the survivor's).
            await asyncio.sleep(expiry * 2.5)
            await live.send({"type": "sit", "seat": 2, "buy_in": 100})
            update = await live.receive()
            after = group_members(table.id)
            await live.close()
            return before, update, after

        before, update, after = asyncio.run(scenario())
    assert before == 2
    assert update["type"] == "update" and update["table"]["you"]["seat"] == 2
    assert after == 1  # the dead channel expired; the live one, re-joining, stayed


def sessions_opened() -> int:
    """Connections ever made to the test database (PostgreSQL counts them per database)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute(
            "SELECT sessions FROM pg_stat_database WHERE datname = %s",
            [settings.DATABASES["default"]["NAME"]],
        )
        return cursor.fetchone()[0]


def connections_made_by_a_server_ticking_for(seconds: float, **env) -> int:
    before = sessions_opened()
    with daphne_server(subprocess_env(TABLE_CLOCK="on", **env)):
        time.sleep(seconds)
    time.sleep(1)  # the statistics of ended sessions reach pg_stat_database shortly after
    return sessions_opened() - before


def test_the_clock_ticks_on_pooled_connections_instead_of_opening_one_a_tick():
    # Twelve ticks or so each way; without the pool (the control) every tick connects.
    pooled = connections_made_by_a_server_ticking_for(6)
    unpooled = connections_made_by_a_server_ticking_for(6, DATABASE_POOL_SIZE="0")
    assert unpooled >= 8, unpooled
    assert pooled <= 4, pooled


async def test_a_version_is_one_message_to_the_tables_group():
    """A version travels as one message to the table's group (games/outbound/broadcast.py), its
    personal parts under their users' ids: the socket picks its own (tests/games/
    test_fanout.py checks that no socket forwards another's)."""
    layer = channel_layer()
    table_id, seated, other = 990001, 990002, 990003  # ids no test table has
    player, spectator = await layer.new_channel(), await layer.new_channel()
    await layer.group_add(table_group(table_id), player)
    await layer.group_add(user_group(seated), player)
    await layer.group_add(table_group(table_id), spectator)
    try:
        frames = Frames(version=7, public="public", personal={seated: "mine", other: "theirs"})
        await send_frames(table_id, frames)
        await send_frames(table_id, Frames(version=8, public="next", personal={}))
        to_player = await asyncio.wait_for(layer.receive(player), 5)
        to_spectator = await asyncio.wait_for(layer.receive(spectator), 5)
        # The next message is the next version's: one message a version, not one per person.
        assert (await asyncio.wait_for(layer.receive(player), 5))["version"] == 8
    finally:
        await layer.flush()
    for message in (to_player, to_spectator):
        assert message["type"] == "table.version" and message["frame"] == "public"
        assert message["mine"] == {str(seated): "mine", str(other): "theirs"}

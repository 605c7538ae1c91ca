"""Presence over the real ASGI stack: a seated player whose page goes is shown as away to the
table (seat and name only), and back when they return; the stores forget a socket whose
process stopped renewing it."""

import asyncio
import os

import pytest
from channels.db import database_sync_to_async

from games import services
from games.models import Table
from games.outbound import presence
from tests.games.live import LiveSocket, session_key_for, subprocess_env
from tests.games.sockets import RecordingSocket
from tests.games.statements import statements_in_every_thread
from tests.servers import daphne_process, daphne_server

pytestmark = pytest.mark.django_db(transaction=True)


def away(frame: dict) -> list[dict]:
    return frame["away"]


async def test_the_table_sees_a_player_leave_and_come_back(table, alice, bob, spectator, settings):
    settings.PRESENCE_SECONDS = 1.5  # renewals, which also pick up seats changed elsewhere
    watcher = await RecordingSocket.open(table.id, spectator)
    seat_alice = await RecordingSocket.open(table.id, alice)
    await seat_alice.send({"type": "sit", "seat": 1, "buy_in": 200})
    await seat_alice.receive_until(lambda f: f.get("type") == "update")
    # Bob sits without a page open (as if his tab were closed): he is away.
    await database_sync_to_async(services.sit)(table.id, bob, 2, 200)
    frame = await watcher.receive_presence(lambda f: away(f) == [{"seat": 2, "player": "bob"}])
    assert set(frame) == {"type", "away"}  # nothing else: no user ids, no spectators

    seat_bob = await RecordingSocket.open(table.id, bob)
    await watcher.receive_presence(lambda f: away(f) == [])
    await seat_bob.close()
    await watcher.receive_presence(lambda f: away(f) == [{"seat": 2, "player": "bob"}])
    await seat_alice.close()
    await watcher.receive_presence(lambda f: [a["seat"] for a in away(f)] == [1, 2])
    await watcher.close()


async def test_a_newcomer_is_told_who_is_away_when_they_connect(table, alice, bob):
    await database_sync_to_async(services.sit)(table.id, bob, 2, 200)
    socket = await RecordingSocket.open(table.id, alice)
    await socket.receive_presence(lambda f: away(f) == [{"seat": 2, "player": "bob"}])
    await socket.close()


async def test_a_renewal_reads_every_table_of_the_process_in_one_statement(
    alice, bob, carol, spectator, settings
):
    """A process renews its sockets' entries and works out each table's frame in one query
    (and two Redis round trips) whatever the number of its tables: a seat taken meanwhile
    at one table reaches that table, the others hear nothing new."""
    settings.PRESENCE_SECONDS = 3600  # the test renews, not the renewer
    tables = await database_sync_to_async(make_tables)(3)
    await database_sync_to_async(services.sit)(tables[0].id, bob, 2, 200)
    sockets = []
    # One after the other, each told who is away when it arrives (and only then: a socket
    # arriving while the one before is being told could hear that too).
    for table_id, user in [(t.id, spectator) for t in tables] + [(tables[1].id, alice)]:
        sockets.append(await RecordingSocket.open(table_id, user))
        await sockets[-1].receive_presence()
    bob_away = [{"seat": 2, "player": "bob"}]
    assert [s.presence[0]["away"] for s in sockets] == [bob_away, [], [], []]
    # Seats taken while every page stays open: the next renewal picks them up.
    await database_sync_to_async(services.sit)(tables[1].id, alice, 1, 200)  # her page is open
    await database_sync_to_async(services.sit)(tables[2].id, carol, 3, 200)  # hers is not

    async with statements_in_every_thread() as log:
        await presence.here().renew_once()
    assert len(log) == 1, log.statements

    await sockets[2].receive_presence(lambda f: away(f) == [{"seat": 3, "player": "carol"}])
    for socket in sockets:
        await socket.drain()
    # The other tables' lists did not change: nothing was sent to them.
    assert [len(s.presence) for s in sockets] == [1, 1, 2, 1]
    for socket in sockets:
        await socket.close()


def make_tables(count: int) -> list[Table]:
    return [
        Table.objects.create(
            name=f"Table {n}", small_blind=1, big_blind=2, min_buy_in=40, max_buy_in=200
        )
        for n in range(count)
    ]


@pytest.mark.services
def test_presence_crosses_processes_and_outlives_a_process_that_dies(table, alice, bob):
    """Alice's page is on one process, bob's on another: she sees him come (through Redis),
    and go when his process is killed without a word (its entries lapse, hers are renewed)."""
    services.sit(table.id, alice, 1, 200)
    services.sit(table.id, bob, 2, 200)
    env = subprocess_env(PRESENCE_SECONDS="3")
    bob_away = [{"seat": 2, "player": "bob"}]
    with daphne_server(env) as first, daphne_process(env) as (second, process):

        async def scenario():
            a = await LiveSocket.open(first, table.id, await session_key_for(alice))
            await a.receive_presence(lambda f: away(f) == bob_away)
            await LiveSocket.open(second, table.id, await session_key_for(bob))
            await a.receive_presence(lambda f: away(f) == [])
            process.kill()  # SIGKILL: no close frame, no goodbye to Redis
            await a.receive_presence(lambda f: away(f) == bob_away, timeout=30)
            await a.close()

        asyncio.run(scenario())


def stores():
    yield presence.MemoryStore()
    if os.environ.get("REDIS_URL"):
        yield presence.RedisStore(os.environ["REDIS_URL"])


@pytest.mark.parametrize("store", list(stores()), ids=lambda s: type(s).__name__)
async def test_an_entry_no_process_renews_expires(store):
    """A process that died renews nothing: its sockets' entries lapse at their expiry."""
    table_id = 987_654
    await store.put(table_id, {"7 a-socket": 1_000.0, "8 b-socket": 2_000.0})
    assert await store.users(table_id, now=999.0) == {7, 8}
    assert await store.users(table_id, now=1_500.0) == {8}
    await store.put(table_id, {"8 b-socket": 3_000.0})  # renewed by its live process
    assert await store.users(table_id, now=2_500.0) == {8}
    await store.remove(table_id, "8 b-socket")  # closed
    assert await store.users(table_id, now=2_500.0) == set()


@pytest.mark.parametrize("store", list(stores()), ids=lambda s: type(s).__name__)
async def test_many_sockets_noting_presence_at_once_all_get_through(store):
    """Three hundred pages opening in the same instant (the live benchmark's burst): every
    entry is written, none refused for want of a connection (redis-py's default pool
    raises "Too many connections" past its size instead of waiting)."""
    table_id = 987_655
    await asyncio.gather(
        *(store.put(table_id, {f"{user} socket-{user}": 5_000.0}) for user in range(300))
    )
    assert await store.users(table_id, now=4_000.0) == set(range(300))
    await asyncio.gather(*(store.remove(table_id, f"{u} socket-{u}") for u in range(300)))
    assert await store.users(table_id, now=4_000.0) == set()


@pytest.mark.parametrize("store", list(stores()), ids=lambda s: type(s).__name__)
async def test_a_renewal_of_many_tables_keeps_each_tables_entries_apart(store):
    first, second, empty = 987_656, 987_657, 987_658
    await store.put_many({first: {"7 a": 1_000.0, "8 b": 2_000.0}, second: {"7 c": 2_000.0}})
    assert await store.users_many([first, second, empty], now=1_500.0) == {
        first: {8}, second: {7}, empty: set()
    }
    for table_id, user in [(first, "8 b"), (second, "7 c")]:
        await store.remove(table_id, user)

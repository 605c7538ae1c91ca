"""Real server processes: two of them behind one database and Redis, a restart mid-hand,
and the clock folding an idle player with nobody connected."""

import asyncio
import time
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from games import services
from games.models import Hand, HandAction, Table
from games.outbound import broadcast
from tests.games.conftest import ACES_KINGS_DECK
from tests.games.live import LiveSocket, session_key_for, subprocess_env
from tests.servers import daphne_server

pytestmark = pytest.mark.django_db(transaction=True)


def deal_heads_up(table, alice, bob) -> Hand:
    services.sit(table.id, alice, 1, 200)
    services.sit(table.id, bob, 2, 200)
    return services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))


@pytest.mark.services
def test_conflicting_actions_through_two_processes_apply_exactly_once(table, alice, bob):
    """Alice is connected to both processes and sends the same call through each at once."""
    hand = deal_heads_up(table, alice, bob)
    env = subprocess_env()
    with daphne_server(env) as first, daphne_server(env) as second:

        async def scenario():
            keys = [await session_key_for(alice), await session_key_for(bob)]
            a1 = await LiveSocket.open(first, table.id, keys[0])
            a2 = await LiveSocket.open(second, table.id, keys[0])
            b2 = await LiveSocket.open(second, table.id, keys[1])
            assert a1.table["hand"]["to_act"] == 1  # heads-up: the button acts first
            version = a1.table["version"]
            call = {"type": "act", "action": "call", "version": version}
            await asyncio.gather(a1.send(call), a2.send(call))
            # Each socket hears of the call that was applied; the one whose copy lost is
            # told so too, before or after that update (it may come through Redis first).
            refused = []
            for socket in (a1, a2):
                frame = await socket.receive_until(
                    lambda f: f["type"] == "error" or f["version"] > version
                )
                if frame["type"] == "error":
                    refused.append(socket)
                    await socket.receive_until(lambda f: f.get("version", 0) > version)
            if not refused:  # the refusal is still on its way to one of them
                waits = {
                    asyncio.create_task(s.receive_until(lambda f: f["type"] == "error")): s
                    for s in (a1, a2)
                }
                done, pending = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
                for task in pending:
                    task.cancel()
                refused = [waits[task] for task in done]
            outcomes = ["error" if s in refused else "update" for s in (a1, a2)]
            # Bob, on the second process, sees alice's call broadcast from either process.
            update = await b2.receive_until(lambda f: f.get("version", 0) > version)
            for socket in (a1, a2, b2):
                await socket.close()
            return outcomes, update

        outcomes, update = asyncio.run(scenario())
    assert sorted(outcomes) == ["error", "update"]
    assert HandAction.objects.filter(hand=hand, kind="call").count() == 1
    assert update["table"]["hand"]["to_act"] == 2


def test_a_restarted_server_goes_on_with_the_hand(table, alice, bob):
    deal_heads_up(table, alice, bob)
    env = subprocess_env()

    async def act_and_read(base, key, action):
        socket = await LiveSocket.open(base, table.id, key)
        version = socket.table["version"]
        await socket.send({"type": "act", "action": action, "version": version})
        frame = await socket.receive_until(lambda f: f.get("version", 0) > version)
        await socket.close()
        return frame["table"]

    alice_key = asyncio.run(session_key_for(alice))
    bob_key = asyncio.run(session_key_for(bob))
    with daphne_server(env) as base:
        after_call = asyncio.run(act_and_read(base, alice_key, "call"))
    assert after_call["hand"]["street"] == "preflop" and after_call["hand"]["to_act"] == 2
    with daphne_server(env) as base:  # a new process: everything comes from the database
        after_check = asyncio.run(act_and_read(base, bob_key, "check"))
    assert after_check["hand"]["number"] == after_call["hand"]["number"]
    assert after_check["hand"]["street"] == "flop"
    assert len(after_check["hand"]["board"]) == 3


def test_the_clock_folds_an_idle_player_with_no_client_connected(table, alice, bob):
    Table.objects.filter(pk=table.id).update(action_seconds=2)
    hand = deal_heads_up(table, alice, bob)
    # 2 s to act, then a time bank of 2 s (the default 15 s would only make the test wait).
    with daphne_server(subprocess_env(TABLE_CLOCK="on", TIME_BANK_SECONDS="2")):
        deadline = time.monotonic() + 30
        while not HandAction.objects.filter(hand=hand, timed_out=True).exists():
            assert time.monotonic() < deadline, "nobody was timed out"
            time.sleep(0.2)
    timed_out = HandAction.objects.get(hand=hand, timed_out=True)
    assert (timed_out.seat, timed_out.kind) == (1, "fold")
    hand.refresh_from_db()
    assert hand.status == Hand.Status.COMPLETE
    assert hand.ended_at <= timezone.now() + timedelta(seconds=1)


def test_a_change_committed_but_never_broadcast_reaches_the_sockets_by_itself(
    table, alice, bob, monkeypatch
):
    """As when a process dies between its commit and its broadcast: nobody acts again, and
    the server's liveness check still brings every socket to the database's version."""
    services.sit(table.id, alice, 1, 200)
    alice_key = asyncio.run(session_key_for(alice))
    with daphne_server(subprocess_env()) as base:

        async def scenario():
            socket = await LiveSocket.open(base, table.id, alice_key)
            version = socket.table["version"]
            monkeypatch.setattr(broadcast, "publish", lambda snapshot: None)
            # Through channels' helper, which hands the thread's connection back after.
            await database_sync_to_async(services.sit)(table.id, bob, 2, 200)
            frame = await socket.receive(timeout=15)
            await socket.close()
            return version, frame

        version, frame = asyncio.run(scenario())
    assert frame["type"] == "update" and frame["version"] == version + 1
    assert [s["player"] for s in frame["table"]["seats"]] == ["alice", "bob"]

"""A practice table ends itself: it deals only while its person has it open (through the
real socket), stops when they leave, is found again from the lobby while it lives, and is
closed after PRACTICE_IDLE_SECONDS without a hand, every stack back to its bankroll."""

import asyncio
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from games import presence, services
from games.bots.practice import start_practice
from games.models import Hand, Presence, Seat, Table
from tests.games.conftest import chips_in_room, issued_chips
from tests.games.sockets import RecordingSocket

pytestmark = pytest.mark.django_db(transaction=True)


def live_hand(table_id: int) -> Hand | None:
    return Hand.objects.filter(table_id=table_id, status=Hand.Status.IN_PROGRESS).first()


def hands_played(table_id: int) -> int:
    return Table.objects.values_list("hands_played", flat=True).get(pk=table_id)


def clock_until_no_hand(table_id: int, start) -> object:
    """Run the clock (bots' turns, the person's clock running out) until the hand ends;
    returns the clock's time then. Bounded: a hand has a few dozen turns at most."""
    now = start
    for _ in range(200):
        if live_hand(table_id) is None:
            return now
        now += timedelta(seconds=20)  # past any bot's pause; a person's clock in 2-3 steps
        services.run_due_work(now)
    raise AssertionError("the hand never ended")


async def counted_out(table_id: int) -> None:
    """Wait (bounded) for the closed socket to count itself out: it does so after closing."""
    for _ in range(200):
        if not await database_sync_to_async(Presence.objects.filter(table_id=table_id).exists)():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the socket never counted itself out")


async def test_a_practice_table_stops_dealing_when_its_person_leaves(alice, quick_bots):
    table = await database_sync_to_async(start_practice)(alice, 2, "easy")
    run = database_sync_to_async(services.run_due_work)
    await run(timezone.now() + timedelta(seconds=5))
    assert await database_sync_to_async(hands_played)(table.id) == 0  # no page open yet

    socket = await RecordingSocket.open(table.id, alice)  # the page opens: deal
    await socket.receive()
    await run(timezone.now() + timedelta(seconds=5))
    assert await database_sync_to_async(live_hand)(table.id) is not None
    await socket.close()  # she closes the tab
    await counted_out(table.id)

    later = await database_sync_to_async(clock_until_no_hand)(table.id, timezone.now())
    played = await database_sync_to_async(hands_played)(table.id)
    for step in range(1, 20):  # bots would deal a hand a tick: none comes
        await run(later + timedelta(seconds=step))
    assert await database_sync_to_async(hands_played)(table.id) == played
    assert await database_sync_to_async(live_hand)(table.id) is None
    table = await database_sync_to_async(Table.objects.get)(pk=table.id)
    assert table.next_hand_at is None and table.status == Table.Status.OPEN

    socket = await RecordingSocket.open(table.id, alice)  # back from the lobby: deals again
    await socket.receive()
    await run(later + timedelta(seconds=25))
    assert await database_sync_to_async(hands_played)(table.id) == played + 1
    await socket.close()


def test_an_abandoned_practice_table_closes_and_sends_every_stack_home(
    alice, quick_bots, client, settings
):
    table = start_practice(alice, 2, "easy")
    presence.arrive(table.id, alice.id)
    services.run_due_work(timezone.now() + timedelta(seconds=5))
    presence.leave(table.id, alice.id)
    clock_until_no_hand(table.id, timezone.now())
    ended = Hand.objects.filter(table_id=table.id).latest("number").ended_at
    client.force_login(alice)
    assert f'href="/tables/{table.id}/"' in client.get("/").content.decode()  # found again

    services.run_due_work(ended + timedelta(seconds=settings.PRACTICE_IDLE_SECONDS - 30))
    assert Table.objects.get(pk=table.id).status == Table.Status.OPEN  # not idle long enough
    services.run_due_work(ended + timedelta(seconds=settings.PRACTICE_IDLE_SECONDS + 30))
    assert Table.objects.get(pk=table.id).status == Table.Status.CLOSED
    assert not Seat.objects.filter(table_id=table.id).exists()
    assert chips_in_room() == issued_chips()
    assert f'href="/tables/{table.id}/"' not in client.get("/").content.decode()


def test_opening_it_again_resets_the_idle_time(alice, quick_bots, settings):
    table = start_practice(alice, 1, "easy")
    services.set_sitting_out(table.id, alice, True)  # reading the coach, say: no deal
    idle = timedelta(seconds=settings.PRACTICE_IDLE_SECONDS)
    Table.objects.filter(pk=table.id).update(created_at=timezone.now() - 2 * idle)
    presence.arrive(table.id, alice.id)  # she opens it now
    services.run_due_work(timezone.now() + idle - timedelta(seconds=30))
    assert Table.objects.get(pk=table.id).status == Table.Status.OPEN
    services.run_due_work(timezone.now() + idle + timedelta(seconds=30))
    assert Table.objects.get(pk=table.id).status == Table.Status.CLOSED

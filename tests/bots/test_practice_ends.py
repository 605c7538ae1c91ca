"""A practice table ends itself: it deals only while its person has it open (through the
real socket), stops when they leave, is found again from the lobby while it lives, and is
closed once nobody has it open and it had no hand for PRACTICE_IDLE_SECONDS, every stack
back to its bankroll."""

import asyncio
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from games import services, table_clock
from games.bots.players import start_practice
from games.models import Hand, Seat, Table
from games.outbound import presence
from tests.bots.conftest import close_page, open_page
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
        table_clock.run_due_work(now)
    raise AssertionError("the hand never ended")


async def until(condition, what: str) -> None:
    """Wait (bounded) for ``condition()``, run on a database thread, to hold: what a socket
    does as it opens or closes runs after the frames a test reads."""
    for _ in range(200):
        if await database_sync_to_async(condition)():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"never: {what}")


def deal_planned(table_id: int):
    return lambda: Table.objects.filter(pk=table_id).exclude(next_hand_at=None).exists()


def nobody_there(table_id: int):
    return lambda: not presence.users_with_table_open(table_id)


def there(table_id: int, user_id: int):
    return lambda: user_id in presence.users_with_table_open(table_id)


async def test_a_practice_table_stops_dealing_when_its_person_leaves(alice, quick_bots):
    table = await database_sync_to_async(start_practice)(alice, 2, "easy")
    run = database_sync_to_async(table_clock.run_due_work)
    await run(timezone.now() + timedelta(seconds=5))
    assert await database_sync_to_async(hands_played)(table.id) == 0  # no page open yet

    socket = await RecordingSocket.open(table.id, alice)  # the page opens: deal
    await until(deal_planned(table.id), "the opened page's table plans a deal")
    await until(there(table.id, alice.id), "the opened page counts itself in")
    await run(timezone.now() + timedelta(seconds=5))
    assert await database_sync_to_async(live_hand)(table.id) is not None
    await socket.close()  # she closes the tab
    await until(nobody_there(table.id), "the closed page counts itself out")

    later = await database_sync_to_async(clock_until_no_hand)(table.id, timezone.now())
    played = await database_sync_to_async(hands_played)(table.id)
    for step in range(1, 20):  # bots would deal a hand a tick: none comes
        await run(later + timedelta(seconds=step))
    assert await database_sync_to_async(hands_played)(table.id) == played
    assert await database_sync_to_async(live_hand)(table.id) is None
    table = await database_sync_to_async(Table.objects.get)(pk=table.id)
    assert table.next_hand_at is None and table.status == Table.Status.OPEN

    socket = await RecordingSocket.open(table.id, alice)  # back from the lobby: deals again
    await until(deal_planned(table.id), "the reopened table plans a deal")
    await until(there(table.id, alice.id), "the reopened page counts itself in")
    await run(later + timedelta(seconds=25))
    assert await database_sync_to_async(hands_played)(table.id) == played + 1
    await socket.close()


def test_an_abandoned_practice_table_closes_and_sends_every_stack_home(
    alice, quick_bots, client, settings
):
    table = start_practice(alice, 2, "easy")
    open_page(table.id, alice.id)
    table_clock.run_due_work(timezone.now() + timedelta(seconds=5))
    close_page(table.id, alice.id)
    clock_until_no_hand(table.id, timezone.now())
    ended = Hand.objects.filter(table_id=table.id).latest("number").ended_at
    client.force_login(alice)
    assert f'href="/tables/{table.id}/"' in client.get("/").content.decode()  # found again

    table_clock.run_due_work(ended + timedelta(seconds=settings.PRACTICE_IDLE_SECONDS - 30))
    assert Table.objects.get(pk=table.id).status == Table.Status.OPEN  # not idle long enough
    table_clock.run_due_work(ended + timedelta(seconds=settings.PRACTICE_IDLE_SECONDS + 30))
    assert Table.objects.get(pk=table.id).status == Table.Status.CLOSED
    assert not Seat.objects.filter(table_id=table.id).exists()
    assert chips_in_room() == issued_chips()
    assert f'href="/tables/{table.id}/"' not in client.get("/").content.decode()


def test_it_stays_open_while_its_person_has_it_open_and_closes_once_they_leave(
    alice, quick_bots, settings
):
    table = start_practice(alice, 1, "easy")
    services.set_sitting_out(table.id, alice, True)  # reading the coach, say: no deal
    idle = timedelta(seconds=settings.PRACTICE_IDLE_SECONDS)
    Table.objects.filter(pk=table.id).update(created_at=timezone.now() - 2 * idle)
    open_page(table.id, alice.id)  # she has it open, long past the idle time
    table_clock.run_due_work(timezone.now() + idle)
    assert Table.objects.get(pk=table.id).status == Table.Status.OPEN
    close_page(table.id, alice.id)  # she closes the tab
    table_clock.run_due_work(timezone.now() + timedelta(seconds=1))
    assert Table.objects.get(pk=table.id).status == Table.Status.CLOSED
    assert chips_in_room() == issued_chips()

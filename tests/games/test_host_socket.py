"""Host controls over the real ASGI stack: the host's command reaches every page, a refusal
only the sender, and every frame a player or spectator gets is checked."""

import pytest
from channels.db import database_sync_to_async

from games import services
from games.models import LedgerEntry, Player, Seat, Table
from tests.games.conftest import ACES_KINGS_DECK, chips_in_room, issued_chips
from tests.games.sockets import RecordingSocket, settle

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def hosted(table, alice):
    table.host = alice
    table.save(update_fields=["host"])
    return table


@pytest.fixture
async def opened(transactional_db):
    """Open a table socket for each user, past its snapshot. Each is closed after the test,
    before the database is emptied: a socket dropped with the event loop could still be
    reading in a database thread while the tables are truncated (PostgreSQL found that a
    deadlock). It asks for ``transactional_db`` so that its teardown comes first."""
    every: list[RecordingSocket] = []

    async def open_for(table, *users):
        sockets = [await RecordingSocket.open(table.id, user) for user in users]
        every.extend(sockets)
        for socket in sockets:
            assert (await socket.receive())["type"] == "snapshot"
        return sockets

    yield open_for
    for socket in every:
        await socket.close()


@database_sync_to_async
def counted() -> bool:
    return chips_in_room() == issued_chips()


async def test_the_host_pauses_and_everyone_sees_it_mid_hand(
    opened, hosted, alice, bob, spectator
):
    host, player, watcher = await opened(hosted, alice, bob, spectator)
    assert host.latest_table["you"]["is_host"] and not player.latest_table["you"]["is_host"]
    assert watcher.latest_table["host"]["name"] == "alice"
    await host.command({"type": "sit", "seat": 1, "buy_in": 200})
    await player.command({"type": "sit", "seat": 2, "buy_in": 200})
    await settle(host, player, watcher)
    await database_sync_to_async(services.start_next_hand)(hosted.id, list(ACES_KINGS_DECK))
    await settle(host, player, watcher)

    await host.send({"type": "host", "control": "pause"})
    for socket in (host, player, watcher):
        frame = await socket.receive_until(lambda f: f["table"]["status"] == "paused")
        assert frame["table"]["hand"]["complete"] is False  # the hand goes on
    await player.send({"type": "host", "control": "resume"})
    error = await player.receive()
    assert error == {"type": "error", "reason": "Only the host of this table can do that."}
    assert await watcher.nothing_more()
    assert await counted()


async def test_settings_from_the_felt_and_their_refusals(opened, hosted, alice, bob, carol):
    host, player = await opened(hosted, alice, bob)
    for socket, seat in ((host, 1), (player, 2)):
        await socket.command({"type": "sit", "seat": seat, "buy_in": 200})
    await settle(host, player)

    await host.send({"type": "host", "control": "settings", "settings": {"big_blind": "ten"}})
    assert (await host.receive())["reason"] == (
        "'big_blind' must be a whole number of zero or more, not \"ten\"."
    )
    await host.send({"type": "host", "control": "settings", "settings": {"rake": 1}})
    assert (await host.receive())["reason"].startswith("Unknown setting \"rake\"")
    await host.send({"type": "host", "control": "settings", "settings": {"max_seats": 1}})
    assert (await host.receive())["reason"] == "A table has 2 to 10 seats."
    await host.send({"type": "host", "control": "settings",
                     "settings": {"small_blind": 5, "big_blind": 10, "needs_approval": True}})
    frame = await player.receive_until(lambda f: f["table"]["big_blind"] == 10)
    assert frame["table"]["small_blind"] == 5 and frame["table"]["needs_approval"] is True

    # Carol asks for a seat; the host sees her request and lets her in.
    (joiner,) = await opened(hosted, carol)
    await joiner.send({"type": "sit", "seat": 3, "buy_in": 150})
    frame = await host.receive_until(lambda f: f["table"]["requests"])
    assert frame["table"]["requests"] == [{"seat": 3, "player": "carol", "user_id": carol.id}]
    await host.send({"type": "host", "control": "approve", "seat": 3})
    frame = await joiner.receive_until(lambda f: f["table"]["you"] and f["table"]["you"]["seat"])
    assert frame["table"]["you"]["seat"] == 3 and frame["table"]["requests"] == []
    assert await counted()


async def test_stack_adjustment_and_rebuy_at_the_seat(opened, hosted, alice, bob):
    host, player = await opened(hosted, alice, bob)
    await host.command({"type": "sit", "seat": 1, "buy_in": 200})
    await player.command({"type": "sit", "seat": 2, "buy_in": 100})
    await settle(host, player)

    await host.send({"type": "host", "control": "adjust_stack", "seat": 2, "amount": 50})
    assert (await host.receive())["reason"] == "'reason' is missing: say why the stack changes."
    await host.send({"type": "host", "control": "adjust_stack", "seat": 2, "amount": 50,
                     "reason": "bought in cash"})
    frame = await player.receive_until(lambda f: f["table"]["seats"][1]["stack"] == 150)
    assert frame["table"]["seats"][1]["player"] == "bob"
    await player.send({"type": "add_chips", "amount": 51})
    assert (await player.receive())["reason"] == (
        "Your stack may be topped up to the maximum buy-in of 200: you can add at most 50 chips."
    )
    await player.send({"type": "add_chips", "amount": 50})
    await player.receive_until(lambda f: f["table"]["seats"][1]["stack"] == 200)
    assert await database_sync_to_async(
        LedgerEntry.objects.filter(kind=LedgerEntry.Kind.HOST_ADD, reason="bought in cash").count
    )() == 1
    assert await counted()


@database_sync_to_async
def bankroll_and_room(user) -> tuple[int, int]:
    return Player.objects.get(user=user).bankroll, chips_in_room()


async def test_a_host_cannot_make_chips_for_their_own_seat_and_cash_them_out(
    opened, hosted, alice, bob
):
    host, player = await opened(hosted, alice, bob)
    await host.command({"type": "sit", "seat": 1, "buy_in": 200})
    await player.command({"type": "sit", "seat": 2, "buy_in": 200})
    await settle(host, player)
    before = await bankroll_and_room(alice)
    for amount in (99_999_999_999, 2_000_000_000, 1):
        await host.send({"type": "host", "control": "adjust_stack", "seat": 1,
                         "amount": amount, "reason": "free money"})
        assert (await host.receive())["type"] == "error"
    assert host.frames[-1]["reason"] == (
        "A stack may be brought up to the maximum buy-in of 200: alice can get at most 0 more "
        "chips."
    )
    await host.send({"type": "host", "control": "close"})
    await host.receive_until(lambda f: f.get("table", {}).get("status") == "closed")
    bankroll, room = await bankroll_and_room(alice)
    assert (bankroll, room) == (before[0] + 200, before[1]) == (10_000, 20_000)


async def test_handing_over_the_host_role_reaches_both_pages(opened, hosted, alice, bob):
    host, player = await opened(hosted, alice, bob)
    await host.command({"type": "sit", "seat": 1, "buy_in": 200})
    await player.command({"type": "sit", "seat": 2, "buy_in": 200})
    await settle(host, player)
    await host.send({"type": "host", "control": "hand_over", "seat": 2})
    frame = await player.receive_until(lambda f: f["table"]["host"]["name"] == "bob")
    assert frame["table"]["you"]["is_host"]
    frame = await host.receive_until(lambda f: f["table"]["host"]["name"] == "bob")
    assert frame["table"]["you"]["is_host"] is False
    assert await database_sync_to_async(
        lambda: Table.objects.get(pk=hosted.id).host_id
    )() == bob.id


async def test_removing_and_closing_from_the_felt(opened, hosted, alice, bob, spectator):
    host, player, watcher = await opened(hosted, alice, bob, spectator)
    await host.command({"type": "sit", "seat": 1, "buy_in": 200})
    await player.command({"type": "sit", "seat": 2, "buy_in": 200})
    await settle(host, player, watcher)
    await host.send({"type": "host", "control": "remove", "seat": 2})
    frame = await watcher.receive_until(lambda f: len(f["table"]["seats"]) == 1)
    assert frame["table"]["seats"][0]["player"] == "alice"
    assert not await database_sync_to_async(Seat.objects.filter(user=bob).exists)()
    await host.send({"type": "host", "control": "close"})
    frame = await watcher.receive_until(lambda f: f["table"]["status"] == "closed")
    assert frame["table"]["seats"] == []
    assert await counted()

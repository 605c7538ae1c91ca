"""Fan-out: a version's frames are built once by the writer; sockets only forward them.

Through the real ASGI stack and channel layer (in-memory here, Redis in CI's second pass).
"""

import asyncio
import json

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from games import services
from games.live.consumers import load_snapshot_frame
from games.outbound.broadcast import table_group
from games.outbound.presence import Presence
from games.outbound.runtime import current
from games.projection import update_frames
from games.snapshots import capture, hand_on_show
from tests.games.conftest import ACES_KINGS_DECK, make_user
from tests.games.sockets import RecordingSocket, settle, whole_views
from tests.games.statements import statements_in_every_thread

pytestmark = pytest.mark.django_db(transaction=True)

HOLE_CARDS = {"As", "Ah", "Kd", "Kc", "7s", "2d"}
# An action: BEGIN, lock the table, its seats and latest hand, write the action, the hand and
# the version, read the seats and the hand's timed-out actions for the views, COMMIT (SQLite
# shows BEGIN and COMMIT; on PostgreSQL they are not statements).
MAX_STATEMENTS_PER_ACTION = 10


async def open_sockets(table, users) -> list[RecordingSocket]:
    sockets = [await RecordingSocket.open(table.id, user) for user in users]
    for socket in sockets:
        await socket.receive()
        await socket.receive_chat()  # read after the snapshot: not part of what is counted
    # Each socket's presence (games/outbound/presence.py) is recorded on connect: not
    # counted either.
    await asyncio.wait_for(current().own(Presence).settled(), timeout=10)
    return sockets


async def act(socket: RecordingSocket, action: str, amount=None, everyone=()) -> None:
    """Send an action and wait until every socket in ``everyone`` has the next version."""
    version = socket.latest_table["version"]
    message = {"type": "act", "action": action, "version": version}
    if amount is not None:
        message["amount"] = amount
    await socket.send(message)
    for each in everyone:
        frame = await each.receive_until(lambda f: f["type"] == "error" or f["version"] > version)
        assert frame["type"] != "error", frame


@database_sync_to_async
def spectators(count: int) -> list:
    return [make_user(f"watcher{i}") for i in range(count)]


@database_sync_to_async
def seat_three_and_deal(table, users) -> None:
    for number, user in enumerate(users, start=1):
        services.sit(table.id, user, number, 200)
    services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))


async def test_an_action_costs_the_same_few_statements_however_many_sockets_watch(
    table, alice, bob, carol, settings
):
    settings.PRESENCE_SECONDS = 3600  # no presence renewal (its reads) during the count
    await seat_three_and_deal(table, [alice, bob, carol])
    players = await open_sockets(table, [alice, bob, carol])

    async def cost_of_a_call(socket, everyone) -> list[str]:
        async with statements_in_every_thread() as log:
            await act(socket, "call", everyone=everyone)
        await settle(*everyone)  # after the count: its own read of the version is not counted
        return list(log.statements)

    # Two actions of the same shape (a preflop call that does not close the round): the
    # first with only the players connected, the second with twelve spectators as well.
    costs = [await cost_of_a_call(players[0], players)]
    crowd = await open_sockets(table, await spectators(12))
    costs.append(await cost_of_a_call(players[1], players + crowd))
    assert costs[0], "no statement counted: the log missed the sockets' database thread"
    assert len(costs[0]) == len(costs[1]), costs
    assert len(costs[1]) <= MAX_STATEMENTS_PER_ACTION, "\n".join(costs[1])
    for socket in players + crowd:
        await socket.close()


def test_building_a_versions_frames_reads_nothing(
    table, alice, bob, carol, django_assert_num_queries
):
    seat_three_and_deal.func(table, [alice, bob, carol])
    table.refresh_from_db()
    hand, state = hand_on_show(table.id)
    snapshot = capture(table, hand, state)
    with django_assert_num_queries(0):
        frames = update_frames(snapshot)
    assert set(frames.personal) == {alice.id, bob.id, carol.id}
    assert frames.version == table.version


@database_sync_to_async
def hole_cards_by_user(table) -> dict[str, set[str]]:
    """Each player's own hole cards in the table's hand, keyed as a version message keys
    personal parts (user ids as text)."""
    hand = table.hands.get()
    return {
        str(player.user_id): {player.hole_cards[i : i + 2] for i in (0, 2)}
        for player in hand.players.all()
    }


async def test_no_hole_card_travels_in_a_public_frame_nor_in_anothers_part(
    table, alice, bob, carol
):
    """A plain channel in the table's group sees each version's one message: its public
    frame holds no hole card, and each personal part only its own person's."""
    layer = get_channel_layer()
    listener = await layer.new_channel()
    await layer.group_add(table_group(table.id), listener)
    await seat_three_and_deal(table, [alice, bob, carol])
    players = await open_sockets(table, [alice, bob, carol])
    a, b, c = players
    for socket, action, amount in [
        (a, "fold", None), (b, "call", None), (c, "check", None), (b, "bet", 10),
        (c, "call", None), (b, "check", None), (c, "check", None), (b, "bet", 20),
    ]:
        await act(socket, action, amount, everyone=players)
    messages = []
    while True:
        try:
            messages.append(await asyncio.wait_for(layer.receive(listener), timeout=0.5))
        except TimeoutError:
            break
    # Presence frames (no version) name seats and players only.
    for message in [m for m in messages if m["type"] == "table.presence"]:
        assert set(json.loads(message["frame"])) == {"type", "away"}
    messages = [m for m in messages if m["type"] != "table.presence"]
    assert [m["version"] for m in messages] == list(range(1, 13))
    own_cards = await hole_cards_by_user(table)
    assert set().union(*own_cards.values()) == HOLE_CARDS
    for message in messages:
        assert message["type"] == "table.version"
        public = message["frame"]
        assert not {card for card in HOLE_CARDS if f'"{card}"' in public}, public
        assert set(message["mine"]) <= own_cards.keys()
        for user_key, part in message["mine"].items():
            seen = {card for card in HOLE_CARDS if f'"{card}"' in part}
            assert seen <= own_cards[user_key], (user_key, part)
    for socket in players:
        await socket.close()
    await layer.group_discard(table_group(table.id), listener)


async def test_every_socket_gets_each_version_once_and_it_is_the_state_of_that_version(
    table, alice, bob, carol
):
    watchers = await spectators(2)
    await seat_three_and_deal(table, [alice, bob, carol])
    users = [alice, bob, carol, *watchers]
    sockets = await open_sockets(table, users)
    a, b, c = sockets[:3]
    script = [
        (a, "fold", None), (b, "call", None), (c, "check", None), (b, "bet", 10),
        (c, "call", None), (b, "check", None), (c, "check", None), (b, "bet", 20),
        (c, "call", None),
    ]
    for socket, action, amount in script:
        await act(socket, action, amount, everyone=sockets)
        await settle(*sockets)
        for user, each in zip(users, sockets, strict=True):
            update = each.frames[-1]
            version, text = await database_sync_to_async(load_snapshot_frame)(table.id, user.id)
            assert update["type"] == "update" and update["version"] == version
            # The page's view (the update's rows and notices added to what it had) is the
            # version's whole view, as a fresh snapshot of it has it.
            page = whole_views(each.frames)[-1]
            assert comparable(page) == comparable(json.loads(text)["table"])
    for each in sockets:
        versions = [f["version"] for f in each.frames]
        assert versions == sorted(set(versions)), f"{each.name} got {versions}"
        await each.close()


def comparable(view: dict) -> dict:
    """A view without what depends on the moment it was built, or on being a snapshot: a
    spectator's updates are the public frame (no "you"), their snapshot has their own."""
    hand = {**view["hand"], "seconds_left": None} if view["hand"] else None
    you = view["you"] if view["you"] and view["you"]["seat"] is not None else None
    return {**view, "hand": hand, "you": you, "next_hand_in": None}

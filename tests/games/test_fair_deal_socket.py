"""Fair deals over the real ASGI stack, frame by frame, for every kind of viewer: a player
dealt in, a spectator, the host (not seated), a busted player and one waiting for the next
hand. The commitment comes with the hand's first cards and never changes; the server seed is
in no frame before the one that ends the hand."""

import asyncio
import json
import random
from datetime import UTC, datetime

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from games import services
from games.broadcast import table_group, user_group
from games.engine import HandState
from games.engine.fair_deck import commitment
from games.models import Hand, Seat, Table
from games.services.seating import set_client_seed
from tests.games.conftest import make_user
from tests.games.sockets import RecordingSocket

pytestmark = pytest.mark.django_db(transaction=True)


async def settle(sockets) -> None:
    for socket in sockets:
        await socket.drain()


def hand_of(frame: dict, number: int) -> dict | None:
    hand = (frame.get("table") or {}).get("hand")
    return hand if hand and hand["number"] == number else None


@database_sync_to_async
def set_up(table, alice, bob, carol):
    host, waiter = make_user("hosting_dan"), make_user("waiting_erin")
    Table.objects.filter(pk=table.pk).update(host=host)
    for number, user in ((1, alice), (2, bob), (3, carol)):
        services.sit(table.id, user, number, 200, client_seed=f"{user.username}-seed")
    # Carol has lost her chips: she keeps the seat to rebuy, and is not dealt in.
    Seat.objects.filter(table=table, user=carol).update(stack=0, busted_at=datetime.now(UTC))
    return host, waiter


@database_sync_to_async
def play_the_hand_out(table, hand: Hand, rng: random.Random) -> Hand:
    while True:
        hand.refresh_from_db()
        if hand.status != Hand.Status.IN_PROGRESS:
            return hand
        legal = HandState.from_dict(hand.state).legal_actions()
        user = hand.players.get(seat=legal.seat).user
        kind = "check" if legal.call is None else rng.choice(["call", "call", "fold"])
        table.refresh_from_db()
        services.act(table.id, user, kind, None, table.version)


async def test_the_seed_reaches_no_viewer_before_the_hand_ends(table, alice, bob, carol, spectator):
    host, waiter = await set_up(table, alice, bob, carol)
    viewers = {"player": alice, "busted": carol, "spectator": spectator, "host": host,
               "waiting": waiter}
    sockets = {kind: await RecordingSocket.open(table.id, user) for kind, user in viewers.items()}
    everyone = list(sockets.values())
    await settle(everyone)
    await database_sync_to_async(set_client_seed)(table.id, alice, "alice-seed-2")
    # Beside the sockets, a plain channel in the table's group and every viewer's own group
    # records each message the channel layer carries.
    layer = get_channel_layer()
    listener = await layer.new_channel()
    groups = [table_group(table.id), *(user_group(u.id) for u in viewers.values())]
    for group in groups:
        await layer.group_add(group, listener)

    hand = await database_sync_to_async(services.start_next_hand)(table.id)
    assert hand is not None
    await sockets["waiting"].send({"type": "sit", "seat": 4, "buy_in": 100})
    await settle(everyone)
    assert any(s["player"] == "waiting_erin" and s["waiting"]
               for s in sockets["host"].latest_table["seats"])
    hand = await play_the_hand_out(table, hand, random.Random(8))
    await settle(everyone)

    seed = hand.fair_deal["server_seed"]
    committed = hand.fair_deal["commitment"]
    assert commitment(seed) == committed
    assert dict((s["seat"], s["seed"]) for s in hand.fair_deal["client_seeds"]) == {
        1: "alice-seed-2", 2: "bob-seed",
    }
    carried = []
    while True:
        try:
            carried.append(await asyncio.wait_for(layer.receive(listener), timeout=0.5))
        except TimeoutError:
            break
    ended = next(f["version"] for f in sockets["spectator"].frames
                 if hand_of(f, hand.number) and hand_of(f, hand.number)["complete"])
    before = [m for m in carried if m.get("version", ended) < ended]
    assert len({m["version"] for m in before}) >= 3  # the deal, the sit, the actions...
    assert not [m for m in before if seed in json.dumps(m)]
    assert any(seed in json.dumps(m) for m in carried if m.get("version") == ended)
    for group in groups:
        await layer.group_discard(group, listener)
    for kind, socket in sockets.items():
        frames = [f for f in socket.frames if hand_of(f, hand.number)]
        assert frames, f"the {kind} saw no frame of the hand"
        live = [f for f in frames if not hand_of(f, hand.number)["complete"]]
        over = [f for f in frames if hand_of(f, hand.number)["complete"]]
        assert live and over, kind
        for frame in live:
            # The commitment is there from the first frame with a card of the hand...
            assert hand_of(frame, hand.number)["fair_deal"]["commitment"] == committed, kind
            assert hand_of(frame, hand.number)["fair_deal"]["server_seed"] is None, kind
        # ... and the seed is in no frame at all before the hand is over.
        first_over = socket.frames.index(over[0])
        for frame in socket.frames[:first_over]:
            assert seed not in json.dumps(frame), f"the {kind} got the seed in {frame}"
        assert hand_of(over[0], hand.number)["fair_deal"]["server_seed"] == seed, kind
        assert hand_of(over[0], hand.number)["fair_deal"]["commitment"] == committed, kind
    # The player's first frame of the hand brings their cards and the commitment together.
    first = next(f for f in sockets["player"].frames if hand_of(f, hand.number))
    (mine,) = [s["cards"] for s in first["table"]["seats"] if s["player"] == "alice"]
    (hole,) = [p["hole"] for p in hand.state["players"] if p["seat"] == 1]
    assert mine == list(hole)
    assert first["table"]["hand"]["fair_deal"]["commitment"] == committed
    assert first["table"]["you"]["client_seed"] == "alice-seed-2"
    for socket in everyone:
        await socket.close()

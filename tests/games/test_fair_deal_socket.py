"""Fair deals over the real ASGI stack, frame by frame, for every kind of viewer: a player
dealt in, a spectator, the host (not seated), a busted player and one waiting for the next
hand. The commitment of a table's next hand is in the view before that hand is dealt (from
the table's making, then from the end of the hand before), the hand's own record carries it
with the first cards and never changes; the server seed is in no frame and no channel-layer
message before the one that ends its hand, while it waits on the table row included."""

import asyncio
import json
import random
from datetime import UTC, datetime

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from games import services
from games.engine import HandState
from games.engine.fair_deal import FairDeal, check_deal
from games.engine.fair_deck import commitment, fair_deck
from games.models import Hand, Seat, Table
from games.outbound.broadcast import table_group, user_group
from games.services.seating import set_client_seed
from tests.games.conftest import make_user
from tests.games.sockets import RecordingSocket, settle

pytestmark = pytest.mark.django_db(transaction=True)


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
    await settle(*everyone)
    await database_sync_to_async(set_client_seed)(table.id, alice, "alice-seed-2")
    # Beside the sockets, a plain channel in the table's group and every viewer's own group
    # records each message the channel layer carries.
    layer = get_channel_layer()
    listener = await layer.new_channel()
    groups = [table_group(table.id), *(user_group(u.id) for u in viewers.values())]
    for group in groups:
        await layer.group_add(group, listener)

    table_before = await database_sync_to_async(Table.objects.get)(pk=table.pk)
    pending = table_before.next_server_seed  # the first hand's, drawn with the table
    hand = await database_sync_to_async(services.start_next_hand)(table.id)
    assert hand is not None
    assert hand.fair_deal["server_seed"] == pending
    await sockets["waiting"].command({"type": "sit", "seat": 4, "buy_in": 100})
    await settle(*everyone)
    assert any(s["player"] == "waiting_erin" and s["waiting"]
               for s in sockets["host"].latest_table["seats"])
    hand = await play_the_hand_out(table, hand, random.Random(8))
    await settle(*everyone)

    seed = hand.fair_deal["server_seed"]
    committed = hand.fair_deal["commitment"]
    assert commitment(seed) == committed
    # The next hand's seed is waiting on the table row now; it must be in nothing sent.
    next_seed = (await database_sync_to_async(Table.objects.get)(pk=table.pk)).next_server_seed
    assert next_seed and next_seed != seed
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
    assert not [m for m in carried if next_seed in json.dumps(m) or "next_server_seed"
                in json.dumps(m)]
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
        # The hand's commitment was in this viewer's very first frame, before the deal...
        assert socket.frames[0]["table"]["next_deal"]["commitment"] == committed, kind
        # ... none is shown while the hand is played, the next hand's from the frame that
        # ends this one, and the next hand's seed is in no frame at all.
        assert all(f["table"]["next_deal"] is None for f in live), kind
        assert over[0]["table"]["next_deal"]["commitment"] == commitment(next_seed), kind
        assert not [f for f in socket.frames if next_seed in json.dumps(f)], kind
        assert not [f for f in socket.frames if "next_server_seed" in json.dumps(f)], kind
    # The player's first frame of the hand brings their cards and the commitment together.
    first = next(f for f in sockets["player"].frames if hand_of(f, hand.number))
    (mine,) = [s["cards"] for s in first["table"]["seats"] if s["player"] == "alice"]
    (hole,) = [p["hole"] for p in hand.state["players"] if p["seat"] == 1]
    assert mine == list(hole)
    assert first["table"]["hand"]["fair_deal"]["commitment"] == committed
    assert first["table"]["you"]["client_seed"] == "alice-seed-2"
    for socket in everyone:
        await socket.close()


@database_sync_to_async
def seat_two(table, alice, bob):
    for number, user in ((1, alice), (2, bob)):
        services.sit(table.id, user, number, 200, client_seed=f"{user.username}-seed")


async def test_a_seed_changed_after_the_commitment_goes_into_the_committed_deal(table, alice, bob):
    """Hand 2's commitment is shown when hand 1 ends; Alice, having seen it, changes her
    client seed; hand 2 is dealt from the committed seed and her new seed, which the record
    says she set after the commitment, and the deal verifies once hand 2 is over."""
    await seat_two(table, alice, bob)
    socket = await RecordingSocket.open(table.id, alice)
    await settle(socket)
    rng = random.Random(3)
    first = await database_sync_to_async(services.start_next_hand)(table.id)
    await play_the_hand_out(table, first, rng)
    await settle(socket)
    shown = next(f for f in socket.frames if (hand_of(f, first.number) or {}).get("complete"))
    assert shown["table"]["next_deal"] is not None
    announced = shown["table"]["next_deal"]["commitment"]
    # Seeing the commitment, Alice draws a new seed; her page sends it as it always does.
    await socket.send({"type": "client_seed", "seed": "alice-after-the-commitment",
                       "request_id": "seed-change-0001"})
    changed = await socket.receive_until(lambda f: "table" in f and (
        f["table"]["you"]["client_seed"] == "alice-after-the-commitment"))
    second = await database_sync_to_async(services.start_next_hand)(table.id)
    assert second is not None and second.number == first.number + 1
    await settle(socket)
    dealt = next(f for f in socket.frames if hand_of(f, second.number) is not None)
    # The order the frames came in: commitment, then the seed change, then the first card.
    order = [socket.frames.index(f) for f in (shown, changed, dealt)]
    assert order == sorted(order)
    mine = next(s["cards"] for s in dealt["table"]["seats"] if s["player"] == "alice")
    assert mine and "??" not in mine
    sealed = hand_of(dealt, second.number)["fair_deal"]
    assert sealed["commitment"] == announced and sealed["server_seed"] is None
    assert sealed["seeds_set_after"] == [1]  # Alice's seed came after the commitment, Bob's not
    assert sealed["commitment_shown_at"] == shown["table"]["next_deal"]["shown_at"]
    second = await play_the_hand_out(table, second, rng)
    await settle(socket)
    seed = second.fair_deal["server_seed"]
    before_end = [f for f in socket.frames
                  if not (hand_of(f, second.number) or {}).get("complete")]
    assert not [f for f in before_end if seed in json.dumps(f)]
    # The deal verifies with Alice's new seed, and would not with her old one.
    record = FairDeal.from_dict(second.fair_deal)
    assert commitment(seed) == announced
    assert dict(record.client_seeds) == {1: "alice-after-the-commitment", 2: "bob-seed"}
    deck = HandState.from_dict(second.state).deck
    assert check_deal(record, deck, seats={1, 2}).ok
    assert fair_deck(seed, record.client_seeds, second.number)[:4] == list(deck[:4])
    old = fair_deck(seed, ((1, "alice-seed"), (2, "bob-seed")), second.number)
    assert old[:4] != list(deck[:4])
    assert "before the deal; the client seed of seat 1 was set after it" in record.timing()
    await socket.close()

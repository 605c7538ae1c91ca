"""Live play through the real ASGI stack: three players and a spectator, every frame checked."""

import json

import pytest
from channels.db import database_sync_to_async

from games import services
from games.models import LedgerEntry, Player, Seat
from tests.games.conftest import ACES_KINGS_DECK, chips_in_room, issued_chips
from tests.games.sockets import REFUSED_HANDSHAKE, RecordingSocket, settle

pytestmark = pytest.mark.django_db(transaction=True)

HOLE = {"alice": ["7s", "2d"], "bob": ["As", "Ah"], "carol": ["Kd", "Kc"]}


def cards_in(frame: dict) -> set[str]:
    text = json.dumps(frame)
    return {card for cards in HOLE.values() for card in cards if f'"{card}"' in text}


async def act(socket: RecordingSocket, action: str, amount: int | None = None) -> None:
    message = {"type": "act", "action": action, "version": socket.latest_table["version"]}
    if amount is not None:
        message["amount"] = amount
    await socket.command(message)


async def test_three_players_play_to_showdown_and_nobody_sees_what_they_must_not(
    table, alice, bob, carol, spectator
):
    sockets = {
        user.username: await RecordingSocket.open(table.id, user)
        for user in (alice, bob, carol, spectator)
    }
    everyone = list(sockets.values())
    for socket in everyone:
        assert (await socket.receive())["type"] == "snapshot"

    for number, name in ((1, "alice"), (2, "bob"), (3, "carol")):
        await sockets[name].command({"type": "sit", "seat": number, "buy_in": 200})
        await settle(*everyone)
    await database_sync_to_async(services.start_next_hand)(table.id, list(ACES_KINGS_DECK))
    await settle(*everyone)

    a, b, c = sockets["alice"], sockets["bob"], sockets["carol"]
    assert a.latest_table["hand"]["to_act"] == 1
    assert a.latest_table["hand"]["legal"]["call"] == 2
    assert b.latest_table["hand"]["legal"] is None
    assert [s["cards"] for s in b.latest_table["seats"]] == [None, ["As", "Ah"], None]
    assert b.latest_table["hand"]["your_hand"] == "Pair of aces"

    script = [
        (a, "fold", None), (b, "call", None), (c, "check", None),
        (b, "bet", 10), (c, "call", None), (b, "check", None), (c, "check", None),
        (b, "bet", 20), (c, "call", None),
    ]
    for socket, action, amount in script:
        await act(socket, action, amount)
        await settle(*everyone)
        assert not any(f["type"] == "error" for f in socket.frames), socket.frames[-1]

    final = b.latest_table
    assert final["hand"]["complete"]
    assert {s["player"]: s["stack"] for s in final["seats"]} == {
        "alice": 200, "bob": 232, "carol": 168,
    }
    (winner,) = final["hand"]["results"][0]["winners"]
    assert {k: winner[k] for k in ("seat", "player", "amount")} == {
        "seat": 2, "player": "bob", "amount": 64,
    }
    assert winner["text"].startswith("bob wins 64 from the pot with a pair of aces")
    shown = {s["player"]: s for s in a.latest_table["seats"]}
    assert shown["bob"]["cards"] == ["As", "Ah"] and shown["bob"]["description"]
    assert shown["carol"]["cards"] is None and shown["carol"]["mucked"]

    # Every frame every socket received: own cards only before showdown; shown ones after,
    # to players and the spectator alike; mucked ones never.
    for name, socket in sockets.items():
        for frame in socket.frames:
            seen = cards_in(frame)
            own = set(HOLE.get(name, []))
            hand = (frame.get("table") or {}).get("hand") or {}
            complete = hand.get("complete", False)
            allowed = own | (set(HOLE["bob"]) if complete else set())
            assert seen <= allowed, f"{name} saw {seen - allowed} in {frame}"
            # A deck given by a test proves nothing, and the view claims nothing.
            assert hand.get("fair_deal") is None, frame
        assert all(f["type"] != "error" for f in socket.frames)
    assert cards_in(sockets["sam"].frames[-1]) == set(HOLE["bob"])

    versions = [f["version"] for f in sockets["sam"].frames]
    assert versions == sorted(versions) and len(set(versions)) == len(versions)

    @database_sync_to_async
    def ledger_is_right():
        assert chips_in_room() == issued_chips()
        for user in (alice, bob, carol):
            assert LedgerEntry.objects.filter(user=user, kind="buy_in").get().amount == -200
        return {p.user.username: p.bankroll for p in Player.objects.select_related("user")}

    assert (await ledger_is_right())["bob"] == 9_800
    for socket in everyone:
        await socket.close()


async def test_bad_input_gets_an_error_on_that_socket_only_and_changes_nothing(
    table, alice, bob
):
    a = await RecordingSocket.open(table.id, alice)
    b = await RecordingSocket.open(table.id, bob)
    await a.receive()
    await b.receive()
    await b.command({"type": "sit", "seat": 2, "buy_in": 100})
    await settle(a, b)
    version = a.latest_table["version"]

    bad_messages = [
        ("{not json", "Message is not valid JSON."),
        (json.dumps({"type": "dance"}), 'Unknown message type "dance".'),
        (json.dumps({"type": "sit", "seat": 1}), "'buy_in' is missing."),
        (json.dumps({"type": "sit", "seat": "one", "buy_in": 50}), "'seat' must be a whole"),
        (json.dumps({"type": "sit", "seat": 1, "buy_in": -50}), "positive whole number"),
        ("[" * 2000 + "]" * 2000, "Message is nested too deeply."),
        (json.dumps({"type": "stand"}), "'request_id' is missing"),
        (
            json.dumps({"type": "sit", "seat": 2, "buy_in": 100, "request_id": "req-0001"}),
            "Seat 2 is taken.",
        ),
        (
            json.dumps({"type": "sit", "seat": 1, "buy_in": 500, "request_id": "req-0002"}),
            "between 40 and 200",
        ),
    ]
    for text, reason in bad_messages:
        await a.communicator.send_to(text_data=text)
        frame = await a.receive()
        assert frame["type"] == "error" and reason in frame["reason"], (text, frame)
    await a.send({"type": "act", "action": "fold", "version": version})
    assert (await a.receive())["reason"] == "You are not seated at this table."
    await a.send({"type": "sync"})
    snapshot = await a.receive()
    assert snapshot["type"] == "snapshot" and snapshot["version"] == version
    assert await b.nothing_more()  # nothing reached bob

    @database_sync_to_async
    def state():
        return list(Seat.objects.values_list("number", flat=True)), Player.objects.get(
            user=alice
        ).bankroll

    assert await state() == ([2], 10_000)
    await a.close()
    await b.close()


async def test_sockets_without_a_user_are_closed_with_4401(table):
    socket = await RecordingSocket.open(table.id, None)  # accepted, so the code reaches it
    assert await socket.closed_with() == 4401


async def test_a_missing_table_closes_the_socket_with_4404(alice):
    socket = await RecordingSocket.open(999_999, alice)
    assert await socket.closed_with() == 4404


async def test_a_private_table_socket_is_closed_to_the_uninvited_as_if_missing(alice, bob):
    @database_sync_to_async
    def private_table():
        from games.models import Table

        return Table.objects.create(name="Secret", is_private=True, host=alice)

    table = await private_table()
    outsider = await RecordingSocket.open(table.id, bob)
    assert await outsider.closed_with() == 4404
    host = await RecordingSocket.open(table.id, alice)
    assert (await host.receive())["type"] == "snapshot"
    await host.close()


@pytest.mark.parametrize(
    "origin",
    [
        "https://evil.example",
        "http://127.0.0.1:1",  # the right host on another port: another site
        "https://127.0.0.1:8000",  # another scheme
        "null",
    ],
)
async def test_a_handshake_from_another_origin_is_refused(table, alice, origin):
    from channels.testing import WebsocketCommunicator

    from pokersite.asgi import application
    from tests.games.sockets import session_key_for

    key = await session_key_for(alice)
    communicator = WebsocketCommunicator(
        application,
        f"/ws/tables/{table.id}/",
        headers=[
            (b"host", b"127.0.0.1:8000"),
            (b"origin", origin.encode()),
            (b"cookie", f"sessionid={key}".encode()),
        ],
    )
    connected, code = await communicator.connect()
    # Closed before accepting, with no code of the table's: the server answers 403.
    assert (connected, code) == (False, REFUSED_HANDSHAKE)


async def test_a_staff_pause_is_pushed_live_to_everyone_at_the_table(table, alice, spectator):
    from django.contrib.auth import get_user_model

    from games.services import hosting

    player = await RecordingSocket.open(table.id, alice)
    watcher = await RecordingSocket.open(table.id, spectator)
    await settle(player, watcher)

    @database_sync_to_async
    def pause():
        boss = get_user_model().objects.create_superuser("boss", "b@example.com", "pw-boss")
        hosting.pause(table.id, boss)

    await pause()
    for socket in (player, watcher):
        update = await socket.receive_until(lambda f: f["type"] == "update")
        assert update["table"]["status"] == "paused"
        await socket.close()

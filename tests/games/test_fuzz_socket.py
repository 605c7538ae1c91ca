"""Thousands of generated frames against a live table socket (the real ASGI stack): each is
answered, none closes the socket, and none changes the table."""

import asyncio
import json

import pytest
from channels.db import database_sync_to_async
from django.test import override_settings
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from games import services
from games.models import Hand, Seat, Table
from games.protocol import ACTION_KINDS, ProtocolError, Sync, parse_command
from tests.games.conftest import ACES_KINGS_DECK
from tests.games.sockets import RecordingSocket

pytestmark = pytest.mark.django_db(transaction=True)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
FIELDS = ("seat", "buy_in", "post_now", "amount", "version", "request_id")
commands = st.fixed_dictionaries(
    {"type": st.sampled_from(["sit", "stand", "sit_out", "sit_back", "act", "sync", "x", ""])},
    optional={
        "action": st.sampled_from(ACTION_KINDS) | json_values,
        **{field: json_values for field in FIELDS},
    },
)
text_frames = st.one_of(
    st.text(max_size=300),
    json_values.map(json.dumps),
    commands.map(json.dumps),
    st.integers(1, 2500).map(lambda depth: "[" * depth + "]" * depth),
    st.integers(1, 900).map(lambda depth: '{"a":' * depth + "0" + "}" * depth),
    st.integers(4000, 6000).map(lambda size: json.dumps({"type": "sync", "pad": "x" * size})),
)


def harmless(text: str) -> bool:
    """Frames the server must refuse (or a sync): a generated valid command would act."""
    try:
        return isinstance(parse_command(text), Sync)
    except ProtocolError:
        return True


frames = st.one_of(text_frames.filter(harmless), st.binary(max_size=64))


@database_sync_to_async
def table_state(table) -> tuple:
    hand = Hand.objects.get(table=table)
    return (
        Table.objects.get(pk=table.pk).version,
        list(Seat.objects.filter(table=table).values_list("number", "stack", "sitting_out")),
        hand.state,
    )


@override_settings(SOCKET_FRAME_RATES="1000000/second")  # this test is the flood
def test_generated_frames_are_each_answered_and_change_nothing(table, alice, bob):
    services.sit(table.id, alice, 1, 200)
    services.sit(table.id, bob, 2, 200)
    services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))
    loop = asyncio.new_event_loop()
    run = loop.run_until_complete
    socket = run(RecordingSocket.open(table.id, alice))
    assert run(socket.receive())["type"] == "snapshot"
    assert run(socket.receive_chat())["type"] == "chat_history"
    run(socket.receive_presence())  # bob has no page open: the socket is told on connect
    before = run(table_state(table))
    sent = []

    async def exchange(batch):
        for frame in batch:
            # As it comes off the wire (the test client refuses empty frames).
            kind = "bytes" if isinstance(frame, bytes) else "text"
            await socket.communicator.send_input({"type": "websocket.receive", kind: frame})
            output = await socket.communicator.receive_output(timeout=10)
            assert output["type"] == "websocket.send", (frame[:80], output)
            reply = json.loads(output["text"])
            assert reply["type"] in ("error", "snapshot"), reply
            if reply["type"] == "error":
                assert reply["reason"] and len(reply["reason"]) < 300, reply
            sent.append(frame)

    @settings(
        max_examples=600,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(st.lists(frames, min_size=1, max_size=12))
    def send(batch):
        assume(batch)
        run(exchange(batch))

    try:
        send()
        assert len(sent) >= 2000, len(sent)
        assert run(table_state(table)) == before
        run(socket.send({"type": "sync"}))
        assert run(socket.receive())["type"] == "snapshot"  # still open, still current
    finally:
        run(socket.close())
        loop.close()

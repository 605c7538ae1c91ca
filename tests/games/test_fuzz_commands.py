"""Every field of every client command, given any JSON value, through the real socket.

tests/games/test_fuzz_socket.py throws frames the parser refuses; here each frame is a real
command (every type of docs/protocol.md, as the host seated at a hand in progress, so the
services are reached too) with some of its fields swapped for any JSON value: strings,
numbers of any size, null, lists and objects nested deep. Each frame is answered, the socket
stays open, and a refused frame changes nothing, not even the table's version.
"""

import asyncio
import json

import pytest
from channels.db import database_sync_to_async
from django.test import override_settings
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import services
from games.models import Table
from tests.games.conftest import ACES_KINGS_DECK
from tests.games.sockets import RecordingSocket, settle

pytestmark = pytest.mark.django_db(transaction=True)

scalars = (
    st.none() | st.booleans() | st.text(max_size=20) | st.floats()
    | st.integers() | st.integers(min_value=2**31 - 2, max_value=2**31 + 2)
    | st.integers(min_value=-(2**70), max_value=-(2**62)) | st.integers(min_value=2**62)
    | st.sampled_from(["", " ", "pause", "fold", "-1", "1e9", "\u2028", "\x00", "🂡" * 50])
)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=10,
) | st.integers(1, 60).map(lambda depth: json.loads('{"a":' * depth + "[0]" + "}" * depth))

# A good value for each field of each command (the host at seat 1; bob at seat 2).
COMMANDS = {
    "sit": {"seat": 3, "buy_in": 100, "post_now": False},
    "stand": {},
    "sit_out": {},
    "sit_back": {},
    "act": {"action": "raise", "amount": 10, "version": 0},
    "sync": {},
    "add_chips": {"amount": 10},
    "chat": {"text": "nice hand"},
    "chat_mute": {"user_id": 0, "muted": True},
    "host": {
        "control": "adjust_stack", "seat": 2, "amount": 10, "reason": "because",
        "settings": {"big_blind": 4, "needs_approval": True},
    },
}
ALL_FIELDS = sorted({field for fields in COMMANDS.values() for field in fields} | {"emote"})


@st.composite
def commands(draw):
    """A command with some of its fields (the type, the request id, or any other, even one
    it does not take) replaced by any JSON value, or dropped."""
    kind = draw(st.sampled_from(sorted(COMMANDS)))
    message = {"type": kind, **COMMANDS[kind], "request_id": draw(st.uuids()).hex}
    fields = draw(st.sets(st.sampled_from(["type", "request_id", *ALL_FIELDS]), min_size=1))
    for field in fields:
        if draw(st.integers(0, 5)) == 0:
            message.pop(field, None)
        else:
            message[field] = draw(json_values)
    return message


@database_sync_to_async
def table_version(table) -> int:
    return Table.objects.values_list("version", flat=True).get(pk=table.pk)


@override_settings(SOCKET_FRAME_RATES="1000000/second", CHAT_RATES="1000000/second")
def test_any_json_in_any_field_of_any_command_is_answered_and_keeps_the_socket(
    table, alice, bob
):
    table.host = alice
    table.save(update_fields=["host"])
    services.sit(table.id, alice, 1, 200)
    services.sit(table.id, bob, 2, 200)
    services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))
    loop = asyncio.new_event_loop()
    run = loop.run_until_complete
    socket = run(RecordingSocket.open(table.id, alice))
    run(settle(socket))
    run(socket.receive_chat())  # the chat history, which follows the snapshot
    answered = {"error": 0, "carried out": 0}

    async def answer_to(message) -> dict:
        """The next frame that is not presence: who has a page open, sent at any moment."""
        while (reply := await socket.next_frame(timeout=10))["type"] == "presence":
            pass
        return reply

    async def exchange(message):
        before = await table_version(table)
        await socket.communicator.send_to(text_data=json.dumps(message))
        reply = await answer_to(message)
        if reply["type"] == "error":
            assert 0 < len(reply["reason"]) < 300, reply
            assert await table_version(table) == before, (message, reply)
            answered["error"] += 1
        else:  # a command that was good after all: its update (or chat line) came
            assert reply["type"] in ("update", "snapshot", "chat", "chat_mutes"), reply
            await settle(socket)
            answered["carried out"] += 1

    @settings(
        max_examples=400,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(commands())
    def send(message):
        run(exchange(message))

    try:
        send()
        assert answered["error"] >= 200, answered
        run(socket.send({"type": "sync"}))
        assert run(socket.receive())["type"] == "snapshot"  # still open
    finally:
        run(socket.close())
        loop.close()

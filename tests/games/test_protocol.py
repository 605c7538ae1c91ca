"""Client messages are parsed strictly, and every bad one has a reason naming the problem."""

import pytest

from games.protocol import (
    Act,
    Host,
    ProtocolError,
    Sit,
    SitBack,
    SitOut,
    Stand,
    Sync,
    parse_command,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            '{"type": "sit", "seat": 3, "buy_in": 200, "request_id": "r-0000001"}',
            Sit(seat=3, buy_in=200, request_id="r-0000001"),
        ),
        (
            '{"type": "sit", "seat": 1, "buy_in": 50, "post_now": true, "request_id": "abcdefgh"}',
            Sit(1, 50, "abcdefgh", True),
        ),
        ('{"type": "stand", "request_id": "A_b-1234"}', Stand("A_b-1234")),
        ('{"type": "sit_out", "request_id": "12345678"}', SitOut("12345678")),
        ('{"type": "sit_back", "request_id": "12345678"}', SitBack("12345678")),
        ('{"type": "sync"}', Sync()),
        (
            '{"type": "host", "control": "remove", "seat": 2, "reason": " gone home ", '
            '"request_id": "12345678"}',
            Host("remove", "12345678", seat=2, reason="gone home"),
        ),
        (
            '{"type": "host", "control": "remove", "seat": 2, "request_id": "12345678"}',
            Host("remove", "12345678", seat=2),
        ),
        ('{"type": "act", "action": "fold", "version": 0}', Act("fold", None, 0)),
        ('{"type": "act", "action": "raise", "amount": 60, "version": 4}', Act("raise", 60, 4)),
    ],
)
def test_it_parses_each_message_type(text, expected):
    assert parse_command(text) == expected


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{oops", "Message is not valid JSON."),
        ("[1, 2]", "Message must be a JSON object with a 'type'."),
        ('{"seat": 1}', "Message has no 'type'."),
        ('{"type": "dance"}', 'Unknown message type "dance".'),
        ('{"type": "sit", "buy_in": 100}', "'seat' is missing."),
        ('{"type": "stand"}', "'request_id' is missing; send 8 to 64 letters"),
        ('{"type": "sit_out", "request_id": "short"}', "'request_id' is \"short\"; send 8"),
        ('{"type": "sit_back", "request_id": 12345678}', "'request_id' is 12345678; send 8"),
        ('{"type": "stand", "request_id": "has space"}', "'request_id' is \"has space\""),
        ('{"type": "sit", "seat": "2", "buy_in": 100}', "'seat' must be a whole number, not \"2\""),
        ('{"type": "sit", "seat": 2, "buy_in": 10.5}', "must be a whole number, not 10.5."),
        ('{"type": "sit", "seat": 2, "buy_in": -5}', "'buy_in' must be a positive whole number"),
        ('{"type": "sit", "seat": 2, "buy_in": true}', "must be a whole number, not true."),
        ('{"type": "act", "action": "raise", "version": 1}', "'amount' is missing."),
        ('{"type": "act", "action": "bet", "amount": 0, "version": 1}', "positive whole number"),
        ('{"type": "act", "action": "shove", "version": 1}', "'action' must be one of"),
        ('{"type": "act", "action": "call"}', "'version' is missing."),
        ('{"type": "act", "action": "call", "version": "7"}', "'version' must be a whole"),
        ('{"type": "host", "control": "remove", "seat": 2, "reason": ["left"], '
         '"request_id": "12345678"}', "'reason' must be text, not"),
        ('{"type": "host", "control": "remove", "seat": 2, "reason": "' + "x" * 201 + '", '
         '"request_id": "12345678"}', "'reason' is too long (at most 200 characters)."),
        ("[" * 1000 + "]" * 1000, "Message is nested too deeply."),
        ('{"a":' * 800 + "[" * 1000 + "]" * 1000 + "}" * 800, "Message is too long"),
    ],
)
def test_it_rejects_bad_messages_with_a_reason(text, reason):
    with pytest.raises(ProtocolError) as error:
        parse_command(text)
    assert reason in str(error.value)


def test_it_rejects_binary_frames_and_huge_messages():
    with pytest.raises(ProtocolError, match="JSON text, not binary"):
        parse_command(None)
    with pytest.raises(ProtocolError, match="too long"):
        parse_command('{"type": "sync", "pad": "' + "x" * 5000 + '"}')

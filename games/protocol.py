"""Parsing of client WebSocket messages into commands, with a readable reason when bad.

Every client message is a JSON object with a ``type``. See docs/protocol.md.
"""

import json
from dataclasses import dataclass

ACTION_KINDS = ("fold", "check", "call", "bet", "raise", "all_in")
MAX_MESSAGE_BYTES = 4096


class ProtocolError(Exception):
    """A message the server cannot accept; ``str()`` is sent back to the client."""


@dataclass(frozen=True)
class Sit:
    seat: int
    buy_in: int
    post_now: bool = False


@dataclass(frozen=True)
class Stand:
    pass


@dataclass(frozen=True)
class SitOut:
    pass


@dataclass(frozen=True)
class SitBack:
    pass


@dataclass(frozen=True)
class Act:
    kind: str
    amount: int | None
    version: int


@dataclass(frozen=True)
class Sync:
    pass


Command = Sit | Stand | SitOut | SitBack | Act | Sync


def _positive_int(message: dict, field: str) -> int:
    if field not in message:
        raise ProtocolError(f"'{field}' is missing.")
    value = message[field]
    # bool is an int subclass in Python; true/false is never a chip amount.
    if not isinstance(value, int) or isinstance(value, bool):
        raise ProtocolError(f"'{field}' must be a whole number, not {json.dumps(value)}.")
    if value <= 0:
        raise ProtocolError(f"'{field}' must be a positive whole number, not {value}.")
    return value


def _non_negative_int(message: dict, field: str) -> int:
    value = message.get(field)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ProtocolError(f"'{field}' must be a whole number of zero or more.")
    return value


def parse_command(text: str | None) -> Command:
    """Turn one text frame into a command.

    >>> parse_command('{"type": "act", "action": "call", "version": 7}')
    Act(kind='call', amount=None, version=7)
    """
    if text is None:
        raise ProtocolError("Messages must be JSON text, not binary.")
    if len(text) > MAX_MESSAGE_BYTES:
        raise ProtocolError("Message is too long.")
    try:
        message = json.loads(text)
    except json.JSONDecodeError:
        raise ProtocolError("Message is not valid JSON.") from None
    if not isinstance(message, dict):
        raise ProtocolError("Message must be a JSON object with a 'type'.")
    kind = message.get("type")
    if kind == "sit":
        post_now = message.get("post_now", False)
        if not isinstance(post_now, bool):
            raise ProtocolError("'post_now' must be true or false.")
        return Sit(
            seat=_positive_int(message, "seat"),
            buy_in=_positive_int(message, "buy_in"),
            post_now=post_now,
        )
    if kind == "stand":
        return Stand()
    if kind == "sit_out":
        return SitOut()
    if kind == "sit_back":
        return SitBack()
    if kind == "sync":
        return Sync()
    if kind == "act":
        action = message.get("action")
        if action not in ACTION_KINDS:
            raise ProtocolError(
                f"'action' must be one of {', '.join(ACTION_KINDS)}, not {json.dumps(action)}."
            )
        amount = _positive_int(message, "amount") if action in ("bet", "raise") else None
        return Act(kind=action, amount=amount, version=_non_negative_int(message, "version"))
    if kind is None:
        raise ProtocolError("Message has no 'type'.")
    raise ProtocolError(f"Unknown message type {json.dumps(kind)}.")

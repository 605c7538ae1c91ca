"""Parsing of client WebSocket messages into commands, with a readable reason when bad.

Every client message is a JSON object with a ``type``. See docs/protocol.md.
"""

import json
import re
from dataclasses import dataclass

ACTION_KINDS = ("fold", "check", "call", "bet", "raise", "all_in")
MAX_MESSAGE_BYTES = 4096


class ProtocolError(Exception):
    """A message the server cannot accept; ``str()`` is sent back to the client."""


# Commands that change the table without quoting a version carry a request id instead, new
# for each request: a delayed or repeated copy of one is refused, never applied twice.
REQUEST_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")


@dataclass(frozen=True)
class Sit:
    seat: int
    buy_in: int
    request_id: str
    post_now: bool = False


@dataclass(frozen=True)
class Stand:
    request_id: str


@dataclass(frozen=True)
class SitOut:
    request_id: str


@dataclass(frozen=True)
class SitBack:
    request_id: str


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
        raise ProtocolError(f"'{field}' must be a whole number, not {_shown(value)}.")
    if value <= 0:
        raise ProtocolError(f"'{field}' must be a positive whole number, not {value}.")
    return value


def _non_negative_int(message: dict, field: str) -> int:
    if field not in message:
        raise ProtocolError(f"'{field}' is missing.")
    value = message[field]
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ProtocolError(
            f"'{field}' must be a whole number of zero or more, not {_shown(value)}."
        )
    return value


def _request_id(message: dict) -> str:
    value = message.get("request_id")
    if not isinstance(value, str) or not REQUEST_ID.fullmatch(value):
        problem = "is missing" if value is None else f"is {_shown(value)}"
        raise ProtocolError(
            f"'request_id' {problem}; send 8 to 64 letters, digits, '-' or '_', "
            "new for each request."
        )
    return value


def _shown(value) -> str:
    """A client's value quoted in a reply, cut short: replies stay small whatever was sent."""
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def decode_object(text: str | None, max_bytes: int = MAX_MESSAGE_BYTES) -> dict:
    """Decode one text frame into a JSON object, or raise ProtocolError saying why not.

    >>> decode_object('{"type": "ping"}')
    {'type': 'ping'}
    >>> decode_object("[" * 2000 + "]" * 2000)
    Traceback (most recent call last):
    ...
    games.protocol.ProtocolError: Message is nested too deeply.
    """
    if text is None:
        raise ProtocolError("Messages must be JSON text, not binary.")
    if len(text) > max_bytes:
        raise ProtocolError(f"Message is too long ({len(text)} characters; at most {max_bytes}).")
    try:
        message = json.loads(text)
    except RecursionError:
        raise ProtocolError("Message is nested too deeply.") from None
    except ValueError:  # JSONDecodeError, and numbers too long to read
        raise ProtocolError("Message is not valid JSON.") from None
    if not isinstance(message, dict):
        raise ProtocolError("Message must be a JSON object with a 'type'.")
    return message


def parse_command(text: str | None) -> Command:
    """Turn one text frame into a command.

    >>> parse_command('{"type": "act", "action": "call", "version": 7}')
    Act(kind='call', amount=None, version=7)
    """
    message = decode_object(text)
    kind = message.get("type")
    if kind == "sit":
        post_now = message.get("post_now", False)
        if not isinstance(post_now, bool):
            raise ProtocolError("'post_now' must be true or false.")
        return Sit(
            seat=_positive_int(message, "seat"),
            buy_in=_positive_int(message, "buy_in"),
            request_id=_request_id(message),
            post_now=post_now,
        )
    if kind == "stand":
        return Stand(_request_id(message))
    if kind == "sit_out":
        return SitOut(_request_id(message))
    if kind == "sit_back":
        return SitBack(_request_id(message))
    if kind == "sync":
        return Sync()
    if kind == "act":
        action = message.get("action")
        if action not in ACTION_KINDS:
            raise ProtocolError(
                f"'action' must be one of {', '.join(ACTION_KINDS)}, not {_shown(action)}."
            )
        amount = _positive_int(message, "amount") if action in ("bet", "raise") else None
        return Act(kind=action, amount=amount, version=_non_negative_int(message, "version"))
    if kind is None:
        raise ProtocolError("Message has no 'type'.")
    raise ProtocolError(f"Unknown message type {_shown(kind)}.")

"""Parsing of client WebSocket messages into commands, with a readable reason when bad.

Every client message is a JSON object with a ``type``. See docs/protocol.md.
"""

import json
import re
from dataclasses import dataclass

from games.engine.fair_deck import check_client_seed
from games.engine.types import ActionKind
from games.host_settings import FELT_SETTINGS, LONGEST_LIST_ITEM, MOST_LIST_ITEMS, HostSetting

# The engine's action kinds, in its order: the protocol's ``action`` values are its own.
ACTION_KINDS = tuple(kind.value for kind in ActionKind)
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
    client_seed: str = ""


@dataclass(frozen=True)
class ClientSeed:
    """Your entropy for the fair deal of your next hands (docs/fairness.md)."""

    seed: str
    request_id: str


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
class ShowCards:
    """Turn your cards up after taking the last pot uncontested."""

    request_id: str


@dataclass(frozen=True)
class Act:
    kind: str
    amount: int | None
    version: int


@dataclass(frozen=True)
class RunoutAnswer:
    """An all-in player's answer to "run it twice?" (the table asks: docs/protocol.md)."""

    agree: bool
    version: int


@dataclass(frozen=True)
class Straddle:
    """Straddle the next hand you are under the gun (true), or take it back (false)."""

    straddle: bool
    request_id: str


@dataclass(frozen=True)
class Sync:
    pass


@dataclass(frozen=True)
class AddChips:
    """Rebuy or top up at your own seat."""

    amount: int
    request_id: str


# What a host may do from the felt (games/services/hosting.py), and the fields each needs.
HOST_CONTROLS = {
    "pause": (),
    "resume": (),
    "close": (),
    "settings": ("settings",),
    "remove": ("seat",),
    "adjust_stack": ("seat", "amount", "reason"),
    "hand_over": ("seat",),
    "approve": ("seat",),
    "decline": ("seat",),
    "bomb_pot": (),
}
# Settings a host may change from the felt (games/host_settings.py), by name.
_FELT_SETTINGS = {setting.name: setting for setting in FELT_SETTINGS}
MAX_REASON_LENGTH = 200
# Controls that may say why, for the table's log (a stack adjustment must: HOST_CONTROLS).
HOST_OPTIONAL_REASON = ("remove",)
# Whole numbers a client may send: what a database integer column holds (chips, seats, user
# ids), and a big integer for a version. Larger ones are refused before any query is made.
MAX_WHOLE_NUMBER = 2**31 - 1
MAX_VERSION = 2**63 - 1


@dataclass(frozen=True)
class Host:
    """One host control: ``control`` is a key of HOST_CONTROLS; the other fields as needed."""

    control: str
    request_id: str
    seat: int | None = None
    amount: int | None = None
    reason: str = ""
    settings: tuple[tuple[str, int | bool | str | tuple[str, ...]], ...] = ()


def _signed_int(message: dict, field: str) -> int:
    value = message.get(field)
    if not isinstance(value, int) or isinstance(value, bool):
        problem = "is missing" if value is None else f"must be a whole number, not {_shown(value)}"
        raise ProtocolError(f"'{field}' {problem}.")
    if value == 0:
        raise ProtocolError(f"'{field}' must not be zero.")
    return _within(field, value, MAX_WHOLE_NUMBER)


def _within(field: str, value: int, largest: int) -> int:
    """``value`` if its size is at most ``largest``, else ProtocolError naming the field.

    >>> _within("amount", -2**40, MAX_WHOLE_NUMBER)
    Traceback (most recent call last):
    ...
    games.protocol.ProtocolError: 'amount' is out of range: -1099511627776 is below the limit.
    """
    if abs(value) > largest:
        side = "below" if value < 0 else "above"
        raise ProtocolError(f"'{field}' is out of range: {_shown(value)} is {side} the limit.")
    return value


def _host_settings(message: dict) -> tuple[tuple[str, int | bool | str | tuple[str, ...]], ...]:
    """The host's settings, each parsed by its kind (games/host_settings.py); the writer
    checks their ranges and how they fit together."""
    values = message.get("settings")
    if not isinstance(values, dict) or not values:
        raise ProtocolError("'settings' must be an object of the settings to change.")
    parsed: list[tuple[str, int | bool | str | tuple[str, ...]]] = []
    for name in values:
        setting = _FELT_SETTINGS.get(name) if isinstance(name, str) else None
        if setting is None:
            raise ProtocolError(f"Unknown setting {_shown(name)}; settings are "
                                f"{', '.join(_FELT_SETTINGS)}.")
        parsed.append((name, _setting_value(setting, values, name)))
    return tuple(parsed)


def _setting_value(setting: HostSetting, values: dict, name: str) -> int | bool | str | tuple:
    value = values[name]
    if setting.kind == "number":
        return _non_negative_int(values, name)
    if setting.kind == "flag":
        if not isinstance(value, bool):
            raise ProtocolError(f"'{name}' must be true or false.")
        return value
    if setting.kind == "choice":
        choices = [code for code, _label in setting.choices()] if setting.choices else []
        if not isinstance(value, str) or value not in choices:
            raise ProtocolError(
                f"'{name}' must be one of {', '.join(choices)}, not {_shown(value)}."
            )
        return value
    # A list of codes (the felt has no other kind: games/services/checks.py).
    if (not isinstance(value, list) or len(value) > MOST_LIST_ITEMS
            or not all(isinstance(item, str) and len(item) <= LONGEST_LIST_ITEM
                       for item in value)):
        raise ProtocolError(f"'{name}' must be a list of game codes, not {_shown(value)}.")
    return tuple(value)


def _host_control(message: dict) -> Host:
    control = message.get("control")
    # Only a string may be looked up: a list or an object is not hashable.
    if not isinstance(control, str) or control not in HOST_CONTROLS:
        raise ProtocolError(
            f"'control' must be one of {', '.join(HOST_CONTROLS)}, not {_shown(control)}."
        )
    needs = HOST_CONTROLS[control]
    fields: dict = {}
    if "seat" in needs:
        fields["seat"] = _positive_int(message, "seat")
    if "amount" in needs:
        fields["amount"] = _signed_int(message, "amount")
    if "reason" in needs:
        reason = message.get("reason")
        if not isinstance(reason, str) or not reason.strip():
            raise ProtocolError("'reason' is missing: say why the stack changes.")
        fields["reason"] = _reason(reason)
    elif control in HOST_OPTIONAL_REASON and message.get("reason") is not None:
        reason = message["reason"]
        if not isinstance(reason, str):
            raise ProtocolError(f"'reason' must be text, not {_shown(reason)}.")
        fields["reason"] = _reason(reason)
    if "settings" in needs:
        fields["settings"] = _host_settings(message)
    return Host(control=control, request_id=_request_id(message), **fields)


def _reason(reason: str) -> str:
    if len(reason) > MAX_REASON_LENGTH:
        raise ProtocolError(f"'reason' is too long (at most {MAX_REASON_LENGTH} characters).")
    return reason.strip()


@dataclass(frozen=True)
class Chat:
    """A chat line: ``text`` or an ``emote`` key, exactly one (the service checks content)."""

    text: str | None = None
    emote: str | None = None


@dataclass(frozen=True)
class SetChatMute:
    user_id: int
    muted: bool
    request_id: str


Command = (
    Sit | Stand | SitOut | SitBack | ShowCards | Act | Sync | AddChips | Host | Chat
    | SetChatMute
    | ClientSeed | RunoutAnswer | Straddle
)


def _positive_int(message: dict, field: str) -> int:
    if field not in message:
        raise ProtocolError(f"'{field}' is missing.")
    value = message[field]
    # bool is an int subclass in Python; true/false is never a chip amount.
    if not isinstance(value, int) or isinstance(value, bool):
        raise ProtocolError(f"'{field}' must be a whole number, not {_shown(value)}.")
    if value <= 0:
        raise ProtocolError(f"'{field}' must be a positive whole number, not {_shown(value)}.")
    return _within(field, value, MAX_WHOLE_NUMBER)


def _non_negative_int(message: dict, field: str) -> int:
    if field not in message:
        raise ProtocolError(f"'{field}' is missing.")
    value = message[field]
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ProtocolError(
            f"'{field}' must be a whole number of zero or more, not {_shown(value)}."
        )
    return _within(field, value, MAX_VERSION if field == "version" else MAX_WHOLE_NUMBER)


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


def _chat(message: dict) -> Chat:
    """``{"type": "chat", "text": "gl"}`` or ``{"type": "chat", "emote": "good_luck"}``."""
    given = [field for field in ("text", "emote") if field in message]
    if len(given) != 1:
        raise ProtocolError("A chat message needs either 'text' or 'emote' (one of them).")
    (field,) = given
    if not isinstance(message[field], str):
        raise ProtocolError(f"'{field}' must be a string, not {_shown(message[field])}.")
    return Chat(**{field: message[field]})


def _client_seed(message: dict, field: str) -> str:
    """A client seed, checked as the deck function wants it (games/engine/fair_deck.py)."""
    try:
        return check_client_seed(message.get(field, ""))
    except ValueError as error:
        raise ProtocolError(f"'{field}': {error}") from None


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
            client_seed=_client_seed(message, "client_seed"),
        )
    if kind == "client_seed":
        if "seed" not in message:
            raise ProtocolError("'seed' is missing; send your client seed (\"\" for none).")
        return ClientSeed(_client_seed(message, "seed"), _request_id(message))
    if kind == "stand":
        return Stand(_request_id(message))
    if kind == "sit_out":
        return SitOut(_request_id(message))
    if kind == "sit_back":
        return SitBack(_request_id(message))
    if kind == "show_cards":
        return ShowCards(_request_id(message))
    if kind == "sync":
        return Sync()
    if kind == "add_chips":
        return AddChips(_positive_int(message, "amount"), _request_id(message))
    if kind == "host":
        return _host_control(message)
    if kind == "chat":
        return _chat(message)
    if kind == "chat_mute":
        muted = message.get("muted")
        if "muted" not in message:
            raise ProtocolError("'muted' is missing; send true to mute, false to unmute.")
        if not isinstance(muted, bool):
            raise ProtocolError(f"'muted' must be true or false, not {_shown(muted)}.")
        return SetChatMute(_positive_int(message, "user_id"), muted, _request_id(message))
    if kind == "act":
        action = message.get("action")
        if action not in ACTION_KINDS:
            raise ProtocolError(
                f"'action' must be one of {', '.join(ACTION_KINDS)}, not {_shown(action)}."
            )
        amount = _positive_int(message, "amount") if action in ("bet", "raise") else None
        return Act(kind=action, amount=amount, version=_non_negative_int(message, "version"))
    if kind == "straddle":
        straddle = message.get("straddle")
        if not isinstance(straddle, bool):
            raise ProtocolError("'straddle' must be true or false.")
        return Straddle(straddle, _request_id(message))
    if kind == "run_it_twice":
        agree = message.get("agree")
        if not isinstance(agree, bool):
            raise ProtocolError(
                f"'agree' must be true or false, not {_shown(agree)}." if "agree" in message
                else "'agree' is missing; send true to run it twice, false to run it once."
            )
        return RunoutAnswer(agree, _non_negative_int(message, "version"))
    if kind is None:
        raise ProtocolError("Message has no 'type'.")
    raise ProtocolError(f"Unknown message type {_shown(kind)}.")

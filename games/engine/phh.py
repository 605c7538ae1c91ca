"""PHH (Poker Hand History, TOML) out of and into the engine, for no-limit hold'em ("NT").

Export follows pokerkit's ``HandHistory.dumps``: players in position order with the button
last (heads-up: the big blind, then the button), ``blinds_or_straddles`` per player in that
order (heads-up the two blinds apply in reverse, as PHH says), a new player's post to play
as a negative big blind, ``ante_trimming_status = true`` (antes count by contribution level,
as the engine does), then ``actions`` such as ``d dh p1 AsKd``, ``p2 cbr 30``, ``p1 cc``,
``p3 f``, ``d db 7c8dKd``, ``p1 sm AsKd`` (``p1 sm`` alone is a muck).

Import replays a file through the engine. Player k sits in seat k and the last player has
the button. Unknown hole cards (``????``) are fine unless the showdown needs them; cards
shown with ``sm`` fill them in. Like pokerkit, a missing check is supplied (and a missing
fold, when the next line belongs to someone else).
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass
from typing import Any

from games.engine.cards import UNKNOWN, join_cards, split_cards
from games.engine.state import HandState, start_hand
from games.engine.types import (
    Action,
    ActionKind,
    Entry,
    EventKind,
    IllegalAction,
    SeatInput,
    TableConfig,
)


class PHHError(ValueError):
    """A hand history that is invalid, inconsistent with itself, or not supported."""


# ---------------------------------------------------------------------------- export


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        if "'" in value or any(ord(c) < 32 or ord(c) == 127 for c in value):
            return json.dumps(value, ensure_ascii=False)
        return f"'{value}'"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"Cannot write {value!r} as TOML.")


def phh_actions(state: HandState) -> list[str]:
    """The hand's PHH action lines."""
    label = {p.seat: f"p{i + 1}" for i, p in enumerate(state.players)}
    lines = [f"d dh {label[p.seat]} {join_cards(p.hole)}" for p in state.players]
    for e in state.events:
        who = label.get(e.seat) if e.seat is not None else None
        if e.kind is EventKind.FOLD:
            lines.append(f"{who} f")
        elif e.kind in (EventKind.CHECK, EventKind.CALL):
            lines.append(f"{who} cc")
        elif e.kind in (EventKind.BET, EventKind.RAISE):
            lines.append(f"{who} cbr {e.to}")
        elif e.kind is EventKind.DEAL_BOARD:
            lines.append(f"d db {join_cards(e.cards)}")
        elif e.kind is EventKind.SHOW:
            lines.append(f"{who} sm {join_cards(e.cards)}")
        elif e.kind is EventKind.MUCK:
            lines.append(f"{who} sm")
    return lines


def export_phh(state: HandState, **fields: Any) -> str:
    """A finished hand as PHH text. ``fields`` adds optional PHH fields (``hand``,
    ``table``, ``event``...); ``players`` defaults to the player ids.

    >>> from games.engine import TableConfig, SeatInput, Action, ActionKind, replay, FULL_DECK
    >>> s = replay(TableConfig(1, 2), [SeatInput(1, "a", 100), SeatInput(2, "b", 100)],
    ...            FULL_DECK, [Action(1, ActionKind.FOLD)], button=1)
    >>> print(export_phh(s), end="")
    variant = 'NT'
    ante_trimming_status = true
    antes = [0, 0]
    blinds_or_straddles = [1, 2]
    min_bet = 2
    starting_stacks = [100, 100]
    actions = ['d dh p1 2c2h', 'd dh p2 2d2s', 'p2 f']
    seats = [2, 1]
    seat_count = 10
    players = ['b', 'a']
    finishing_stacks = [101, 99]
    """
    if state.result is None:
        raise ValueError("Only a finished hand can be written as a hand history.")
    config = state.config
    n = len(state.players)
    if state.heads_up:
        blinds = [config.small_blind, config.big_blind]
    else:
        blinds = [config.small_blind, config.big_blind] + [
            -config.big_blind if p.posts_to_play else 0 for p in state.players[2:]
        ]
    data: dict[str, Any] = {
        "variant": "NT",
        "ante_trimming_status": True,
        "antes": [config.ante] * n,
        "blinds_or_straddles": blinds,
        "min_bet": config.min_bet,
        "starting_stacks": [p.starting_stack for p in state.players],
        "actions": phh_actions(state),
        "seats": [p.seat for p in state.players],
        "seat_count": config.max_seats,
        "players": [str(p.player_id) for p in state.players],
        "finishing_stacks": [state.result.finishing_stacks[p.seat] for p in state.players],
    }
    for key, value in fields.items():
        data[key] = value
    return "\n".join(f"{key} = {_toml_value(value)}" for key, value in data.items()) + "\n"


# ---------------------------------------------------------------------------- import


@dataclass(frozen=True)
class PHHReplay:
    """A replayed hand history: the engine state and the results in the file's order."""

    state: HandState
    players: tuple[str, ...]
    finishing_stacks: tuple[int, ...]


_LABEL = re.compile(r"p([1-9][0-9]*)$")


def _int_list(data: dict[str, Any], key: str, n: int | None) -> list[int]:
    value = data.get(key)
    if isinstance(value, int) and not isinstance(value, bool) and n is not None:
        value = [value] * n
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        raise PHHError(f"'{key}' must be a list of whole numbers.")
    if n is not None and len(value) != n:
        raise PHHError(f"'{key}' has {len(value)} entries for {n} players.")
    return value


def _config(data: dict[str, Any]) -> tuple[TableConfig, list[int], list[Entry]]:
    variant = data.get("variant")
    if variant is None and data and all(isinstance(v, dict) for v in data.values()):
        raise PHHError("Unsupported: several hands in one file; give one hand per file.")
    if variant != "NT":
        raise PHHError(f"Unsupported variant {variant!r}: only no-limit hold'em ('NT').")
    for key in ("antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions"):
        if key not in data:
            raise PHHError(f"The required field '{key}' is missing.")
    stacks = _int_list(data, "starting_stacks", None)
    n = len(stacks)
    if not 2 <= n <= 10:
        raise PHHError(f"Unsupported: {n} players (the engine seats 2 to 10).")
    if min(stacks) <= 0:
        raise PHHError("Every starting stack must be positive.")
    antes = _int_list(data, "antes", n)
    if len(set(antes)) != 1 or antes[0] < 0:
        raise PHHError("Unsupported: antes that differ between players.")
    ante = antes[0]
    blinds = _int_list(data, "blinds_or_straddles", n)
    sb, bb = blinds[0], blinds[1]
    entries = [Entry.PLAYING] * n
    for k, extra in enumerate(blinds[2:], start=2):
        if extra == -bb:
            entries[k] = Entry.POST_BB
        elif extra != 0:
            raise PHHError("Unsupported: straddles or posts other than one big blind.")
    if not 0 < sb <= bb:
        raise PHHError("Unsupported blinds: the small blind must be positive and at most the big.")
    min_bet = data["min_bet"]
    if min_bet != bb:
        raise PHHError(f"Unsupported: a minimum bet ({min_bet}) other than the big blind ({bb}).")
    if not data.get("ante_trimming_status", False) and ante and min(stacks) < ante:
        raise PHHError("Unsupported: a partial ante without ante trimming.")
    return TableConfig(sb, bb, ante, max_seats=10), stacks, entries


def _player(word: str, n: int) -> int:
    m = _LABEL.match(word)
    if not m or int(m.group(1)) > n:
        raise PHHError(f"{word!r} is not a player of this hand.")
    return int(m.group(1)) - 1


def _lines(data: dict[str, Any]) -> list[list[str]]:
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise PHHError("'actions' must be a list of strings.")
    lines = []
    for text in actions:
        words = text.split("#", 1)[0].split()
        if not words:
            continue
        # Every action has an actor and a verb; dealing names its cards (and hole cards,
        # the player). Checked here so the replay can rely on the shape.
        expected = {"dh": 4, "db": 3}.get(words[1], 2) if len(words) > 1 else 2
        if len(words) < 2 or (words[0] == "d" and len(words) != expected):
            raise PHHError(f"Malformed action {text.strip()!r}.")
        lines.append(words)
    return lines


def _prescan(
    lines: list[list[str]], n: int
) -> tuple[list[list[str]], list[str], set[int]]:
    """Hole cards per player, the board, and who mucks, from the whole action list."""
    holes = [[UNKNOWN, UNKNOWN] for _ in range(n)]
    dealt = [False] * n
    board: list[str] = []
    mucks: set[int] = set()
    try:
        for words in lines:
            if words[:2] == ["d", "dh"] and len(words) == 4:
                k = _player(words[2], n)
                cards = split_cards(words[3])
                if len(cards) != 2 or dealt[k]:
                    raise PHHError(f"Player p{k + 1} must be dealt two hole cards once.")
                dealt[k] = True
                holes[k] = cards
            elif words[:2] == ["d", "db"] and len(words) == 3:
                cards = split_cards(words[2])
                if len(cards) != (3 if not board else 1) or len(board) >= 5:
                    raise PHHError(f"'d db {words[2]}' is not the next street's cards.")
                board.extend(cards)
            elif words[0] != "d" and len(words) >= 2 and words[1] == "sm":
                k = _player(words[0], n)
                if len(words) == 2:
                    mucks.add(k)
                elif words[2] != "-":
                    shown = split_cards(words[2])
                    if len(shown) != 2:
                        raise PHHError(f"p{k + 1} must show two cards.")
                    for j, card in enumerate(shown):
                        if card == UNKNOWN:
                            continue
                        if holes[k][j] not in (UNKNOWN, card):
                            raise PHHError(f"p{k + 1} shows {words[2]} but was dealt others.")
                        holes[k][j] = card
    except ValueError as error:
        if isinstance(error, PHHError):
            raise
        raise PHHError(str(error)) from None
    return holes, board, mucks


def _deck(holes: list[list[str]], board: list[str]) -> list[str]:
    n = len(holes)
    deck = [holes[i][0] for i in range(n)] + [holes[i][1] for i in range(n)]
    padded = board + [UNKNOWN] * (5 - len(board))
    deck += [UNKNOWN, *padded[:3], UNKNOWN, padded[3], UNKNOWN, padded[4]]
    known = [c for c in deck if c != UNKNOWN]
    if len(set(known)) != len(known):
        twice = next(c for c in known if known.count(c) > 1)
        raise PHHError(f"The card {twice} appears twice.")
    return deck


def replay_phh(text: str) -> PHHReplay:
    """Read one no-limit hold'em PHH hand and replay it through the engine.

    Raises PHHError for a file that is invalid, inconsistent or unsupported.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise PHHError(f"Not valid TOML: {error}.") from None
    config, stacks, entries = _config(data)
    n = len(stacks)
    lines = _lines(data)
    holes, board, mucks = _prescan(lines, n)
    seats = [SeatInput(k + 1, f"p{k + 1}", stacks[k], entries[k]) for k in range(n)]
    try:
        deck = _deck(holes, board)
        state = start_hand(config, seats, deck, button=n, mucks={k + 1 for k in mucks})
    except (ValueError, IllegalAction) as error:
        raise PHHError(_players_named(str(error))) from None
    pending_auto: list[int] = _autos(state, 0)
    board_seen = 0
    for words in lines:
        try:
            if words[0] == "d":
                if words[1] == "db":
                    board_seen += len(split_cards(words[2]))
                    _repair_until(state, board=board_seen)
                    pending_auto = []
                    if state.board[:board_seen] != board[:board_seen]:
                        raise PHHError("The board does not follow the betting.")
                elif words[1] != "dh":
                    raise PHHError(f"Unsupported dealer action {' '.join(words)!r}.")
                continue
            k = _player(words[0], n)
            verb = words[1]
            if verb == "sm":
                continue
            if verb == "cc" and len(words) == 2 and pending_auto and pending_auto[0] == k + 1:
                pending_auto.pop(0)
                continue
            if verb not in ("f", "cc", "cbr") or (verb == "cbr") != (len(words) == 3):
                raise PHHError(f"Unsupported or malformed action {' '.join(words)!r}.")
            _repair_until(state, actor=k + 1)
            before = len(state.events)
            state.apply(_action(state, k + 1, verb, words))
            pending_auto = _autos(state, before)
        except IllegalAction as error:
            raise PHHError(f"{' '.join(words)}: {_players_named(str(error))}") from None
    if not state.is_complete:
        raise PHHError("The hand history ends before the hand is over.")
    assert state.result is not None
    finishing = tuple(state.result.finishing_stacks[k + 1] for k in range(n))
    expected = data.get("finishing_stacks")
    if expected is not None and list(expected) != list(finishing):
        raise PHHError(
            f"The file's finishing stacks {list(expected)} differ from the replay's "
            f"{list(finishing)}."
        )
    names = data.get("players")
    players = tuple(str(x) for x in names) if isinstance(names, list) and len(names) == n else ()
    return PHHReplay(state, players, finishing)


def _autos(state: HandState, start: int) -> list[int]:
    return [
        e.seat for e in state.events[start:] if e.auto and e.seat is not None
    ]


def _repair_until(state: HandState, *, board: int = 0, actor: int | None = None) -> None:
    """Supply missing checks (and folds), as pokerkit does, until ``board`` cards are out
    or ``actor`` is to act."""
    while len(state.board) < board or (actor is not None and state.actor != actor):
        legal = state.legal_actions()
        if legal is None:
            raise PHHError("An action comes after the hand is over, or out of turn.")
        state.apply(state.timeout_action())


def _action(state: HandState, seat: int, verb: str, words: list[str]) -> Action:
    legal = state.legal_actions()
    assert legal is not None
    if verb == "f":
        return Action(seat, ActionKind.FOLD)
    if verb == "cc":
        return Action(seat, ActionKind.CALL if legal.call else ActionKind.CHECK)
    try:
        amount = int(words[2])
    except ValueError:
        raise PHHError(f"{words[2]!r} is not a whole number of chips.") from None
    kind = ActionKind.BET if legal.bet is not None else ActionKind.RAISE
    return Action(seat, kind, amount)


def _players_named(message: str) -> str:
    return re.sub(r"[Ss]eat (\d+)", lambda m: f"p{m.group(1)}", message)

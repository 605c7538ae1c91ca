"""PHH (Poker Hand History, TOML) out of and into the engine, for every game of the registry
by its variant code (games.py): no-limit hold'em ("NT"), pot-limit Omaha ("PO": four hole
cards, ``d dh p1 AsKdQcJh``; the same fields), fixed-limit hold'em ("FT": ``small_bet`` and
``big_bet`` instead of ``min_bet``, ``bet_fields``), short-deck hold'em ("NS": the button's
blind is its ``blinds_or_straddles``, ``[0, 0, 0, 2]``, heads-up reversed as every blind is;
a table that ranks three of a kind over a straight writes ``_ranking = 'short-deck-trips'``,
a user-defined field: PHH and pokerkit know short deck's one order only).

Export follows pokerkit's ``HandHistory.dumps``: players in position order with the button
last (heads-up: the big blind, then the button), ``blinds_or_straddles`` per player in that
order (heads-up the two blinds apply in reverse, as PHH says), a new player's post to play
as a negative big blind, ``ante_trimming_status = true`` (antes count by contribution level,
as the engine does; ``false`` for antes given seat by seat, which are dead money), then
``actions`` such as ``d dh p1 AsKd``, ``p2 cbr 30``, ``p1 cc``, ``p3 f``, ``d db 7c8dKd``,
``p1 sm AsKd`` (``p1 sm`` alone is a muck). A hand with the 7-2 bounty (bounty.py) writes it
in a user-defined field (PHH allows any name that starts with an underscore; pokerkit keeps
it in ``HandHistory.user_defined_fields``): ``_seven_deuce_bounty = 10``, in the file's
money; ``finishing_stacks`` count the payments. A board run twice and a double board are
written with user-defined fields too (``board_fields``: ``_runout_count``,
``_starting_board_count``), the standard having none. A hand imported in
minor units (``scale`` > 1) is written back in the file's money: ``p2 cbr 1.25``. A check or
fold the table made when the player's time ran out carries PHH's action commentary:
``p3 f # timed out`` (readers ignore it; ours does too).

Import (``replay_phh``, in phh_import.py) replays a file through the engine.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from datetime import time
from decimal import Decimal
from typing import Any

from games.engine.cards import join_cards
from games.engine.phh_fields import BOUNTY_FIELD, RANKING_FIELD, PHHError
from games.engine.phh_import import PHHReplay, replay_phh, replay_phh_data, split_phhs
from games.engine.state import HandState
from games.engine.types import EventKind, TableConfig

__all__ = [
    "PHHError",
    "PHHReplay",
    "export_phh",
    "phh_actions",
    "replay_phh",
    "replay_phh_data",
    "split_phhs",
]


# ---------------------------------------------------------------------------- export


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | Decimal):
        return str(value)
    if isinstance(value, time):  # a TOML local time: 16:28:42
        return value.replace(tzinfo=None, microsecond=0).isoformat()
    if isinstance(value, str):
        if "'" in value or any(ord(c) < 32 or ord(c) == 127 for c in value):
            return json.dumps(value, ensure_ascii=False)
        return f"'{value}'"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"Cannot write {value!r} as TOML.")


def money(units: int, scale: int) -> int | Decimal:
    """Units as the file's amount: whole when it is, else an exact decimal.

    >>> money(125, 100), money(200, 100), money(7, 1)
    (Decimal('1.25'), 2, 7)
    """
    if scale == 1:
        return units
    value = Decimal(units) / scale
    if value == value.to_integral_value():
        return int(value)
    return value.normalize()


def phh_actions(
    state: HandState, scale: int = 1, timed_out: Collection[int] = ()
) -> list[str]:
    """The hand's PHH action lines; ``timed_out``: sequences of the events the table made
    for a player whose time ran out (commented so)."""
    label = {p.seat: f"p{i + 1}" for i, p in enumerate(state.players)}
    lines = [f"d dh {label[p.seat]} {join_cards(p.hole)}" for p in state.players]
    # PHH has no bomb pot: its "no preflop betting" is written as everyone checking, first
    # the first player (no blind decides who opens), so that readers replay the same hand.
    checks = [
        f"{label[p.seat]} cc # bomb pot: no betting before the flop" for p in state.players
        if p.starting_stack > (state.antes or {}).get(p.seat, 0)
    ] if state.bomb_pot else []
    for e in state.events:
        if checks and e.kind is EventKind.DEAL_BOARD:
            lines += checks if len(checks) > 1 else []
            checks = []
        who = label.get(e.seat) if e.seat is not None else None
        note = " # timed out" if e.seq in timed_out else ""
        if e.kind is EventKind.FOLD:
            lines.append(f"{who} f{note}")
        elif e.kind in (EventKind.CHECK, EventKind.CALL):
            lines.append(f"{who} cc{note}")
        elif e.kind in (EventKind.BET, EventKind.RAISE):
            lines.append(f"{who} cbr {money(e.to or 0, scale)}")
        elif e.kind is EventKind.DEAL_BOARD:
            lines.append(f"d db {join_cards(e.cards)}")
        elif e.kind is EventKind.SHOW:
            lines.append(f"{who} sm {join_cards(e.cards)}")
        elif e.kind is EventKind.MUCK:
            lines.append(f"{who} sm")
    return lines


def board_fields(state: HandState) -> dict[str, int]:
    """PHH's user-defined fields (a leading ``_``) for several boards, which the standard
    has no field for: pokerkit's names, ``_starting_board_count = 2`` for a double board,
    ``_runout_count = 2`` for a board run twice (the runs the hand was dealt, all agreed).
    The ``d db`` lines then deal every board in the order pokerkit deals them: a double
    board street by street (first board, second board), a board run again after the first
    board's river. Empty for a hand of one board.

    >>> from games.engine import TableConfig, SeatInput, Action, ActionKind, FULL_DECK
    >>> from games.engine.state import start_hand
    >>> s = start_hand(TableConfig(1, 2), [SeatInput(1, "a", 50), SeatInput(2, "b", 50)],
    ...                FULL_DECK, button=1, runouts=2)
    >>> _ = s.apply(Action(1, ActionKind.ALL_IN)); _ = s.apply(Action(2, ActionKind.CALL))
    >>> board_fields(s)
    {'_runout_count': 2}
    """
    if not state.runs:
        return {}
    if state.boards == 2:
        return {"_starting_board_count": 2}
    return {"_runout_count": 1 + len(state.runs)}


def bet_fields(config: TableConfig, scale: int = 1) -> dict[str, Any]:
    """PHH's bet sizes: a fixed-limit game's ``small_bet`` and ``big_bet``, any other
    game's ``min_bet``.

    >>> bet_fields(TableConfig(1, 2, game="FT")), bet_fields(TableConfig(1, 2))
    ({'small_bet': 2, 'big_bet': 4}, {'min_bet': 2})
    """
    sizes = config.game.betting.bet_sizes
    if not sizes:
        return {"min_bet": money(config.min_bet, scale)}
    return {"small_bet": money(sizes[0] * config.big_blind, scale),
            "big_bet": money(sizes[-1] * config.big_blind, scale)}


def export_phh(
    state: HandState, scale: int = 1, *, timed_out: Collection[int] = (), **fields: Any
) -> str:
    """A finished hand as PHH text. ``fields`` adds optional PHH fields (``hand``,
    ``table``, ``event``...); ``players`` defaults to the player ids. ``scale``: units per
    unit of money, for hands imported with decimal amounts; ``finishing_stacks`` may be
    given (after a site's rake). ``timed_out``: as for ``phh_actions``.

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
    if state.blinds is not None:
        blinds = [state.blinds.get(p.seat, 0) for p in state.players]
        if state.heads_up:
            blinds.reverse()
    elif state.heads_up:
        blinds = [config.small_blind, config.big_blind]
    else:
        blinds = [config.small_blind, config.big_blind] + [
            -config.big_blind if p.posts_to_play else 0 for p in state.players[2:]
        ]
    if state.antes is not None:  # seat by seat, dead money: pokerkit's untrimmed antes
        antes = [state.antes.get(p.seat, 0) for p in state.players]
        if state.heads_up:
            antes.reverse()
    else:
        antes = [config.ante] * n
    data: dict[str, Any] = {
        "variant": config.game.code,
        "ante_trimming_status": state.antes is None,
        "antes": [money(a, scale) for a in antes],
        "blinds_or_straddles": [money(b, scale) for b in blinds],
        **bet_fields(config, scale),
        "starting_stacks": [money(p.starting_stack, scale) for p in state.players],
        "actions": phh_actions(state, scale, timed_out),
        "seats": [p.seat for p in state.players],
        "seat_count": config.max_seats,
        "players": [str(p.player_id) for p in state.players],
        "finishing_stacks": [
            money(state.result.finishing_stacks[p.seat], scale) for p in state.players
        ],
        **board_fields(state),
    }
    if config.game.ranking is not config.game.rankings[0]:  # the table's other order
        data[RANKING_FIELD] = config.game.ranking.value
    if state.bounty:  # the 7-2 bounty: a user-defined field (see the module docstring)
        data[BOUNTY_FIELD] = money(state.bounty, scale)
    for key, value in fields.items():
        data[key] = value
    return "\n".join(f"{key} = {_toml_value(value)}" for key, value in data.items()) + "\n"



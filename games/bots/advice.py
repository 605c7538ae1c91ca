"""The coach's figures and verdicts, from one player's own view (no Django).

``figures(situation)`` gives equity against the opponents' likely ranges (the coach's range
model, ``games.bots.villains``) and against random hands, outs on the flop and turn counted
against those ranges (``games.bots.outs``), and the pot odds when facing a bet; ``verdict``
is one line on a decision (``games.bots.grading`` grades it by EV);
``decision_points(state, seat)`` replays a hand and yields the situation that
seat faced (its own view only) before each of its decisions.

>>> from games.engine.types import ActionKind
>>> from games.bots.situation import Legal
>>> s = Situation(1, ("9h", "8h"), ("2h", "7h", "Kc"), "flop", 100, 0, 200, 2, (), Legal(
...     frozenset({ActionKind.CALL, ActionKind.FOLD}), 40, None, None, None), 1)
>>> verdict("call", None, s, Figures(0.34, 0.4, 9, 0.286, 40, 100))
'you called 40 into 100 needing 29% with about 34%: fine'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from games.bots.equity import equity_vs_ranges, equity_vs_weights
from games.bots.holdings import HOLDINGS
from games.bots.outs import OutsReport, count_outs
from games.bots.preflop import preflop_advice, preflop_verdict
from games.bots.situation import Situation
from games.bots.styles import value_line
from games.bots.villains import opponent_ranges
from games.engine import Action, HandState, start_hand
from games.engine.replay import seat_inputs


@dataclass(frozen=True)
class Figures:
    equity: float  # against the opponents' likely ranges
    equity_random: float  # against random hands
    outs: int | None  # flop and turn only: the cards that put you ahead (0 when ahead)
    pot_odds: float | None  # when facing a bet: the equity a call needs
    to_call: int
    pot: int
    standing: OutsReport | None = None  # from the flop: outs, danger cards, drawing dead


@lru_cache(maxsize=4096)
def figures(situation: Situation, samples: int = 3000) -> Figures:
    """The coach's numbers for this situation (the same situation gives the same figures)."""
    n = max(1, len(situation.opponents))
    ranges = opponent_ranges(situation) or [np.ones(len(HOLDINGS))]
    eq = equity_vs_weights(situation.hole, situation.board, ranges, samples, seed=1)
    eq_random = equity_vs_ranges(situation.hole, situation.board, [1.0] * n, samples, seed=2)
    standing = count_outs(situation.hole, situation.board, ranges)
    count = len(standing.outs) if standing and len(situation.board) in (3, 4) else None
    call = situation.to_call
    return Figures(eq, eq_random, count, situation.pot_odds if call else None, call,
                   situation.pot, standing)


def _pct(share: float) -> str:
    return f"{round(share * 100)}%"


def verdict(kind: str, amount: int | None, situation: Situation, f: Figures) -> str:
    """One line on a decision, from the figures of the situation it was made in. Before the
    flop, when the seats are known, the chart of the seat's position judges it
    (``games.bots.preflop``); the pot odds alone would call a limp with any two cards good."""
    eq, line = f.equity, value_line(max(1, len(situation.opponents)))
    about = f"about {_pct(eq)}"
    if kind == "call" or (kind == "all_in" and situation.legal and not situation.legal.raise_to
                          and f.to_call):
        need = f.pot_odds or 0.0
        word = "fine" if eq >= need else ("close" if eq >= need - 0.05 else "too loose")
        head = f"you called {f.to_call} into {f.pot} needing {_pct(need)} with {about}"
    elif kind == "fold":
        if not f.to_call:
            return "you folded when checking was free: never fold for nothing"
        need = f.pot_odds or 0.0
        word = "fine" if eq < need else ("close" if eq < need + 0.05 else "too tight")
        head = f"you folded to {f.to_call} into {f.pot} needing {_pct(need)} with {about}"
    elif kind == "check":
        word = "a bet for value was there" if eq >= line else "fine"
        head = f"you checked with {about}"
    else:
        what = {"bet": "bet", "raise": "raised to", "all_in": "went all in"}.get(kind, kind)
        size = f" {amount}" if amount and kind != "all_in" else ""
        if eq >= line:
            word = "value: good"
        elif eq >= 1 / (len(situation.opponents) + 1):
            word = "thin value: fine"
        else:
            word = "a bluff: fine now and then, not every time"
        head = f"you {what}{size} with {about}"
    if situation.street == "preflop" and situation.seats:
        return f"{head}; {preflop_verdict(kind, situation, preflop_advice(situation))}"
    return f"{head}: {word}"


def decision_points(state: HandState, seat: int) -> Iterator[tuple[Situation, Action]]:
    """Replay the hand; before each action of ``seat`` yield what that seat saw (its own
    view only) and the action it took."""
    replayed = start_hand(state.config, seat_inputs(state), state.deck, state.button,
                          state.setup)
    for action in state.actions:
        if action.seat == seat:
            yield Situation.from_view(replayed.view(seat), seat, state.config.big_blind), action
        replayed.apply(action)


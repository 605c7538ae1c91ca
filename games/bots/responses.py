"""Who goes on against a bet: the coach's model of how opponents answer a size.

Each holding an opponent may hold gets its *equity against the bettor's range* (the range
the opponents put the bettor on: ``bettor_range``, by the same model as theirs,
``games.bots.villains``, the bet included). Facing a bet, a holding goes on (calls or
raises; a raise is counted as a call) when that equity is at least the *price* the size
offers it, ``call / (pot after the bet + call)``, less ``OVERCALL`` (people call a little
wider than the price). The price grows with the size, and a hand that folds to a smaller
size folds to a bigger one (``games.bots.weighing`` keeps the sets nested), so a bigger bet
is called by a subset of the hands that call a smaller one.

Equity of a holding against a range:

- before the flop, exactly, from the shipped heads-up table (``evaluator.range_table``);
- on the turn, over every river; on the flop, over every ``FLOP_STRIDE``-th pair of turn
  and river cards (an eighth of the 1,081 runouts, spread evenly; the error is a point or
  two); on the river, the board as it is. Card removal between the holding and the range is
  left out (it moves these figures by a point or so).

>>> from games.bots.holdings import holding_index, range_weights_of
>>> eq = holding_equities(("Kd", "7h", "2c", "9s", "3d"), range_weights_of("KQ, 99"))
>>> float(eq[holding_index("Ks", "Kh")]), float(eq[holding_index("4s", "5s")])
(1.0, 0.0)
>>> price(10, 20)  # a pot-sized bet: 10 into 10
0.3333333333333333
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache, lru_cache
from itertools import combinations
from typing import Final

import numpy as np
import numpy.typing as npt

from evaluator.batch import evaluate_batch
from evaluator.range_table import BOARDS, _structure, headsup_table
from games.bots.holdings import HOLDING_MASKS, HOLDINGS, Weights
from games.bots.ranges import CARD_IDS, percentile_table
from games.bots.situation import Opponent, Situation
from games.bots.villains import BET_REST, board_strength, opponent_range, strongest

OVERCALL: Final = 0.03  # people call with a few points less equity than the price asks
# Fitted to the bots' own answers (docs/coach.md, "The response model against the bots"):
# up to the largest size people bet (NARROWS_FROM pots) who answers reads a bet as a bet
# whatever its size (the size is in the price), and puts the bettor on the strongest
# READ_KEEPS of their range, the rest at BLUFF_RATIO. Beyond it (an overbet) a size
# ``r`` times that keeps ``r ** -SIZE_NARROWING`` as much: not fitted (the bots call
# overbets as they call a pot; people do not), so that an all-in of ten pots is not
# counted as called as often as a pot-sized bet.
NARROWS_FROM: Final = 1.5
SIZE_NARROWING: Final = 0.5
READ_KEEPS: Final = 0.6
FLOP_STRIDE: Final = 8  # on the flop, one runout in eight (spread over all of them)
RANKS: Final = 7463  # the evaluator's hand strengths are 0..7462
# A bet's bluffs (the rest of its range) against its value hands, by weight: the villains
# model's pot-sized bet (half the range kept, the other half at BET_REST) at any size.
BLUFF_RATIO: Final = BET_REST


def price(call: int, pot_after_bet: int) -> float:
    """The equity a call of ``call`` needs when the pot, the bet included, is
    ``pot_after_bet`` (the pot odds the size offers)."""
    return call / (pot_after_bet + call) if call > 0 else 0.0


def goes_on(equities: Weights, need: float) -> npt.NDArray[np.bool_]:
    """The holdings that go on against a bet whose price is ``need`` (see the docstring).

    >>> goes_on(np.array([0.2, 0.4, 0.6]), 0.4).tolist()
    [False, True, True]
    """
    return np.asarray(equities >= need - OVERCALL)


def size_keeps(ratio: float) -> float:
    """The share of its range a bet keeps at full weight, relative to a standard size (the
    pot after the flop, the chart's raise before it): up to ``NARROWS_FROM`` times that
    size, all of it; ``r`` times beyond, ``r ** -SIZE_NARROWING`` (a bigger bet says a
    stronger hand).

    >>> size_keeps(0.5), size_keeps(1.5), size_keeps(6.0)
    (1.0, 1.0, 0.5)
    """
    return float(max(1.0, ratio / NARROWS_FROM) ** -SIZE_NARROWING)


def bettor_range(situation: Situation, kind: str, ratio: float = 1.0) -> Weights:
    """The range the opponents put the deciding player on when it bets or raises now,
    ``ratio`` times the standard size (``size_keeps``): its seat and actions so far, by the
    opponents' own model, then this bet (only the board is removed: they cannot see this
    player's cards). Before the flop the chart of the raise is the standard; after it, a bet
    keeps ``READ_KEEPS`` of the range at a pot or less. Whatever the size, the hands kept at
    full weight outweigh the rest (the bluffs) by the same ``BLUFF_RATIO``."""
    me = Opponent(situation.seat, situation.stack, situation.bet, False, situation.own_actions)
    preflop = situation.preflop
    if situation.street == "preflop":
        preflop = (*preflop, (situation.seat, "raise" if kind in ("bet", "raise") else kind))
        me = replace(me, actions=(*me.actions, ("preflop", "raise")))
    seen = replace(situation, hole=(), preflop=preflop)
    weights = opponent_range(seen, me)
    if situation.street == "preflop":
        strength = 1.0 - _preflop_order()
        keep = size_keeps(ratio)
    else:
        strength = board_strength(tuple(situation.board))
        keep = READ_KEEPS * size_keeps(ratio)
    if keep >= 1.0:
        return weights
    top = strongest(weights, strength, keep)
    rest = BLUFF_RATIO * keep / (1.0 - keep)
    return np.where(top, weights, weights * rest)


@cache
def _preflop_order() -> Weights:
    """Each holding's starting-hand percentile (``games.bots.ranges``; 0 the best)."""
    table = percentile_table()
    return np.asarray(table[HOLDINGS[:, 0], HOLDINGS[:, 1]], dtype=np.float64)


def holding_equities(board: tuple[str, ...], against: Weights) -> Weights:
    """Each holding's equity (0..1, ties half) against the range ``against`` on ``board``
    (see the module docstring); 0 for holdings that use a board card."""
    weights = np.asarray(against, dtype=np.float64)
    if not board:
        return _preflop_equities(weights)
    runs, strengths = _runouts(board)
    board_mask = np.uint64(sum(1 << CARD_IDS[c] for c in board))
    live = (HOLDING_MASKS & board_mask) == 0
    won = np.zeros(len(HOLDINGS))
    seen = np.zeros(len(HOLDINGS))
    for run_mask, row in zip(runs, strengths, strict=True):
        free = live & ((HOLDING_MASKS & run_mask) == 0)
        w = np.where(free, weights, 0.0)
        total = w.sum()
        if total <= 0:
            continue
        count = np.bincount(row, weights=w, minlength=RANKS)
        below = np.cumsum(count) - count  # weight strictly below each strength
        won += np.where(free, (below[row] + count[row] / 2) / total, 0.0)
        seen += free
    return np.where(seen > 0, won / np.maximum(seen, 1), 0.0)


@lru_cache(maxsize=64)  # bounded: one entry per board asked about
def _runouts(board: tuple[str, ...]) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.int16]]:
    """The runouts counted from ``board`` (their card masks) and every holding's strength on
    each (runouts x holdings; meaningless where the holding uses a card, masked by callers)."""
    ids = [CARD_IDS[c] for c in board]
    unseen = [c for c in range(52) if c not in ids]
    missing = 5 - len(board)
    runs = list(combinations(unseen, missing))
    if missing == 2:
        runs = runs[::FLOP_STRIDE]
    cards = np.array(runs, dtype=np.uint8).reshape(len(runs), missing)
    full = np.hstack([np.broadcast_to(np.array(ids, dtype=np.uint8), (len(runs), len(ids))),
                      cards])
    rows = np.empty((len(runs), len(HOLDINGS), 7), dtype=np.uint8)
    rows[:, :, :2] = HOLDINGS
    rows[:, :, 2:] = full[:, None, :]
    strengths = evaluate_batch(rows.reshape(-1, 7), check=False).reshape(len(runs), -1)
    masks = np.bitwise_or.reduce(np.uint64(1) << cards.astype(np.uint64), axis=1) if missing \
        else np.zeros(1, dtype=np.uint64)
    strengths.setflags(write=False)
    return masks, strengths


@cache
def _preflop_matrix() -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """Every holding's heads-up preflop equity against every other (1,326 x 1,326, in the
    order of ``HOLDINGS``), 0 where they share a card, and the 0/1 matrix of holdings that
    can meet."""
    table = headsup_table()
    if table is None:
        raise RuntimeError("the heads-up preflop table (evaluator/data) is missing")
    klass, _reps, image, to_rep = _structure()
    low, high = HOLDINGS[:, 0].astype(np.intp), HOLDINGS[:, 1].astype(np.intp)
    combo = high * (high - 1) // 2 + low  # evaluator.range_table's combo order
    meet = (HOLDING_MASKS[:, None] & HOLDING_MASKS[None, :]) == 0
    moved = image[to_rep[combo][:, None], combo[None, :]]
    rows = klass[combo][:, None]
    wins = table.wins[rows, moved].astype(np.float64)
    ties = table.ties[rows, moved].astype(np.float64)
    equity = np.where(meet, (wins + ties / 2) / BOARDS, 0.0).astype(np.float32)
    return equity, meet.astype(np.float32)


def _preflop_equities(weights: Weights) -> Weights:
    equity, meet = _preflop_matrix()
    w = weights.astype(np.float32)
    total = meet @ w
    return np.where(total > 0, (equity @ w) / np.maximum(total, 1e-9), 0.0).astype(np.float64)

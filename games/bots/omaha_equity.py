"""Monte Carlo equity of an Omaha hand (four or five hole cards, high or hi/lo) against
random hands.

Hold'em's ranges (games/bots/ranges.py) rank two-card hands, so they say nothing of four or
five: each trial deals every opponent as many cards as this player holds, at random from
the cards this player cannot see, and completes the board; equity is the share of pots
won, a tie counting as a share. Strengths come from the evaluator's Omaha batch (exactly two
hole cards and three board cards; five hole cards are the best of their five four-card
subsets, since every pair lies in one), so the bots play Omaha by its rules, if not well.
In hi/lo (``high_low``) each pot is half the high's and half the best eight-or-better
low's (``evaluator.low``), all to the high when no hand has a low: a scoop counts 1, half
the pot 1/2, a quartered half 1/4.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

import numpy as np
import numpy.typing as npt

from evaluator.low import evaluate_omaha_low_batch
from evaluator.omaha_batch import evaluate_omaha_batch
from games.bots.ranges import CARD_IDS

SAMPLES = 600
HOLE_SIZES = (4, 5)


def omaha_equity(
    hole: Sequence[str],
    board: Sequence[str],
    opponents: int,
    samples: int = SAMPLES,
    seed: int | None = None,
    *,
    high_low: bool = False,
) -> float:
    """Equity (0..1) of the four or five cards ``hole`` on ``board`` against ``opponents``
    random Omaha hands of as many cards (``high_low``: pots split with the best low).

    >>> omaha_equity(["As", "Ks", "Qd", "Jd"], ["Qs", "Js", "Ts", "2c", "3h"], 2, seed=1)
    1.0
    >>> 0.5 < omaha_equity(["As", "Ad", "Kh", "Kc"], [], 1, seed=1) < 0.8
    True
    >>> omaha_equity(["As", "2s", "Kd", "Kc", "Qh"], ["3s", "4s", "Ks", "9c", "Th"], 1,
    ...              seed=1, high_low=True)   # the nut flush and the nut low: a scoop
    1.0
    """
    if opponents < 1:
        return 1.0
    return float(omaha_shares(hole, board, opponents, samples, seed, high_low=high_low).mean())


def _strengths(holes: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8]) -> npt.NDArray[np.int16]:
    """High strengths of many four- or five-card Omaha hands on their boards."""
    if holes.shape[1] == 4:
        return evaluate_omaha_batch(holes, board, check=False)
    best = np.full(len(holes), -1, dtype=np.int16)
    for four in combinations(range(holes.shape[1]), 4):
        np.maximum(best, evaluate_omaha_batch(np.ascontiguousarray(holes[:, four]), board,
                                              check=False), out=best)
    return best


def _shares(mine: npt.NDArray[np.int16], theirs: list[npt.NDArray[np.int16]],
            ) -> npt.NDArray[np.float64]:
    """This player's share of a pot (1 won, 1/k split k ways, 0 lost) given the strengths
    (0: no hand, as a missing low) of every deal."""
    best = np.full(len(mine), -1, dtype=np.int16)
    ties = np.zeros(len(mine))
    for strength in theirs:
        ties = np.where(strength > best, 0, ties) + (strength == mine)
        best = np.maximum(best, strength)
    share: npt.NDArray[np.float64] = np.where(
        mine > best, 1.0, np.where(mine == best, 1.0 / (1.0 + ties), 0.0))
    return share


def omaha_shares(
    hole: Sequence[str],
    board: Sequence[str],
    opponents: int,
    samples: int = SAMPLES,
    seed: int | None = None,
    *,
    high_low: bool = False,
) -> npt.NDArray[np.float64]:
    """The pot share of ``hole`` in each of ``samples`` random deals (1 won, 1/k split k
    ways, 0 lost): their mean is the equity, their spread its standard error.

    >>> omaha_shares(["As", "Ks", "Qd", "Jd"], ["Qs", "Js", "Ts", "2c", "3h"], 1, 3, seed=1)
    array([1., 1., 1.])
    """
    size = len(hole)
    if size not in HOLE_SIZES:
        raise ValueError(f"an Omaha hand here has 4 or 5 hole cards, not {size}")
    known = [CARD_IDS[c] for c in (*hole, *board)]
    if len(set(known)) != len(known):
        raise ValueError("a card appears twice in the hole cards and board")
    deck = np.array([i for i in range(52) if i not in set(known)], dtype=np.uint8)
    missing = 5 - len(board)
    need = size * opponents + missing
    rng = np.random.default_rng(seed)
    drawn = deck[rng.random((samples, len(deck))).argpartition(need, axis=1)[:, :need]]
    board_ids = np.broadcast_to(np.array([CARD_IDS[c] for c in board], dtype=np.uint8),
                                (samples, len(board)))
    full_board = np.ascontiguousarray(np.hstack([board_ids, drawn[:, :missing]]))
    my_hole = np.ascontiguousarray(
        np.broadcast_to(np.array(known[:size], dtype=np.uint8), (samples, size)))
    their_holes = [np.ascontiguousarray(drawn[:, missing + size * i: missing + size * (i + 1)])
                   for i in range(opponents)]
    high = _shares(_strengths(my_hole, full_board),
                   [_strengths(h, full_board) for h in their_holes])
    if not high_low:
        return high
    my_low = evaluate_omaha_low_batch(my_hole, full_board)
    their_lows = [evaluate_omaha_low_batch(h, full_board) for h in their_holes]
    any_low = np.maximum.reduce([my_low, *their_lows]) > 0
    low = np.where(my_low > 0, _shares(my_low, their_lows), 0.0)
    share: npt.NDArray[np.float64] = np.where(any_low, (high + low) / 2, high)
    return share

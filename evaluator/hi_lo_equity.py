"""Pot shares of known Omaha hands of four or five hole cards, high or hi/lo, over the
run-outs of the board: the equity chart's figure for the games ``evaluator.omaha_odds``
(four-card Omaha high) does not count.

The facts, written once:

- A hand's high is the best of exactly two hole cards and three board cards; with five hole
  cards that is the best of its five four-card subsets (every pair of the five lies in one),
  so the four-card batch (:mod:`evaluator.omaha_batch`) scores it.
- Hi/lo (``high_low``): each pot is split in two, half to the best high and half to the best
  eight-or-better low (:mod:`evaluator.low`), the whole pot to the high when no hand has a
  low; ties split a half again (a quartered pot). A hand's share of a run-out is then 1 for
  a scoop, 1/2 for one half, 1/4 for a tied half.
- Run-outs are enumerated exactly when there are at most ``EXACT_LIMIT`` of them (every flop,
  turn and river spot, and a few preflop spots); otherwise a seeded sample of
  ``SAMPLES`` run-outs (the same hands give the same figures) stands in, and the result says
  so (``exact``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb
from typing import Final

import numpy as np
import numpy.typing as npt

from evaluator.cards import to_cards
from evaluator.combos import combinations_array
from evaluator.low import evaluate_omaha_low_batch
from evaluator.omaha_batch import evaluate_omaha_batch

EXACT_LIMIT: Final = 60_000
SAMPLES: Final = 20_000
HOLE_SIZES: Final = (4, 5)
Shares = npt.NDArray[np.float64]


@dataclass(frozen=True)
class PotShares:
    """Each hand's mean share of the pot over the run-outs counted, how many run-outs it took
    the whole pot (``scoops``) and part of it (``parts``), and whether every run-out was
    counted."""

    shares: tuple[float, ...]
    boards: int
    exact: bool
    scoops: tuple[int, ...] = ()
    parts: tuple[int, ...] = ()


def _high(holes: npt.NDArray[np.uint8], boards: npt.NDArray[np.uint8]) -> npt.NDArray[np.int16]:
    if holes.shape[1] == 4:
        return evaluate_omaha_batch(holes, boards, check=False)
    best = np.full(len(holes), -1, dtype=np.int16)
    for four in combinations(range(holes.shape[1]), 4):
        np.maximum(best, evaluate_omaha_batch(np.ascontiguousarray(holes[:, four]), boards,
                                              check=False), out=best)
    return best


def _split(strengths: npt.NDArray[np.int16]) -> Shares:
    """(hands, boards) strengths -> each hand's share of one pot (0 for no hand: strength
    0 loses to any, and a board where nobody has one pays nobody)."""
    best = strengths.max(axis=0)
    winners = (strengths == best) & (best > 0)
    counts = winners.sum(axis=0)
    shares: Shares = np.where(winners, 1.0 / np.maximum(counts, 1), 0.0)
    return shares


def pot_shares(hands: Sequence[object], board: object = (), *, high_low: bool = False,
               seed: int | None = 1, samples: int | None = None,
               dead: object = ()) -> PotShares:
    """Each hand's share of the pot over the board's run-outs (see the module docstring);
    ``samples`` asks for that many random run-outs instead (when fewer than all of them),
    ``dead`` are cards known to be out of the deck.

    >>> r = pot_shares(["As2sKdKc", "QhJhTh9h"], "3s 4s 7h Kh", high_low=True)
    >>> r.boards, r.exact, [round(s, 3) for s in r.shares]
    (40, True, [0.938, 0.062])
    >>> pot_shares(["As2sKdKc5h", "QhJhTh9h2c"], "3s 4s 7h Kh 8d").shares
    (1.0, 0.0)
    """
    holes = [to_cards(hand) for hand in hands]
    sizes = {len(h) for h in holes}
    if len(holes) < 2 or len(sizes) != 1 or not sizes <= set(HOLE_SIZES):
        raise ValueError("two or more Omaha hands of the same size (4 or 5 cards)")
    shared = to_cards(board)
    if len(shared) not in (0, 3, 4, 5):
        raise ValueError(f"an Omaha board has 0, 3, 4 or 5 cards, got {len(shared)}")
    used = [c.id for h in holes for c in h] + [c.id for c in shared] + [
        c.id for c in to_cards(dead)]
    if len(set(used)) != len(used):
        raise ValueError("a card appears twice in the hands and board")
    deck = np.array([i for i in range(52) if i not in set(used)], dtype=np.uint8)
    missing = 5 - len(shared)
    count = comb(len(deck), missing)
    exact = count <= EXACT_LIMIT if samples is None else samples >= count
    if exact:
        runs = deck[combinations_array(len(deck), missing).T] if missing else np.zeros(
            (1, 0), dtype=np.uint8)
    else:
        rng = np.random.default_rng(seed)
        picks = rng.random((samples or SAMPLES, len(deck))).argpartition(missing, axis=1)[
            :, :missing]
        runs = deck[picks]
    n = len(runs)
    boards = np.ascontiguousarray(np.hstack([
        np.broadcast_to(np.array([c.id for c in shared], dtype=np.uint8), (n, len(shared))),
        runs]))
    ids = [np.ascontiguousarray(np.broadcast_to(np.array([c.id for c in h], dtype=np.uint8),
                                                (n, len(h)))) for h in holes]
    high = _split(np.stack([_high(h, boards) for h in ids]))
    if high_low:
        lows = np.stack([evaluate_omaha_low_batch(h, boards) for h in ids])
        some_low = lows.max(axis=0) > 0
        high = np.where(some_low, (high + _split(lows)) / 2, high)
    return PotShares(tuple(float(s) for s in high.mean(axis=1)), n, exact,
                     tuple(int(k) for k in (high == 1).sum(axis=1)),
                     tuple(int(k) for k in ((high > 0) & (high < 1)).sum(axis=1)))

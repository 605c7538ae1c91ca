"""Suit symmetry: when renaming suits changes neither the board nor either range, hands
that the renaming swaps play alike, and the solver keeps one row for each such class.

A renaming of the four suits is kept when it maps the board's cards onto themselves and
every combo of each range onto a combo of that range with the same weight (on Ks Qs 7h 5h
2s clubs and diamonds can be swapped; on 7s 7h Kd 4c 2d spades and hearts). Each class
(orbit) is played by one representative; its row stands for ``counts`` hands. The other
range's reach is spread back over all its hands before each showdown and fold, so card
removal stays exact: the representative's sums are the sums of every member.

>>> import numpy as np
>>> board = np.array([47, 43, 22, 14, 3])  # Ks Qs 7h 5h 2s
>>> sorted(suit_symmetries(board, []))  # clubs (0) and diamonds (1) may swap
[(0, 1, 2, 3), (1, 0, 2, 3)]
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

import numpy as np
import numpy.typing as npt

from evaluator.solver.payoffs import Sweep

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]
Renaming = tuple[int, int, int, int]


def _rename(ids: I64, renaming: Renaming) -> I64:
    suits = np.asarray(renaming, dtype=np.int64)
    renamed: I64 = (ids // 4) * 4 + suits[ids % 4]
    return renamed


def _keys(cards: I64) -> I64:
    """One number per two-card hand, whatever the order of its cards."""
    ordered = np.sort(cards, axis=1)
    keys: I64 = ordered[:, 0] * 52 + ordered[:, 1]
    return keys


def suit_symmetries(board: I64, ranges: Sequence[tuple[I64, F64]]) -> list[Renaming]:
    """The renamings of suits (``renaming[old] == new``) that keep the board and every
    range, each range given as its hands' card ids (n, 2) and weights."""
    kept: list[Renaming] = []
    board_set = set(board.tolist())
    for candidate in permutations(range(4)):
        renaming: Renaming = (candidate[0], candidate[1], candidate[2], candidate[3])
        if set(_rename(board, renaming).tolist()) != board_set:
            continue
        if all(_keeps(cards, weights, renaming) for cards, weights in ranges):
            kept.append(renaming)
    return kept


def _keeps(cards: I64, weights: F64, renaming: Renaming) -> bool:
    held = dict(zip(_keys(cards).tolist(), weights.tolist(), strict=True))
    renamed = _keys(_rename(cards, renaming)).tolist()
    return all(held.get(key) == weight
               for key, weight in zip(renamed, weights.tolist(), strict=True))


def orbits(cards: I64, renamings: list[Renaming]) -> tuple[I64, I64, F64]:
    """The rows: each hand's row, the representative hand of each row, and how many
    hands each row stands for."""
    keys = _keys(cards)
    canonical = np.min(np.stack([_keys(_rename(cards, r)) for r in renamings]), axis=0)
    # The representative of an orbit is the hand whose own key is the orbit's smallest.
    representatives = np.flatnonzero(keys == canonical)
    row_of_key = {int(k): row for row, k in enumerate(keys[representatives])}
    rows = np.array([row_of_key[int(k)] for k in canonical], dtype=np.int64)
    counts = np.bincount(rows, minlength=len(representatives)).astype(np.float64)
    return rows, representatives, counts


class SymmetricPayoffs:
    """:class:`~evaluator.solver.payoffs.SortedPayoffs` over one row per orbit of hands."""

    def __init__(self, strengths: tuple[I64, I64], cards: tuple[I64, I64],
                 weights: tuple[F64, F64], renamings: list[Renaming]) -> None:
        found = [orbits(cards[p], renamings) for p in (0, 1)]
        self.rows = (found[0][0], found[1][0])
        self.representatives = (found[0][1], found[1][1])
        self.counts = (found[0][2], found[1][2])
        self.weights = (weights[0][self.representatives[0]],
                        weights[1][self.representatives[1]])
        self.sides = tuple(
            Sweep((strengths[p][self.representatives[p]], cards[p][self.representatives[p]]),
                  (strengths[1 - p], cards[1 - p]))
            for p in (0, 1))

    def fold(self, player: int, reach: F64) -> F64:
        """Fold sums for the representatives, the other's reach spread over all hands."""
        return self.sides[player].fold(reach[self.rows[1 - player]])

    def showdown(self, player: int, reach: F64) -> F64:
        """Showdown sums for the representatives, likewise."""
        return self.sides[player].showdown(reach[self.rows[1 - player]])

"""Omaha lookup tables, built once per board size on first use.

The facts, written once:

- Without a flush, an Omaha hand's value depends only on ranks: the board's rank multiset
  and which two hole ranks are used. For every rank multiset of a board of ``n`` cards
  (455, 1,820 and 6,175 of them for 3, 4 and 5 cards) and every ordered pair of hole ranks
  (13 x 13 slots, both orders filled), the table holds the best five-card non-flush strength
  of that pair with any three of the board's ranks.
- A row is found by the board's rank-key sum (the scalar key's bits 64 and up, unique per
  multiset, see :mod:`evaluator.tables`); the slot of hole ranks ``a`` and ``b`` is
  ``13 * a + b``. An Omaha hand without a flush is then the best of six lookups (four hole
  cards) instead of sixty.
- A pair and a triple that would make five of one rank cannot be dealt; such slots hold the
  best of the board's other triples (0 when there is none). Flushes are scored apart
  (:mod:`evaluator.omaha`): they need suits, which these tables forget.
- Four hole cards, the common game, get a table of their own: board rank multiset x the
  hole's rank multiset (1,820 of them, found by the hole's rank-key sum), each entry the
  best of the hole's six pair slots. One lookup scores the hand without a flush. For a
  five-card board it holds 6,175 x 1,820 int16 values (22 MB) and takes about half a
  second to build, from the pair table (2 MB).
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any, Final

from evaluator.tables import RANK_KEYS, tables

PAIR_SLOTS: Final = 169  # 13 * first hole rank + second hole rank
HOLE_CARDS: Final = 4  # the hole size with a table of its own (see hole_table)


@dataclass(frozen=True)
class PairTable:
    """For one board size: board rank-key sum -> row start, and the flat strengths."""

    rows: dict[int, int]
    best: array[int]  # int16: best[rows[board sum] + 13 * a + b]


@dataclass(frozen=True)
class HoleTable:
    """For one board size and four hole cards: board rank-key sum -> row start, the hole's
    rank-key sum -> column, and the flat strengths."""

    rows: dict[int, int]
    columns: dict[int, int]
    best: array[int]  # int16: best[rows[board sum] + columns[hole sum]]


@cache
def pair_table(board_size: int) -> PairTable:
    """The table for boards of ``board_size`` (3, 4 or 5) cards, built on first call.

    >>> from evaluator.tables import RANK_KEYS
    >>> t = pair_table(3)
    >>> board = RANK_KEYS[12] * 3     # three aces on the board
    >>> t.best[t.rows[board] + 13 * 11 + 11]   # with two kings: aces full of kings
    7296
    """
    return _pair_arrays(board_size)[2]


@cache
def _pair_arrays(board_size: int) -> tuple[Any, Any, PairTable]:
    """The board sums, the (boards, 169) strengths as NumPy, and the pair table."""
    import numpy as np

    from evaluator.tables import rank_multisets

    keys = np.asarray(RANK_KEYS, dtype=np.int64)
    sums, counts = rank_multisets(board_size)
    # Each board multiset's ranks, lowest first: (boards, board_size).
    ranks = np.repeat(np.tile(np.arange(13), len(counts)), counts.ravel()).reshape(
        len(counts), board_size
    )
    triples = ranks[:, list(combinations(range(board_size), 3))]  # (boards, triples, 3)
    triple_sums = keys[triples].sum(axis=2)
    five_sums, five_values = tables().rank_sums[5], tables().rank_values[5]
    best = np.zeros((len(sums), PAIR_SLOTS), dtype=np.int16)
    for a in range(13):
        for b in range(a, 13):
            total = triple_sums + keys[a] + keys[b]
            at = np.minimum(np.searchsorted(five_sums, total), len(five_sums) - 1)
            value = np.where(five_sums[at] == total, five_values[at], 0)
            if a == b:  # five of a rank: a pair of them with three on the board
                value[(triples == a).all(axis=2)] = 0
            best[:, 13 * a + b] = best[:, 13 * b + a] = value.max(axis=1)
    table = PairTable(
        rows={int(s): PAIR_SLOTS * k for k, s in enumerate(sums.tolist())},
        best=array("h", best.tobytes()),
    )
    return sums, best, table


@cache
def hole_table(board_size: int) -> HoleTable:
    """The four-hole-card table for boards of ``board_size`` cards, built on first call.

    >>> t = hole_table(3)
    >>> board, hole = RANK_KEYS[12] * 3, RANK_KEYS[11] * 2 + RANK_KEYS[0] + RANK_KEYS[1]
    >>> t.best[t.rows[board] + t.columns[hole]]     # AAA with KK32: aces full of kings
    7296
    """
    import numpy as np

    from evaluator.tables import rank_multisets

    board_sums, pair_best, _table = _pair_arrays(board_size)
    hole_sums, counts = rank_multisets(HOLE_CARDS)
    ranks = np.repeat(np.tile(np.arange(13), len(counts)), counts.ravel()).reshape(
        len(counts), HOLE_CARDS
    )
    best = np.zeros((len(board_sums), len(hole_sums)), dtype=np.int16)
    for i, j in combinations(range(HOLE_CARDS), 2):
        np.maximum(best, pair_best[:, 13 * ranks[:, i] + ranks[:, j]], out=best)
    width = len(hole_sums)
    return HoleTable(
        rows={int(s): width * k for k, s in enumerate(board_sums.tolist())},
        columns={int(s): k for k, s in enumerate(hole_sums.tolist())},
        best=array("h", best.tobytes()),
    )

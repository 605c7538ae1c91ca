"""NumPy evaluation of many Omaha hands at once: ``evaluate_omaha_batch``.

Four hole cards with a board of 3 to 5 cards, exactly two plus three, on the hold'em scale,
equal to ``evaluate_omaha(hole, board).strength`` for every row. The rank part is one
gather per row in the table of board ranks x hole ranks (:mod:`evaluator.omaha_tables`,
rows and columns found by ``searchsorted`` on the sorted rank-key sums). Only the rows
that could hold a flush (three board cards and two hole cards of one suit, about one in
fourteen) look further: each of their two-plus-three choices ORs the rank bits of that
suit's cards, and a choice with five bits is a flush, scored by the flush table.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Final

import numpy as np
import numpy.typing as npt

from evaluator.omaha_tables import HOLE_CARDS, hole_table
from evaluator.tables import RANK_KEYS, tables

CHUNK: Final = 1 << 15  # rows at a time, so the temporaries stay small
StrengthArray = npt.NDArray[np.int16]
IntArray = npt.NDArray[np.int64]


@cache
def _arrays(board_size: int) -> tuple[IntArray, IntArray, StrengthArray]:
    """Sorted board and hole rank-key sums, and the table as a (boards, holes) array."""
    from evaluator.tables import rank_multisets

    table = hole_table(board_size)
    board_sums, _ = rank_multisets(board_size)  # the table's row order
    hole_sums, _ = rank_multisets(HOLE_CARDS)  # and its column order
    best = np.frombuffer(table.best, dtype=np.int16).reshape(len(board_sums), len(hole_sums))
    return board_sums, hole_sums, best


def _check(
    holes: npt.NDArray[np.integer], boards: npt.NDArray[np.integer], *, repeats: bool
) -> None:
    if holes.ndim != 2 or holes.shape[1] != HOLE_CARDS:
        raise ValueError(f"expected holes of shape (N, 4), got {holes.shape}")
    if boards.ndim != 2 or not 3 <= boards.shape[1] <= 5 or len(boards) != len(holes):
        raise ValueError(f"expected boards of shape (N, 3..5) for {len(holes)} holes, "
                         f"got {boards.shape}")
    for part in (holes, boards):
        if not np.issubdtype(part.dtype, np.integer):
            raise ValueError(f"card ids must be integers, got dtype {part.dtype}")
        if part.size and (int(part.min()) < 0 or int(part.max()) > 51):
            raise ValueError("card id out of range 0..51")
    if not repeats:
        return
    ids = np.concatenate([holes, boards], axis=1).astype(np.uint64)
    seen = np.bitwise_or.reduce(np.left_shift(np.uint64(1), ids), axis=1)
    repeated = np.flatnonzero(np.bitwise_count(seen) != ids.shape[1])  # a card's bit twice
    if len(repeated):
        row = int(repeated[0])
        raise ValueError(f"duplicate card in row {row}: {sorted(ids[row].tolist())}")


def evaluate_omaha_batch(
    holes: npt.ArrayLike, boards: npt.ArrayLike, *, check: bool = True
) -> StrengthArray:
    """Strengths (``int16``, higher is stronger) of N Omaha hands: ``holes`` an (N, 4) and
    ``boards`` an (N, 3..5) array of card ids. A repeated card or a bad id is a
    ``ValueError`` naming the row; ``check=False`` skips looking for repeated cards, for
    ids already known to be distinct (a row with one then gets a meaningless value).

    >>> evaluate_omaha_batch([[51, 47, 26, 0]], [[43, 39, 35, 31, 3]]).tolist()  # AsKs + QsJsTs
    [7462]
    """
    hole_ids, board_ids = np.asarray(holes), np.asarray(boards)
    _check(hole_ids, board_ids, repeats=check)
    board_sums, hole_sums, best = _arrays(board_ids.shape[1])
    ids = np.arange(52)
    rank_keys = np.asarray(RANK_KEYS, dtype=np.int64)[ids // 4]
    suit_counts = np.left_shift(1, 4 * (ids % 4))  # one count in the card's 4-bit suit field
    pair_a, pair_b = np.array(list(combinations(range(HOLE_CARDS), 2))).T
    triple_a, triple_b, triple_c = np.array(list(combinations(range(board_ids.shape[1]), 3))).T
    flush_table = tables().flush
    out = np.empty(len(hole_ids), dtype=np.int16)
    for start in range(0, len(hole_ids), CHUNK):
        hole = hole_ids[start : start + CHUNK].astype(np.intp)
        board = board_ids[start : start + CHUNK].astype(np.intp)
        row = np.searchsorted(board_sums, rank_keys[board].sum(axis=1))
        column = np.searchsorted(hole_sums, rank_keys[hole].sum(axis=1))
        chunk = best[row, column]
        # A flush needs three board cards and two hole cards of one suit (a board of five
        # has at most one suit of three).
        board_suits, hole_suits = suit_counts[board].sum(axis=1), suit_counts[hole].sum(axis=1)
        suit = np.full(len(hole), -1)
        for s in range(4):
            both = ((board_suits >> 4 * s) & 15 >= 3) & ((hole_suits >> 4 * s) & 15 >= 2)
            suit[both] = s
        flushy = np.flatnonzero(suit >= 0)
        if len(flushy):
            chunk[flushy] = np.maximum(
                chunk[flushy], _best_flush(hole[flushy], board[flushy], suit[flushy],
                                           (pair_a, pair_b), (triple_a, triple_b, triple_c),
                                           flush_table))
        out[start : start + len(hole)] = chunk
    return out


def _best_flush(
    hole: npt.NDArray[np.intp],
    board: npt.NDArray[np.intp],
    suit: npt.NDArray[np.intp],
    pairs: tuple[npt.NDArray[np.intp], ...],
    triples: tuple[npt.NDArray[np.intp], ...],
    flush_table: StrengthArray,
) -> StrengthArray:
    """Per row, the best flush of ``suit`` over the two-plus-three choices (0 if none)."""
    in_suit = suit[:, None]
    hole_bits = np.where(hole % 4 == in_suit, np.left_shift(1, hole // 4), 0)
    board_bits = np.where(board % 4 == in_suit, np.left_shift(1, board // 4), 0)
    pair_bits = hole_bits[:, pairs[0]] | hole_bits[:, pairs[1]]
    triple_bits = board_bits[:, triples[0]] | board_bits[:, triples[1]] | board_bits[:, triples[2]]
    masks = pair_bits[:, :, None] | triple_bits[:, None, :]
    five = np.bitwise_count(masks) == 5  # all five cards of the suit
    values = np.where(five, flush_table[masks], 0)
    best: StrengthArray = values.reshape(len(hole), -1).max(axis=1).astype(np.int16)
    return best

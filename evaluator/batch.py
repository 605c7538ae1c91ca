"""NumPy evaluation of many hands at once: ``evaluate_batch``.

Each card id maps to an int64 key (rank key << 16 | one count in its suit's 4-bit field);
summing a row's keys gives the rank multiset and the suit counts in one number. The rank part
indexes a dense ``int16`` table; a suit field reaching five (bit 3 set after adding 0x3333,
folded into the first column's keys) marks the few flush rows, which take a 13-bit suit mask
through the flush table instead. Rows are processed in cache-sized chunks so the
temporaries stay in the CPU's L2 cache.
"""

from __future__ import annotations

from functools import cache
from typing import Final

import numpy as np
import numpy.typing as npt

from evaluator.tables import FLUSH_ADD, FLUSH_BITS, SUIT_SHIFT, tables

CHUNK: Final = 1 << 14
IntArray = npt.NDArray[np.int64]
StrengthArray = npt.NDArray[np.int16]


class BatchTables:
    """The arrays the batch path gathers from (see :func:`batch_tables`)."""

    def __init__(self) -> None:
        t = tables()
        self.keys: IntArray = t.batch_keys.astype(np.int64)
        self.first_keys: IntArray = self.keys + FLUSH_ADD  # folds the flush test's addend
        self.mask_bits: IntArray = t.mask_bits.astype(np.int64)
        self.flush: StrengthArray = t.flush.astype(np.int16)
        self.mask_shift: IntArray = np.zeros(FLUSH_BITS + 1, dtype=np.int64)
        for suit in range(4):
            self.mask_shift[0x8 << (4 * suit)] = 16 * suit
        self._ranks: dict[int, StrengthArray] = {}

    def ranks(self, n: int) -> StrengthArray:
        """Dense rank table for n-card rows (n = 5, 6, 7), built on first use."""
        table = self._ranks.get(n)
        if table is None:
            table = tables().rank_array(n).astype(np.int16)
            self._ranks[n] = table
        return table


@cache
def batch_tables() -> BatchTables:
    """The batch arrays, built once."""
    return BatchTables()


def _check(ids: npt.NDArray[np.integer]) -> None:
    if ids.ndim != 2 or not 5 <= ids.shape[1] <= 7:
        raise ValueError(f"expected an array of shape (N, 5..7) of card ids, got {ids.shape}")
    if ids.size == 0:
        return
    low, high = int(ids.min()), int(ids.max())
    if low < 0 or high > 51:
        bad = low if low < 0 else high
        raise ValueError(f"card id out of range 0..51: {bad}")


def _duplicate_rows(block: npt.NDArray[np.integer], bt: BatchTables) -> IntArray:
    seen = np.take(bt.mask_bits, block[:, 0])
    for j in range(1, block.shape[1]):
        seen = seen | np.take(bt.mask_bits, block[:, j])
    return np.flatnonzero(np.bitwise_count(seen) != block.shape[1])


def evaluate_batch(ids: npt.ArrayLike, *, check: bool = True) -> StrengthArray:
    """Strengths (``int16``, higher is stronger) of N hands given as an (N, 5..7) id array.

    Equal to ``evaluate(row).strength`` for every row. ``check=False`` skips the range and
    duplicate-card checks, for ids already known to be valid (about 1.5x faster).

    >>> evaluate_batch([[51, 47, 43, 39, 35], [0, 4, 8, 12, 21]]).tolist()
    [7462, 1]
    """
    array = np.asarray(ids)
    if not np.issubdtype(array.dtype, np.integer):
        raise ValueError(f"card ids must be integers, got dtype {array.dtype}")
    _check(array)
    count = array.shape[1]
    bt = batch_tables()
    ranks = bt.ranks(count)
    keys, first_keys, take = bt.keys, bt.first_keys, np.take
    out = np.empty(len(array), dtype=np.int16)
    for start in range(0, len(array), CHUNK):
        block = array[start : start + CHUNK]
        if check:
            duplicates = _duplicate_rows(block, bt)
            if len(duplicates):
                row = block[duplicates[0]]
                raise ValueError(f"duplicate card in row {start + duplicates[0]}: {row.tolist()}")
        total = take(first_keys, block[:, 0])
        for j in range(1, count):
            total += take(keys, block[:, j])
        take(ranks, total >> SUIT_SHIFT, out=out[start : start + CHUNK], mode="wrap")
        flush = total & FLUSH_BITS
        rows = np.flatnonzero(flush)
        if len(rows):
            masks = np.bitwise_or.reduce(take(bt.mask_bits, block[rows]), axis=1)
            suit_masks = (masks >> take(bt.mask_shift, flush[rows])) & 0x1FFF
            out[start + rows] = take(bt.flush, suit_masks)
    return out

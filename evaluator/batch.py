"""NumPy evaluation of many hands at once: ``evaluate_batch``.

Each card id maps to an int64 key (rank key << 16 | one count in its suit's 4-bit field);
summing a row's keys gives the rank multiset and the suit counts in one number. The rank part
indexes a dense ``int16`` table; a suit field reaching five (bit 3 set after adding 0x3333,
folded into the first pair's keys) marks the few flush rows, which take a 13-bit suit mask
through the flush table instead.

Speed: rows go through in chunks of 32,768 so temporaries stay in the L2 cache; each chunk
is read as uint8, and two adjacent ids as one uint16 index a table of pair sums, so a
seven-card row costs four gathers instead of seven. The duplicate check rides along: the
same gather fetches the pair's summed mask bits (16 bytes per item)."""

from __future__ import annotations

from functools import cache
from typing import Final

import numpy as np
import numpy.typing as npt

from evaluator.tables import FLUSH_ADD, FLUSH_BITS, SUIT_SHIFT, tables

CHUNK: Final = 1 << 15
PAIR: Final = 256  # a pair of uint8 ids read as one little-endian uint16: a + 256 * b
IntArray = npt.NDArray[np.int64]
StrengthArray = npt.NDArray[np.int16]


class BatchTables:
    """The arrays the batch path gathers from (see :func:`batch_tables`).

    Besides one key per card there are *pair* tables indexed by ``a + 256 * b`` for two card
    ids ``a`` and ``b``: two adjacent uint8 ids of a row read as one uint16 fetch the sum of
    both keys in a single gather. ``first_pairs`` also folds in the flush test's addend, and
    ``pair_bits`` sums the two cards' mask bits (a repeated card then carries, so a row of
    distinct cards is exactly one whose summed bits have one bit per card).
    """

    def __init__(self) -> None:
        t = tables()
        self.keys: IntArray = t.batch_keys.astype(np.int64)
        self.first_keys: IntArray = self.keys + FLUSH_ADD  # folds the flush test's addend
        self.mask_bits: IntArray = t.mask_bits.astype(np.int64)
        self.flush: StrengthArray = t.flush
        self.mask_shift: IntArray = np.zeros(FLUSH_BITS + 1, dtype=np.int64)
        for suit in range(4):
            self.mask_shift[0x8 << (4 * suit)] = 16 * suit
        size = 52 + PAIR * 51
        a, b = np.arange(size) % PAIR, np.arange(size) // PAIR
        valid = (a < 52) & (b < 52)
        a, b = np.where(valid, a, 0), np.where(valid, b, 0)
        self.pairs: IntArray = np.where(valid, self.keys[a] + self.keys[b], 0)
        self.first_pairs: IntArray = np.where(valid, self.first_keys[a] + self.keys[b], 0)
        self.pair_bits: IntArray = np.where(valid, self.mask_bits[a] + self.mask_bits[b], 0)
        # With the check on, one 16-byte gather fetches a pair's key sum and mask-bit sum.
        self.checked_pairs = _interleave(self.pairs, self.pair_bits)
        self.checked_first_pairs = _interleave(self.first_pairs, self.pair_bits)
        self.checked_keys = _interleave(self.keys, self.mask_bits)
        self._ranks: dict[int, StrengthArray] = {}

    def ranks(self, n: int) -> StrengthArray:
        """Dense rank table for n-card rows (n = 5, 6, 7), built on first use."""
        table = self._ranks.get(n)
        if table is None:
            table = tables().rank_array(n)
            self._ranks[n] = table
        return table


def _interleave(keys: IntArray, bits: IntArray) -> npt.NDArray[np.complex128]:
    """Pairs (key, bits) of int64 stored as one 16-byte item (complex128 is just a carrier)."""
    both = np.stack([keys, bits], axis=1)
    return both.view(np.complex128).ravel()


@cache
def batch_tables() -> BatchTables:
    """The batch arrays, built once."""
    return BatchTables()


def _check_shape(ids: npt.NDArray[np.integer]) -> None:
    if not np.issubdtype(ids.dtype, np.integer):
        raise ValueError(f"card ids must be integers, got dtype {ids.dtype}")
    if ids.ndim != 2 or not 5 <= ids.shape[1] <= 7:
        raise ValueError(f"expected an array of shape (N, 5..7) of card ids, got {ids.shape}")


def _check_range(block: npt.NDArray[np.integer]) -> None:
    # One pass: read as unsigned, a negative id is huge too.
    kind = block.dtype.kind
    unsigned = block.view(np.dtype(f"u{block.dtype.itemsize}")) if kind == "i" else block
    if len(block) and int(unsigned.max()) > 51:
        low, high = int(block.min()), int(block.max())
        raise ValueError(f"card id out of range 0..51: {low if low < 0 else high}")


def _columns(block: npt.NDArray[np.uint8]) -> list[npt.NDArray[np.uint16] | npt.NDArray[np.uint8]]:
    """Views of a C-contiguous uint8 block: one uint16 per pair of columns, then a lone one."""
    rows, count = block.shape
    views: list[npt.NDArray[np.uint16] | npt.NDArray[np.uint8]] = [
        np.ndarray((rows,), dtype="<u2", buffer=block, offset=2 * j, strides=(count,))
        for j in range(count // 2)
    ]
    if count % 2:
        views.append(block[:, count - 1])
    return views


def evaluate_batch(ids: npt.ArrayLike, *, check: bool = True) -> StrengthArray:
    """Strengths (``int16``, higher is stronger) of N hands given as an (N, 5..7) id array.

    Equal to ``evaluate(row).strength`` for every row. Any integer dtype works; ``uint8``
    C-ordered input is fastest. ``check=False`` skips the duplicate-card check, for ids
    already known to be distinct (rows with a repeated card then get meaningless values).

    >>> evaluate_batch([[51, 47, 43, 39, 35], [0, 4, 8, 12, 21]]).tolist()
    [7462, 1]
    """
    array = np.asarray(ids)
    _check_shape(array)
    count = array.shape[1]
    bt = batch_tables()
    ranks, take = bt.ranks(count), np.take
    lone = count % 2 == 1
    out = np.empty(len(array), dtype=np.int16)
    for start in range(0, len(array), CHUNK):
        block_ids = array[start : start + CHUNK]
        _check_range(block_ids)  # per chunk, while it is in the cache
        block = np.ascontiguousarray(block_ids, dtype=np.uint8)
        columns = [column.astype(np.intp) for column in _columns(block)]
        if check:
            total = _checked_total(block, columns, lone, bt, start)
        else:
            total = take(bt.first_pairs, columns[0])
            for column in columns[1 : len(columns) - lone]:
                total += take(bt.pairs, column)
            if lone:
                total += take(bt.keys, columns[-1])
        chunk_out = out[start : start + len(block)]
        take(ranks, total >> SUIT_SHIFT, out=chunk_out, mode="wrap")
        flush = total & FLUSH_BITS
        rows = np.flatnonzero(flush.astype(bool))
        if len(rows):
            masks = np.bitwise_or.reduce(take(bt.mask_bits, block[rows]), axis=1)
            suit_masks = (masks >> take(bt.mask_shift, flush[rows])) & 0x1FFF
            chunk_out[rows] = take(bt.flush, suit_masks)
    return out


def _checked_total(
    block: npt.NDArray[np.uint8],
    columns: list[npt.NDArray[np.intp]],
    lone: bool,
    bt: BatchTables,
    start: int,
) -> IntArray:
    """Summed keys of a block, refusing a row with a repeated card (``ValueError``)."""
    both = np.take(bt.checked_first_pairs, columns[0]).view(np.int64).reshape(-1, 2)
    for column in columns[1 : len(columns) - lone]:
        both += np.take(bt.checked_pairs, column).view(np.int64).reshape(-1, 2)
    if lone:
        both += np.take(bt.checked_keys, columns[-1]).view(np.int64).reshape(-1, 2)
    repeated = np.bitwise_count(both[:, 1]) != block.shape[1]
    if repeated.any():
        row = int(np.flatnonzero(repeated)[0])
        raise ValueError(f"duplicate card in row {start + row}: {block[row].tolist()}")
    return both[:, 0].copy()

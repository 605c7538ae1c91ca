"""Lookup tables, built once on first use (about 50 ms, about 16 MB).

The facts, written once:

- A hand's *strength* is an int from 1 to 7,462, higher is stronger: 1 is 7-5-4-3-2 offsuit,
  7,462 is a royal flush. Every five-card hand has one of exactly 7,462 strengths (hands that
  tie share one). Strength ``s`` equals ``7463 - r`` where ``r`` is the lower-is-better rank
  of Cactus Kev, treys and phevaluator.
- Category ranges of strength: high card 1-1277, one pair 1278-4137, two pair 4138-4995,
  three of a kind 4996-5853, straight 5854-5863, flush 5864-7140, full house 7141-7296,
  four of a kind 7297-7452, straight flush 7453-7461, royal flush 7462.
- Each card has an additive key. Its rank part is one of 13 *rank keys*, chosen so that the
  sums over any 5, 6 or 7 cards (each rank at most four times) are distinct per rank multiset
  for a given card count; a table indexed by that sum holds the best non-flush strength.
  Its suit part counts cards per suit; its mask part sets one bit per card, and a suit's
  13-bit mask indexes the flush table. With at most seven cards a flush, when there is one,
  is always the best hand (four of a kind or a full house would need the two other cards).
- The batch key (int64) is ``rank key << 16 | 1 << 4 * suit``: four 4-bit suit counts, where
  ``+0x3333`` sets bit 3 of a field holding five or more. Mask bits ``16 * suit + rank`` are
  gathered separately, for flush rows only.
- The scalar key (a Python int of 87 bits) is ``rank key << 64 | 1 << 52 + 3 * suit |
  1 << 13 * suit + rank``: the sum's low 52 bits are the cards (a repeated card carries, so
  their bit count equals the card count exactly when the cards are distinct), bits 52-63 the
  suit counts (a 4,096-entry list names the flush suit), and bits 64 up the rank-key sum.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING, Final, TypeAlias

from evaluator.cards import DECK, Card

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

RANK_KEYS: Final = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
"""Rank keys (SKPokerEval's): sums of exactly n cards are unique per rank multiset, n <= 7."""

SUIT_SHIFT: Final = 16  # rank-key sum starts at this bit of a batch key (suit counts below)
FLUSH_ADD: Final = 0x3333
FLUSH_BITS: Final = 0x8888
SCALAR_SUIT_SHIFT: Final = 52  # scalar key: 3-bit suit counts start here (cards below)
SCALAR_RANK_SHIFT: Final = 64  # scalar key: rank-key sum starts here

STRAIGHT_HIGHS: Final = tuple(range(3, 13))  # five-high (the wheel) .. ace-high
NUM_STRENGTHS: Final = 7462
Int16Array: TypeAlias = "npt.NDArray[np.int16]"
UInt64Array: TypeAlias = "npt.NDArray[np.uint64]"
Int64Array: TypeAlias = "npt.NDArray[np.int64]"


class Category(IntEnum):
    """Hand categories, ordered: ``Category.FLUSH > Category.STRAIGHT``."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9

    @property
    def label(self) -> str:
        """Text for people: ``Category.FULL_HOUSE.label == "Full house"``."""
        return self.name.replace("_", " ").capitalize()


def straight_ranks(high: int) -> tuple[int, ...]:
    """Ranks of the straight with this high card, high first: the wheel is (3, 2, 1, 0, 12)."""
    return tuple(high - i if high - i >= 0 else 12 for i in range(5))


def _hand_classes() -> list[tuple[Category, tuple[int, ...]]]:
    """All 7,462 five-card hand classes, weakest first, as (category, ranks by importance)."""
    straights = {frozenset(straight_ranks(h)) for h in STRAIGHT_HIGHS}
    plain = [
        tuple(sorted(c, reverse=True))
        for c in combinations(range(13), 5)
        if frozenset(c) not in straights
    ]
    classes: list[tuple[Category, tuple[int, ...]]] = []
    classes += [(Category.HIGH_CARD, p) for p in plain]
    for pair in range(13):
        for kicks in combinations([r for r in range(13) if r != pair], 3):
            classes.append((Category.ONE_PAIR, (pair, pair, *sorted(kicks, reverse=True))))
    for low, high in combinations(range(13), 2):
        for kick in range(13):
            if kick not in (low, high):
                classes.append((Category.TWO_PAIR, (high, high, low, low, kick)))
    for trip in range(13):
        for two in combinations([r for r in range(13) if r != trip], 2):
            classes.append((Category.THREE_OF_A_KIND, (trip, trip, trip, two[1], two[0])))
    classes += [(Category.STRAIGHT, straight_ranks(h)) for h in STRAIGHT_HIGHS]
    classes += [(Category.FLUSH, p) for p in plain]
    for trip in range(13):
        for pair in range(13):
            if pair != trip:
                classes.append((Category.FULL_HOUSE, (trip,) * 3 + (pair,) * 2))
    for quad in range(13):
        for kick in range(13):
            if kick != quad:
                classes.append((Category.FOUR_OF_A_KIND, (quad,) * 4 + (kick,)))
    classes += [(Category.STRAIGHT_FLUSH, straight_ranks(h)) for h in STRAIGHT_HIGHS[:-1]]
    classes.append((Category.ROYAL_FLUSH, straight_ranks(12)))
    classes.sort()
    assert len(classes) == NUM_STRENGTHS
    return classes


def rank_multisets(size: int) -> tuple[Int64Array, npt.NDArray[np.uint8]]:
    """Rank-key sums (sorted) and count rows (13 ranks) of every rank multiset of ``size``
    cards, each rank at most four times: the rows of every table indexed by a rank-key sum.

    >>> sums, counts = rank_multisets(5)
    >>> len(sums), counts.shape, int(counts.sum(axis=1).max())
    (6175, (6175, 13), 5)
    """
    import numpy as np

    keys = np.asarray(RANK_KEYS, dtype=np.int64)
    counts = np.zeros((1, 13), dtype=np.uint8)
    for _ in range(size):
        grown = [counts + np.eye(13, dtype=np.uint8)[r] for r in range(13)]
        stacked = np.concatenate([g[g[:, r] <= 4] for r, g in enumerate(grown)])
        _, first = np.unique(stacked.astype(np.int64) @ keys, return_index=True)
        counts = stacked[first]
    sums = counts.astype(np.int64) @ keys
    order = np.argsort(sums)
    return sums[order], counts[order]


@dataclass(frozen=True)
class Tables:
    """Everything the evaluators look up; get it with :func:`tables`."""

    classes: tuple[tuple[Category, tuple[int, ...]], ...]  # strength s -> classes[s]; [0] unused
    category_of: bytes  # strength -> Category value
    flush: Int16Array  # 13-bit suit mask -> best flush strength (0 below five cards)
    flush_list: list[int]
    flush_suits: list[int]  # 3-bit suit counts (scalar key bits 52-63) -> flush suit or -1
    rank_sums: dict[int, Int64Array]  # n -> sorted rank-key sums of n cards
    rank_values: dict[int, Int16Array]  # n -> best non-flush strength, aligned with sums
    rank_dicts: dict[int, dict[int, int]]  # n -> {rank-key sum: strength}
    scalar_keys: dict[Card, int]  # Card -> big-int key of the scalar evaluator
    batch_keys: UInt64Array  # card id -> rank key << 16 | 1 << 4 * suit
    mask_bits: UInt64Array  # card id -> 1 << 16 * suit + rank
    _rank_arrays: dict[int, Int16Array] = field(default_factory=dict)

    def rank_array(self, n: int) -> Int16Array:
        """Dense table for n-card hands: rank-key sum -> best non-flush strength."""
        array = self._rank_arrays.get(n)
        if array is None:
            import numpy as np

            sums = self.rank_sums[n]
            array = np.zeros(int(sums[-1]) + 1, dtype=np.int16)
            array[sums] = self.rank_values[n]
            self._rank_arrays[n] = array
        return array


def scalar_key(card_id: int) -> int:
    """The big-int key the scalar evaluator sums: rank key, suit count, card bit."""
    rank, suit = divmod(card_id, 4)
    return (
        (RANK_KEYS[rank] << SCALAR_RANK_SHIFT)
        | (1 << (SCALAR_SUIT_SHIFT + 3 * suit))
        | (1 << (13 * suit + rank))
    )


def scalar_flush_suits() -> list[int]:
    """For each 12-bit value of four 3-bit suit counts, the suit holding five or more, or -1."""
    suits = [-1] * 4096
    for counts in range(4096):
        for suit in range(4):
            if (counts >> (3 * suit)) & 7 >= 5:
                suits[counts] = suit
    return suits


def _build() -> Tables:
    import numpy as np

    classes = _hand_classes()
    strength_of = {c: s for s, c in enumerate(classes, start=1)}
    category_of = bytes([0] + [int(c[0]) for c in classes])

    flush = np.zeros(1 << 13, dtype=np.int16)
    for (category, ranks), strength in strength_of.items():
        if category in (Category.FLUSH, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH):
            flush[sum(1 << r for r in ranks)] = strength
    masks = np.arange(1 << 13)
    popcount = np.array([bin(m).count("1") for m in range(1 << 13)])
    for size in range(6, 14):
        chosen = masks[popcount == size]
        best = np.zeros(len(chosen), dtype=np.int16)
        for bit in range(13):
            has = (chosen >> bit) & 1 == 1
            best = np.where(has, np.maximum(best, flush[chosen ^ (1 << bit)]), best)
        flush[chosen] = best

    five: dict[int, int] = {}
    for (category, ranks), strength in strength_of.items():
        if category not in (Category.FLUSH, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH):
            five[sum(RANK_KEYS[r] for r in ranks)] = strength
    rank_sums: dict[int, Int64Array] = {}
    rank_values: dict[int, Int16Array] = {}
    sums5, _ = rank_multisets(5)
    rank_sums[5] = sums5
    rank_values[5] = np.array([five[int(s)] for s in sums5], dtype=np.int16)
    keys = np.asarray(RANK_KEYS, dtype=np.int64)
    for size in (6, 7):
        sums, counts = rank_multisets(size)
        below_sums, below_values = rank_sums[size - 1], rank_values[size - 1]
        best = np.zeros(len(sums), dtype=np.int16)
        for r in range(13):
            has = counts[:, r] > 0
            position = np.searchsorted(below_sums, sums[has] - keys[r])
            best[has] = np.maximum(best[has], below_values[position])
        rank_sums[size], rank_values[size] = sums, best

    ids = np.arange(52)
    rank_keys = np.asarray(RANK_KEYS, dtype=np.uint64)[ids // 4]
    batch_keys = (rank_keys << np.uint64(SUIT_SHIFT)) | (
        np.uint64(1) << (np.uint64(4) * (ids % 4).astype(np.uint64))
    )
    mask_bits = np.uint64(1) << (16 * (ids % 4) + ids // 4).astype(np.uint64)
    return Tables(
        classes=((Category.HIGH_CARD, ()), *classes),
        category_of=category_of,
        flush=flush,
        flush_list=flush.tolist(),
        flush_suits=scalar_flush_suits(),
        rank_sums=rank_sums,
        rank_values=rank_values,
        rank_dicts={
            n: dict(zip(rank_sums[n].tolist(), rank_values[n].tolist(), strict=True))
            for n in (5, 6, 7)
        },
        scalar_keys={card: scalar_key(card.id) for card in DECK},
        batch_keys=batch_keys.astype(np.uint64),
        mask_bits=mask_bits,
    )


@cache
def tables() -> Tables:
    """The tables, built on first call and shared afterwards.

    >>> t = tables()
    >>> t.classes[7462]
    (<Category.ROYAL_FLUSH: 9>, (12, 11, 10, 9, 8))
    """
    return _build()

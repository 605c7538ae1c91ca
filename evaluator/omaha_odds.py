"""Omaha equity of 2 to 10 known four-card hands (``omaha_hand_equity``), by exact enumeration
of every run-out, or seeded Monte Carlo; hold'em's is :mod:`evaluator.odds`.

The facts, written once:

- Every hand uses exactly two of its four hole cards and three of the five board cards
  (:mod:`evaluator.omaha`); a pot is split among the hands of the best value.
- Run-outs to enumerate: from the turn C(n, 1), from the flop at most C(41, 2) = 820, and
  before the flop C(52 - 4h, 5): 1,086,008 heads-up, 658,008 three-way, 792 with ten hands.
  So every spot of known hands is counted exactly by default; ``samples`` asks for Monte
  Carlo instead (each hand's ``standard_error`` then says how far it may be off).
- Speed: per chunk of boards the board's rank row (the Omaha table of board ranks x hole
  ranks, :mod:`evaluator.omaha_tables`) and suit counts are found once; each hand then costs
  one gather (its hole ranks are one column), plus a flush look on the boards with three
  cards of a suit the hand holds two of.

>>> r = omaha_hand_equity(["AhAsKdKc", "QhJhTs9s"], board="2c 7d 8h")
>>> r.boards, r[0].wins, r[0].ties, r[1].wins
(820, 362, 0, 458)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from math import comb
from typing import Final

import numpy as np
import numpy.typing as npt

from evaluator.cards import Card, to_cards
from evaluator.combos import combinations_array
from evaluator.hands import CardInput
from evaluator.odds import (
    CHUNK,
    PROGRESS_EVERY,
    EquityResult,
    _sample_boards,
    _Tally,
    read_hole_cards,
    remaining_deck,
)
from evaluator.omaha_batch import _arrays
from evaluator.tables import RANK_KEYS, tables

HOLE_CARDS: Final = 4
BOARD_SIZES: Final = (0, 3, 4, 5)
_IDS: Final = np.arange(52)
_RANK_KEYS: Final = np.asarray(RANK_KEYS, dtype=np.int64)[_IDS // 4]
_SUIT_COUNTS: Final = np.left_shift(1, 4 * (_IDS % 4)).astype(np.int64)  # 4-bit field per suit
_RANK_BITS: Final = np.left_shift(1, _IDS // 4).astype(np.int64)
_TRIPLES: Final = np.array(list(combinations(range(5), 3))).T  # (3, 10) board positions
IntArray = npt.NDArray[np.int64]


def omaha_hand_equity(
    hands: Sequence[CardInput],
    board: CardInput = (),
    dead: CardInput = (),
    samples: int | None = None,
    seed: int | None = None,
    progress: Callable[[float], object] | None = None,
) -> EquityResult:
    """Win, tie and equity of each four-card hand over every run-out (or ``samples`` of them).

    Exact unless ``samples`` is given; Monte Carlo with the same ``seed`` gives the same
    result, and each hand's ``standard_error``. ``progress`` is called with the fraction
    done (ending with 1.0). Bad input (a hand without four cards, a repeated card, a board
    of one, two or six cards) is a ``ValueError`` naming it.

    >>> r = omaha_hand_equity(["AhAsKdKc", "7c8c9dTd"], board="2c 3c Jh 4s")
    >>> r.boards, r[0].wins, r[1].wins, r.exact
    (40, 32, 8, True)
    """
    holes = read_hole_cards(hands, HOLE_CARDS)
    shared = to_cards(board)
    if len(shared) not in BOARD_SIZES:
        raise ValueError(f"an Omaha board has 0, 3, 4 or 5 cards, got {len(shared)}")
    deck = remaining_deck(holes, shared, dead, samples)
    missing = 5 - len(shared)
    if missing == 0:
        samples = None  # one run-out: count it exactly, once

    board_sums, hole_sums, best = _arrays(5)
    flat, width = best.ravel(), best.shape[1]
    columns = [int(np.searchsorted(hole_sums, _RANK_KEYS[[c.id for c in h]].sum()))
               for h in holes]
    # Per hand, each suit it holds two or more of, with the rank bits of each pair of them.
    flush_pairs = [_suited_pairs(hand) for hand in holes]
    known = np.array([c.id for c in shared], dtype=np.int64)
    known_rank_sum = int(_RANK_KEYS[known].sum()) if len(known) else 0
    known_suits = int(_SUIT_COUNTS[known].sum()) if len(known) else 0
    flush_table = tables().flush
    tally = _Tally(len(holes))

    def run(slots: npt.NDArray[np.uint8]) -> None:
        drawn = deck[slots.astype(np.intp)]  # (missing, boards) card ids
        boards = np.vstack([np.broadcast_to(known[:, None], (len(known), slots.shape[1])),
                            drawn]) if len(known) else drawn
        rank_sum = known_rank_sum + _RANK_KEYS[drawn].sum(axis=0)
        suit_sum = known_suits + _SUIT_COUNTS[drawn].sum(axis=0)
        starts = np.searchsorted(board_sums, rank_sum) * width  # each board's table row
        values = np.empty((len(holes), slots.shape[1]), dtype=np.int16)
        for hand, (column, suited) in enumerate(zip(columns, flush_pairs, strict=True)):
            np.take(flat, starts + column, out=values[hand])
            for suit, pair_bits in suited:
                flushy = np.flatnonzero((suit_sum >> (4 * suit)) & 15 >= 3)
                if len(flushy):
                    found = _best_flush(boards[:, flushy], suit, pair_bits, flush_table)
                    values[hand, flushy] = np.maximum(values[hand, flushy], found)
        tally.add(values)

    if samples is None:
        total = comb(len(deck), missing)
        everything = combinations_array(len(deck), missing)
        steps = range(0, total, CHUNK)
        chunks = (everything[:, start : start + CHUNK] for start in steps)
    else:
        total = samples
        rng = np.random.default_rng(seed)
        steps = range(0, total, CHUNK)
        chunks = (_sample_boards(rng, len(deck), missing, min(CHUNK, total - start))
                  for start in steps)
    for start, chunk in zip(steps, chunks, strict=True):
        run(chunk)
        if progress is not None and (start // CHUNK) % (PROGRESS_EVERY // CHUNK) == 0:
            progress(start / total)
    if progress is not None:
        progress(1.0)
    return tally.result(holes, total, exact=samples is None)


def _suited_pairs(hand: list[Card]) -> list[tuple[int, IntArray]]:
    """(suit, rank bits of each pair of the hand's cards of that suit) for every suit the
    hand holds two or more of: only those suits can make it a flush."""
    found = []
    for suit in range(4):
        bits = [1 << (c.id >> 2) for c in hand if c.id & 3 == suit]
        if len(bits) >= 2:
            found.append((suit, np.array([a | b for a, b in combinations(bits, 2)],
                                         dtype=np.int64)))
    return found


def _best_flush(
    boards: IntArray, suit: int, pair_bits: IntArray, flush_table: npt.NDArray[np.int16]
) -> npt.NDArray[np.int16]:
    """Per board (columns of five card ids, three or more of ``suit``), the best flush of two
    of the hand's ``suit`` cards (``pair_bits``) with three of the board's (0 if none)."""
    board_bits = np.where(boards % 4 == suit, _RANK_BITS[boards], 0)  # (5, boards)
    triples = board_bits[_TRIPLES[0]] | board_bits[_TRIPLES[1]] | board_bits[_TRIPLES[2]]
    masks = pair_bits[:, None, None] | triples[None]  # (pairs, 10, boards)
    values = np.where(np.bitwise_count(masks) == 5, flush_table[masks], 0)
    found: npt.NDArray[np.int16] = values.max(axis=(0, 1)).astype(np.int16)
    return found

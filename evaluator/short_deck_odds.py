"""Short-deck strengths of many hands at once (NumPy) and the equity of 2 to 10 known
two-card hands over the 36-card deck (``short_deck_hand_equity``); hold'em's is
:mod:`evaluator.odds`, the ranking :mod:`evaluator.short_deck`.

The facts, written once:

- Run-outs to enumerate before the flop: C(36 - 2h, 5): 201,376 heads-up, 98,280 three-way;
  so every spot of known hands is counted exactly by default, and ``samples`` asks for
  Monte Carlo instead (each hand's ``standard_error`` then says how far it may be off).
- A batch strength is the scalar one (``short_deck_strength``): the best of the rank-multiset
  table (a dense array by the sum of ``5 ** (rank - six)``) and, for a suit with five or
  more cards, the flush table by its 9-bit rank mask.

>>> r = short_deck_hand_equity(["AhKh", "QsQd"], board="Jh Th 6c")
>>> r.boards, r[0].wins + r[1].wins + r[0].ties == r.boards
(406, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from math import comb

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
)
from evaluator.short_deck import LOWEST, SHORT_DECK, ShortDeckOrder, _tables

_IDS = np.arange(52)
_KEYS = np.where(_IDS // 4 >= LOWEST, 5 ** np.maximum(_IDS // 4 - LOWEST, 0), 0).astype(np.int64)
_BITS = np.where(_IDS // 4 >= LOWEST, 1 << np.maximum(_IDS // 4 - LOWEST, 0), 0).astype(np.int64)
IntArray = npt.NDArray[np.int64]


@cache
def _arrays(order: ShortDeckOrder) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int16]]:
    """The scalar tables as dense arrays: by rank-multiset key, by a suit's rank mask."""
    t = _tables(order)
    plain = np.zeros(5**9, dtype=np.int16)
    keys = np.fromiter(t.plain.keys(), dtype=np.int64, count=len(t.plain))
    plain[keys] = np.fromiter(t.plain.values(), dtype=np.int16, count=len(t.plain))
    flush = np.zeros(1 << 9, dtype=np.int16)
    for mask, strength in t.flush.items():
        flush[mask] = strength
    return plain, flush


def evaluate_short_deck_batch(
    hands: npt.ArrayLike, order: ShortDeckOrder = ShortDeckOrder.STRAIGHT_OVER_TRIPS
) -> npt.NDArray[np.int16]:
    """Strengths of rows of five to seven card ids of the short deck (unchecked).

    >>> from evaluator.short_deck import evaluate_short_deck
    >>> row = [c.id for c in to_cards("Ah Kh Qh 9h 7h Kd Ks")]
    >>> int(evaluate_short_deck_batch([row])[0]) == evaluate_short_deck(row).strength
    True
    """
    ids = np.asarray(hands, dtype=np.int64)
    plain, flush = _arrays(order)
    values = plain[_KEYS[ids].sum(axis=1)]
    bits, suits = _BITS[ids], ids % 4
    for suit in range(4):
        mask = np.where(suits == suit, bits, 0).sum(axis=1)
        values = np.maximum(values, flush[mask])
    return values


def short_deck_hand_equity(
    hands: Sequence[CardInput],
    board: CardInput = (),
    dead: CardInput = (),
    samples: int | None = None,
    seed: int | None = None,
    order: ShortDeckOrder = ShortDeckOrder.STRAIGHT_OVER_TRIPS,
    progress: Callable[[float], object] | None = None,
) -> EquityResult:
    """Win, tie and equity of each two-card hand over every short-deck run-out (or
    ``samples`` of them, seeded). A card below six, a repeated card or a board of more than
    five cards is a ``ValueError`` naming it.

    >>> short_deck_hand_equity(["AhKh", "2c2d"])
    Traceback (most recent call last):
    ...
    ValueError: 2c is not a card of the short deck (sixes and up).
    """
    holes = read_hole_cards(hands, 2)
    shared = to_cards(board)
    if len(shared) > 5:
        raise ValueError(f"a board has at most 5 cards, got {len(shared)}")
    deck = _remaining(holes, shared, to_cards(dead), samples)
    missing = 5 - len(shared)
    if missing == 0:
        samples = None
    known = np.array([c.id for c in shared], dtype=np.int64)
    hole_ids = [np.array([c.id for c in hole], dtype=np.int64) for hole in holes]
    tally = _Tally(len(holes))

    def run(slots: npt.NDArray[np.uint8]) -> None:
        drawn = deck[slots.astype(np.intp)].T  # (boards, missing)
        rows = np.hstack([np.broadcast_to(known, (len(drawn), len(known))), drawn])
        values = np.empty((len(holes), len(rows)), dtype=np.int16)
        for i, hole in enumerate(hole_ids):
            seven = np.hstack([np.broadcast_to(hole, (len(rows), 2)), rows])
            values[i] = evaluate_short_deck_batch(seven, order)
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


def _remaining(holes: list[list[Card]], board: list[Card], dead: list[Card],
               samples: int | None) -> IntArray:
    """The ids of the short deck's cards still out (ValueError naming a bad card)."""
    seen: set[Card] = set()
    for card in [c for hand in holes for c in hand] + board + dead:
        if card.rank < LOWEST:
            raise ValueError(f"{card} is not a card of the short deck (sixes and up).")
        if card in seen:
            raise ValueError(f"duplicate card {card}")
        seen.add(card)
    if samples is not None and samples < 1:
        raise ValueError(f"samples must be a positive number, got {samples}")
    left = [c.id for c in SHORT_DECK if c not in seen]
    if len(left) < 5 - len(board):
        raise ValueError(f"the board needs {5 - len(board)} more cards but only {len(left)} "
                         "are left in the deck")
    return np.array(left, dtype=np.int64)

"""Hold'em equity of 2 to 10 known hands (``hand_equity``; ranges: range_equity.py), by exact
enumeration of every board, or Monte Carlo.

Boards are enumerated as a cached array of combination indices into the remaining deck.
For a chunk of boards the board keys are summed once; each hand then adds its two hole-card
keys and looks its strengths up (the same keys and tables as :mod:`evaluator.batch`).

>>> result = hand_equity(["AhAs", "KdKc"], board="2c 7d 9h")
>>> result.boards, result[0].wins, result[0].ties, result[1].wins
(990, 907, 0, 83)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from math import comb, sqrt

import numpy as np
import numpy.typing as npt

from evaluator.batch import BatchTables, batch_tables
from evaluator.cards import DECK, Card, to_cards
from evaluator.combos import combinations_array
from evaluator.hands import CardInput
from evaluator.tables import FLUSH_ADD, FLUSH_BITS, SUIT_SHIFT

CHUNK = 1 << 14
PROGRESS_EVERY = 1 << 18
IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True)
class HandEquity:
    """One hand's result: boards won outright, boards split, and its share of the pot.

    ``ties`` counts boards where the hand split the pot; ``tie_credit`` adds ``1/k`` for each
    board split ``k`` ways; ``equity = (wins + tie_credit) / boards``. ``standard_error`` is
    the Monte Carlo estimate's (one standard deviation of the mean share), None when exact.
    """

    cards: tuple[Card, ...]
    wins: int
    ties: int
    tie_credit: float
    boards: int
    standard_error: float | None = None

    @property
    def losses(self) -> int:
        """Boards on which another hand wins outright or splits without this hand."""
        return self.boards - self.wins - self.ties

    @property
    def win(self) -> float:
        """Share of boards won outright."""
        return self.wins / self.boards

    @property
    def tie(self) -> float:
        """Share of boards split."""
        return self.ties / self.boards

    @property
    def equity(self) -> float:
        """Expected share of the pot: ``(wins + tie_credit) / boards``."""
        return (self.wins + self.tie_credit) / self.boards


@dataclass(frozen=True)
class EquityResult:
    """Per-hand results in input order, the number of boards and whether it was exact."""

    hands: tuple[HandEquity, ...]
    boards: int
    exact: bool

    def __getitem__(self, index: int) -> HandEquity:
        return self.hands[index]

    def __len__(self) -> int:
        return len(self.hands)

    def __iter__(self) -> Iterator[HandEquity]:
        return iter(self.hands)


class _Tally:
    """Accumulates wins and ties by the number of hands splitting, per hand."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.by_split = np.zeros((players, players + 1), dtype=np.int64)

    def add(self, values: npt.NDArray[np.int16]) -> None:
        if self.players == 2:
            a, b = values
            wins_a = int(np.count_nonzero(a > b))
            ties = int(np.count_nonzero(a == b))
            self.by_split[0, 1] += wins_a
            self.by_split[1, 1] += len(a) - wins_a - ties
            self.by_split[:, 2] += ties
            return
        best = values.max(axis=0)
        top = values == best
        split = top.sum(axis=0)
        for hand in range(self.players):
            self.by_split[hand] += np.bincount(split[top[hand]], minlength=self.players + 1)

    def result(self, hands: list[list[Card]], boards: int, exact: bool) -> EquityResult:
        ways = np.arange(self.players + 1)
        return EquityResult(
            hands=tuple(
                HandEquity(
                    cards=tuple(cards),
                    wins=int(row[1]),
                    ties=int(row[2:].sum()),
                    tie_credit=float((row[2:] / ways[2:]).sum()),
                    boards=boards,
                    standard_error=None if exact else _standard_error(row, boards),
                )
                for cards, row in zip(hands, self.by_split, strict=True)
            ),
            boards=boards,
            exact=exact,
        )


def _standard_error(by_split: IntArray, boards: int) -> float:
    """The standard error of the mean share over ``boards`` samples, from the counts of
    samples won alone (``by_split[1]``) and split k ways (share 1/k, ``by_split[k]``)."""
    shares = 1 / np.arange(1, len(by_split))
    mean = float((by_split[1:] * shares).sum()) / boards
    square = float((by_split[1:] * shares**2).sum()) / boards
    return sqrt(max(square - mean * mean, 0.0) / boards)


def _strengths(
    bt: BatchTables, board_keys: IntArray, board_cards: npt.NDArray[np.uint8],
    deck_bits: IntArray, known_mask: int, hole_keys: list[int], hole_masks: list[int],
) -> npt.NDArray[np.int16]:
    """Strengths (hands x boards) for a chunk of boards given as summed keys and card slots."""
    ranks = bt.ranks(7)
    values = np.empty((len(hole_keys), len(board_keys)), dtype=np.int16)
    for hand, (key, mask) in enumerate(zip(hole_keys, hole_masks, strict=True)):
        total = board_keys + key
        np.take(ranks, total >> SUIT_SHIFT, out=values[hand], mode="wrap")
        flush = total & FLUSH_BITS
        rows = np.flatnonzero(flush)
        if len(rows):
            masks = np.bitwise_or.reduce(np.take(deck_bits, board_cards[:, rows]), axis=0)
            masks |= known_mask | mask
            suit_masks = (masks >> np.take(bt.mask_shift, flush[rows])) & 0x1FFF
            values[hand, rows] = np.take(bt.flush, suit_masks)
    return values


def read_hole_cards(hands: Sequence[CardInput], hole_cards: int = 2) -> list[list[Card]]:
    """The hands as cards, 2 to 10 of them, each of ``hole_cards`` cards (two: hold'em, four:
    Omaha); a ``ValueError`` names a bad one.

    >>> read_hole_cards(["AhAs", "KdKcQs"])
    Traceback (most recent call last):
    ValueError: hand 2: a hold'em hand has two hole cards, got 3: Kd Kc Qs
    """
    omaha = hole_cards == 4
    what, example = ("Omaha equity", "['AhAsKdKc', 'QhJhTs9s']") if omaha else (
        "equity", "['AhAs', 'KdKc']")
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise ValueError(f"{what} takes a list of hands, e.g. {example}")
    if not 2 <= len(hands) <= 10:
        raise ValueError(f"{what} takes 2 to 10 hands, got {len(hands)}")
    cards = [to_cards(hand) for hand in hands]
    for number, hand in enumerate(cards, 1):
        if len(hand) != hole_cards:
            shown = " ".join(str(card) for card in hand) or "nothing"
            game = "an Omaha hand has four" if omaha else "a hold'em hand has two"
            raise ValueError(f"hand {number}: {game} hole cards, got {len(hand)}: {shown}")
    return cards


def remaining_deck(
    holes: list[list[Card]], board: list[Card], dead: CardInput, samples: int | None
) -> IntArray:
    """The ids of the cards left in the deck once the hands, the board and the ``dead``
    cards are out; a card named twice, ``samples`` below 1 or a deck too short to complete
    the board is a ``ValueError`` naming it.

    >>> len(remaining_deck([to_cards("AhAs"), to_cards("KdKc")], to_cards("2c 7d 9h"), "", None))
    45
    """
    seen: set[Card] = set()
    for card in [c for hand in holes for c in hand] + board + to_cards(dead):
        if card in seen:
            raise ValueError(f"duplicate card {card}")
        seen.add(card)
    if samples is not None and samples < 1:
        raise ValueError(f"samples must be a positive number, got {samples}")
    missing = 5 - len(board)
    if 52 - len(seen) < missing:
        raise ValueError(
            f"the board needs {missing} more cards but only {52 - len(seen)} are left in the deck"
        )
    return np.array([c.id for c in DECK if c not in seen], dtype=np.int64)


def hand_equity(
    hands: Sequence[CardInput],
    board: CardInput = (),
    dead: CardInput = (),
    samples: int | None = None,
    seed: int | None = None,
    progress: Callable[[float], object] | None = None,
) -> EquityResult:
    """Win, tie and equity of each hand over every remaining board (or ``samples`` of them).

    Exact unless ``samples`` is given; Monte Carlo with the same ``seed`` gives the same
    result. ``progress`` is called with the fraction done (ending with 1.0).

    >>> r = hand_equity(["AhAs", "KdKc"])
    >>> r.boards, r[0].wins, r[0].ties, r[0].losses
    (1712304, 1388072, 6538, 317694)
    """
    holes = read_hole_cards(hands)
    shared = to_cards(board)
    if len(shared) > 5:
        raise ValueError(f"a board has at most 5 cards, got {len(shared)}")
    deck = remaining_deck(holes, shared, dead, samples)
    missing = 5 - len(shared)
    if missing == 0:
        samples = None  # a complete board has one run-out: count it exactly, once

    bt = batch_tables()
    deck_keys = bt.keys[deck]
    deck_bits = bt.mask_bits[deck]
    board_key = FLUSH_ADD + sum(int(bt.keys[c.id]) for c in shared)  # + the flush addend
    known_mask = 0
    for card in shared:
        known_mask |= int(bt.mask_bits[card.id])
    hole_keys = [sum(int(bt.keys[c.id]) for c in hand) + board_key for hand in holes]
    hole_masks = [int(bt.mask_bits[a.id]) | int(bt.mask_bits[b.id]) for a, b in holes]
    tally = _Tally(len(holes))

    def run(slots: npt.NDArray[np.uint8]) -> None:
        keys = np.zeros(slots.shape[1], dtype=np.int64)
        for position in range(missing):
            keys += np.take(deck_keys, slots[position])
        tally.add(_strengths(bt, keys, slots, deck_bits, known_mask, hole_keys, hole_masks))

    if samples is None:
        total = comb(len(deck), missing)
        everything = combinations_array(len(deck), missing)
        for start in range(0, total, CHUNK):
            run(everything[:, start : start + CHUNK])
            if progress is not None and (start // CHUNK) % (PROGRESS_EVERY // CHUNK) == 0:
                progress(start / total)
    else:
        total = samples
        rng = np.random.default_rng(seed)
        for start in range(0, total, CHUNK):
            run(_sample_boards(rng, len(deck), missing, min(CHUNK, total - start)))
            if progress is not None and (start // CHUNK) % (PROGRESS_EVERY // CHUNK) == 0:
                progress(start / total)
    if progress is not None:
        progress(1.0)
    return tally.result(holes, total, exact=samples is None)


def _sample_boards(
    rng: np.random.Generator, deck_size: int, missing: int, count: int
) -> npt.NDArray[np.uint8]:
    """``count`` uniform random ``missing``-card boards as (missing, count) deck slots."""
    slots = rng.integers(0, deck_size, size=(missing, count), dtype=np.uint8)
    while True:
        clash = np.zeros(count, dtype=bool)
        for i in range(missing):
            for j in range(i + 1, missing):
                clash |= slots[i] == slots[j]
        redo = np.flatnonzero(clash)
        if not len(redo):
            return slots
        slots[:, redo] = rng.integers(0, deck_size, size=(missing, len(redo)), dtype=np.uint8)

"""A spot of range equity: the ranges after card removal, as arrays, ready to count.

:func:`prepare` checks the input (2 to :data:`MAX_PLAYERS` ranges, a board, dead cards) and
removes cards: board and dead cards from every range, and the cards of a one-combo range (a
hand) from the others. Exact counting (:mod:`evaluator.range_exact`), Monte Carlo
(:mod:`evaluator.range_sampling`), suit symmetry and the precomputed table all start from
the :class:`Spot` it returns; :mod:`evaluator.range_equity` chooses among them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from math import comb

import numpy as np
import numpy.typing as npt

from evaluator.cards import DECK, Card, parse_cards, to_cards
from evaluator.hands import CardInput
from evaluator.ranges import Combo, Range, parse_range

MAX_PLAYERS = 6
U64 = npt.NDArray[np.uint64]
F64 = npt.NDArray[np.float64]


@dataclass
class Spot:
    """Ranges after card removal, as arrays: what both methods start from."""

    ranges: list[Range]
    combos: list[list[Combo]]
    ids: list[npt.NDArray[np.int64]]  # (n, 2) card ids per player
    weights: list[F64]
    masks: list[U64]  # one bit per card of each combo
    fixed: list[bool]  # a single combo: its cards left the deck
    board: list[Card]
    deck: npt.NDArray[np.int64]  # cards the board may still take
    missing: int
    given: list[Range]  # the ranges as given, before card removal

    @property
    def players(self) -> int:
        """How many players."""
        return len(self.ranges)

    @cached_property
    def boards(self) -> int:
        """Boards each deal is played on: every completion of the board by unseen cards."""
        unseen = len(self.deck) - 2 * sum(not f for f in self.fixed)
        return comb(unseen, self.missing)


def _read_range(value: Range | str, number: int, suits: str) -> Range:
    if isinstance(value, Range):
        return value
    try:
        return parse_range(value, suits=suits)
    except ValueError as error:
        raise ValueError(f"player {number}: {error}") from None


def prepare(
    ranges: Sequence[Range | str], board: CardInput = (), dead: CardInput = (), suits: str = "en"
) -> Spot:
    """Check the input and remove cards: board and dead cards from every range, and the
    cards of a one-combo range (a hand) from the others, until nothing changes.

    >>> spot = prepare(["AhAd", "AA, KK"], board="Ks 7c 2d")
    >>> [len(r) for r in spot.ranges], spot.fixed, len(spot.deck), spot.boards
    ([1, 4], [True, False], 47, 990)
    """
    if isinstance(ranges, str) or not 2 <= len(ranges) <= MAX_PLAYERS:
        count = "a text" if isinstance(ranges, str) else len(ranges)
        raise ValueError(f"range equity takes 2 to {MAX_PLAYERS} ranges, got {count}")
    parsed = [_read_range(r, i, suits) for i, r in enumerate(ranges, 1)]
    known = to_cards(board) if not isinstance(board, str) or suits == "en" else _es(board)
    gone = to_cards(dead) if not isinstance(dead, str) or suits == "en" else _es(dead)
    if len(known) > 5:
        raise ValueError(f"board: a board has at most 5 cards, got {len(known)}")
    if set(known) & set(gone):
        raise ValueError(f"duplicate card {sorted(set(known) & set(gone))[0]}: on the board "
                         "and among the dead cards")
    for i, r in enumerate(parsed, 1):
        if not len(r):
            raise ValueError(f"player {i}: the range is empty")
    current = [r.without([*known, *gone]) for r in parsed]
    fixed = [False] * len(current)
    while True:
        for i, r in enumerate(current, 1):
            if not len(r):
                raise ValueError(f"player {i}: no hand of the range is left once the board, "
                                 "the dead cards and the other players' hands are removed")
        single = [i for i, r in enumerate(current) if len(r) == 1 and not fixed[i]]
        if not single:
            break
        for i in single:
            fixed[i] = True
            cards = next(iter(current[i]))
            current = [r if j == i else r.without(cards) for j, r in enumerate(current)]
    held = {card for i, r in enumerate(current) if fixed[i] for card in next(iter(r))}
    removed = {*known, *gone} | held
    deck = np.array([c.id for c in DECK if c not in removed], dtype=np.int64)
    combos = [list(r) for r in current]
    ids = [np.array([[a.id, b.id] for a, b in cs], dtype=np.int64) for cs in combos]
    one = np.uint64(1)
    masks = [(one << i[:, 0].astype(np.uint64)) | (one << i[:, 1].astype(np.uint64))
             for i in ids]
    weights = [np.array([r.weights[c] for c in cs], dtype=np.float64)
               for r, cs in zip(current, combos, strict=True)]
    spot = Spot(current, combos, ids, weights, masks, fixed, known, deck, 5 - len(known),
                parsed)
    unseen = len(deck) - 2 * sum(not f for f in fixed)
    if unseen < spot.missing:
        raise ValueError(f"only {unseen} cards are left, too few to deal "
                         f"{spot.missing} more to the board")
    if not _some_deal(spot):
        raise ValueError("no deal is possible: the ranges cannot all hold different cards")
    return spot


def _es(text: str) -> list[Card]:
    return parse_cards(text, suits="es")


def _some_deal(spot: Spot) -> bool:
    """Whether the ranges can hold disjoint combos at once (a depth-first search)."""
    order = sorted(range(spot.players), key=lambda p: len(spot.masks[p]))
    lists = [sorted({int(m) for m in spot.masks[p]}) for p in order]

    def search(level: int, used: int) -> bool:
        if level == len(lists):
            return True
        return any(not used & m and search(level + 1, used | m) for m in lists[level])

    return search(0, 0)

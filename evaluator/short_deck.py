"""Short-deck (6+) hand values: the 36 cards from six up, best five of any five to seven.

The facts, written once:

- The deck is the 36 cards of rank six to ace (``SHORT_DECK``, card-id order: ``6c 6d 6h 6s
  7c ... As``). Of its 376,992 five-card hands, 24 are straight flushes (royal ones
  included), 288 four of a kind, 480 flushes, 1,728 full houses, 6,120 straights, 16,128
  three of a kind, 36,288 two pair, 193,536 one pair and 122,400 high card.
- A flush is rarer than a full house here, so it beats one. The ace plays low in one
  straight, A-6-7-8-9 (nine high), the lowest; and in the lowest straight flush.
- Two orders are played (``ShortDeckOrder``): pokerkit's ``ShortDeckHoldemHand`` and
  Triton's, where a straight beats three of a kind as in hold'em
  (``STRAIGHT_OVER_TRIPS``); and the other order some rooms play, three of a kind over a
  straight (``TRIPS_OVER_STRAIGHT``). Everything else is the same in both.
- A strength is 1 to 1,404 (the distinct five-card values), higher is stronger; strengths
  compare only within one order.
- A value is the best of every five of the cards: the best non-flush hand by the ranks'
  multiset (a table by the sum of ``5 ** (rank - six)`` over the cards, unique per multiset)
  against the best flush of a suit with five or more cards (a table by that suit's 9-bit
  rank mask).

>>> evaluate_short_deck("Ah Kh Qh 9h 7h Kd Ks").describe()
'Flush, ace-king-queen-nine-seven'
>>> evaluate_short_deck("Ah Kh Qh 9h 7h Kd Ks") > evaluate_short_deck("Kc Kd Ks Qc Qd")
True
>>> evaluate_short_deck("As 6d 7h 8c 9s").describe()
'Straight, nine high'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from itertools import combinations
from typing import Final

from evaluator.cards import DECK, Card, Rank, to_cards
from evaluator.tables import Category

LOWEST: Final = Rank.SIX
SHORT_DECK: Final[tuple[Card, ...]] = tuple(c for c in DECK if c.rank >= LOWEST)
"""The 36 cards, six up, in card-id order."""
RANKS: Final = tuple(Rank(r) for r in range(LOWEST, Rank.ACE + 1))  # six .. ace
# Straights high card first; the lowest is A-6-7-8-9.
STRAIGHTS: Final = (
    (Rank.NINE, Rank.EIGHT, Rank.SEVEN, Rank.SIX, Rank.ACE),
    *(tuple(Rank(high - i) for i in range(5)) for high in range(Rank.TEN, Rank.ACE + 1)),
)


class ShortDeckOrder(StrEnum):
    """Which of three of a kind and a straight is the stronger."""

    STRAIGHT_OVER_TRIPS = "straight-over-trips"  # pokerkit's ShortDeckHoldemHand, Triton
    TRIPS_OVER_STRAIGHT = "trips-over-straight"  # some rooms

    @property
    def categories(self) -> tuple[Category, ...]:
        """The categories weakest first.

        >>> [c.label for c in ShortDeckOrder.TRIPS_OVER_STRAIGHT.categories][3:7]
        ['Straight', 'Three of a kind', 'Full house', 'Flush']
        """
        middle = (Category.THREE_OF_A_KIND, Category.STRAIGHT)
        if self is ShortDeckOrder.TRIPS_OVER_STRAIGHT:
            middle = middle[::-1]
        return (Category.HIGH_CARD, Category.ONE_PAIR, Category.TWO_PAIR, *middle,
                Category.FULL_HOUSE, Category.FLUSH, Category.FOUR_OF_A_KIND,
                Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH)


ORDER_BY_RANKING: Final = {
    "short-deck": ShortDeckOrder.STRAIGHT_OVER_TRIPS,
    "short-deck-trips": ShortDeckOrder.TRIPS_OVER_STRAIGHT,
}
"""The engine's short-deck rankings (``games.engine.games.Ranking`` values) as orders."""

HandClass = tuple[Category, tuple[Rank, ...]]  # a category and its ranks by importance


@dataclass(frozen=True)
class _Tables:
    classes: tuple[HandClass, ...]  # index = strength - 1
    plain: dict[int, int]  # rank-multiset key -> best non-flush strength
    flush: dict[int, int]  # a suit's rank mask (five or more bits) -> best flush strength


def _five_rank_classes() -> list[HandClass]:
    """Every five-card value of the short deck as (category, ranks by importance)."""
    straights = {frozenset(s) for s in STRAIGHTS}
    plain = [tuple(sorted(c, reverse=True)) for c in combinations(RANKS, 5)
             if frozenset(c) not in straights]
    classes: list[HandClass] = [(Category.HIGH_CARD, p) for p in plain]
    classes += [(Category.FLUSH, p) for p in plain]
    classes += [(Category.STRAIGHT, s) for s in STRAIGHTS]
    classes += [(Category.STRAIGHT_FLUSH, s) for s in STRAIGHTS[:-1]]
    classes.append((Category.ROYAL_FLUSH, STRAIGHTS[-1]))
    for a in RANKS:
        others = [r for r in RANKS if r != a]
        classes += [(Category.ONE_PAIR, (a, a, *sorted(k, reverse=True)))
                    for k in combinations(others, 3)]
        classes += [(Category.THREE_OF_A_KIND, (a, a, a, *sorted(k, reverse=True)))
                    for k in combinations(others, 2)]
        for b in others:
            classes.append((Category.FULL_HOUSE, (a, a, a, b, b)))
            classes.append((Category.FOUR_OF_A_KIND, (a, a, a, a, b)))
            if b < a:
                classes += [(Category.TWO_PAIR, (a, a, b, b, k)) for k in others if k != b]
    return classes


def _class_of(ranks: Sequence[Rank], flush: bool) -> HandClass:
    """The value of five cards with these ranks (all of one suit when ``flush``)."""
    counts = Counter(ranks)
    ordered = tuple(sorted(ranks, key=lambda r: (counts[r], r), reverse=True))
    shape = sorted(counts.values(), reverse=True)
    straight = next((s for s in STRAIGHTS if set(s) == set(ranks)), None)
    if straight is not None:
        if not flush:
            return Category.STRAIGHT, straight
        royal = straight == STRAIGHTS[-1]
        return (Category.ROYAL_FLUSH if royal else Category.STRAIGHT_FLUSH), straight
    if flush:
        return Category.FLUSH, ordered
    category = {(4, 1): Category.FOUR_OF_A_KIND, (3, 2): Category.FULL_HOUSE,
                (3, 1, 1): Category.THREE_OF_A_KIND, (2, 2, 1): Category.TWO_PAIR,
                (2, 1, 1, 1): Category.ONE_PAIR}.get(tuple(shape), Category.HIGH_CARD)
    return category, ordered


def _rank_key(ranks: Iterable[Rank]) -> int:
    return sum(5 ** (r - LOWEST) for r in ranks)


@cache
def _tables(order: ShortDeckOrder) -> _Tables:
    place = {category: i for i, category in enumerate(order.categories)}
    # Straights (and straight flushes) order by their high card alone: A-6-7-8-9 is nine high.
    classes = sorted(_five_rank_classes(),
                     key=lambda c: (place[c[0]], c[1][0] if c[0] in _STRAIGHTS else c[1]))
    strength = {c: i + 1 for i, c in enumerate(classes)}
    plain: dict[int, int] = {}
    for size in (5, 6, 7):
        for multiset in _multisets(size):
            plain[_rank_key(multiset)] = max(
                strength[_class_of(five, False)] for five in set(combinations(multiset, 5)))
    flush: dict[int, int] = {}
    for size in (5, 6, 7):
        for suited in combinations(RANKS, size):
            mask = sum(1 << (r - LOWEST) for r in suited)
            flush[mask] = max(strength[_class_of(five, True)] for five in combinations(suited, 5))
    return _Tables(tuple(classes), plain, flush)


_STRAIGHTS: Final = (Category.STRAIGHT, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH)


def _multisets(size: int) -> list[tuple[Rank, ...]]:
    """Every multiset of ``size`` ranks of the short deck, each rank at most four times."""
    out: list[tuple[Rank, ...]] = []

    def grow(start: int, left: int, chosen: list[Rank]) -> None:
        if left == 0:
            out.append(tuple(chosen))
            return
        for i in range(start, len(RANKS)):
            if chosen.count(RANKS[i]) < 4:
                grow(i, left - 1, [*chosen, RANKS[i]])

    grow(0, size, [])
    return out


# Per card id (short-deck cards only): rank-multiset key part, suit, rank-mask bit.
_KEY: Final = {c: 5 ** (c.rank - LOWEST) for c in SHORT_DECK}
_BIT: Final = {c: 1 << (c.rank - LOWEST) for c in SHORT_DECK}


class ShortDeckValue:
    """A short-deck hand's value in one order: ``strength`` (higher is stronger, comparable
    with values of the same order), its category and the best five cards.

    >>> v = evaluate_short_deck("Ts Td Th 6c 7d 8s 9h")
    >>> v.category.label, v.best_five[0].rank.word
    ('Straight', 'ten')
    >>> evaluate_short_deck("Ts Td Th 6c 7d 8s 9h",
    ...                     ShortDeckOrder.TRIPS_OVER_STRAIGHT).describe()
    'Three of a kind, tens, nine-eight'
    """

    __slots__ = ("strength", "order", "cards")

    def __init__(self, strength: int, order: ShortDeckOrder, cards: Sequence[Card] = ()) -> None:
        self.strength = strength
        self.order = order
        self.cards = tuple(cards)

    @property
    def _class(self) -> HandClass:
        return _tables(self.order).classes[self.strength - 1]

    @property
    def category(self) -> Category:
        return self._class[0]

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The five ranks that make the hand, most important first (A-6-7-8-9: 9 8 7 6 A)."""
        return self._class[1]

    @property
    def best_five(self) -> tuple[Card, ...]:
        """The five cards that make the hand, most important first (``()`` without cards)."""
        if not self.cards:
            return ()
        category, ranks = self._class
        pool = sorted(self.cards, reverse=True)
        if category in (Category.FLUSH, *_STRAIGHTS[1:]):
            suits = [c.suit for c in pool]
            suit = max(set(suits), key=suits.count)
            pool = [c for c in pool if c.suit == suit]
        best: list[Card] = []
        for rank in ranks:
            card = next(c for c in pool if c.rank == rank)
            pool.remove(card)
            best.append(card)
        return tuple(best)

    def describe(self) -> str:
        """A sentence for people, in the hold'em evaluator's words.

        >>> evaluate_short_deck("9c 9d 9h 6s 6d Ac Kd").describe()
        'Full house, nines full of sixes'
        >>> evaluate_short_deck("As 6s 7s 8s 9s").describe()
        'Straight flush, nine high'
        """
        category, r = self._class
        words = "-".join
        if category is Category.HIGH_CARD:
            return f"High card, {r[0].word}, {words(x.word for x in r[1:])}"
        if category is Category.ONE_PAIR:
            return f"Pair of {r[0].plural}, {words(x.word for x in r[2:])}"
        if category is Category.TWO_PAIR:
            article = "an" if r[4] in (Rank.ACE, Rank.EIGHT) else "a"
            return f"Two pair, {r[0].plural} and {r[2].plural} with {article} {r[4].word} kicker"
        if category is Category.THREE_OF_A_KIND:
            return f"Three of a kind, {r[0].plural}, {words(x.word for x in r[3:])}"
        if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
            return f"{category.label}, {r[0].word} high"
        if category is Category.FLUSH:
            return f"Flush, {words(x.word for x in r)}"
        if category is Category.FULL_HOUSE:
            return f"Full house, {r[0].plural} full of {r[3].plural}"
        if category is Category.FOUR_OF_A_KIND:
            article = "an" if r[4] in (Rank.ACE, Rank.EIGHT) else "a"
            return f"Four of a kind, {r[0].plural} with {article} {r[4].word} kicker"
        return "Royal flush"

    def _key(self, other: object) -> int:
        if not isinstance(other, ShortDeckValue) or other.order is not self.order:
            raise TypeError("Short-deck values compare only within one order.")
        return other.strength

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ShortDeckValue):
            return NotImplemented
        return self.order is other.order and self.strength == other.strength

    def __lt__(self, other: ShortDeckValue) -> bool:
        return self.strength < self._key(other)

    def __gt__(self, other: ShortDeckValue) -> bool:
        return self.strength > self._key(other)

    def __hash__(self) -> int:
        return hash((self.order, self.strength))

    def __repr__(self) -> str:
        return f"<ShortDeckValue {self.strength}: {self.describe()}>"


def short_deck_strength(cards: Sequence[Card], order: ShortDeckOrder) -> int:
    """The strength of five to seven distinct short-deck Cards (unchecked: the fast path)."""
    t = _tables(order)
    key = 0
    masks = [0, 0, 0, 0]
    for card in cards:
        key += _KEY[card]
        masks[card.suit] |= _BIT[card]
    best = t.plain[key]
    for mask in masks:
        if mask in t.flush:
            best = max(best, t.flush[mask])
    return best


def evaluate_short_deck(
    cards: object, order: ShortDeckOrder = ShortDeckOrder.STRAIGHT_OVER_TRIPS
) -> ShortDeckValue:
    """The value of five to seven cards of the short deck (text, Cards or ids); a
    ``ValueError`` names a card below six, a repeated card or a wrong count.

    >>> evaluate_short_deck("As Ks 5d 6h 7c")
    Traceback (most recent call last):
    ...
    ValueError: 5d is not a card of the short deck (sixes and up).
    """
    hand = to_cards(cards)
    if not 5 <= len(hand) <= 7:
        raise ValueError(f"a hand has 5, 6 or 7 cards, got {len(hand)}")
    for card in hand:
        if card.rank < LOWEST:
            raise ValueError(f"{card} is not a card of the short deck (sixes and up).")
    if len(set(hand)) != len(hand):
        raise ValueError("a card appears twice in the hand")
    return ShortDeckValue(short_deck_strength(hand, order), order, hand)


def strength_count(order: ShortDeckOrder) -> int:
    """How many distinct five-card values the short deck has.

    >>> strength_count(ShortDeckOrder.STRAIGHT_OVER_TRIPS)
    1404
    """
    return len(_tables(order).classes)


def category_of_strength(strength: int, order: ShortDeckOrder) -> Category:
    """The category of a strength in one order (for counting whole spaces)."""
    return _tables(order).classes[strength - 1][0]

"""Scoring one hand of 5, 6 or 7 cards: ``evaluate``, ``HandValue``, ``compare``, ``winners``.

``evaluate`` sums one precomputed integer key per card (see :mod:`evaluator.tables`) and does
one dictionary or list lookup, so a seven-card hand costs about a microsecond from Python.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, TypeAlias

from evaluator.cards import Card, Rank, to_cards
from evaluator.tables import (
    FLUSH_ADD,
    FLUSH_BITS,
    MASK_SHIFT,
    SCALAR_RANK_SHIFT,
    Category,
    tables,
)

CardInput: TypeAlias = "str | Card | Iterable[Card | str | int]"
"""Anything :func:`evaluator.cards.to_cards` reads: text, Cards, card ids, or a mix."""

_FLUSH_CATEGORIES: Final = frozenset(
    (Category.FLUSH, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH)
)
_MASKS: Final = (1 << 64) - 1
_FLUSH_SUIT: Final = {0x8: 0, 0x80: 1, 0x800: 2, 0x8000: 3}
_CATEGORY_OF: list[Category] = []
_KEYS: dict[Card, int] = {}
_RANKS: list[dict[int, int]] = []
_FLUSH: list[int] = []


def _load() -> None:
    t = tables()
    _CATEGORY_OF[:] = [Category(c) for c in t.category_of]
    _RANKS[:] = [{}, {}, {}, {}, {}, t.rank_dicts[5], t.rank_dicts[6], t.rank_dicts[7]]
    _FLUSH[:] = t.flush_list
    _KEYS.update(t.scalar_keys)  # last: evaluate() checks _KEYS to know tables are loaded


class HandValue:
    """The value of a hand: totally ordered by strength (higher is stronger) and hashable.

    Two values are equal when the hands tie, whatever their suits.

    >>> value = evaluate("Kh Kd Ks 4c 4d 9s 2h")
    >>> value.category, value.describe(), value.best_five
    (<Category.FULL_HOUSE: 6>, 'Full house, kings full of fours', (Card('Ks'), Card('Kh'), \
Card('Kd'), Card('4d'), Card('4c')))
    >>> value > evaluate("As Ks Qs Js 9s")
    True
    """

    __slots__ = ("strength", "_cards")

    strength: int
    _cards: tuple[Card, ...]

    def __init__(self, strength: int, cards: Sequence[Card] = ()) -> None:
        if not 1 <= strength <= 7462:
            raise ValueError(f"strength must be 1..7462, got {strength}")
        self.strength = strength
        self._cards = tuple(cards)

    @property
    def category(self) -> Category:
        """The category: ``Category.FULL_HOUSE`` and so on."""
        if not _KEYS:
            _load()
        return _CATEGORY_OF[self.strength]

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The five ranks that make the hand, most important first (the wheel is 5 4 3 2 A)."""
        return tuple(Rank(r) for r in tables().classes[self.strength][1])

    @property
    def cards(self) -> tuple[Card, ...]:
        """All the cards evaluated (empty when the value was built from a strength alone)."""
        return self._cards

    @property
    def best_five(self) -> tuple[Card, ...]:
        """The five cards that make the hand, most important first (``()`` without cards)."""
        if not self._cards:
            return ()
        category, ranks = tables().classes[self.strength]
        pool = sorted(self._cards, reverse=True)
        if category in _FLUSH_CATEGORIES:
            suits = [card.suit for card in pool]
            suit = max(set(suits), key=suits.count)
            pool = [card for card in pool if card.suit == suit]
        best: list[Card] = []
        for rank in ranks:
            card = next(c for c in pool if c.rank == rank)
            pool.remove(card)
            best.append(card)
        return tuple(best)

    def describe(self) -> str:
        """A sentence for people.

        >>> evaluate("5c 4d 3h 2s Ac").describe()
        'Straight, five high'
        >>> evaluate("As Ad Tc Th Qs").describe()
        'Two pair, aces and tens with a queen kicker'
        """
        category = self.category
        r = self.ranks
        if category == Category.HIGH_CARD:
            return f"High card, {r[0].word}"
        if category == Category.ONE_PAIR:
            return f"Pair of {r[0].plural}"
        if category == Category.TWO_PAIR:
            article = "an" if r[4] in (Rank.ACE, Rank.EIGHT) else "a"
            return f"Two pair, {r[0].plural} and {r[2].plural} with {article} {r[4].word} kicker"
        if category == Category.THREE_OF_A_KIND:
            return f"Three of a kind, {r[0].plural}"
        if category == Category.STRAIGHT:
            return f"Straight, {r[0].word} high"
        if category == Category.FLUSH:
            return f"Flush, {r[0].word} high"
        if category == Category.FULL_HOUSE:
            return f"Full house, {r[0].plural} full of {r[3].plural}"
        if category == Category.FOUR_OF_A_KIND:
            return f"Four of a kind, {r[0].plural}"
        if category == Category.STRAIGHT_FLUSH:
            return f"Straight flush, {r[0].word} high"
        return "Royal flush"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HandValue):
            return self.strength == other.strength
        return NotImplemented

    def __lt__(self, other: HandValue) -> bool:
        return self.strength < other.strength

    def __le__(self, other: HandValue) -> bool:
        return self.strength <= other.strength

    def __gt__(self, other: HandValue) -> bool:
        return self.strength > other.strength

    def __ge__(self, other: HandValue) -> bool:
        return self.strength >= other.strength

    def __hash__(self) -> int:
        return hash(self.strength)

    def __repr__(self) -> str:
        return f"<HandValue {self.strength}: {self.describe()}>"

    def __str__(self) -> str:
        return self.describe()


def evaluate(cards: CardInput) -> HandValue:
    """Score 5, 6 or 7 cards (text, Cards or ids); a ``ValueError`` names bad input.

    >>> evaluate("As Ks Qs Js Ts").describe()
    'Royal flush'
    >>> evaluate(["2c", "2d", "9h", "9s", "Kc", "7d", "3s"]).category.label
    'Two pair'
    """
    if not _KEYS:
        _load()
    hand: Sequence[Card] | None = None
    if type(cards) is not str:
        try:  # the fast path: a list or tuple of Cards
            count = len(cards)  # type: ignore[arg-type]
            total = sum(map(_KEYS.__getitem__, cards))  # type: ignore[arg-type]
            hand = cards  # type: ignore[assignment]
        except (KeyError, TypeError):
            pass
    if hand is None:
        hand = to_cards(cards)
        total = sum(map(_KEYS.__getitem__, hand))
        count = len(hand)
    if not 5 <= count <= 7 or ((total >> MASK_SHIFT) & _MASKS).bit_count() != count:
        hand = to_cards(hand)  # names a duplicate card, if any
        raise ValueError(f"a hand has 5, 6 or 7 cards, got {len(hand)}")
    flush = ((total & 0xFFFF) + FLUSH_ADD) & FLUSH_BITS
    if flush:
        shift = MASK_SHIFT + 16 * _FLUSH_SUIT[flush]
        strength = _FLUSH[(total >> shift) & 0x1FFF]
    else:
        strength = _RANKS[count][total >> SCALAR_RANK_SHIFT]
    value = HandValue.__new__(HandValue)
    value.strength = strength
    value._cards = tuple(hand)
    return value


def compare(a: HandValue | CardInput, b: HandValue | CardInput) -> int:
    """-1, 0 or 1 as hand ``a`` loses to, ties or beats hand ``b``.

    >>> compare("Th Tc 5s 5d Ah", "Ts Td 8h 8c Qs")
    -1
    """
    sa = (a if isinstance(a, HandValue) else evaluate(a)).strength
    sb = (b if isinstance(b, HandValue) else evaluate(b)).strength
    return (sa > sb) - (sa < sb)


def winners(hands: Iterable[HandValue | CardInput], board: CardInput = ()) -> list[int]:
    """Indices of every hand tying for best; ``board`` cards join each hand.

    Hands are scored independently (as seed 004 allows, each may come from its own deck);
    a card repeated between one hand and the board is a ``ValueError``.

    >>> winners(["Ah Kd", "Ac Kc", "7s 2d"], board="Qh Js Tc 3d 3c")
    [0, 1]
    """
    shared = to_cards(board)
    values: list[HandValue] = []
    for hand in hands:
        if isinstance(hand, HandValue):
            if shared:
                raise ValueError("a HandValue cannot take board cards; pass the hole cards")
            values.append(hand)
        else:
            values.append(evaluate(to_cards(hand) + shared))
    if not values:
        raise ValueError("winners needs at least one hand")
    best = max(values).strength
    return [i for i, value in enumerate(values) if value.strength == best]

"""Scoring one hand of 5, 6 or 7 cards: ``evaluate``, ``HandValue``, ``compare``, ``winners``.

``evaluate`` sums one precomputed integer key per card (see :mod:`evaluator.tables`) and does
one dictionary or list lookup, so a seven-card hand costs about a microsecond from Python.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, TypeAlias

from evaluator.cards import Card, Rank, to_cards
from evaluator.tables import Category, tables

CardInput: TypeAlias = "str | Card | Iterable[Card | str | int]"
"""Anything :func:`evaluator.cards.to_cards` reads: text, Cards, card ids, or a mix."""

_FLUSH_CATEGORIES: Final = frozenset(
    (Category.FLUSH, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH)
)
# Filled in place on first use (see _load), so evaluate() can bind them once.
_CATEGORY_OF: list[Category] = []
_KEYS: dict[Card, int] = {}
_KEY_OF: Final = _KEYS.__getitem__
_RANKS: list[dict[int, int]] = []
_FLUSH: list[int] = []
_FLUSH_SUITS: list[int] = []
_new: Final = object.__new__


def _load() -> None:
    t = tables()
    _CATEGORY_OF[:] = [Category(c) for c in t.category_of]
    _RANKS[:] = [{}, {}, {}, {}, {}, t.rank_dicts[5], t.rank_dicts[6], t.rank_dicts[7]]
    _FLUSH[:] = t.flush_list
    _FLUSH_SUITS[:] = t.flush_suits
    _KEYS.update(t.scalar_keys)  # last: an empty _KEYS sends evaluate() the slow way


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
        cards = self.cards  # an Omaha value's are the five it used (evaluator/omaha.py)
        if not cards:
            return ()
        category, ranks = tables().classes[self.strength]
        pool = sorted(cards, reverse=True)
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
        >>> evaluate("9s 9d Ac Kh 7s 3d 2c").describe()
        'Pair of nines, ace-king-seven'
        """
        category = self.category
        r = self.ranks
        if category == Category.HIGH_CARD:
            return f"High card, {r[0].word}, {_kickers(r[1:])}"
        if category == Category.ONE_PAIR:
            return f"Pair of {r[0].plural}, {_kickers(r[2:])}"
        if category == Category.TWO_PAIR:
            article = "an" if r[4] in (Rank.ACE, Rank.EIGHT) else "a"
            return f"Two pair, {r[0].plural} and {r[2].plural} with {article} {r[4].word} kicker"
        if category == Category.THREE_OF_A_KIND:
            return f"Three of a kind, {r[0].plural}, {_kickers(r[3:])}"
        if category == Category.STRAIGHT:
            return f"Straight, {r[0].word} high"
        if category == Category.FLUSH:
            return f"Flush, {_kickers(r)}"
        if category == Category.FULL_HOUSE:
            return f"Full house, {r[0].plural} full of {r[3].plural}"
        if category == Category.FOUR_OF_A_KIND:
            article = "an" if r[4] in (Rank.ACE, Rank.EIGHT) else "a"
            return f"Four of a kind, {r[0].plural} with {article} {r[4].word} kicker"
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


def _kickers(ranks: Sequence[Rank]) -> str:
    """Ranks that decide between equal hands, most important first: "ace-king-seven"."""
    return "-".join(rank.word for rank in ranks)


def evaluate(cards: CardInput) -> HandValue:
    """Score 5, 6 or 7 cards (text, Cards or ids); a ``ValueError`` names bad input.

    >>> evaluate("As Ks Qs Js Ts").describe()
    'Royal flush'
    >>> evaluate(["2c", "2d", "9h", "9s", "Kc", "7d", "3s"]).category.label
    'Two pair'
    """
    try:  # the fast path: a list or tuple of Cards (anything else raises and goes slow)
        count = len(cards)  # type: ignore[arg-type]
        total = sum(map(_KEY_OF, cards))  # type: ignore[arg-type]
    except (KeyError, TypeError):
        return _evaluate_checked(cards)
    if (total & 0xFFFFFFFFFFFFF).bit_count() != count or not 5 <= count <= 7:
        return _evaluate_checked(cards)  # raises, naming the problem
    suit = _FLUSH_SUITS[(total >> 52) & 0xFFF]  # the flush suit, or -1
    strength = (
        _RANKS[count][total >> 64] if suit < 0 else _FLUSH[(total >> (13 * suit)) & 0x1FFF]
    )
    value: HandValue = _new(HandValue)
    value.strength = strength
    value._cards = tuple(cards)  # type: ignore[arg-type]
    return value


def _evaluate_checked(cards: CardInput) -> HandValue:
    """evaluate() for any input: loads the tables, reads the cards, names what is wrong."""
    if not _KEYS:
        _load()
    hand = to_cards(cards)
    if not 5 <= len(hand) <= 7:
        raise ValueError(f"a hand has 5, 6 or 7 cards, got {len(hand)}")
    return evaluate(hand)


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

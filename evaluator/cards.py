"""Cards, ranks, suits and the one checked entry point for card input.

Facts, written once:

- A card id is ``4 * rank + suit``: rank 0..12 for 2..A, suit 0..3 for clubs, diamonds,
  hearts, spades (the convention of phevaluator). ``0`` is ``2c``, ``51`` is ``As``.
- There are exactly 52 ``Card`` objects; ``Card("As") is Card(51)``. Equality is identity,
  so cards hash and compare at C speed, and they sort by id.
- Text input accepts ranks ``2-9``, ``T`` or ``10``, ``J Q K A`` (any case; ``ace`` and ``1``
  are also read as an ace, as seed 002 writes them) and suits ``s h d c`` or the symbols
  ``♠♥♦♣`` / ``♤♡♢♧``. Cards may be separated by spaces and/or commas or written together
  (``"AhKd"``); a space between a rank and its suit is allowed (``"10 ♧, J ♡"``).
- Spanish suit letters, only when asked for (``parse_cards(text, suits="es")``): ``P C D T``
  for picas, corazones, diamantes, trébol (spades, hearts, diamonds, clubs), as seed 004
  writes ``"AT 2D 10T 3T KC"``. A ten is then ``10`` only (``T`` is a suit), and ``KC`` is the
  king of hearts, not of clubs: the two notations read some text differently, so English
  stays the default.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from enum import IntEnum
from typing import Final

RANK_CHARS: Final = "23456789TJQKA"
"""Rank letters, deuce first: a rank's value is its place here (``"T"`` is the ten)."""
SUIT_CHARS: Final = "cdhs"
"""Suit letters in id order: clubs, diamonds, hearts, spades."""
SUIT_SYMBOLS: Final = "♣♦♥♠"
"""Filled suit symbols in the order of :data:`SUIT_CHARS`."""
RANK_PATTERN: Final = f"[{RANK_CHARS}]"
"""A regular expression for one rank letter as written: ``"T"`` (add IGNORECASE for ``"t"``)."""
CARD_PATTERN: Final = f"{RANK_PATTERN}[{SUIT_CHARS}]"
"""A regular expression for one card as the engine and hand histories write it: ``"Td"``."""


class Rank(IntEnum):
    """Card ranks, deuce lowest. ``Rank.ACE.char == "A"``, ``Rank.SIX.plural == "sixes"``."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def char(self) -> str:
        """One-letter text: ``"T"`` for ten."""
        return RANK_CHARS[self]

    @property
    def face(self) -> str:
        """As printed on a card's corner: ``"10"`` for ten, else :attr:`char`."""
        return "10" if self == Rank.TEN else RANK_CHARS[self]

    @property
    def word(self) -> str:
        """English name: ``"queen"``."""
        return _RANK_WORDS[self]

    @property
    def plural(self) -> str:
        """English plural: ``"sixes"``."""
        return "sixes" if self == Rank.SIX else _RANK_WORDS[self] + "s"


class Suit(IntEnum):
    """Card suits in id order: clubs 0, diamonds 1, hearts 2, spades 3."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def char(self) -> str:
        """One-letter text: ``"s"`` for spades."""
        return SUIT_CHARS[self]

    @property
    def symbol(self) -> str:
        """Filled symbol: ``"♠"`` for spades."""
        return SUIT_SYMBOLS[self]


_RANK_WORDS: Final = (
    "two", "three", "four", "five", "six", "seven", "eight",
    "nine", "ten", "jack", "queen", "king", "ace",
)


class Card:
    """One of the 52 cards: ``Card("As")``, ``Card(51)`` and ``Card("a♠")`` are the same object.

    >>> card = Card("Td")
    >>> card.id, card.rank, card.suit, str(card)
    (33, <Rank.TEN: 8>, <Suit.DIAMONDS: 1>, 'Td')
    >>> Card(33) is card
    True
    """

    __slots__ = ("id", "rank", "suit", "_text")

    id: int
    rank: Rank
    suit: Suit
    _text: str

    def __new__(cls, value: int | str | Card) -> Card:
        if isinstance(value, Card):
            return value
        if isinstance(value, str):
            parsed = parse_cards(value)
            if len(parsed) != 1:
                raise ValueError(f"expected one card, got {len(parsed)} in {value!r}")
            return parsed[0]
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 52:
            return DECK[value]
        raise ValueError(f"not a card: {value!r} (expected an id 0..51 or text like 'As')")

    @classmethod
    def _make(cls, card_id: int) -> Card:
        card = object.__new__(cls)
        rank, suit = Rank(card_id // 4), Suit(card_id % 4)
        object.__setattr__(card, "id", card_id)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "_text", rank.char + suit.char)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (self.id,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text!r})"

    def __lt__(self, other: Card) -> bool:
        return self.id < other.id

    def __le__(self, other: Card) -> bool:
        return self.id <= other.id

    def __gt__(self, other: Card) -> bool:
        return self.id > other.id

    def __ge__(self, other: Card) -> bool:
        return self.id >= other.id

    @property
    def symbol(self) -> str:
        """Rank and suit symbol: ``"A♠"``."""
        return self.rank.char + self.suit.symbol


DECK: Final[tuple[Card, ...]] = tuple(Card._make(i) for i in range(52))
"""All 52 cards in id order: ``DECK[0]`` is ``2c``, ``DECK[51]`` is ``As``."""

_RANK_OF: Final = {**{c.lower(): i for i, c in enumerate(RANK_CHARS)}, "10": 8,
                   "1": 12, "ace": 12}
_OUTLINE_SUIT_SYMBOLS: Final = "♧♢♡♤"  # read too, as seed 002 writes them
_SYMBOLS: Final = SUIT_SYMBOLS + _OUTLINE_SUIT_SYMBOLS
_SUIT_OF: Final = {char: i % 4 for i, char in enumerate(SUIT_CHARS + _SYMBOLS)}
_SUITS: Final = SUIT_CHARS + _SYMBOLS
_ONE_CARD: Final = re.compile(r"(10|ace|[2-9tjqka1])\s*([" + _SUITS + "])", re.IGNORECASE)
_RANK_ONLY: Final = re.compile(r"(10|ace|[2-9tjqka1])", re.IGNORECASE)
_SUIT_ONLY: Final = re.compile("[" + _SUITS + "]")
_SEPARATORS: Final = re.compile(r"[\s,;]+")
SUIT_LETTERS: Final = {"en": SUIT_CHARS, "es": "tdcp"}  # clubs, diamonds, hearts, spades
_ES_SUIT_OF: Final = {char: i % 4 for i, char in enumerate(SUIT_LETTERS["es"] + _SYMBOLS)}
_ES_SUITS: Final = SUIT_LETTERS["es"] + _SYMBOLS
_ES_ONE_CARD: Final = re.compile(r"(10|ace|[2-9jqka1])\s*([" + _ES_SUITS + "])", re.IGNORECASE)
_ES_RANK_ONLY: Final = re.compile(r"(10|ace|[2-9jqka1])", re.IGNORECASE)
_ES_SUIT_ONLY: Final = re.compile("[" + _ES_SUITS + "]", re.IGNORECASE)
_TWO: Final = re.compile("..", re.DOTALL)
_BY_TEXT: Final = {  # every two-character spelling of a card: "As", "aS", "A♠", ...
    rank + suit: DECK[4 * r + s]
    for r, upper in enumerate(RANK_CHARS)
    for rank in {upper, upper.lower()}
    for suit, s in {**_SUIT_OF, **{c.upper(): i for i, c in enumerate(SUIT_CHARS)}}.items()
}


def _quick_parse(text: str) -> list[Card] | None:
    """The common case, two characters per card ("As Kd", "AsKd"); None if anything else."""
    pieces = text.replace(",", " ").split()
    for piece in pieces:
        if len(piece) % 2:
            return None
    found = list(map(_BY_TEXT.get, _TWO.findall("".join(pieces))))
    if None in found:
        return None
    cards: list[Card] = found  # type: ignore[assignment]
    return cards if len(set(cards)) == len(cards) else None


def _tokens(text: str, rank_only: re.Pattern[str] = _RANK_ONLY,
            suit_only: re.Pattern[str] = _SUIT_ONLY) -> list[str]:
    """Split on spaces/commas, gluing a lone rank to a lone suit that follows it."""
    raw = [t for t in _SEPARATORS.split(text.replace("\ufe0f", "")) if t]
    tokens: list[str] = []
    i = 0
    while i < len(raw):
        token = raw[i]
        if (i + 1 < len(raw) and rank_only.fullmatch(token)
                and suit_only.fullmatch(raw[i + 1])):
            token += raw[i + 1]
            i += 1
        tokens.append(token)
        i += 1
    return tokens


def parse_cards(text: str, suits: str = "en") -> list[Card]:
    """Read cards from text; a bad token or a duplicate card is a ``ValueError`` naming it.

    ``suits="es"`` reads Spanish suit letters (``P C D T``, see the module's facts) instead
    of ``s h d c``; symbols work either way.

    >>> parse_cards("As, 10♥ kd")
    [Card('As'), Card('Th'), Card('Kd')]
    >>> parse_cards("AhKd")
    [Card('Ah'), Card('Kd')]
    >>> parse_cards("AT 2D 10T 3T KC", suits="es")
    [Card('Ac'), Card('2d'), Card('Tc'), Card('3c'), Card('Kh')]
    """
    if not isinstance(text, str):
        raise ValueError(f"expected card text, got {type(text).__name__}: {text!r}")
    if suits not in SUIT_LETTERS:
        raise ValueError(f"suits must be 'en' or 'es', got {suits!r}")
    spanish = suits == "es"
    quick = None if spanish else _quick_parse(text)
    if quick is not None:
        return quick
    one_card, suit_of = (_ES_ONE_CARD, _ES_SUIT_OF) if spanish else (_ONE_CARD, _SUIT_OF)
    tokens = (_tokens(text, _ES_RANK_ONLY, _ES_SUIT_ONLY) if spanish else _tokens(text))
    cards: list[Card] = []
    seen: set[Card] = set()
    for token in tokens:
        position = 0
        while position < len(token):
            match = one_card.match(token, position)
            if match is None:
                raise ValueError(
                    f"bad card {token!r}: expected a rank (2-9, 10, J, Q, K, A) followed by "
                    "a Spanish suit (P picas, C corazones, D diamantes, T trébol)" if spanish
                    else f"bad card {token!r}: expected a rank (2-9, T or 10, J, Q, K, A) "
                    "followed by a suit (s, h, d, c or ♠ ♥ ♦ ♣)"
                )
            rank = _RANK_OF[match.group(1).lower()]
            card = DECK[4 * rank + suit_of[match.group(2).lower()]]
            if card in seen:
                raise ValueError(f"duplicate card {card}")
            seen.add(card)
            cards.append(card)
            position = match.end()
    return cards


def to_cards(value: object) -> list[Card]:
    """The one checked entry point: text, a Card, an id, or a sequence of those -> cards.

    Raises ``ValueError`` naming the problem for junk, bad tokens and duplicates.

    >>> to_cards(["As", 47, Card("Qs")])
    [Card('As'), Card('Ks'), Card('Qs')]
    >>> to_cards("Ac Ad")
    [Card('Ac'), Card('Ad')]
    """
    if isinstance(value, str):
        return parse_cards(value)
    if isinstance(value, Card):
        return [value]
    if isinstance(value, (list, tuple)):
        items: list[object] | tuple[object, ...] = value
    elif isinstance(value, (bytes, bytearray, dict)) or not isinstance(value, Iterable):
        raise ValueError(f"expected cards, got {type(value).__name__}: {value!r}")
    else:
        items = list(value)
    cards: list[Card] = []
    if items and set(map(type, items)) == {int}:  # plain ids: the quick way
        ids: Sequence[int] = items  # type: ignore[assignment]
        if min(ids) >= 0 and max(ids) < 52:
            cards = list(map(DECK.__getitem__, ids))
            items = ()
    for item in items:
        if isinstance(item, Card):
            cards.append(item)
        elif isinstance(item, str):
            cards.extend(parse_cards(item))
        elif hasattr(item, "__index__") and not isinstance(item, bool):
            index = item.__index__()
            if not 0 <= index < 52:
                raise ValueError(f"card id out of range 0..51: {index}")
            cards.append(DECK[index])
        else:
            raise ValueError(f"not a card: {item!r} (expected a Card, text or an id 0..51)")
    if len(set(cards)) != len(cards):
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise ValueError(f"duplicate card {card}")
            seen.add(card)
    return cards


def format_cards(cards: Iterable[Card], sep: str = " ", suits: str = "en") -> str:
    """Cards as text: ``format_cards(parse_cards("as kd")) == "As Kd"``.

    ``suits="es"`` writes them as seed 004 does, a ten as ``10``:

    >>> format_cards(parse_cards("Ac Td Kh"), suits="es")
    'AT 10D KC'
    """
    if suits == "es":
        return sep.join(c.rank.face + SUIT_LETTERS["es"][c.suit].upper()
                        for c in cards)
    if suits != "en":
        raise ValueError(f"suits must be 'en' or 'es', got {suits!r}")
    return sep.join(str(card) for card in cards)

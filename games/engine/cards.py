"""Cards as the engine keeps them: two-character strings, rank then suit ("As", "Td", "2c").

The spelling is the evaluator's (``str(Card)``, see :mod:`evaluator.cards`) and so is the
order of ``FULL_DECK``: card id order (id = 4 * rank index + suit index). "??" is an unknown
card: only imported hand histories contain it, and a hand fails cleanly if one is ever needed.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from evaluator.cards import DECK

UNKNOWN = "??"
FULL_DECK: tuple[str, ...] = tuple(str(card) for card in DECK)
_VALID = frozenset(FULL_DECK)


def is_card(text: str) -> bool:
    """True for a known card in the engine's spelling.

    >>> is_card("As"), is_card("as"), is_card("??")
    (True, False, False)
    """
    return text in _VALID


def split_cards(text: str) -> list[str]:
    """Split a run of cards such as "AsKd" or "7c8dKd" (unknown "??" allowed).

    >>> split_cards("7c8d??")
    ['7c', '8d', '??']
    """
    if len(text) % 2:
        raise ValueError(f"{text!r} is not a run of two-character cards.")
    cards = [text[i : i + 2] for i in range(0, len(text), 2)]
    for card in cards:
        if card != UNKNOWN and card not in _VALID:
            raise ValueError(f"{card!r} is not a card (use rank then suit, like 'As' or 'Td').")
    return cards


def check_deck(
    deck: Sequence[str], needed: int, game_deck: Sequence[str] = FULL_DECK
) -> tuple[str, ...]:
    """Validate a caller's deck: enough cards, each a card of ``game_deck`` (the game's
    deck: games.py) or "??", no known card twice.

    >>> len(check_deck(FULL_DECK, 12))
    52
    >>> check_deck(["As", "2c"], 2, game_deck=["As", "Kd"])
    Traceback (most recent call last):
    ...
    ValueError: '2c' is not a card of this game's deck.
    """
    cards = tuple(deck)
    narrower = game_deck is not FULL_DECK and len(game_deck) < len(FULL_DECK)
    allowed = frozenset(game_deck) if narrower else _VALID
    if len(cards) < needed:
        raise ValueError(f"The deck has {len(cards)} cards; this hand needs {needed}.")
    seen: set[str] = set()
    for card in cards:
        if card == UNKNOWN:
            continue
        if card not in _VALID:
            raise ValueError(f"{card!r} is not a card.")
        if narrower and card not in allowed:
            raise ValueError(f"{card!r} is not a card of this game's deck.")
        if card in seen:
            raise ValueError(f"The deck holds {card} twice.")
        seen.add(card)
    return cards


def shuffled_deck(rng: random.Random) -> list[str]:
    """A full deck in random order. Pass ``random.SystemRandom()`` for live play, a seeded
    ``random.Random(seed)`` for tests.

    >>> sorted(shuffled_deck(random.Random(1))) == sorted(FULL_DECK)
    True
    """
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    return deck


def join_cards(cards: Iterable[str]) -> str:
    """Cards run together, as PHH writes them.

    >>> join_cards(["As", "Kd"])
    'AsKd'
    """
    return "".join(cards)

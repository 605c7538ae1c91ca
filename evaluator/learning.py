"""Plain data and helpers behind the learning pages (no Django here).

>>> RANKINGS[0].category.label, RANKINGS[0].five_card_hands
('Royal flush', 4)
>>> split_hands("Ah Ad | Kc Ks")
['Ah Ad', 'Kc Ks']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from evaluator.cards import Card, to_cards
from evaluator.hands import HandValue, evaluate, winners
from evaluator.tables import Category

FIVE_CARD_HANDS: Final = 2_598_960
SEVEN_CARD_HANDS: Final = 133_784_560


@dataclass(frozen=True)
class Ranking:
    """One category for the rankings table: an example and how often it comes."""

    category: Category
    example: str
    five_card_hands: int
    seven_card_hands: int

    @property
    def value(self) -> HandValue:
        return evaluate(self.example)

    @property
    def five_card_hands_text(self) -> str:
        """``"1,302,540"``."""
        return f"{self.five_card_hands:,}"

    @property
    def five_card_percent(self) -> str:
        """Share of all five-card hands: ``"0.00015%"`` for a royal flush."""
        return _percent(self.five_card_hands / FIVE_CARD_HANDS)

    @property
    def seven_card_percent(self) -> str:
        """Share of all seven-card hands whose best five is this category."""
        return _percent(self.seven_card_hands / SEVEN_CARD_HANDS)


def _percent(share: float) -> str:
    """Two significant figures below 1%, two decimals above: ``"0.00015%"``, ``"4.75%"``."""
    if share >= 0.01:
        return f"{share:.2%}"
    return f"{share * 100:#.2g}%"


RANKINGS: Final = (
    Ranking(Category.ROYAL_FLUSH, "As Ks Qs Js Ts", 4, 4_324),
    Ranking(Category.STRAIGHT_FLUSH, "9h 8h 7h 6h 5h", 36, 37_260),
    Ranking(Category.FOUR_OF_A_KIND, "9c 9d 9h 9s Kd", 624, 224_848),
    Ranking(Category.FULL_HOUSE, "Kh Kd Ks 4c 4d", 3_744, 3_473_184),
    Ranking(Category.FLUSH, "Ad Jd 8d 6d 2d", 5_108, 4_047_644),
    Ranking(Category.STRAIGHT, "5c 4d 3h 2s Ac", 10_200, 6_180_020),
    Ranking(Category.THREE_OF_A_KIND, "7h 7d 7c Ks 2h", 54_912, 6_461_620),
    Ranking(Category.TWO_PAIR, "As Ad Tc Th Qs", 123_552, 31_433_400),
    Ranking(Category.ONE_PAIR, "Jh Jd 9c 5s 2h", 1_098_240, 58_627_800),
    Ranking(Category.HIGH_CARD, "Ah Qd 8c 5s 3h", 1_302_540, 23_294_460),
)
"""Categories strongest first; the counts are checked against the whole card space in tests."""


def split_hands(text: str) -> list[str]:
    """Hands typed one per line (or separated by ``|`` or ``;``): ``"AhAd | KcKs"``."""
    return [part.strip() for part in re.split(r"[\n|;]+", text) if part.strip()]


@dataclass(frozen=True)
class Showdown:
    """Every hand's value with the board, and the indices of the winners."""

    hands: tuple[tuple[Card, ...], ...]
    board: tuple[Card, ...]
    values: tuple[HandValue, ...]
    winners: tuple[int, ...]


def showdown(hands: list[str], board: str = "") -> Showdown:
    """Score hands (hole cards, or whole hands without a board) and find the winners.

    Cards may not repeat between hands or the board here: it is one deal.

    >>> showdown(["Ah Ad", "Kc Ks"], board="2c 7d 9h Jc Qs").winners
    (0,)
    """
    if not hands:
        raise ValueError("type at least one hand")
    parsed = [to_cards(hand) for hand in hands]
    shared = to_cards(board)
    to_cards([*(card for hand in parsed for card in hand), *shared])  # one deal: no repeats
    values = tuple(evaluate(hand + shared) for hand in parsed)
    return Showdown(
        hands=tuple(tuple(hand) for hand in parsed),
        board=tuple(shared),
        values=values,
        winners=tuple(winners(values)),
    )

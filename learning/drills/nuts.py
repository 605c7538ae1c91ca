"""Reading the board: what is the best hand anyone can hold on this board (the nuts)?

Found by scoring every two-card holding of the unseen cards with the board.

>>> q = make(2)
>>> judge(q, q.spot["best"]).right
True
"""

from __future__ import annotations

import random
from itertools import combinations

from evaluator.cards import DECK, Card
from evaluator.hands import HandValue, evaluate
from evaluator.tables import Category
from learning.drills.question import Question, Verdict, cards_text, lower_first

THEME = "nuts"
CHOICES = (Category.STRAIGHT_FLUSH, Category.FOUR_OF_A_KIND, Category.FULL_HOUSE,
           Category.FLUSH, Category.STRAIGHT, Category.THREE_OF_A_KIND)


def nuts(board: list[Card]) -> tuple[HandValue, tuple[Card, Card]]:
    """The best value any holding makes with this board, and one holding that makes it.

    >>> value, holding = nuts(list(map(Card, ["Ah", "Kh", "Qh", "2c", "7d"])))
    >>> value.describe(), cards_text(holding)
    ('Royal flush', 'Jh Th')
    """
    unseen = [card for card in DECK if card not in board]
    value, (a, b) = max(((evaluate([a, b, *board]), (a, b))
                         for a, b in combinations(unseen, 2)), key=lambda pair: pair[0])
    return value, (b, a)  # the higher card first, as people write a hand


def make(seed: int) -> Question:
    """A flop, turn or river; choices from straight flush down to three of a kind."""
    rng = random.Random(seed)
    board = rng.sample(DECK, rng.choice((3, 4, 5)))
    value, holding = nuts(board)
    royal = value.category == Category.ROYAL_FLUSH
    best = Category.STRAIGHT_FLUSH if royal else value.category
    return Question(
        THEME, seed, "What is the best hand anyone can hold on this board (the nuts)?",
        (("Board", tuple(board)),),
        choices=tuple((c.name.lower(), c.label) for c in CHOICES),
        spot={"best": best.name.lower(), "label": best.label, "value": value.describe(),
              "holding": cards_text(holding)},
    )


def judge(question: Question, answer: str) -> Verdict:
    """Right when the category is the best any holding makes (a royal flush counts as a
    straight flush)."""
    s = question.spot
    why = (f"{s['holding']} makes {lower_first(s['value'])}, and no two cards make more"
           + (" (a royal flush is the ace-high straight flush)." if s["value"] == "Royal flush"
              else "."),
           "Look in order: three of one suit (a flush is possible), three in a window of "
           "five ranks (a straight), a pair on the board (a full house or quads).")
    return Verdict(answer == s["best"], s["label"], why)

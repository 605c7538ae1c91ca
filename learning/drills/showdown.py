"""Which hand wins: two hands and a full board; hand A, hand B or a split pot.

>>> q = make(5)
>>> [label for _value, label in q.choices]
['Hand A wins', 'Hand B wins', 'Split pot']
>>> judge(q, q.spot["best"]).right
True
"""

from __future__ import annotations

import random

from evaluator.cards import DECK, Card
from evaluator.hands import evaluate, winners
from learning.drills.question import Question, Verdict, cards_text

THEME = "showdown"


def make(seed: int) -> Question:
    """Two hands and five board cards from a seeded shuffle."""
    rng = random.Random(seed)
    dealt = rng.sample(DECK, 9)
    hands, board = [dealt[0:2], dealt[2:4]], dealt[4:]
    values = [evaluate(hand + board) for hand in hands]
    won = winners(values)
    best = "split" if len(won) > 1 else "AB"[won[0]]
    return Question(
        THEME, seed, "Who wins the pot?",
        (("Hand A", tuple(hands[0])), ("Hand B", tuple(hands[1])), ("Board", tuple(board))),
        choices=(("A", "Hand A wins"), ("B", "Hand B wins"), ("split", "Split pot")),
        spot={"best": best, "hands": [_describe(hand, board) for hand in hands]},
    )


def _describe(hand: list[Card], board: list[Card]) -> str:
    value = evaluate(hand + board)
    return f"{value.describe()} (best five: {cards_text(value.best_five)})"


def judge(question: Question, answer: str) -> Verdict:
    """Right when the pick is the evaluator's winner (or the split)."""
    best = question.spot["best"]
    a, b = question.spot["hands"]
    words = "Split pot: both make the same best five ranks" if best == "split" \
        else f"Hand {best} wins"
    return Verdict(answer == best, words,
                   (f"Hand A: {a}.", f"Hand B: {b}.",
                    "Each player plays the best five of their two cards and the five on the "
                    "board; suits never break a tie."))

"""Truth over the whole card space: every five-card hand and every seven-card hand."""

from __future__ import annotations

import numpy as np
import pytest

from evaluator import DECK, Category, evaluate
from evaluator.batch import evaluate_batch
from evaluator.combos import combinations_array
from evaluator.tables import tables

FIVE_CARD_COUNTS = {
    Category.ROYAL_FLUSH: 4,
    Category.STRAIGHT_FLUSH: 36,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.ONE_PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}
SEVEN_CARD_COUNTS = {
    Category.ROYAL_FLUSH: 4_324,
    Category.STRAIGHT_FLUSH: 37_260,
    Category.FOUR_OF_A_KIND: 224_848,
    Category.FULL_HOUSE: 3_473_184,
    Category.FLUSH: 4_047_644,
    Category.STRAIGHT: 6_180_020,
    Category.THREE_OF_A_KIND: 6_461_620,
    Category.TWO_PAIR: 31_433_400,
    Category.ONE_PAIR: 58_627_800,
    Category.HIGH_CARD: 23_294_460,
}


def category_counts(strength_counts: np.ndarray) -> dict[Category, int]:
    """Hands per category from hands per strength (index = strength)."""
    categories = np.frombuffer(tables().category_of, dtype=np.uint8)
    per_category = np.bincount(categories, weights=strength_counts, minlength=10)
    return {category: int(per_category[category]) for category in Category}


@pytest.fixture(scope="module")
def five_card_hands() -> np.ndarray:
    return combinations_array(52, 5).T


def test_all_five_card_hands_give_the_known_category_counts(five_card_hands):
    strengths = evaluate_batch(five_card_hands)
    assert len(strengths) == 2_598_960
    assert category_counts(np.bincount(strengths, minlength=7463)) == FIVE_CARD_COUNTS


def test_all_five_card_hands_give_exactly_7462_distinct_strengths(five_card_hands):
    distinct = np.unique(evaluate_batch(five_card_hands))
    assert len(distinct) == 7462
    assert (distinct.min(), distinct.max()) == (1, 7462)


@pytest.mark.slow
def test_evaluate_agrees_with_evaluate_batch_on_every_five_card_hand(five_card_hands):
    batch = evaluate_batch(five_card_hands)
    rows = five_card_hands.tolist()
    scalar = np.fromiter(
        (evaluate([DECK[i] for i in row]).strength for row in rows), dtype=np.int16,
        count=len(rows),
    )
    mismatch = np.flatnonzero(scalar != batch)
    assert not len(mismatch), (
        f"{len(mismatch)} hands differ; first {rows[mismatch[0]]}: "
        f"batch {batch[mismatch[0]]}, evaluate {scalar[mismatch[0]]}"
    )


@pytest.mark.slow
def test_all_seven_card_hands_give_the_known_category_counts():
    """All 133,784,560 hands, by the first two cards: at most C(50, 5) rows in memory."""
    strength_counts = np.zeros(7463, dtype=np.int64)
    total = 0
    for first in range(52 - 6):
        for second in range(first + 1, 52 - 5):
            rest = combinations_array(51 - second, 5)
            hands = np.empty((7, rest.shape[1]), dtype=np.uint8)
            hands[0], hands[1] = first, second
            np.add(rest, second + 1, out=hands[2:])
            strengths = evaluate_batch(hands.T)
            strength_counts += np.bincount(strengths, minlength=7463)
            total += len(strengths)
    assert total == 133_784_560
    assert category_counts(strength_counts) == SEVEN_CARD_COUNTS
    assert np.count_nonzero(strength_counts) == 4824  # distinct seven-card values

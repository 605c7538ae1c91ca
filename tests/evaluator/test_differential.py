"""Differential tests: our order is phevaluator's order, and both of our paths agree.

phevaluator ranks lower-is-better from 1 (royal flush) to 7462; our strength is
``7463 - rank``, so equal strengths mean the two order every pair of hands identically.
"""

from __future__ import annotations

import numpy as np
import pytest
from phevaluator import evaluate_cards

from evaluator import DECK, evaluate
from evaluator.batch import evaluate_batch

from .helpers import first_mismatch, random_hands


def phevaluator_strengths(hands: np.ndarray) -> np.ndarray:
    ranks = np.fromiter((evaluate_cards(*row) for row in hands.tolist()), dtype=np.int64,
                        count=len(hands))
    return 7463 - ranks


@pytest.mark.parametrize(("size", "count"), [(7, 1_000_000), (6, 200_000), (5, 200_000)])
def test_random_hands_order_exactly_as_phevaluator_orders_them(size, count):
    hands = random_hands(np.random.default_rng(size), count, size)
    ours = evaluate_batch(hands)
    theirs = phevaluator_strengths(hands)
    assert not first_mismatch(hands, theirs, ours), first_mismatch(hands, theirs, ours)
    # The order itself, stated directly: sorting by either gives the same ranking.
    assert np.array_equal(np.unique(ours, return_inverse=True)[1],
                          np.unique(theirs, return_inverse=True)[1])


@pytest.mark.parametrize(("size", "count"), [(7, 300_000), (6, 100_000), (5, 100_000)])
def test_evaluate_and_evaluate_batch_agree(size, count):
    hands = random_hands(np.random.default_rng(100 + size), count, size)
    batch = evaluate_batch(hands)
    scalar = [evaluate([DECK[i] for i in row]).strength for row in hands.tolist()]
    assert not first_mismatch(hands, scalar, batch, " (evaluate vs evaluate_batch)"), (
        first_mismatch(hands, scalar, batch, " (evaluate vs evaluate_batch)")
    )


def test_flush_heavy_hands_agree_with_phevaluator():
    """Hands drawn from 8 cards of a suit plus a few others: flushes and straight flushes."""
    rng = np.random.default_rng(7)
    hands = []
    for _ in range(50_000):
        suit = int(rng.integers(4))
        suited = rng.choice(13, size=int(rng.integers(5, 8)), replace=False) * 4 + suit
        others = [c for c in rng.permutation(52).tolist() if c % 4 != suit]
        hands.append(list(suited) + others[: 7 - len(suited)])
    array = np.array(hands)
    ours, theirs = evaluate_batch(array), phevaluator_strengths(array)
    assert not first_mismatch(array, theirs, ours), first_mismatch(array, theirs, ours)

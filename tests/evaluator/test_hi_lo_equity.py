"""Pot shares of Omaha hands (four or five cards, high or hi/lo) over the run-outs, against
a count made here river by river with the scalar evaluators, and against the four-card
Omaha equity (evaluator.omaha_odds) for high only."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from evaluator import DECK, evaluate_omaha, omaha_hand_equity
from evaluator.hi_lo_equity import pot_shares
from evaluator.low import evaluate_omaha_low


def best_high(hole, board) -> int:  # type: ignore[no-untyped-def]
    """Exactly two of any number of hole cards: the best of every pair's four-card hand."""
    if len(hole) == 4:
        return evaluate_omaha(hole, board).strength
    return max(evaluate_omaha(list(four), board).strength for four in combinations(hole, 4))


def counted(hands: list[list[str]], board: list[str], high_low: bool) -> list[float]:
    used = {c for h in hands for c in h} | set(board)
    rest = [str(c) for c in DECK if str(c) not in used]
    totals = [0.0] * len(hands)
    runs = 0
    for more in combinations(rest, 5 - len(board)):
        full = board + list(more)
        highs = [best_high(h, full) for h in hands]
        top = max(highs)
        high_won = [1 / highs.count(top) if s == top else 0.0 for s in highs]
        lows = [evaluate_omaha_low(h, full) for h in hands]
        strengths = [v.strength if v else 0 for v in lows]
        if high_low and max(strengths) > 0:
            best = max(strengths)
            low_won = [1 / strengths.count(best) if s == best else 0.0 for s in strengths]
            won = [(a + b) / 2 for a, b in zip(high_won, low_won, strict=True)]
        else:
            won = high_won
        totals = [t + w for t, w in zip(totals, won, strict=True)]
        runs += 1
    return [t / runs for t in totals]


@pytest.mark.parametrize("size", [4, 5])
@pytest.mark.parametrize("high_low", [False, True])
def test_random_turn_and_flop_spots_match_a_count_river_by_river(size: int, high_low: bool):
    rng = random.Random(size * 10 + high_low)
    names = [str(c) for c in DECK]
    for spot in range(6):
        players = rng.choice([2, 3])
        cards = rng.sample(names, players * size + (4 if spot % 3 else 3))
        hands = [cards[i * size:(i + 1) * size] for i in range(players)]
        board = cards[players * size:]
        result = pot_shares(["".join(h) for h in hands], " ".join(board), high_low=high_low)
        assert result.exact
        expected = counted(hands, board, high_low)
        assert [round(s, 9) for s in result.shares] == [round(s, 9) for s in expected], (
            hands, board)
        assert abs(sum(result.shares) - 1) < 1e-9


def test_four_card_high_equals_the_omaha_equity():
    hands, board = ["AhAsKdKc", "QhJhTs9s"], "2c 7d 8h"
    ours = pot_shares(hands, board).shares
    theirs = [h.equity for h in omaha_hand_equity(hands, board=board)]
    assert [round(s, 9) for s in ours] == [round(s, 9) for s in theirs]


def test_preflop_is_sampled_seeded_and_says_so():
    a = pot_shares(["As2sKdKc", "QhJhTh9h"], high_low=True)
    assert not a.exact and a.boards == 20_000 and a == pot_shares(["As2sKdKc", "QhJhTh9h"],
                                                                  high_low=True)
    assert 0.5 < a.shares[0] < 0.8


def test_bad_input_is_named():
    with pytest.raises(ValueError, match="same size"):
        pot_shares(["As2sKdKc", "QhJhTh9h8c"])
    with pytest.raises(ValueError, match="twice"):
        pot_shares(["As2sKdKc", "AsJhTh9h"])

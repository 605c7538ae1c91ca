"""Eight-or-better lows (evaluator/low.py) against the whole space and against pokerkit.

The test's own low of five cards is written here from the rule, without the evaluator's
masks: five different ranks, each an ace or two to eight, compared highest card first.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from pokerkit import Hand, OmahaEightOrBetterLowHand

from evaluator import DECK, Card
from evaluator.low import LOWS, all_lows, describe_low, evaluate_low, evaluate_omaha_low

LOW_ORDER = "A2345678"  # the test's own ranks, ace lowest


def direct_low(cards: list[str]) -> tuple[int, ...] | None:
    """The low of five cards as the rule says it: ranks highest first (smaller is better)."""
    ranks = [LOW_ORDER.index(c[0]) + 1 for c in cards if c[0] in LOW_ORDER]
    if len(ranks) != 5 or len(set(ranks)) != 5:
        return None
    return tuple(sorted(ranks, reverse=True))


def words(low: tuple[int, ...]) -> str:
    return "-".join(LOW_ORDER[r - 1] for r in low) + " low"


def every_low_in_order() -> list[tuple[int, ...]]:
    return sorted(tuple(sorted(c, reverse=True)) for c in combinations(range(1, 9), 5))


def test_the_56_lows_come_best_first_and_their_strengths_order_them_the_same_way() -> None:
    expected = every_low_in_order()
    assert len(expected) == LOWS == 56
    assert [describe_low(mask) for mask in all_lows()] == [words(low) for low in expected]
    # Dealt as cards (mixed suits), stronger means earlier in the rule's order.
    values = [evaluate_low([f"{LOW_ORDER[r - 1]}{'cdhs'[k % 4]}" for k, r in enumerate(low)])
              for low in expected]
    strengths = [v.strength for v in values if v is not None]
    assert len(strengths) == 56 and strengths == sorted(strengths, reverse=True)
    assert len(set(strengths)) == 56
    assert values[0] is not None and values[0].describe() == "5-4-3-2-A low"
    assert values[-1] is not None and values[-1].describe() == "8-7-6-5-4 low"


@pytest.mark.parametrize(("cards", "expected"), [
    ("8c 6d 4h 2s Ac", "8-6-4-2-A low"),
    ("5h 4h 3h 2h Ah", "5-4-3-2-A low"),  # a straight flush is still the wheel
    ("8c 7d 6h 5s 4c", "8-7-6-5-4 low"),
    ("9c 6d 4h 2s Ac", None),  # a nine does not qualify
    ("8c 8d 4h 2s Ac", None),  # a pair leaves four low ranks
    ("Kc Kd Kh 2s Ac", None),
])
def test_five_card_lows(cards: str, expected: str | None) -> None:
    value = evaluate_low(cards)
    assert (value.describe() if value else None) == expected, cards


def test_a_sample_of_five_card_hands_matches_the_rule() -> None:
    rng = random.Random(41)
    names = [str(c) for c in DECK]
    for _ in range(20_000):
        cards = rng.sample(names, 5)
        value, low = evaluate_low(cards), direct_low(cards)
        assert (value.describe() if value else None) == (words(low) if low else None), cards


@pytest.mark.slow
def test_every_five_card_hand_counts_1024_per_low_and_the_rest_none() -> None:
    names = [str(c) for c in DECK]
    counts: Counter[str | None] = Counter()
    direct: Counter[str | None] = Counter()
    for five in combinations(names, 5):
        value = evaluate_low(five)
        counts[value.describe() if value else None] += 1
        low = direct_low(list(five))
        direct[words(low) if low else None] += 1
    assert counts == direct
    assert counts[None] == 2_598_960 - 56 * 4**5 == 2_541_616
    assert {n for low, n in counts.items() if low} == {1024} and len(counts) == 57


def omaha_lows_agree_with_pokerkit(hole_size: int, deals: int, seed: int) -> int:
    """Deal ``deals`` pairs of hands on one board; the low (or none) and which hand's low is
    better must match pokerkit's. Returns how many deals had two lows to compare."""
    rng = random.Random(seed)
    names = [str(c) for c in DECK]
    compared = 0
    for _ in range(deals):
        cards = rng.sample(names, 2 * hole_size + 5)
        holes = [cards[:hole_size], cards[hole_size:2 * hole_size]]
        board = cards[2 * hole_size:]
        ours = [evaluate_omaha_low(hole, board) for hole in holes]
        theirs: list[Hand | None] = []
        for hole in holes:
            try:
                theirs.append(OmahaEightOrBetterLowHand.from_game("".join(hole), "".join(board)))
            except ValueError:  # pokerkit: no low can be formed
                theirs.append(None)
        for mine, its, hole in zip(ours, theirs, holes, strict=True):
            assert (mine is None) == (its is None), (hole, board)
            if mine is not None and its is not None:
                assert sorted(c.rank for c in mine.best_five) == sorted(
                    Card(repr(c)).rank for c in its.cards), (hole, board)
                assert set(map(str, mine.best_five)) <= set(hole + board)
        a, b = ours
        pa, pb = theirs
        if a is not None and b is not None and pa is not None and pb is not None:
            compared += 1
            assert (a.strength > b.strength) == (pa > pb), (holes, board)
            assert (a.strength == b.strength) == (pa == pb), (holes, board)
    return compared


@pytest.mark.parametrize("hole_size", [4, 5])
def test_omaha_lows_match_pokerkit_on_random_deals(hole_size: int) -> None:
    assert omaha_lows_agree_with_pokerkit(hole_size, 3_000, seed=hole_size) > 300


@pytest.mark.slow
@pytest.mark.parametrize("hole_size", [4, 5])
def test_omaha_lows_match_pokerkit_on_many_random_deals(hole_size: int) -> None:
    assert omaha_lows_agree_with_pokerkit(hole_size, 100_000, seed=100 + hole_size) > 10_000


def test_bad_input_is_named() -> None:
    with pytest.raises(ValueError, match="twice"):
        evaluate_omaha_low("As 2d 3c 4d", "As 5h 6h 7h Kh")
    with pytest.raises(ValueError, match="five cards"):
        evaluate_low("As 2d 3c")

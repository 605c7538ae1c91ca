"""Short-deck hand values: the whole five-card space against counts worked out here by
combinatorics, and random seven-card hands against pokerkit's ``ShortDeckHoldemHand``."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from math import comb

import pytest

from evaluator import Category
from evaluator.short_deck import (
    SHORT_DECK,
    ShortDeckOrder,
    category_of_strength,
    evaluate_short_deck,
    short_deck_strength,
    strength_count,
)

POKERKIT = ShortDeckOrder.STRAIGHT_OVER_TRIPS
TRIPS_FIRST = ShortDeckOrder.TRIPS_OVER_STRAIGHT
RANKS, SUITS = 9, 4  # six to ace; the ace also plays low in A-6-7-8-9
STRAIGHT_RUNS = RANKS - 5 + 1 + 1  # five in a row, plus the ace-low one


def counted_by_combinatorics() -> dict[Category, int]:
    """Five-card hands of the 36-card deck per category, worked out from the deck's shape."""
    suit_patterns = SUITS**5
    rank_sets = comb(RANKS, 5)
    return {
        Category.ROYAL_FLUSH: SUITS,
        Category.STRAIGHT_FLUSH: (STRAIGHT_RUNS - 1) * SUITS,
        Category.FOUR_OF_A_KIND: RANKS * (RANKS - 1) * SUITS,
        Category.FULL_HOUSE: RANKS * comb(4, 3) * (RANKS - 1) * comb(4, 2),
        Category.FLUSH: (rank_sets - STRAIGHT_RUNS) * SUITS,
        Category.STRAIGHT: STRAIGHT_RUNS * (suit_patterns - SUITS),
        Category.THREE_OF_A_KIND: RANKS * comb(4, 3) * comb(RANKS - 1, 2) * SUITS**2,
        Category.TWO_PAIR: comb(RANKS, 2) * comb(4, 2) ** 2 * (RANKS - 2) * SUITS,
        Category.ONE_PAIR: RANKS * comb(4, 2) * comb(RANKS - 1, 3) * SUITS**3,
        Category.HIGH_CARD: (rank_sets - STRAIGHT_RUNS) * (suit_patterns - SUITS),
    }


def distinct_values_by_combinatorics() -> int:
    high = comb(RANKS, 5) - STRAIGHT_RUNS
    return (2 * high  # high card, flush
            + 2 * STRAIGHT_RUNS  # straights, straight flushes (the royal one included)
            + RANKS * comb(RANKS - 1, 3)  # one pair
            + comb(RANKS, 2) * (RANKS - 2)  # two pair
            + RANKS * comb(RANKS - 1, 2)  # three of a kind
            + 2 * RANKS * (RANKS - 1))  # full house, four of a kind


@pytest.fixture(scope="module")
def every_five() -> list[tuple]:
    return list(combinations(SHORT_DECK, 5))


@pytest.mark.parametrize("order", list(ShortDeckOrder))
def test_every_five_card_hand_gives_the_counted_category_totals(every_five, order):
    strengths = Counter(short_deck_strength(five, order) for five in every_five)
    categories: Counter[Category] = Counter()
    for strength, hands in strengths.items():
        categories[category_of_strength(strength, order)] += hands
    assert len(every_five) == comb(36, 5) == 376_992
    assert dict(categories) == counted_by_combinatorics()
    assert len(strengths) == strength_count(order) == distinct_values_by_combinatorics()
    assert (min(strengths), max(strengths)) == (1, strength_count(order))


@pytest.mark.parametrize("order", list(ShortDeckOrder))
def test_categories_take_strengths_in_the_order_of_the_ranking(order):
    seen = [category_of_strength(s, order) for s in range(1, strength_count(order) + 1)]
    blocks = list(dict.fromkeys(seen))
    assert blocks == list(order.categories)
    assert blocks.index(Category.FLUSH) > blocks.index(Category.FULL_HOUSE)
    straight_first = blocks.index(Category.STRAIGHT) > blocks.index(Category.THREE_OF_A_KIND)
    assert straight_first == (order is POKERKIT)


def test_random_seven_card_hands_have_pokerkits_entry_and_category():
    pytest.importorskip("pokerkit")
    from pokerkit import ShortDeckHoldemHand

    rng = random.Random(41)
    for _ in range(5_000):
        seven = rng.sample(SHORT_DECK, 7)
        text = "".join(str(c) for c in seven)
        theirs = ShortDeckHoldemHand.from_game(text[:4], text[4:])
        ours = evaluate_short_deck(seven)
        # pokerkit numbers its 1,404 values from 0, weakest first: the same order, exactly.
        assert ours.strength == theirs.entry.index + 1, (text, ours, theirs)
        label = "Straight flush" if ours.category is Category.ROYAL_FLUSH else (
            ours.category.label)
        assert theirs.entry.label.value == label, text
        # The same five ranks (which of two equal cards plays may differ).
        assert sorted(c.rank.char for c in ours.best_five) == sorted(
            c.rank.value for c in theirs.cards), text


@pytest.mark.parametrize(("cards", "words"), [
    ("Ah Kh Qh 9h 7h Kd Ks", "Flush, ace-king-queen-nine-seven"),
    ("Kc Kd Ks Qc Qd 6h 7s", "Full house, kings full of queens"),
    ("As 6d 7h 8c 9s Ks Kd", "Straight, nine high"),
    ("As 6s 7s 8s 9s", "Straight flush, nine high"),
    ("Ts Js Qs Ks As 9s", "Royal flush"),
    ("Ah Ad 8c 8d Kh", "Two pair, aces and eights with a king kicker"),
    ("9c 9d 6h 7s Jd Qc", "Pair of nines, queen-jack-seven"),
    ("Ac Jd 9h 7s 6d", "High card, ace, jack-nine-seven-six"),
])
def test_hands_are_described_in_the_evaluators_words(cards, words):
    assert evaluate_short_deck(cards).describe() == words


def test_a_flush_beats_a_full_house_and_the_ace_low_straight_is_the_lowest():
    flush = evaluate_short_deck("Ah Qh 9h 8h 6h")
    boat = evaluate_short_deck("Ac Ad As Kc Kd")
    assert flush > boat and boat < flush
    low, next_up = evaluate_short_deck("As 6d 7h 8c 9s"), evaluate_short_deck("6d 7h 8c 9s Tc")
    assert low < next_up
    assert low > evaluate_short_deck("Ac Ad Ah Kc Qd")  # pokerkit's order: over three aces
    assert (evaluate_short_deck("As 6d 7h 8c 9s", TRIPS_FIRST)
            < evaluate_short_deck("6c 6d 6h Kc Qd", TRIPS_FIRST))


def test_the_trips_order_picks_three_of_a_kind_over_a_straight_among_seven():
    cards = "7c 7d 7h 8s 9d Tc Jh"
    assert evaluate_short_deck(cards).category is Category.STRAIGHT
    assert evaluate_short_deck(cards, TRIPS_FIRST).describe() == (
        "Three of a kind, sevens, jack-ten")


def test_values_of_two_orders_do_not_compare():
    with pytest.raises(TypeError, match="one order"):
        _ = evaluate_short_deck("As 6d 7h 8c 9s") < evaluate_short_deck("As 6d 7h 8c 9s",
                                                                         TRIPS_FIRST)


@pytest.mark.parametrize(("cards", "message"), [
    ("As Ks 5d 6h 7c", "5d is not a card of the short deck"),
    ("As Ks Qd 6h", "5, 6 or 7 cards, got 4"),
    ("As As Qd 6h 7c", "duplicate card As"),
])
def test_bad_hands_are_refused_with_a_sentence(cards, message):
    with pytest.raises(ValueError, match=message):
        evaluate_short_deck(cards)


# ------------------------------------------------------------------ many hands, equity


@pytest.mark.parametrize("order", list(ShortDeckOrder))
def test_the_batch_gives_the_scalar_strength_of_random_hands(order):
    import numpy as np

    from evaluator.short_deck_odds import evaluate_short_deck_batch

    rng = random.Random(7)
    for size in (5, 6, 7):
        rows = [rng.sample(SHORT_DECK, size) for _ in range(4_000)]
        batch = evaluate_short_deck_batch(np.array([[c.id for c in r] for r in rows]), order)
        scalar = [short_deck_strength(r, order) for r in rows]
        assert batch.tolist() == scalar


def pokerkit_equity(hands: list[str], board: str) -> list[float]:
    """Each hand's share of the pot over every run-out, by pokerkit's hand type."""
    from pokerkit import ShortDeckHoldemHand

    used = {c for h in hands for c in (h[:2], h[2:])} | {board[i:i + 2]
                                                         for i in range(0, len(board), 2)}
    rest = [str(c) for c in SHORT_DECK if str(c) not in used]
    shares = [0.0] * len(hands)
    boards = 0
    for more in combinations(rest, 5 - len(board) // 2):
        full = board + "".join(more)
        values = [ShortDeckHoldemHand.from_game(h, full) for h in hands]
        best = max(values)
        winners = [i for i, v in enumerate(values) if v == best]
        for i in winners:
            shares[i] += 1 / len(winners)
        boards += 1
    return [s / boards for s in shares]


@pytest.mark.parametrize(("hands", "board"), [
    (["AhKh", "QsQd"], "JhTh6c"),
    (["AsAd", "9c8c", "KhQh"], "9h7c6d"),
    (["Ac6c", "TdTs"], "7c8c9dJs"),
])
def test_equity_over_every_run_out_equals_pokerkits_count(hands, board):
    pytest.importorskip("pokerkit")
    from evaluator.short_deck_odds import short_deck_hand_equity

    result = short_deck_hand_equity(hands, board=board)
    assert result.exact
    expected = pokerkit_equity(hands, board)
    assert [round(h.equity, 12) for h in result] == [round(e, 12) for e in expected]


def test_sampled_equity_is_near_the_exact_one_and_repeats_with_its_seed():
    from evaluator.short_deck_odds import short_deck_hand_equity

    exact = short_deck_hand_equity(["AhKh", "QsQd"], board="Jc")
    sampled = short_deck_hand_equity(["AhKh", "QsQd"], board="Jc", samples=20_000, seed=3)
    again = short_deck_hand_equity(["AhKh", "QsQd"], board="Jc", samples=20_000, seed=3)
    assert [h.equity for h in sampled] == [h.equity for h in again]
    for mine, truth in zip(sampled, exact, strict=True):
        assert abs(mine.equity - truth.equity) < 4 * mine.standard_error

"""Every example of the seed articles (../shared/seeds), and the cases where they were wrong.

000 (Ruby pattern matching) misses the wheel; 001 compares kickers and takes the best five of
seven; 002 (Python match) writes cards as "10 ♧, ACE ♤"; 003 (Ruby CLI) ranks an ace as 15
and so misses ace-high and five-high straights; 004 (Rust, Spanish suits P C D T) finds
winners with ties and rejects invalid cards. The deal CLI of 003 is in test_commands.py.
"""

from __future__ import annotations

import random
from itertools import combinations

import numpy as np
import pytest

from evaluator import Card, Category, compare, evaluate, parse_cards, winners

from .helpers import random_hands, show

# --- seed 000: the ten EXAMPLES, built the way the article builds them -----------------------
SUITS_000 = ["S", "H", "D", "C"]
RANKS_000 = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
CARDS_000 = [r + s for s in SUITS_000 for r in RANKS_000]
EXAMPLES_000 = [
    (Category.ROYAL_FLUSH, [r + "S" for r in RANKS_000[-5:]]),
    (Category.STRAIGHT_FLUSH, [r + "S" for r in RANKS_000[:5]]),
    (Category.FOUR_OF_A_KIND, [CARDS_000[0]] + ["A" + s for s in SUITS_000]),
    (Category.FULL_HOUSE, ["A" + s for s in SUITS_000[:3]] + ["K" + s for s in SUITS_000[:2]]),
    (Category.FLUSH, [RANKS_000[i] + "S" for i in range(0, 14, 2)][:5]),
    (Category.STRAIGHT, ["2H"] + [r + "S" for r in RANKS_000[1:5]]),
    (Category.THREE_OF_A_KIND, CARDS_000[:2] + ["A" + s for s in SUITS_000[:3]]),
    (Category.TWO_PAIR, CARDS_000[:1] + [x for s in SUITS_000[:2] for x in ("A" + s, "K" + s)]),
    (Category.ONE_PAIR, [CARDS_000[i] for i in (10, 15, 20)] + ["AS", "AH"]),
    (Category.HIGH_CARD, [CARDS_000[i] for i in (10, 15, 20, 5)] + ["AS"]),
]


@pytest.mark.parametrize(("category", "cards"), EXAMPLES_000, ids=lambda x: str(x))
def test_seed_000_examples_score_their_category(category, cards):
    value = evaluate(cards)
    assert value.category == category, f"{' '.join(cards)}: expected {category}, got {value}"


@pytest.mark.parametrize(
    ("cards", "category", "sentence"),
    [
        ("AH 2S 3S 4S 5S", Category.STRAIGHT, "Straight, five high"),
        ("AS 2S 3S 4S 5S", Category.STRAIGHT_FLUSH, "Straight flush, five high"),
    ],
)
def test_seed_000_missed_the_wheel(cards, category, sentence):
    value = evaluate(cards)
    assert (value.category, value.describe()) == (category, sentence), cards


# --- seed 001: kickers decide; the best five of seven is the best of the 21 fives ------------
def test_seed_001_two_pair_of_equal_tops_is_decided_by_the_second_pair():
    # "10, 10, 5, 5, Ace" against "10, 10, 8, 8, Queen": the eights win.
    assert compare("Th Tc 5s 5d Ah", "Ts Td 8h 8c Qs") == -1


def test_seed_001_kickers_break_ties_in_order():
    assert compare("Ah Ad Kc 9s 3d", "As Ac Kd 9h 2c") == 1
    assert compare("Ah Ad Kc 9s 3d", "As Ac Kd 9h 3c") == 0


def test_seed_001_best_five_of_seven_is_the_best_of_all_21_fives():
    rng = np.random.default_rng(1)
    for hand in random_hands(rng, 2000, 7).tolist():
        best = max(evaluate(five) for five in combinations(hand, 5))
        value = evaluate(hand)
        assert value == best, f"{show(hand)}: expected {best!r}, got {value!r}"
        assert evaluate(value.best_five) == value, show(hand)


# --- seed 002: its notation and every one of its assertions ----------------------------------
SUITS_002 = ["♡", "♢", "♧", "♤"]
RANKS_002 = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


@pytest.mark.parametrize("suit", SUITS_002)
def test_seed_002_royal_and_straight_flushes_in_every_suit(suit):
    royal = f"10 {suit}, J {suit}, Q {suit}, K {suit}, ACE {suit}"
    straight_flush = f"9 {suit}, 10 {suit}, J {suit}, Q {suit}, K {suit}"
    assert evaluate(royal).category == Category.ROYAL_FLUSH, royal
    assert evaluate(straight_flush).category == Category.STRAIGHT_FLUSH, straight_flush


def test_seed_002_four_of_a_kind_for_every_pair_of_ranks_in_any_order():
    shuffler = random.Random(42)
    for r1 in RANKS_002:
        for r2 in RANKS_002:
            if r2 != r1:
                cards = [f"{r1} ♧", f"{r1} ♡", f"{r1} ♢", f"{r1} ♤", f"{r2} ♡"]
                shuffler.shuffle(cards)
                text = ", ".join(cards)
                assert evaluate(text).category == Category.FOUR_OF_A_KIND, text


SEED_002 = [
    ("10 ♧, J ♡, Q ♡, K ♡, ACE ♧", Category.STRAIGHT, "Straight, ace high"),
    ("3 ♤, 3 ♡, Q ♡, 3 ♧, Q ♧", Category.FULL_HOUSE, "Full house, threes full of queens"),
    ("ACE ♤, 2 ♡, 3 ♡, 4 ♧, 5 ♧", Category.STRAIGHT, "Straight, five high"),
    ("6 ♤, 2 ♡, 3 ♡, 4 ♧, 5 ♧", Category.STRAIGHT, "Straight, six high"),
    ("6 ♤, 2 ♡, 6 ♡, 6 ♧, J ♧", Category.THREE_OF_A_KIND, "Three of a kind, sixes, jack-two"),
    ("6 ♤, 2 ♡, 10 ♡, 6 ♧, 2 ♧", Category.TWO_PAIR,
     "Two pair, sixes and twos with a ten kicker"),
    ("6 ♤, 2 ♡, 10 ♡, 6 ♧, 3 ♧", Category.ONE_PAIR, "Pair of sixes, ten-three-two"),
    ("Q ♤, 2 ♡, 10 ♡, 6 ♧, 3 ♧", Category.HIGH_CARD, "High card, queen, ten-six-three-two"),
    # 002 ranks the ace as 1 and would name the ten here; the ace is high.
    ("ACE ♤, 2 ♡, 10 ♡, 6 ♧, 3 ♧", Category.HIGH_CARD, "High card, ace, ten-six-three-two"),
]


@pytest.mark.parametrize(("text", "category", "sentence"), SEED_002)
def test_seed_002_examples(text, category, sentence):
    value = evaluate(text)
    assert (value.category, value.describe()) == (category, sentence), text


def test_seed_002_high_card_is_the_highest_card():
    assert evaluate("Q ♤, 2 ♡, 10 ♡, 6 ♧, 3 ♧").best_five[0] is Card("Qs")


# --- seed 003: an ace is high in broadway and low in the wheel; categories are distinct -------
SEED_003 = [
    ("Ah Kd Qc Js Th 3c 2d", "Straight, ace high"),
    ("Ah 2d 3c 4s 5h 9c Jd", "Straight, five high"),
    ("9s 8s 7s 6s 5s 9h 9d", "Straight flush, nine high"),
    ("As Ks 3s 7s 9s 9h 9d", "Flush, ace-king-nine-seven-three"),
    ("As Ah 3c 7d 9s Jh Qd", "Pair of aces, queen-jack-nine"),
]


@pytest.mark.parametrize(("text", "sentence"), SEED_003)
def test_seed_003_seven_card_hands_it_misjudged(text, sentence):
    assert evaluate(text).describe() == sentence, text


def test_seed_003_a_straight_flush_beats_four_of_a_kind():
    # 003 gives both the score 22.
    assert compare("9s 8s 7s 6s 5s", "As Ah Ad Ac Ks") == 1


# --- seed 004: Spanish notation, winners with ties, invalid cards -----------------------------
SPANISH_SUITS = {"P": "s", "C": "h", "D": "d", "T": "c"}  # picas, corazones, diamantes, tréboles


def spanish(text: str) -> str:
    """Seed 004's "AT 2D 10T" notation (suit letter last) in ours: "Ac 2d 10c"."""
    return " ".join(t[:-1] + SPANISH_SUITS.get(t[-1], t[-1]) for t in text.split())


def test_seed_004_cards():
    assert evaluate(spanish("AT 2D 10T 3T KC")).category == Category.HIGH_CARD
    assert Card(spanish("KT")) is Card("Kc") and Card(spanish("AP")) is Card("As")
    assert len(parse_cards(spanish("AT 2D 10T 3T KC"))) == 5


@pytest.mark.parametrize("text", ["11C", "10D 9Z 10T QT JD"])
def test_seed_004_invalid_cards_are_refused_by_name(text):
    with pytest.raises(ValueError, match="bad card '(11h|9Z)'"):
        parse_cards(spanish(text))


SEED_004_WINNERS = [
    # the pair of twos with a king kicker beats the pair of twos with a jack kicker
    (["2C 3T 4P 2D KT", "3P 8D 2T JD 2P"], [0]),
    # four jacks: the eight kicker beats the four (004 allows a deck per hand)
    (["4T JT JD JP JC", "JT 8D JP JC JD"], [1]),
    # the same ranks in other suits split the pot
    (["4D 5P 6P 8D 3C", "4P 5D 6C 8T 3T"], [0, 1]),
    (["4D 5P 6P 8D 3C", "4P 5D 6C 8T 3T", "2P 2D 6C 8T 3T"], [2]),
    # 004 compares flushes by their top card only and straights with the ace as 1
    (["AP KP 9P 5P 3P", "AC KC 9C 5C 2C"], [0]),
    (["AP KC QD JT 10P", "KP QC JD 10T 9P"], [0]),
    (["2D 10C 10D 2T 10T", "3D 9C 9D 3T 9T"], [0]),
]


@pytest.mark.parametrize(("hands", "expected"), SEED_004_WINNERS)
def test_seed_004_winners(hands, expected):
    ours = [spanish(h) for h in hands]
    assert winners(ours) == expected, f"{ours}: expected {expected}, got {winners(ours)}"


def test_seed_004_full_house_example():
    assert evaluate(spanish("2D 10C 10D 2T 10T")).describe() == "Full house, tens full of twos"


def test_seed_004_an_invalid_hand_makes_winners_refuse():
    with pytest.raises(ValueError, match="9Z"):
        winners([spanish("AT 2D 10T 3T KC"), spanish("10D 9Z 10T QT JD")])
    with pytest.raises(ValueError, match="5, 6 or 7 cards"):
        winners([spanish("AT 2D 10T 3T KC"), spanish("10D 10T QT JD")])

"""evaluate_omaha: exactly two hole cards and three board cards, on the hold'em scale.

The oracle is brute force: every two-plus-three choice of a hand scored by the five-card
batch path (checked against the whole card space in test_whole_space.py), and the best
taken. pokerkit's own Omaha hands check the same values from outside.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from evaluator import DECK, Category, evaluate, parse_cards
from evaluator.batch import evaluate_batch
from evaluator.omaha import evaluate_omaha
from evaluator.omaha_batch import evaluate_omaha_batch

from .helpers import first_mismatch, random_hands


def brute_force(holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
    """The best strength over every choice of two hole cards and three board cards."""
    pairs = list(combinations(range(holes.shape[1]), 2))
    triples = list(combinations(range(boards.shape[1]), 3))
    best = np.zeros(len(holes), dtype=np.int16)
    for pair in pairs:
        for triple in triples:
            rows = np.concatenate([holes[:, pair], boards[:, triple]], axis=1)
            np.maximum(best, evaluate_batch(rows), out=best)
    return best


def scalar(holes: np.ndarray, boards: np.ndarray) -> list[int]:
    return [
        evaluate_omaha([DECK[i] for i in hole], [DECK[i] for i in board]).strength
        for hole, board in zip(holes.tolist(), boards.tolist(), strict=True)
    ]


@pytest.mark.parametrize(
    ("hole_size", "board_size", "count"),
    [(4, 5, 100_000), (4, 4, 20_000), (4, 3, 20_000), (5, 5, 20_000), (6, 5, 20_000),
     (6, 3, 10_000)],
)
def test_it_equals_brute_force_over_every_two_plus_three_choice(hole_size, board_size, count):
    rng = np.random.default_rng(23_000 + 10 * hole_size + board_size)
    hands = random_hands(rng, count, hole_size + board_size)
    holes, boards = hands[:, :hole_size], hands[:, hole_size:]
    expected, actual = brute_force(holes, boards), scalar(holes, boards)
    message = first_mismatch(hands, expected, actual, " (brute force vs evaluate_omaha)")
    assert not message, message
    if hole_size == 4:
        batch = evaluate_omaha_batch(holes, boards)
        message = first_mismatch(hands, expected, batch, " (brute force vs the batch)")
        assert not message, message


def test_flush_heavy_hands_equal_brute_force():
    """Boards of three to five cards of one suit, hole cards often of it too: flushes,
    straight flushes, and flushes that one hole card short of the suit cannot make."""
    rng = np.random.default_rng(2323)
    rows = []
    for _ in range(30_000):
        suit = int(rng.integers(4))
        suited = (rng.choice(13, size=int(rng.integers(4, 9)), replace=False) * 4 + suit)
        others = [c for c in rng.permutation(52).tolist() if c % 4 != suit]
        cards = list(rng.permutation(suited.tolist() + others[: 9 - len(suited)]))
        rows.append(cards[:9])
    hands = np.array(rows)
    holes, boards = hands[:, :4], hands[:, 4:]
    expected, actual = brute_force(holes, boards), scalar(holes, boards)
    assert sum(v >= 5864 for v in actual) > 5_000  # flushes and better were tried
    message = first_mismatch(hands, expected, actual, " (brute force vs evaluate_omaha)")
    assert not message, message
    batch = evaluate_omaha_batch(holes.astype(np.uint8), boards.astype(np.uint8))
    message = first_mismatch(hands, expected, batch, " (brute force vs the batch)")
    assert not message, message


def test_pokerkit_finds_hands_of_the_same_value():
    """pokerkit's Omaha hand (its best two-plus-three) scores the same by our 5-card path."""
    from pokerkit import OmahaHoldemHand

    rng = np.random.default_rng(77)
    hands = random_hands(rng, 2_000, 9)
    for row in hands.tolist():
        hole, board = [DECK[i] for i in row[:4]], [DECK[i] for i in row[4:]]
        theirs = OmahaHoldemHand.from_game("".join(map(str, hole)), "".join(map(str, board)))
        five = evaluate("".join(repr(card) for card in theirs.cards))
        ours = evaluate_omaha(hole, board)
        assert ours.strength == five.strength, f"{hole} {board}: ours {ours}, pokerkit {five}"


OMAHA_CASES = [
    # hole, board, category, sentence
    ("As Kd 7c 2h", "Qs Js Ts 9s 2s", Category.STRAIGHT, "Straight, ace high"),
    ("Ah Kh 7c 2d", "Qh Jh Th 3c 4d", Category.ROYAL_FLUSH, "Royal flush"),
    ("Ah 2d 3c 4d", "Kh Qh Jh Th 5h", Category.HIGH_CARD,
     "High card, ace, king-queen-jack-four"),
    ("Ac Ad Kc Kd", "As Ah 7s 7h 2c", Category.FOUR_OF_A_KIND,
     "Four of a kind, aces with a seven kicker"),
    ("Ac 7c Kd 3h", "As Ah 7s 7h 2c", Category.FULL_HOUSE, "Full house, aces full of sevens"),
    ("9c 8d 4s 4h", "9h 9s 9d 4c Kd", Category.FOUR_OF_A_KIND,
     "Four of a kind, nines with an eight kicker"),
    ("Tc 8d 4s 4h", "9h 9s 9d 4c Kd", Category.FULL_HOUSE, "Full house, nines full of fours"),
    ("2c 3d 7h 8s", "Ah Ad Ac As Kc", Category.THREE_OF_A_KIND,
     "Three of a kind, aces, eight-seven"),
    ("Qc Jd 5h 5s", "5c 5d Kc 8h 2s", Category.FOUR_OF_A_KIND,
     "Four of a kind, fives with a king kicker"),
    ("Ac 2d Kh Qs", "3c 4d 5h 9s Tc", Category.STRAIGHT, "Straight, five high"),
]


@pytest.mark.parametrize(("hole", "board", "category", "sentence"), OMAHA_CASES)
def test_it_uses_exactly_two_hole_cards_and_three_board_cards(hole, board, category, sentence):
    value = evaluate_omaha(hole, board)
    assert (value.category, value.describe()) == (category, sentence), (hole, board)
    used = set(value.best_five)
    assert len(used & set(parse_cards(hole))) == 2
    assert len(used & set(parse_cards(board))) == 3
    assert evaluate(list(value.best_five)).strength == value.strength


def test_values_compare_with_holdem_values_on_one_scale():
    omaha = evaluate_omaha("Ah Kh 7c 2d", "Qh Jh Th 3c 4d")
    holdem = evaluate("Ah Kh Qh Jh Th 3c 4d")
    assert omaha == holdem and hash(omaha) == hash(holdem)
    assert evaluate_omaha("As Kd 7c 2h", "Qs Js Ts 9s 2s") < evaluate("As Qs Js Ts 9s 2s 2d")


@pytest.mark.parametrize(
    ("hole", "board", "message"),
    [
        ("As Kd 7c", "Qs Js Ts 9s 2s", "4, 5 or 6 hole cards, got 3"),
        ("As Kd 7c 2h", "Qs Js", "3 to 5 cards, got 2"),
        ("As Kd 7c 2h", "Qs Js Ts 9s As", "duplicate card: As"),
        ("As Kd 7c 7c", "Qs Js Ts 9s 2s", "duplicate card 7c"),
        ("As Kd 7c Zz", "Qs Js Ts 9s 2s", "Zz"),
    ],
)
def test_it_names_bad_input(hole, board, message):
    with pytest.raises(ValueError, match=message):
        evaluate_omaha(hole, board)


@pytest.mark.parametrize(
    ("holes", "boards", "message"),
    [
        ([[0, 1, 2]], [[4, 5, 6, 7, 8]], r"holes of shape \(N, 4\)"),
        ([[0, 1, 2, 3]], [[4, 5]], r"boards of shape \(N, 3..5\)"),
        ([[0, 1, 2, 3]], [[4, 5, 6, 7, 52]], "out of range"),
        ([[0, 1, 2, 3], [9, 10, 11, 12]], [[4, 5, 6, 7, 8], [13, 14, 15, 16, 9]],
         r"duplicate card in row 1"),
    ],
)
def test_the_batch_names_bad_input(holes, boards, message):
    with pytest.raises(ValueError, match=message):
        evaluate_omaha_batch(holes, boards)


def test_a_repeated_card_is_refused_on_the_fast_path_too():
    hole = [DECK[51], DECK[0], DECK[1], DECK[2]]
    with pytest.raises(ValueError, match="duplicate card: As"):
        evaluate_omaha(hole, [DECK[51], DECK[10], DECK[20], DECK[30], DECK[40]])

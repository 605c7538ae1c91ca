"""omaha_hand_equity(): exact enumeration against a brute-force count, Monte Carlo, bad input.

Two oracles, neither sharing the code under test: every run-out scored by ``evaluate_omaha``
one board at a time, and (for the big preflop count) every two-plus-three choice of every
board scored by the five-card batch path and the best taken. The tally (win alone, split k
ways) is counted here again.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from evaluator import DECK, evaluate_omaha, format_cards, omaha_hand_equity, parse_cards
from evaluator.batch import evaluate_batch


def tally(values: np.ndarray) -> list[tuple[int, int, float]]:
    """(wins, ties, tie credit) per hand from a (hands, boards) array of strengths."""
    best = values.max(axis=0)
    top = values == best
    split = top.sum(axis=0)
    return [
        (int((top[h] & (split == 1)).sum()), int((top[h] & (split > 1)).sum()),
         float((1 / split[top[h] & (split > 1)]).sum()))
        for h in range(len(values))
    ]


def run_outs(hands: list[str], board: str, dead: str) -> list[tuple]:
    holes = [parse_cards(h) for h in hands]
    known = parse_cards(board)
    used = {c for h in holes for c in h} | set(known) | set(parse_cards(dead))
    deck = [c for c in DECK if c not in used]
    return [(*known, *rest) for rest in combinations(deck, 5 - len(known))]


def scalar_count(hands: list[str], board: str = "", dead: str = "") -> list[tuple]:
    """evaluate_omaha on every run-out, one board at a time."""
    holes = [parse_cards(h) for h in hands]
    boards = run_outs(hands, board, dead)
    values = np.array([[evaluate_omaha(h, list(b)).strength for b in boards] for h in holes])
    return tally(values)


def two_plus_three_count(hands: list[str], board: str = "", dead: str = "") -> list[tuple]:
    """Every choice of two hole cards and three board cards by the five-card batch path."""
    boards = np.array([[c.id for c in b] for b in run_outs(hands, board, dead)], dtype=np.uint8)
    values = []
    for hand in hands:
        hole = [c.id for c in parse_cards(hand)]
        best = np.zeros(len(boards), dtype=np.int16)
        for pair in combinations(hole, 2):
            for triple in combinations(range(5), 3):
                rows = np.hstack([np.broadcast_to(np.array(pair, dtype=np.uint8),
                                                  (len(boards), 2)), boards[:, triple]])
                np.maximum(best, evaluate_batch(rows, check=False), out=best)
        values.append(best)
    return tally(np.array(values))


def counted(result) -> list[tuple]:
    return [(h.wins, h.ties, h.tie_credit) for h in result]


def assert_same(expected: list[tuple], result, spot: str) -> None:
    got = counted(result)
    for i, (want, have) in enumerate(zip(expected, got, strict=True)):
        assert want[:2] == have[:2] and want[2] == pytest.approx(have[2]), (
            f"{spot}: hand {i + 1} expected (wins, ties, credit) {want}, got {have}")


def random_spot(rng: np.random.Generator, players: int, board_size: int, dead_size: int):
    ids = rng.permutation(52)[: 4 * players + board_size + dead_size].tolist()
    hands = [format_cards(DECK[i] for i in ids[4 * p : 4 * p + 4]).replace(" ", "")
             for p in range(players)]
    board = format_cards(DECK[i] for i in ids[4 * players : 4 * players + board_size])
    dead = format_cards(DECK[i] for i in ids[4 * players + board_size :])
    return hands, board, dead


@pytest.mark.parametrize("seed", range(12))
def test_flop_turn_and_river_equal_the_count_of_every_run_out(seed):
    rng = np.random.default_rng(seed)
    for board_size in (3, 4, 5):
        players = int(rng.integers(2, 7))
        hands, board, dead = random_spot(rng, players, board_size, int(rng.integers(0, 3)))
        result = omaha_hand_equity(hands, board=board, dead=dead)
        assert result.exact
        assert result.boards == len(run_outs(hands, board, dead))
        assert_same(scalar_count(hands, board, dead), result, f"{hands} on {board} dead {dead}")


@pytest.mark.parametrize("seed", range(4))
def test_preflop_with_many_hands_equals_the_count_of_every_board(seed):
    rng = np.random.default_rng(100 + seed)
    players = int(rng.integers(8, 11))
    hands, board, dead = random_spot(rng, players, 0, int(rng.integers(0, 4)))
    result = omaha_hand_equity(hands, dead=dead)
    assert result.exact
    assert_same(two_plus_three_count(hands, dead=dead), result, f"{hands} dead {dead}")


SPOTS = [
    (["AhAsKdKc", "7c8c9dTd"], "2c 3c Jh 4s", ""),  # a club on the river: two clubs + three
    (["AsKsQdJd", "AcKcQhJh"], "Ts 9c 2h", ""),  # the same straight: split pots
    (["AsKs2d3d", "AhKh4c5c", "AdKdQcJc"], "Qs Js Th", ""),  # royal flush draw, three ways
    (["AhAdAcKs", "2s3s4s5h"], "As 6s 7d", ""),  # three aces in the hole play as one pair
    (["Ts9s8s7s", "AhAdKhKd"], "6s 2c 3h 4d", "5c"),  # a dead card is never dealt
]


@pytest.mark.parametrize(("hands", "board", "dead"), SPOTS)
def test_hand_built_spots_equal_the_two_plus_three_count(hands, board, dead):
    result = omaha_hand_equity(hands, board=board, dead=dead)
    assert_same(two_plus_three_count(hands, board, dead), result, f"{hands} on {board}")
    assert sum(h.equity for h in result) == pytest.approx(1.0)


def test_a_complete_board_is_one_run_out():
    result = omaha_hand_equity(["AhAdKcKs", "2s3s4s5h"], board="As 6s 7d 8d 9c")
    assert result.boards == 1
    assert [h.wins for h in result] == [0, 1]  # 4s5h with 6s7d8d: a straight beats trip aces


@pytest.mark.slow
def test_heads_up_preflop_equals_the_count_of_every_board():
    hands = ["AhAsKdKc", "QhJhTs9s"]
    result = omaha_hand_equity(hands)
    assert result.boards == 1_086_008
    assert_same(two_plus_three_count(hands), result, "AhAsKdKc vs QhJhTs9s preflop")


def test_monte_carlo_is_seeded_and_within_its_standard_error_of_the_exact_figure():
    hands = ["AhAsKdKc", "QhJhTs9s", "2c3c4d5d"]
    exact = omaha_hand_equity(hands)
    first = omaha_hand_equity(hands, samples=40_000, seed=7)
    again = omaha_hand_equity(hands, samples=40_000, seed=7)
    assert not first.exact and first.boards == 40_000
    assert counted(first) == counted(again)
    for sampled, truth in zip(first, exact, strict=True):
        assert sampled.standard_error is not None and truth.standard_error is None
        # A share's standard deviation is at most 1/2: the error is at most 0.5 / sqrt(n).
        assert 0 < sampled.standard_error <= 0.5 / 40_000**0.5
        assert abs(sampled.equity - truth.equity) < 5 * sampled.standard_error


def test_progress_ends_at_one():
    seen: list[float] = []
    omaha_hand_equity(["AhAsKdKc", "QhJhTs9s"], board="2c 7d 8h", progress=seen.append)
    assert seen[-1] == 1.0 and seen == sorted(seen)


@pytest.mark.parametrize(("hands", "board", "dead", "message"), [
    (["AhAsKd", "QhJhTs9s"], "", "", "hand 1: an Omaha hand has four hole cards, got 3: Ah As Kd"),
    (["AhAsKdKc", "QhJhTs9s8s"], "", "", "hand 2: an Omaha hand has four hole cards, got 5"),
    (["AhAs", "QhJh"], "", "", "hand 1: an Omaha hand has four hole cards, got 2"),
    (["AhAsKdKc", "AhJhTs9s"], "", "", "duplicate card Ah"),
    (["AhAsKdKc", "QhJhTs9s"], "Kc 2d 3d", "", "duplicate card Kc"),
    (["AhAsKdKc", "QhJhTs9s"], "2d 3d", "", "an Omaha board has 0, 3, 4 or 5 cards, got 2"),
    (["AhAsKdKc", "QhJhTs9s"], "", "Qh", "duplicate card Qh"),
    (["AhAsKdKc"], "", "", "Omaha equity takes 2 to 10 hands, got 1"),
    (["AhAsKdKc", "Qh Jh Ts Xs"], "", "", "Xs"),
])
def test_bad_input_names_the_problem(hands, board, dead, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        omaha_hand_equity(hands, board=board, dead=dead)


def test_samples_below_one_and_a_deck_too_thin_are_refused_as_in_holdem():
    with pytest.raises(ValueError, match="^samples must be a positive number, got 0$"):
        omaha_hand_equity(["AhAsKdKc", "QhJhTs9s"], samples=0)
    hands = ["AhAsKdKc", "QhQsJdJc", "ThTs9d9c", "8h8s7d7c", "6h6s5d5c", "4h4s3d3c"]
    dead = "2c2d2h2s3h3s4c4d5h5s6c6d7h7s8c8d9h9sTcTdJhJsQcQd"  # 24 + 24: four are left
    with pytest.raises(ValueError, match="^the board needs 5 more cards but only 4 are left"):
        omaha_hand_equity(hands, dead=dead)

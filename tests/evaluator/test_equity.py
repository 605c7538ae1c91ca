"""hand_equity(): exact enumeration against known totals and independent oracles, Monte Carlo."""

from __future__ import annotations

import warnings
from itertools import combinations

import numpy as np
import pytest

with warnings.catch_warnings():  # eval7 imports pyparsing's deprecated names
    warnings.simplefilter("ignore", DeprecationWarning)
    import eval7

from evaluator import DECK, evaluate_batch, hand_equity, parse_cards


def test_aces_against_kings_preflop_is_exact():
    result = hand_equity(["AhAs", "KdKc"])
    aces, kings = result
    assert result.exact and result.boards == 1_712_304
    assert (aces.wins, aces.ties, aces.losses) == (1_388_072, 6_538, 317_694)
    assert (kings.wins, kings.ties, kings.losses) == (317_694, 6_538, 1_388_072)
    assert aces.tie_credit == kings.tie_credit == 3_269
    assert aces.equity + kings.equity == pytest.approx(1.0)
    assert aces.win == pytest.approx(1_388_072 / 1_712_304)


def brute_force(hands: list[str], board: str = "", dead: str = ""):
    """Wins, ties and tie credit per hand by eval7, one board at a time."""
    holes = [parse_cards(h) for h in hands]
    known = parse_cards(board)
    used = {c for h in holes for c in h} | set(known) | set(parse_cards(dead))
    deck = [c for c in DECK if c not in used]
    tally = [[0, 0, 0.0] for _ in hands]
    for rest in combinations(deck, 5 - len(known)):
        cards = [eval7.Card(str(c)) for c in (*known, *rest)]
        values = [eval7.evaluate([eval7.Card(str(c)) for c in h] + cards) for h in holes]
        best = max(values)
        top = [i for i, v in enumerate(values) if v == best]
        for i in top:
            if len(top) == 1:
                tally[i][0] += 1
            else:
                tally[i][1] += 1
                tally[i][2] += 1 / len(top)
    return tally


SPOTS = [
    (["AhAs", "KdKc"], "2c 7d 9h", ""),
    (["AhKh", "QsQd", "7c8c"], "Jh Th 2c", ""),
    (["AhKh", "QsQd", "7c8c", "2s2d"], "Jh Th 2c 9c", ""),
    (["5c4c", "5d4d", "5h4h", "5s4s"], "Ac 2d 3h", ""),  # four-way splits
    (["AsKs", "7h7d"], "Qs Js 2h", "Ts 3c"),
    (["AsKs", "7h7d", "Tc9c"], "Qs Js 2h 8c 7s", ""),
]


@pytest.mark.parametrize(("hands", "board", "dead"), SPOTS)
def test_exact_equity_matches_eval7_board_by_board(hands, board, dead):
    result = hand_equity(hands, board=board, dead=dead)
    expected = brute_force(hands, board, dead)
    for hand, (wins, ties, credit) in zip(result, expected, strict=True):
        assert (hand.wins, hand.ties) == (wins, ties), (hand.cards, board, wins, ties)
        assert hand.tie_credit == pytest.approx(credit)


def test_three_hands_preflop_match_evaluate_batch_on_every_board():
    hands = ["AhAs", "KdKc", "7c8c"]
    result = hand_equity(hands)
    holes = [[c.id for c in parse_cards(h)] for h in hands]
    used = {c for h in holes for c in h}
    deck = np.array([i for i in range(52) if i not in used])
    boards = deck[np.array(list(combinations(range(len(deck)), 5)))]
    values = np.stack([
        evaluate_batch(np.hstack([np.tile(h, (len(boards), 1)), boards]), check=False)
        for h in holes
    ])
    top = values == values.max(axis=0)
    split = top.sum(axis=0)
    assert result.boards == len(boards) == 1_370_754
    for hand, row in zip(result, top, strict=True):
        assert hand.wins == int(np.count_nonzero(row & (split == 1)))
        assert hand.ties == int(np.count_nonzero(row & (split > 1)))
        assert hand.tie_credit == pytest.approx(float((row / split).sum()) - hand.wins)
    assert sum(h.equity for h in result) == pytest.approx(1.0)


def test_monte_carlo_is_reproducible_with_a_seed_and_close_to_exact():
    first = hand_equity(["AhAs", "KdKc"], samples=200_000, seed=11)
    again = hand_equity(["AhAs", "KdKc"], samples=200_000, seed=11)
    other = hand_equity(["AhAs", "KdKc"], samples=200_000, seed=12)
    assert not first.exact and first.boards == 200_000
    assert [(h.wins, h.ties) for h in first] == [(h.wins, h.ties) for h in again]
    assert [(h.wins, h.ties) for h in first] != [(h.wins, h.ties) for h in other]
    assert first[0].equity == pytest.approx(0.81255, abs=0.005)


def test_monte_carlo_boards_are_uniform_and_distinct():
    # On the river only one card is missing: every one of the 44 cards must come up.
    result = hand_equity(["AhAs", "KdKc"], board="2c 7d 9h Kh", samples=44_000, seed=1)
    exact = hand_equity(["AhAs", "KdKc"], board="2c 7d 9h Kh")
    assert exact.boards == 44
    assert result[1].win == pytest.approx(exact[1].win, abs=0.01)


def test_a_complete_board_is_one_board():
    result = hand_equity(["AhAs", "KdKc"], board="2c 7d 9h Jc Kh")
    assert result.boards == 1 and result[1].wins == 1


def test_progress_is_called_with_fractions_up_to_one():
    seen: list[float] = []
    hand_equity(["AhAs", "KdKc"], progress=seen.append)
    assert seen[-1] == 1.0 and seen == sorted(seen) and len(seen) > 2
    assert all(0.0 <= f <= 1.0 for f in seen)
    seen.clear()
    hand_equity(["AhAs", "KdKc"], samples=1000, seed=1, progress=seen.append)
    assert seen[-1] == 1.0


@pytest.mark.parametrize(
    ("hands", "options", "message"),
    [
        (["AhAs"], {}, "2 to 10 hands, got 1"),
        ([f"{r}c{r}d" for r in "23456789TJQ"], {}, "2 to 10 hands, got 11"),
        ("AhAs KdKc", {}, "a list of hands"),
        (["AhAsKs", "KdKc"], {}, "two hole cards, got 3"),
        (["AhAs", "AhKc"], {}, "duplicate card Ah"),
        (["AhAs", "KdKc"], {"board": "Kd 2c 3c"}, "duplicate card Kd"),
        (["AhAs", "KdKc"], {"dead": "As"}, "duplicate card As"),
        (["AhAs", "KdKc"], {"board": "2c 3c 4c 5c 6c 7c"}, "at most 5 cards, got 6"),
        (["AhAs", "KdKc"], {"samples": 0}, "positive"),
        (["AhAx", "KdKc"], {}, "bad card 'AhAx'"),
        ([None, "KdKc"], {}, "NoneType"),
    ],
)
def test_bad_input_is_a_value_error_naming_the_problem(hands, options, message):
    with pytest.raises(ValueError, match=message):
        hand_equity(hands, **options)


def test_a_hand_with_the_wrong_number_of_cards_is_named_plainly():
    with pytest.raises(ValueError, match="^hand 2: a hold'em hand has two hole cards, got 1: Kd$"):
        hand_equity(["AhAs", "Kd"])


def test_a_deck_too_thin_for_the_board_is_refused_with_a_sentence():
    hands = ["AhAs", "KdKc", "QhQs", "JdJc", "ThTs", "9d9c", "8h8s", "7d7c", "6h6s", "5d5c"]
    dead = "2c2d2h2s3c3d3h3s4c4d4h4s5h5s6c6d7h7s8c8d9h9sTcTdJhJsQcQdKhKsAcAd"
    with pytest.raises(ValueError, match="the board needs 5 more cards but only 0 are left"):
        hand_equity(hands, dead=dead)


def test_sampling_a_complete_board_counts_its_one_run_out_once():
    result = hand_equity(["AhAs", "KdKc"], board="2c 7d 9h Jc Qs", samples=1000, seed=1)
    assert (result.boards, result.exact, result[0].wins, result[1].losses) == (1, True, 1, 1)

"""Showdown and fold sums in linear time equal a count over every pair of hands: the dense
matrices, and a plain count with the scalar evaluator, on real boards with blocked pairs."""

from __future__ import annotations

import numpy as np
import pytest

from evaluator import DECK, evaluate
from evaluator.solver.payoffs import DensePayoffs, SortedPayoffs, StackedPayoffs
from evaluator.solver.river import river_spot
from evaluator.solver.turn import turn_spot


def random_spot(rng: np.random.Generator, hands: int):
    deck = rng.permutation(52)
    board = " ".join(str(DECK[int(c)]) for c in deck[:5])
    rest = deck[5:]
    combos = [f"{DECK[int(a)]}{DECK[int(b)]}" for k, a in enumerate(rest) for b in rest[k + 1:]]
    picks = [rng.choice(len(combos), hands, replace=False) for _ in range(2)]
    ranges = [", ".join(f"{rng.uniform(0.1, 1):.3f}({combos[i]})" for i in pick)
              for pick in picks]
    return river_spot(board, ranges, pot=10, stacks=(10, 10))


@pytest.mark.parametrize("seed", range(10))
def test_sorted_sums_equal_the_dense_matrices(seed):
    rng = np.random.default_rng(seed)
    spot = random_spot(rng, 300)
    dense = spot.payoffs.dense()
    for player in (0, 1):
        reach = rng.random(len(spot.combos[1 - player]))
        np.testing.assert_allclose(spot.payoffs.fold(player, reach), dense.fold(player, reach))
        np.testing.assert_allclose(spot.payoffs.showdown(player, reach),
                                   dense.showdown(player, reach), atol=1e-9)


@pytest.mark.parametrize("seed", range(3))
def test_sorted_sums_equal_a_plain_count_with_the_scalar_evaluator(seed):
    rng = np.random.default_rng(100 + seed)
    spot = random_spot(rng, 40)
    board = spot.board
    reach = [rng.random(len(c)) for c in spot.combos]
    for player in (0, 1):
        mine, theirs = spot.combos[player], spot.combos[1 - player]
        r = reach[1 - player]
        showdown, fold = [], []
        for hand in mine:
            value = evaluate([*hand, *board])
            won = folded = 0.0
            for j, other in enumerate(theirs):
                if set(hand) & set(other):
                    continue
                theirs_value = evaluate([*other, *board])
                won += r[j] * ((value > theirs_value) - (value < theirs_value))
                folded += r[j]
            showdown.append(won)
            fold.append(folded)
        np.testing.assert_allclose(spot.payoffs.showdown(player, r), showdown, atol=1e-9)
        np.testing.assert_allclose(spot.payoffs.fold(player, r), fold)


def test_an_identical_combo_in_both_ranges_is_blocked_once():
    # Both hold AhKh: it shares two cards with itself, so it must not be taken out twice.
    cards = (np.array([[48, 44], [0, 5]]), np.array([[48, 44], [9, 13]]))
    sorted_ = SortedPayoffs((np.array([7, 1]), np.array([7, 3])), cards)
    assert sorted_.fold(0, np.ones(2)).tolist() == [1.0, 2.0]
    assert sorted_.showdown(0, np.ones(2)).tolist() == [1.0, -2.0]


def test_mismatched_shapes_are_refused_with_a_reason():
    with pytest.raises(ValueError, match="one strength and two card ids per hand"):
        SortedPayoffs((np.array([1, 2]), np.array([3])), (np.array([[0, 1]]), np.array([[2, 3]])))
    with pytest.raises(ValueError, match="must be matrices of one shape"):
        DensePayoffs(np.ones((2, 2)), np.ones((2, 3)))
    with pytest.raises(ValueError, match="one weight per hand"):
        DensePayoffs(np.ones((2, 2)), np.ones((2, 2)), ([1.0], [1.0, 1.0]))


def random_turn_ranges(rng: np.random.Generator, board: list[int], hands: int) -> str:
    rest = [c for c in rng.permutation(52) if c not in board]
    combos = [f"{DECK[int(a)]}{DECK[int(b)]}" for k, a in enumerate(rest) for b in rest[k + 1:]]
    pick = rng.choice(len(combos), hands, replace=False)
    return ", ".join(f"{rng.uniform(0.1, 1):.3f}({combos[i]})" for i in pick)


@pytest.mark.parametrize("seed", range(4))
def test_the_stacked_rivers_sums_equal_each_rivers_dense_matrices(seed):
    """The turn's stacked folds (bincounts per board and card) and showdowns (small tables
    of the card groups' bounds), river by river, against that river's matrices; the last
    seed gives one player two combos sharing a card, so one river leaves that player no hand."""
    rng = np.random.default_rng(200 + seed)
    deck = rng.permutation(52)
    board = [int(c) for c in deck[:4]]
    other = (f"{DECK[int(deck[4])]}{DECK[int(deck[5])]}, 0.5({DECK[int(deck[4])]}"
             f"{DECK[int(deck[6])]})" if seed == 3 else random_turn_ranges(rng, board, 80))
    spot = turn_spot(" ".join(str(DECK[c]) for c in board),
                     [random_turn_ranges(rng, board, 120), other], pot=10, stacks=(10, 10))
    stacked = StackedPayoffs([river.payoffs for river in spot.payoffs.rivers])
    assert stacked.sides[0].by_card is not None
    if seed == 3:
        assert min(stacked.sizes[1]) == 0
    for player in (0, 1):
        reach = rng.random(sum(stacked.sizes[1 - player]))
        fold, showdown = stacked.fold(player, reach), stacked.showdown(player, reach)
        mine_at = np.cumsum([0, *stacked.sizes[player]])
        theirs_at = np.cumsum([0, *stacked.sizes[1 - player]])
        for k, river in enumerate(spot.payoffs.rivers):
            dense = river.payoffs.dense()
            theirs = reach[theirs_at[k]:theirs_at[k + 1]]
            mine = slice(mine_at[k], mine_at[k + 1])
            np.testing.assert_allclose(fold[mine], dense.fold(player, theirs), atol=1e-9)
            np.testing.assert_allclose(showdown[mine], dense.showdown(player, theirs),
                                       atol=1e-9)

"""Suit symmetry: a renaming of suits is used only when it keeps the board and both ranges,
and solving one row per class of hands gives, hand for hand, what solving every hand gives."""

from __future__ import annotations

import numpy as np
import pytest

from evaluator import parse_cards
from evaluator.solver.cfr import Solver
from evaluator.solver.river import river_spot, solve_river
from evaluator.solver.symmetry import suit_symmetries


def ids(text: str) -> np.ndarray:
    return np.array([c.id for c in parse_cards(text)], dtype=np.int64)


def hands(text: str) -> tuple[np.ndarray, np.ndarray]:
    cards = ids(text).reshape(-1, 2)
    return cards, np.ones(len(cards))


@pytest.mark.parametrize(("board", "count"), [
    ("Ks Qs 7h 5h 2s", 2),  # clubs and diamonds absent: swap them
    ("Ks Qd 7h 5c 2s", 1),  # every suit differs: nothing
    ("7s 7h Kd 4c 2c", 2),  # spades and hearts hold the same rank: swap them
    ("Ks Qs 7s 5s 2s", 6),  # a monotone board: the other three suits in any order
])
def test_the_renamings_kept_are_those_that_keep_the_board(board, count):
    assert len(suit_symmetries(ids(board), [])) == count


def test_a_range_that_is_not_symmetric_keeps_its_suits():
    board = ids("Ks Qs 7h 5h 2s")
    assert len(suit_symmetries(board, [hands("Ac Kc Ad Kd")])) == 2
    assert len(suit_symmetries(board, [hands("Ac Kc")])) == 1  # only the clubs
    cards, _ = hands("Ac Kc Ad Kd")
    assert len(suit_symmetries(board, [(cards, np.array([1.0, 0.5]))])) == 1  # weights differ


@pytest.mark.parametrize(("board", "ranges"), [
    ("Ks Qs 7h 5h 2s", ["random", "AK, QQ, 77, T9s, 0.5(65s), 0.3(J8o)"]),
    ("7s 7h Kd 4c 2c", ["77, KQ, A4s, 0.5(JTs), 0.6(AKo)", "KK, 44, K9s, 0.5(T9o)"]),
])
def test_one_row_per_class_plays_as_every_hand_does(board, ranges):
    full = river_spot(board, ranges, pot=50, stacks=(100, 80))
    symmetric = river_spot(board, ranges, pot=50, stacks=(100, 80), suit_symmetry=True)
    assert sum(len(c) for c in symmetric.combos) < sum(len(c) for c in full.combos)
    for p in (0, 1):  # the rows' members are every combo, once
        members = [c for row in symmetric.members[p] for c in row]
        assert sorted(map(str, members)) == sorted(map(str, full.combos[p]))
        counts = [len(row) for row in symmetric.members[p]]
        assert counts == symmetric.payoffs.counts[p].tolist()
    a, b = Solver(full.tree, full.payoffs), Solver(symmetric.tree, symmetric.payoffs)
    for _ in range(15):
        a.iterate()
        b.iterate()
    for node, strategy in a.average().items():
        rows = symmetric.payoffs.rows[full.tree.player[node]]
        np.testing.assert_allclose(strategy, b.average()[node][:, rows], atol=1e-9)
    np.testing.assert_allclose(a.exploitability(), b.exploitability(), atol=1e-9)


def test_a_symmetric_spot_solves_to_the_target_with_the_same_value():
    board, ranges = "Ks Qs 7h 5h 2s", ["random", "AK, QQ, 77, T9s, 0.5(65s)"]
    full = solve_river(river_spot(board, ranges, pot=100, stacks=(150, 150)))
    symmetric = solve_river(river_spot(board, ranges, pot=100, stacks=(150, 150),
                                       suit_symmetry=True))
    assert symmetric.exploitability <= 0.5 and symmetric.iterations == full.iterations
    assert symmetric.value == pytest.approx(full.value, abs=1e-9)


def test_without_a_symmetry_the_spot_is_the_plain_one():
    spot = river_spot("Ks Qd 7h 5c 2s", ["random", "AK"], pot=10, stacks=(10, 10),
                      suit_symmetry=True)
    assert type(spot.payoffs).__name__ == "SortedPayoffs"
    assert all(len(row) == 1 for row in spot.members[0])

"""The turn solver (a chance node over every river card) against an independent plain one
(tests/evaluator/solver/plain_turn.py: loops over river cards and hands, the scalar
evaluator): the same average strategies, on the turn and on every river, after the same
iterations; the same exact exploitability by a hand-by-hand best response."""

from __future__ import annotations

import numpy as np
import pytest

from evaluator.solver.cfr import Solver, solve
from evaluator.solver.tree import Sizes, TreeConfig
from evaluator.solver.turn import turn_spot
from tests.evaluator.solver.plain_turn import PlainTurn

BOARD = "Qs 9h 5d 2c"
RANGES = ["AQ, 99, 0.6(JTs), 0.5(A5s), 0.8(KJo)", "QJs, 0.7(QTs), TT, 0.5(64s), 43s"]
TURN = TreeConfig(first=Sizes(bets=(0.5,), raises=(), all_in=False),
                  second=Sizes(bets=(0.5,), raises=(), all_in=True))
RIVER = TreeConfig(first=Sizes(bets=(0.75,), raises=(), all_in=False),
                   second=Sizes(bets=(0.75,), raises=(), all_in=False))
ITERATIONS = 4


@pytest.fixture(scope="module")
def spot():
    return turn_spot(BOARD, RANGES, pot=60, stacks=(70, 90), config=TURN, river=RIVER)


@pytest.fixture(scope="module")
def plain(spot):
    weights = [list(w) for w in spot.payoffs.weights]
    solver = PlainTurn(spot.tree, RIVER, spot.board, [list(c) for c in spot.combos], weights)
    for _ in range(ITERATIONS):
        solver.iterate()
    return solver


def test_the_spot_has_blocked_pairs_an_all_in_and_every_river(spot):
    sizes = [len(c) for c in spot.combos]
    assert min(sizes) >= 10 and max(sizes) <= 40, sizes
    assert sum(bool({*a} & {*b}) for a in spot.combos[0] for b in spot.combos[1]) > 0
    assert len(spot.payoffs.rivers) == 48
    # one line puts the first player all in: below it each river is two checks
    assert any(tree.stack == 0 for tree in spot.payoffs.trees.values())


def test_the_same_iterations_give_the_same_average_strategies(spot, plain):
    vectorized = Solver(spot.tree, spot.payoffs)
    for _ in range(ITERATIONS):
        vectorized.iterate()
    for node, strategy in vectorized.average().items():
        expected = np.array([plain.average(None, node, i)
                             for i in range(strategy.shape[1])]).T
        np.testing.assert_allclose(strategy, expected, atol=1e-9)
    checked = 0
    for chance, averages in ((n, spot.payoffs.averages(n)) for n in spot.payoffs.trees):
        for river, strategies in zip(spot.payoffs.rivers, averages, strict=True):
            for node, strategy in strategies.items():
                player = spot.payoffs.trees[chance].player[node]
                rows = river.rows[player]
                expected = np.array([plain.average((chance, river.card.id), node, int(i))
                                     for i in rows]).T
                np.testing.assert_allclose(strategy, expected, atol=1e-9)
                checked += 1
    assert checked > 48 * 3


def test_the_reported_exploitability_equals_a_hand_by_hand_best_response(spot, plain):
    answer = solve(spot.tree, spot.payoffs, max_iterations=ITERATIONS)
    # the plain solver holds the same averages after the same iterations (test above)
    best = [plain.best_response(p) for p in (0, 1)]
    assert answer.best_responses == pytest.approx(best, abs=1e-9)
    assert answer.exploitability == pytest.approx(100 * sum(best) / 2 / 60, abs=1e-9)
    assert best[0] >= answer.value - 1e-9 and best[1] >= -answer.value - 1e-9


def test_a_turn_reaches_the_target():
    spot = turn_spot("Ah Kd 7c 2s", ["AK, 77, 22, A7s, QJs, T9s", "AQ, KQ, 88, 0.5(JTs)"],
                     pot=100, stacks=(150, 150), config=TURN, river=RIVER)
    answer = solve(spot.tree, spot.payoffs, target=0.5)
    assert answer.stopped == "target" and answer.exploitability <= 0.5


def test_a_river_that_leaves_one_player_no_hand_is_solved():
    """The ace of spades dealt on the river takes both of the first range's hands."""
    spot = turn_spot("Kd 7c 2d 9h", ["AsKs, 0.5(AsQs)", "KQ, 99, T8s"], pot=100,
                     stacks=(100, 100), config=TURN, river=RIVER)
    ace = [river for river in spot.payoffs.rivers if str(river.card) == "As"]
    assert len(ace) == 1 and len(ace[0].rows[0]) == 0
    answer = solve(spot.tree, spot.payoffs, target=0.5)
    assert answer.stopped == "target" and answer.exploitability <= 0.5


def test_the_stacked_rivers_equal_one_solver_per_river(spot):
    """The rivers stacked in one array per node (the default) and one solver per river
    (the path the bench's dense baseline takes) hold the same strategies."""
    from evaluator.solver.turn import River

    stacked = Solver(spot.tree, spot.payoffs)
    for _ in range(ITERATIONS):
        stacked.iterate()
    expected = stacked.average()
    rivers = {n: spot.payoffs.averages(n) for n in spot.payoffs.trees}
    sorted_rivers = spot.payoffs.rivers
    spot.payoffs.rivers = [River(r.card, r.rows, r.payoffs.dense()) for r in sorted_rivers]
    try:
        single = Solver(spot.tree, spot.payoffs)
        assert spot.payoffs.stacked is None
        for _ in range(ITERATIONS):
            single.iterate()
        for node, strategy in single.average().items():
            np.testing.assert_allclose(strategy, expected[node], atol=1e-9)
        for n, averages in rivers.items():
            for mine, theirs in zip(spot.payoffs.averages(n), averages, strict=True):
                for node in mine:
                    np.testing.assert_allclose(mine[node], theirs[node], atol=1e-9)
    finally:
        spot.payoffs.rivers = sorted_rivers
        spot.payoffs.reset()

"""The vectorized solver against an independent plain one (tests/evaluator/solver/
plain_cfr.py: the scalar evaluator, loops over hands, no shared payoff code) on a small
river spot: the same average strategy after the same iterations, and the same exact
exploitability of the answer by a best response computed hand by hand."""

from __future__ import annotations

import numpy as np
import pytest

from evaluator.solver.cfr import Solver, solve
from evaluator.solver.river import river_spot
from evaluator.solver.tree import Sizes, TreeConfig
from tests.evaluator.solver.plain_cfr import PlainRiver

BOARD = "Qs 9h 5d 2c Qh"
RANGES = ["AQ, KQs, 99, 55, 0.6(JTs), 0.5(A5s), 87s, 0.8(KJo)",
          "QJs, 0.7(QT), TT, 0.4(A9s), AKo, 0.5(64s), 43s"]
CONFIG = TreeConfig(first=Sizes(bets=(0.5,), raises=(1.0,)),
                    second=Sizes(bets=(0.75,), raises=(), all_in=True), raise_cap=1)
ITERATIONS = 12


@pytest.fixture(scope="module")
def spot():
    return river_spot(BOARD, RANGES, pot=60, stacks=(90, 120), config=CONFIG)


@pytest.fixture(scope="module")
def plain(spot):
    weights = [list(w) for w in spot.payoffs.weights]
    solver = PlainRiver(spot.tree, spot.board, [list(c) for c in spot.combos], weights)
    for _ in range(ITERATIONS):
        solver.iterate()
    return solver


def test_the_spot_is_small_but_has_blocked_pairs(spot):
    sizes = [len(c) for c in spot.combos]
    assert min(sizes) >= 20 and max(sizes) <= 60, sizes
    blocked = sum(bool({*a} & {*b}) for a in spot.combos[0] for b in spot.combos[1])
    assert blocked > 0


def test_the_same_iterations_give_the_same_average_strategy(spot, plain):
    vectorized = Solver(spot.tree, spot.payoffs)
    for _ in range(ITERATIONS):
        vectorized.iterate()
    averages = vectorized.average()
    for node, strategy in averages.items():
        hands = strategy.shape[1]
        expected = np.array([plain.average(node, i) for i in range(hands)]).T
        np.testing.assert_allclose(strategy, expected, atol=1e-9,
                                   err_msg=" ".join(spot.tree.line(node)))


def test_the_reported_exploitability_equals_a_hand_by_hand_best_response(spot, plain):
    answer = solve(spot.tree, spot.payoffs, target=0.5)
    assert answer.exploitability <= 0.5
    strategies = {node: s.tolist() for node, s in answer.strategies.items()}
    best = [plain.best_response(p, strategies) for p in (0, 1)]
    assert answer.best_responses == pytest.approx(best, abs=1e-9)
    exploitability = 100 * (best[0] + best[1]) / 2 / spot.tree.pot
    assert answer.exploitability == pytest.approx(exploitability, abs=1e-9)
    # A best response does at least as well as the answer's own value, for each player.
    assert best[0] >= answer.value - 1e-9 and best[1] >= -answer.value - 1e-9

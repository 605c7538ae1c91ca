"""Reading a solved node: the action values agree with the hand values and with the
indifference an equilibrium implies, and the range's frequencies weigh hands by how often
they reach the node."""

from __future__ import annotations

import numpy as np
import pytest

from evaluator.solver.answers import node_answer, reach
from evaluator.solver.cfr import solve
from evaluator.solver.payoffs import DensePayoffs
from evaluator.solver.river import river_spot, solve_river
from evaluator.solver.tree import Sizes, TreeConfig, build_tree
from tests.evaluator.solver.plain_cfr import PlainRiver


@pytest.fixture(scope="module")
def solved():
    spot = river_spot("Jc 8h 5s 5d 2h", ["AJ, 88, 0.5(76s), KQs, 0.7(A5s), 43s",
                                         "JT, 99, KJ, 0.6(A8s), 55, 0.3(QTs)"],
                      pot=50, stacks=(120, 120))
    return spot, solve_river(spot, target=0.1)


def test_the_root_values_mixed_by_the_strategy_are_the_hand_values(solved):
    spot, answer = solved
    root = node_answer(answer, spot.payoffs, 0)
    mixed = (root.strategy * root.values).sum(axis=0)
    np.testing.assert_allclose(mixed, answer.hand_values[0], atol=1e-9)
    assert root.frequencies.sum() == pytest.approx(1.0)


def test_action_values_equal_a_plain_count_deeper_in_the_tree(solved):
    spot, answer = solved
    tree = spot.tree
    node = tree.children[tree.children[0][0]][1]  # check, then player 1 bets: player 0 acts
    here = node_answer(answer, spot.payoffs, node)
    assert here.player == 0 and tree.line(node)[:1] == ["Check"]
    plain = PlainRiver(tree, spot.board, [list(c) for c in spot.combos],
                       [list(w) for w in spot.payoffs.weights])
    other = reach(answer, spot.payoffs, node)[1]
    strategies = {n: s.tolist() for n, s in answer.strategies.items()}
    for i in range(0, len(spot.combos[0]), 7):
        dealt = sum(r for j, r in enumerate(other) if plain.result(0, i, j) is not None)
        for a, child in enumerate(tree.children[node]):
            total = plain_value(plain, child, i, list(other), strategies)
            assert here.values[a, i] == pytest.approx(total / dealt, abs=1e-9)


def plain_value(plain, node, i, reach_, strategies):
    """Player 0's hand i's counterfactual value below ``node``, both playing ``strategies``."""
    tree = plain.tree
    if node not in strategies:
        return plain.terminal(node, 0, i, reach_)
    total = 0.0
    for a, child in enumerate(tree.children[node]):
        if tree.player[node] == 0:
            total += strategies[node][a][i] * plain_value(plain, child, i, reach_, strategies)
        else:
            after = [r * strategies[node][a][j] for j, r in enumerate(reach_)]
            total += plain_value(plain, child, i, after, strategies)
    return total


def test_a_bluff_catcher_facing_a_bet_is_indifferent_between_calling_and_folding():
    pot, bet = 100, 50
    tree = build_tree(pot, (bet, bet), TreeConfig(first=Sizes(bets=(), raises=()),
                                                  second=Sizes(bets=(), raises=(),
                                                               all_in=False)))
    payoffs = DensePayoffs([[1], [-1]], np.ones((2, 1)), ([1.0, 2.0], [1.0]))
    answer = solve(tree, payoffs, target=0.001, max_iterations=5000)
    facing = node_answer(answer, payoffs, tree.children[0][1])
    fold, call = facing.values[:, 0]
    assert fold == pytest.approx(-pot / 2) and call == pytest.approx(-pot / 2, abs=0.1)
    # The bettor's range at the node is the nuts and the bluffs, 2 : 1 at half pot (s/(1+2s)
    # of bluffs): the nuts are 3/4 of the bets.
    bettor = reach(answer, payoffs, tree.children[0][1])[0]
    assert bettor[0] / bettor.sum() == pytest.approx(3 / 4, abs=1e-3)


def test_a_terminal_node_has_no_answer(solved):
    spot, answer = solved
    showdown = spot.tree.children[spot.tree.children[0][0]][0]
    with pytest.raises(ValueError, match="is not a decision: showdown"):
        node_answer(answer, spot.payoffs, showdown)

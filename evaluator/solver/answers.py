"""Reading a solved spot at one node: how often each hand and the whole range takes each
action, and what each action is worth to each hand.

Values are expected chips against the start of the river (as :mod:`evaluator.solver.cfr`
counts them), for a hand that reached the node: the other player's hands are weighted by
how often they took the same line, and those sharing a card with the hand are left out.

>>> from evaluator.solver.river import river_spot, solve_river
>>> spot = river_spot("Ks 7c 2d 9h 3s", ["AA, 72s, 65s", "KQ, QQ"], pot=100, stacks=(100, 100))
>>> answer = solve_river(spot)
>>> root = node_answer(answer, spot.payoffs, 0)
>>> root.actions  # 75 would be three quarters of the stack: past the all-in threshold
['Check', 'Bet 33', 'Bet 100 (all-in)']
>>> round(float(root.frequencies.sum()), 6)
1.0
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from evaluator.solver.cfr import Solution, walk
from evaluator.solver.payoffs import Payoffs

F64 = npt.NDArray[np.float64]


@dataclass(frozen=True)
class NodeAnswer:
    """One decision node of a solution, for the player who acts there.

    ``strategy[a, i]``: how often hand ``i`` takes action ``a``; ``values[a, i]``: the
    chips it expects taking it (nan for a hand that cannot reach the node); ``frequencies``:
    the whole range's share of each action, weighting each hand by how likely it is here.
    """

    node: int
    player: int
    actions: list[str]
    strategy: F64
    values: F64
    frequencies: F64
    hand_weights: F64  # how likely each hand is at the node (sums to 1 when reachable)


def reach(solution: Solution, payoffs: Payoffs, node: int) -> tuple[F64, F64]:
    """Each player's range weight times how often each hand took the line to ``node``."""
    tree = solution.tree
    reaches = [payoffs.weights[0].copy(), payoffs.weights[1].copy()]
    child = node
    while child:
        parent = tree.parent[child]
        action = tree.children[parent].index(child)
        reaches[tree.player[parent]] *= solution.strategies[parent][action]
        child = parent
    return reaches[0], reaches[1]


def node_answer(solution: Solution, payoffs: Payoffs, node: int) -> NodeAnswer:
    """The strategy, the action values and the range's frequencies at a decision node."""
    tree = solution.tree
    if node not in solution.strategies:
        raise ValueError(f"node {node} is not a decision: {tree.describe(node)}")
    player = tree.player[node]
    reaches = reach(solution, payoffs, node)
    own, other = reaches[player], reaches[1 - player]
    dealt = payoffs.fold(player, other)
    values = np.stack([walk(tree, payoffs, solution.strategies, player, best=False,
                            node=child, reach=other) for child in tree.children[node]])
    with np.errstate(invalid="ignore", divide="ignore"):
        values = np.where(dealt > 0, values / np.where(dealt > 0, dealt, 1.0), np.nan)
    likely = own * dealt * payoffs.counts[player]  # a row may stand for several hands
    total = likely.sum()
    weights = likely / total if total > 0 else likely
    strategy = solution.strategies[node]
    return NodeAnswer(node, player, list(tree.actions[node]), strategy, values,
                      strategy @ weights, weights)

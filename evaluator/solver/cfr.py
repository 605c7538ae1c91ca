"""Discounted CFR over a bet tree, with an exact best response and the stopping rules.

Values are chips won or lost against the start of the river, so the game is zero-sum: a
showdown or fold moves the stake (half the starting pot plus the loser's river chips, see
:meth:`Tree.stake`). Each hand's *counterfactual value* sums over the other player's hands
that share no card with it, weighted by their reach (:mod:`evaluator.solver.payoffs`);
dividing by the weight of all dealable pairs gives expected chips.

One iteration updates player 0, then player 1 (alternating updates), each walking the tree
once with one array operation per node over all hands. Discounted CFR (Brown and Sandholm,
2019) with alpha 1.5, beta 0 and gamma 2: positive regrets are scaled by t^a / (t^a + 1),
negative ones by t^b / (t^b + 1), and the average strategy's past by (t / (t + 1))^g.

The *exploitability* is what two best responses win against the average strategies,
averaged over the two players, as a percentage of the starting pot: zero exactly at an
equilibrium. :func:`solve` stops when it falls to the target, or after a number of
iterations or seconds, or when the progress callback returns False.

>>> from evaluator.solver.payoffs import DensePayoffs
>>> from evaluator.solver.tree import Sizes, TreeConfig, build_tree
>>> kuhn_sizes = Sizes(bets=(0.5,), all_in=False)
>>> tree = build_tree(2, (1, 1), TreeConfig(first=kuhn_sizes, second=kuhn_sizes))
>>> cards = np.arange(3)  # jack, queen, king
>>> kuhn = DensePayoffs(np.sign(np.subtract.outer(cards, cards)), 1 - np.eye(3))
>>> answer = solve(tree, kuhn, target=0.01)
>>> round(answer.value, 3), answer.exploitability < 0.01  # player 0 loses 1/18 an ante
(-0.056, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from evaluator.solver.payoffs import Payoffs
from evaluator.solver.tree import NodeKind, Tree

F64 = npt.NDArray[np.float64]
ALPHA: Final = 1.5
BETA: Final = 0.0
GAMMA: Final = 2.0
DEFAULT_TARGET: Final = 0.5  # percent of the pot
# Regrets this small are rounding (two lines worth the same chips summed in another order):
# counted as zero, so the strategy does not swing on the sign of 1e-14.
REGRET_FLOOR: Final = 1e-9


@runtime_checkable
class Chance(Protocol):
    """Payoffs whose showdown nodes deal a card first (the turn: every river card, each a
    river of its own below). The solver hands them the update and the walks there."""

    def reset(self) -> None: ...

    def discount(self, iteration: int) -> None: ...

    def update(self, node: int, player: int, own: F64, other: F64) -> F64: ...

    def walk(self, node: int, player: int, reach: F64, best: bool) -> F64: ...


@dataclass(frozen=True)
class Progress:
    """Where a solve stands, handed to the callback after each exploitability check."""

    iteration: int
    exploitability: float  # percent of the pot
    seconds: float


@dataclass
class Solution:
    """A solved spot: the average strategy at every decision node, and how good it is.

    ``strategies[n][a, i]`` is how often hand ``i`` of the player acting at node ``n`` takes
    action ``a``. ``value`` is player 0's expected chips (player 1's is minus that);
    ``hand_values[p][i]`` is hand ``i``'s expected chips (nan for a hand that cannot be
    dealt against the other range). ``stopped`` says why it stopped: ``"target"``,
    ``"iterations"``, ``"time"`` or ``"cancelled"``.
    """

    tree: Tree
    strategies: dict[int, F64]
    exploitability: float
    best_responses: tuple[float, float]  # chips each best response expects
    value: float
    hand_values: tuple[F64, F64]
    iterations: int
    seconds: float
    stopped: str
    history: list[Progress] = field(default_factory=list)


class Solver:
    """Discounted CFR's state for one tree and one pair of ranges (see the module)."""

    def __init__(self, tree: Tree, payoffs: Payoffs, check: bool = True) -> None:
        self.tree, self.payoffs = tree, payoffs
        self.chance = payoffs if isinstance(payoffs, Chance) else None
        if self.chance is not None:
            self.chance.reset()  # the rivers' regrets start afresh with each solver
        self.weights = payoffs.weights
        self.regrets: dict[int, F64] = {}
        self.strategy_sums: dict[int, F64] = {}
        for node in tree.decisions:
            shape = (len(tree.children[node]), len(self.weights[tree.player[node]]))
            self.regrets[node] = np.zeros(shape)
            self.strategy_sums[node] = np.zeros(shape)
        # Each node's current strategy, kept until its regrets change: the other player's
        # update reads it too, so it is computed once per iteration instead of twice.
        self._current: dict[int, F64] = {}
        self.iteration = 0
        self.counts = payoffs.counts
        self.dealable = float((self.weights[0] * self.counts[0])
                              @ payoffs.fold(0, self.weights[1]))
        if check and not self.dealable > 0:
            raise ValueError("no pair of hands can be dealt: every hand of one range shares "
                             "a card with every hand of the other")

    def iterate(self) -> None:
        """One iteration: player 0's update, then player 1's."""
        self.iteration += 1
        self.discount(self.iteration)
        if self.chance is not None:
            self.chance.discount(self.iteration)
        for player in (0, 1):
            self._update(0, player, self.weights[player], self.weights[1 - player])

    def discount(self, t: int) -> None:
        """Discounted CFR's factors for iteration ``t``."""
        self._positive = (t - 1) ** ALPHA / ((t - 1) ** ALPHA + 1)
        self._negative = (t - 1) ** BETA / ((t - 1) ** BETA + 1) if t > 1 else 0.0
        self._average = ((t - 1) / t) ** GAMMA

    def _terminal(self, node: int, player: int, reach: F64) -> F64:
        stake = self.tree.stake(node)
        if self.tree.kind[node] == NodeKind.FOLD:
            sign = -1.0 if self.tree.folder[node] == player else 1.0
            return (sign * stake) * self.payoffs.fold(player, reach)
        return stake * self.payoffs.showdown(player, reach)

    def _update(self, node: int, player: int, own: F64, other: F64) -> F64:
        tree = self.tree
        if tree.kind[node] != NodeKind.DECISION:
            if self.chance is not None and tree.kind[node] == NodeKind.SHOWDOWN:
                return self.chance.update(node, player, own, other)
            return self._terminal(node, player, other)
        children = tree.children[node]
        strategy = self._current.get(node)
        if strategy is None:
            strategy = self._current[node] = current_strategy(self.regrets[node])
        if tree.player[node] != player:
            total = self._update(children[0], player, own, other * strategy[0])
            for a in range(1, len(children)):
                total = total + self._update(children[a], player, own, other * strategy[a])
            return total
        values = np.stack([self._update(child, player, own * strategy[a], other)
                           for a, child in enumerate(children)])
        value: F64 = (strategy * values).sum(axis=0)
        regrets = self.regrets[node]
        regrets *= np.where(regrets > 0, self._positive, self._negative)
        regrets += values - value
        del self._current[node]
        sums = self.strategy_sums[node]
        sums *= self._average
        sums += own * strategy
        return value

    def average(self) -> dict[int, F64]:
        """The average strategy at every decision node (uniform where never reached)."""
        return {node: normalise(sums) for node, sums in self.strategy_sums.items()}

    def exploitability(self, strategies: dict[int, F64] | None = None) -> tuple[float, float,
                                                                                 float]:
        """The exploitability (percent of the pot) and the two best responses' chips."""
        chosen = self.average() if strategies is None else strategies
        best = [float((self.weights[p] * self.counts[p])
                      @ walk(self.tree, self.payoffs, chosen, p, best=True))
                / self.dealable for p in (0, 1)]
        return 100 * (best[0] + best[1]) / 2 / self.tree.pot, best[0], best[1]


def current_strategy(regrets: F64) -> F64:
    """Regret matching: actions in proportion to their positive regret (uniform if none)."""
    positive = np.where(regrets > REGRET_FLOOR, regrets, 0.0)
    total = positive.sum(axis=0)
    reached = total > 0
    # positive /= total where some regret is positive; uniform where none is
    np.divide(positive, total, out=positive, where=reached)
    positive[:, ~reached] = 1.0 / regrets.shape[0]
    return positive


def normalise(weights: F64) -> F64:
    """Each column scaled to sum to one; an all-zero column becomes uniform.

    >>> normalise(np.array([[1.0, 0.0], [3.0, 0.0]])).tolist()
    [[0.25, 0.5], [0.75, 0.5]]
    """
    total = weights.sum(axis=0)
    uniform = 1.0 / weights.shape[0]
    safe = np.where(total > 0, total, 1.0)
    result: F64 = np.where(total > 0, weights / safe, uniform)
    return result


def walk(tree: Tree, payoffs: Payoffs, strategies: dict[int, F64], player: int,
         best: bool, node: int = 0, reach: F64 | None = None) -> F64:
    """Counterfactual values of ``player``'s hands when the other plays ``strategies``:
    ``player`` plays them too, or (``best``) the best action for each hand."""
    if reach is None:
        reach = payoffs.weights[1 - player]
    kind = tree.kind[node]
    if kind != NodeKind.DECISION:
        if kind == NodeKind.SHOWDOWN and isinstance(payoffs, Chance):
            return payoffs.walk(node, player, reach, best)
        stake = tree.stake(node)
        if kind == NodeKind.FOLD:
            sign = -1.0 if tree.folder[node] == player else 1.0
            return (sign * stake) * payoffs.fold(player, reach)
        return stake * payoffs.showdown(player, reach)
    children, strategy = tree.children[node], strategies[node]
    if tree.player[node] != player:
        values = [walk(tree, payoffs, strategies, player, best, child, reach * strategy[a])
                  for a, child in enumerate(children)]
        total: F64 = np.sum(values, axis=0)
        return total
    own = np.stack([walk(tree, payoffs, strategies, player, best, child, reach)
                    for child in children])
    result: F64 = own.max(axis=0) if best else (strategy * own).sum(axis=0)
    return result


def solve(tree: Tree, payoffs: Payoffs, *, target: float = DEFAULT_TARGET,
          max_iterations: int = 10_000, time_limit: float | None = None,
          check_every: int = 10,
          progress: Callable[[Progress], bool | None] | None = None,
          stop: Callable[[], bool] | None = None) -> Solution:
    """Run discounted CFR until the exploitability (percent of the pot) is at most
    ``target``, or ``max_iterations``, or ``time_limit`` seconds, or until ``progress``
    returns False or ``stop`` (asked after every iteration) returns True. The
    exploitability is checked every ``check_every`` iterations and at the end, and returned
    exactly with the answer."""
    if max_iterations < 1 or check_every < 1:
        raise ValueError("max_iterations and check_every must be at least 1")
    if target < 0:
        raise ValueError(f"the target is a percentage of the pot, at least 0, got {target!r}")
    solver = Solver(tree, payoffs)
    start = time.perf_counter()
    history: list[Progress] = []
    stopped = "iterations"
    while solver.iteration < max_iterations:
        solver.iterate()
        last = solver.iteration == max_iterations
        out_of_time = time_limit is not None and time.perf_counter() - start >= time_limit
        if stop is not None and stop():
            stopped = "cancelled"
            break
        if solver.iteration % check_every and not last and not out_of_time:
            continue
        exploitability = solver.exploitability()[0]
        history.append(Progress(solver.iteration, exploitability, time.perf_counter() - start))
        if progress is not None and progress(history[-1]) is False:
            stopped = "cancelled"
            break
        if exploitability <= target:
            stopped = "target"
            break
        if out_of_time:
            stopped = "time"
            break
    return _answer(solver, history, stopped, time.perf_counter() - start)


def _answer(solver: Solver, history: list[Progress], stopped: str, seconds: float) -> Solution:
    strategies = solver.average()
    exploitability, best0, best1 = solver.exploitability(strategies)
    tree, payoffs = solver.tree, solver.payoffs
    hand_values = []
    for p in (0, 1):
        values = walk(tree, payoffs, strategies, p, best=False)
        dealt = payoffs.fold(p, payoffs.weights[1 - p])
        with np.errstate(invalid="ignore", divide="ignore"):
            hand_values.append(np.where(dealt > 0, values / dealt, np.nan))
    value = float(np.nansum(payoffs.weights[0] * payoffs.counts[0]
                            * payoffs.fold(0, payoffs.weights[1]) * hand_values[0]))
    value /= solver.dealable
    return Solution(tree, strategies, exploitability, (best0, best1), value,
                    (hand_values[0], hand_values[1]), solver.iteration, seconds, stopped,
                    history)

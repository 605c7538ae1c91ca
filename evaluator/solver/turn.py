"""A turn spot: four board cards, two weighted ranges, a pot and two stacks; every river
card is dealt at a chance node below each turn line that ends in a call or two checks.

The turn's bet tree is :func:`~evaluator.solver.tree.build_tree`'s; its showdown nodes are
chance nodes here. Below each, every one of the 48 cards left is a river of its own: a
river tree for the pot and stacks that line leaves (a line that put a player all-in gets a
tree of two checks) and :class:`~evaluator.solver.payoffs.SortedPayoffs` over the hands
that do not hold that card. Card removal is exact: a pair of hands that share no card can
see 44 river cards (52 less the board and both hands), so a hand's value at a chance node
is the sum over the river cards it does not hold of its river value, against the other's
hands that do not hold that card either, divided by 44.

Values are chips against the start of the turn (each player has put in half the pot), so a
river's stake (half its pot plus the loser's river chips) is the same chips counted from
the turn. One river's payoffs serve every chance node (the hands and the board are the
same); each chance node has its own tree and its own regrets per river card.

>>> from evaluator.solver.tree import Sizes
>>> spot = turn_spot("Ks 7c 2d 9h", ["AA, K9s, 0.5(QJs)", "KQ, 99, T8s"], pot=100,
...                  stacks=(100, 100), config=TreeConfig(first=Sizes(bets=(0.75,)),
...                  second=Sizes(bets=(0.75,))))
>>> len(spot.payoffs.rivers)
48
>>> answer = solve_turn(spot, target=1.0)
>>> answer.exploitability <= 1.0, answer.stopped
(True, 'target')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from evaluator.batch import evaluate_batch
from evaluator.cards import Card, to_cards
from evaluator.hands import CardInput
from evaluator.ranges import Combo, Range, parse_range
from evaluator.solver.cfr import DEFAULT_TARGET, Progress, Solution, Solver, solve, walk
from evaluator.solver.payoffs import Payoffs, SortedPayoffs, StackedPayoffs
from evaluator.solver.tree import NodeKind, Tree, TreeConfig, build_tree

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]
RIVERS_DEALT: Final = 44  # river cards a pair of hands can see: 52 - 4 board - 2 - 2


@dataclass
class River:
    """One river card: which turn hands of each player do not hold it (``rows[p]``, their
    indices among that player's turn hands) and the payoffs on the five-card board."""

    card: Card
    rows: tuple[I64, I64]
    payoffs: Payoffs  # SortedPayoffs (the bench's baseline puts dense ones here)


class TurnPayoffs:
    """Folds on the turn (card removal only) and the chance nodes below its calls."""

    def __init__(self, tree: Tree, cards: tuple[I64, I64], weights: tuple[F64, F64],
                 rivers: list[River], river_config: TreeConfig) -> None:
        self.weights = weights
        self.counts = (np.ones(len(weights[0])), np.ones(len(weights[1])))
        zero = (np.zeros(len(cards[0]), dtype=np.int64), np.zeros(len(cards[1]), dtype=np.int64))
        self.turn = SortedPayoffs(zero, cards, weights)  # strengths unused: folds only
        self.rivers = rivers
        self.trees: dict[int, Tree] = {}
        for node, kind in enumerate(tree.kind):
            if kind == NodeKind.SHOWDOWN:
                put = tree.contributions[node][0]
                left = tree.stack - put
                self.trees[node] = build_tree(tree.pot + 2 * put, (left, left), river_config,
                                              first=tree.first)
        self.solvers: dict[int, list[Solver]] = {}
        self._averages: dict[int, list[dict[int, F64]]] = {}
        self.stacked: StackedPayoffs | None = None
        self.card_tables = True  # False: the stacked sweeps' plain gathers (the bench)
        self.rows: tuple[I64, ...] = ()
        self.reset()

    def reset(self) -> None:
        """Fresh regrets and strategy sums on every river (a new solve). Sorted payoffs are
        stacked: one solver per chance node walks every river at once
        (:class:`~evaluator.solver.payoffs.StackedPayoffs`); other payoffs (the dense
        baseline) get one solver per river."""
        parts = [p for p in (river.payoffs for river in self.rivers)
                 if isinstance(p, SortedPayoffs)]
        self.stacked = (StackedPayoffs(parts, self.card_tables)
                        if len(parts) == len(self.rivers) else None)
        if self.stacked is not None:
            self.rows = tuple(np.concatenate([river.rows[p] for river in self.rivers])
                              for p in (0, 1))
            self.solvers = {node: [Solver(tree, self.stacked, check=False)]
                            for node, tree in self.trees.items()}
        else:
            self.solvers = {node: [Solver(tree, river.payoffs, check=False)
                                   for river in self.rivers]
                            for node, tree in self.trees.items()}
        self._averages = {}

    def fold(self, player: int, reach: F64) -> F64:
        return self.turn.fold(player, reach)

    def showdown(self, player: int, reach: F64) -> F64:
        raise AssertionError("a turn's showdowns are chance nodes")  # pragma: no cover

    def discount(self, iteration: int) -> None:
        self._averages.clear()
        for solvers in self.solvers.values():
            for solver in solvers:
                solver.discount(iteration)

    def _gather(self, player: int, values: F64) -> F64:
        """Stacked rows' values added up per turn hand."""
        total = np.bincount(self.rows[player], weights=values,
                            minlength=len(self.weights[player]))
        return total.astype(np.float64, copy=False)

    def update(self, node: int, player: int, own: F64, other: F64) -> F64:
        """Discounted CFR's update of every river below ``node``."""
        if self.stacked is not None:
            mine, theirs = self.rows[player], self.rows[1 - player]
            values = self.solvers[node][0]._update(0, player, own[mine], other[theirs])
            result: F64 = self._gather(player, values) / RIVERS_DEALT
            return result
        total = np.zeros(len(own))
        for river, solver in zip(self.rivers, self.solvers[node], strict=True):
            mine, theirs = river.rows[player], river.rows[1 - player]
            total[mine] += solver._update(0, player, own[mine], other[theirs])
        result = total / RIVERS_DEALT
        return result

    def _average(self, node: int) -> list[dict[int, F64]]:
        if node not in self._averages:
            self._averages[node] = [solver.average() for solver in self.solvers[node]]
        return self._averages[node]

    def averages(self, node: int) -> list[dict[int, F64]]:
        """Each river's average strategy below ``node`` (kept until the next iteration)."""
        found = self._average(node)
        if self.stacked is None:
            return found
        tree = self.trees[node]
        per_river: list[dict[int, F64]] = [{} for _ in self.rivers]
        for decision, strategy in found[0].items():
            sizes = self.stacked.sizes[tree.player[decision]]
            starts = np.cumsum([0, *sizes])
            for k in range(len(self.rivers)):
                per_river[k][decision] = strategy[:, starts[k]:starts[k + 1]]
        return per_river

    def walk(self, node: int, player: int, reach: F64, best: bool) -> F64:
        """The rivers' values below ``node`` for the average strategies (or a best
        response of ``player``, who sees the river card)."""
        tree = self.trees[node]
        if self.stacked is not None:
            theirs = self.rows[1 - player]
            values = walk(tree, self.stacked, self._average(node)[0], player, best,
                          reach=reach[theirs])
            result: F64 = self._gather(player, values) / RIVERS_DEALT
            return result
        total = np.zeros(len(self.weights[player]))
        for river, strategies in zip(self.rivers, self._average(node), strict=True):
            mine, theirs = river.rows[player], river.rows[1 - player]
            total[mine] += walk(tree, river.payoffs, strategies, player, best,
                                reach=reach[theirs])
        result = total / RIVERS_DEALT
        return result


@dataclass
class TurnSpot:
    """A turn ready to solve: each player's combos, the turn tree and the payoffs."""

    board: list[Card]
    combos: tuple[list[Combo], list[Combo]]
    tree: Tree
    payoffs: TurnPayoffs


def turn_spot(board: CardInput, ranges: Sequence[Range | str], pot: float,
              stacks: tuple[float, float], config: TreeConfig | None = None,
              river: TreeConfig | None = None, first: int = 0) -> TurnSpot:
    """Check the input, remove the board's cards, score every hand on every river and
    build the trees: ``config`` sizes the turn, ``river`` (``config`` unless given) the
    rivers."""
    cards = to_cards(board)
    if len(cards) != 4:
        raise ValueError(f"a turn board has 4 cards, got {len(cards)}")
    if len(ranges) != 2 or isinstance(ranges, str):
        raise ValueError("a heads-up turn takes two ranges")
    combos: list[list[Combo]] = []
    ids: list[I64] = []
    weights: list[F64] = []
    for number, given in enumerate(ranges):
        parsed = given if isinstance(given, Range) else _parse(given, number)
        left = parsed.without(cards)
        if not len(left):
            raise ValueError(f"player {number}: no hand of the range is left once the "
                             "board's cards are removed")
        held = list(left)
        combos.append(held)
        ids.append(np.array([[a.id, b.id] for a, b in held], dtype=np.int64))
        weights.append(np.array([left.weights[c] for c in held], dtype=np.float64))
    board_ids = [c.id for c in cards]
    rivers = []
    for card in range(52):
        if card in board_ids:
            continue
        rows: list[I64] = []
        strengths = []
        for p in (0, 1):
            kept = np.flatnonzero((ids[p] != card).all(axis=1))
            hands = ids[p][kept]
            table = np.hstack([hands, np.tile(np.array([*board_ids, card]), (len(hands), 1))])
            strength = evaluate_batch(table.astype(np.uint8)).astype(np.int64)
            # A river's hands by strength: the sweeps' gathers then read their prefix sums
            # in order instead of at random (about twice as fast on full ranges).
            order = np.argsort(strength, kind="stable")
            rows.append(kept[order])
            strengths.append(strength[order])
        payoffs = SortedPayoffs((strengths[0], strengths[1]),
                                (ids[0][rows[0]], ids[1][rows[1]]),
                                (weights[0][rows[0]], weights[1][rows[1]]))
        rivers.append(River(Card(card), (rows[0], rows[1]), payoffs))
    tree = build_tree(pot, stacks, config or TreeConfig(), first=first)
    payoffs_all = TurnPayoffs(tree, (ids[0], ids[1]), (weights[0], weights[1]), rivers,
                              river or config or TreeConfig())
    return TurnSpot(cards, (combos[0], combos[1]), tree, payoffs_all)


def _parse(text: str, number: int) -> Range:
    try:
        return parse_range(text)
    except ValueError as error:
        raise ValueError(f"player {number}: {error}") from None


def solve_turn(spot: TurnSpot, *, target: float = DEFAULT_TARGET,
               max_iterations: int = 10_000, time_limit: float | None = None,
               progress: Callable[[Progress], bool | None] | None = None,
               stop: Callable[[], bool] | None = None) -> Solution:
    """Solve a turn spot to ``target`` percent of the pot in exploitability (or a budget:
    see :func:`evaluator.solver.cfr.solve`). The strategies are the turn's; each river's
    are in ``spot.payoffs.averages(node)``."""
    return solve(spot.tree, spot.payoffs, target=target, max_iterations=max_iterations,
                 time_limit=time_limit, progress=progress, stop=stop)

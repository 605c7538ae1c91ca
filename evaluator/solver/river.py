"""A river spot: a board of five cards, two weighted ranges, a pot and two stacks.

:func:`river_spot` removes the board's cards from both ranges, scores every combo with the
evaluator's batch path and returns the tree and the sorted payoffs the solver walks;
:func:`solve_river` solves it. Player 0 (the first range) acts first unless ``first=1``.

>>> spot = river_spot("Ks 7c 2d 9h 3s", ["AA, KK, 72s", "KQ, QQ"], pot=100, stacks=(200, 200))
>>> [len(c) for c in spot.combos]
[11, 18]
>>> answer = solve_river(spot, target=0.5)
>>> answer.exploitability <= 0.5, answer.stopped
(True, 'target')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from evaluator.batch import evaluate_batch
from evaluator.cards import Card, to_cards
from evaluator.hands import CardInput
from evaluator.ranges import Combo, Range, parse_range
from evaluator.solver.cfr import DEFAULT_TARGET, Progress, Solution, solve
from evaluator.solver.payoffs import SortedPayoffs
from evaluator.solver.symmetry import SymmetricPayoffs, suit_symmetries
from evaluator.solver.tree import Tree, TreeConfig, build_tree


@dataclass
class RiverSpot:
    """A river ready to solve: each player's rows of combos, the tree and the payoffs.

    ``combos[p][i]`` is the combo that row ``i`` of player ``p`` stands for (its strategy
    and value); with suit symmetry, ``members[p][i]`` lists every combo it stands for.
    """

    board: list[Card]
    combos: tuple[list[Combo], list[Combo]]
    tree: Tree
    payoffs: SortedPayoffs | SymmetricPayoffs
    members: tuple[list[list[Combo]], list[list[Combo]]]


def river_spot(board: CardInput, ranges: Sequence[Range | str], pot: float,
               stacks: tuple[float, float], config: TreeConfig | None = None,
               first: int = 0, suit_symmetry: bool = False) -> RiverSpot:
    """Check the input, remove the board's cards and build the tree, where player
    ``first`` acts first. With ``suit_symmetry``, hands that a renaming of suits keeping
    the board and both ranges swaps share one row (:mod:`evaluator.solver.symmetry`)."""
    cards = to_cards(board)
    if len(cards) != 5:
        raise ValueError(f"a river board has 5 cards, got {len(cards)}")
    if len(ranges) != 2 or isinstance(ranges, str):
        raise ValueError("a heads-up river takes two ranges")
    combos: list[list[Combo]] = []
    strengths, ids, weights = [], [], []
    for number, given in enumerate(ranges):
        parsed = given if isinstance(given, Range) else _parse(given, number)
        left = parsed.without(cards)
        if not len(left):
            raise ValueError(f"player {number}: no hand of the range is left once the "
                             "board's cards are removed")
        held = list(left)
        pairs = np.array([[a.id, b.id] for a, b in held], dtype=np.int64)
        board_ids = np.tile(np.array([c.id for c in cards], dtype=np.int64), (len(held), 1))
        strengths.append(evaluate_batch(np.hstack([pairs, board_ids]).astype(np.uint8)))
        ids.append(pairs)
        weights.append(np.array([left.weights[c] for c in held]))
        combos.append(held)
    tree = build_tree(pot, stacks, config or TreeConfig(), first=first)
    board_ids = np.array([c.id for c in cards], dtype=np.int64)
    renamings = suit_symmetries(board_ids, list(zip(ids, weights, strict=True))) \
        if suit_symmetry else []
    if len(renamings) > 1:
        strong = [s.astype(np.int64) for s in strengths]
        symmetric = SymmetricPayoffs((strong[0], strong[1]), (ids[0], ids[1]),
                                     (weights[0], weights[1]), renamings)
        members: list[list[list[Combo]]] = []
        for p in (0, 1):
            grouped: list[list[Combo]] = [[] for _ in symmetric.representatives[p]]
            for hand, row in enumerate(symmetric.rows[p].tolist()):
                grouped[row].append(combos[p][hand])
            members.append(grouped)
        rows = [[combos[p][i] for i in symmetric.representatives[p].tolist()] for p in (0, 1)]
        return RiverSpot(cards, (rows[0], rows[1]), tree, symmetric, (members[0], members[1]))
    payoffs = SortedPayoffs((strengths[0], strengths[1]), (ids[0], ids[1]),
                            (weights[0], weights[1]))
    alone = ([[c] for c in combos[0]], [[c] for c in combos[1]])
    return RiverSpot(cards, (combos[0], combos[1]), tree, payoffs, alone)


def _parse(text: str, number: int) -> Range:
    try:
        return parse_range(text)
    except ValueError as error:
        raise ValueError(f"player {number}: {error}") from None


def solve_river(spot: RiverSpot, *, target: float = DEFAULT_TARGET,
                max_iterations: int = 10_000, time_limit: float | None = None,
                progress: Callable[[Progress], bool | None] | None = None,
                stop: Callable[[], bool] | None = None) -> Solution:
    """Solve a river spot to ``target`` percent of the pot in exploitability (or a budget:
    see :func:`evaluator.solver.cfr.solve`)."""
    return solve(spot.tree, spot.payoffs, target=target, max_iterations=max_iterations,
                 time_limit=time_limit, progress=progress, stop=stop)

"""The coach's river advice set beside the river solver's (``evaluator.solver``).

A random heads-up river where the coach acts first (the big blind, out of position): a
random board and hand, a preflop line and a flop and turn line, a pot and stacks within
``POTS`` and ``STACKS``. Both ranges come from the coach's range model
(``games.bots.villains``): the coach's own as the opponent sees it (its seat and actions,
not its cards), the opponent's by its seat and actions. The solver plays the same spot with
those ranges (holdings below ``PRUNE`` of the heaviest left out, to keep it quick), the
coach's sizes ``SOLVER_BETS`` of the pot and all in, a raise of the pot and all in.

For the coach's hand, the solver gives each root action's value (chips against the start
of the river; plus half the pot, the same count as the coach's EV: chips relative to
folding now) and how often the hand takes it. The spot *agrees* when the coach's best play
(check or bet) is the solver's most frequent one for this hand, or when the solver values
the coach's play (its nearest size) within ``TOLERANCE`` of the pot of the solver's best.
``bench/coach_solver.py`` prints the figures; ``tests/bots/test_solver_check.py`` asserts
the rate docs/coach.md states.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Final

import numpy as np

from evaluator.cards import Card
from evaluator.ranges import Range
from evaluator.solver.answers import node_answer
from evaluator.solver.river import river_spot, solve_river
from evaluator.solver.tree import Sizes, TreeConfig
from games.bots.grading import options
from games.bots.holdings import HOLDINGS, Weights, holding_index
from games.bots.ranges import CARD_IDS
from games.bots.situation import Legal, Opponent, Situation
from games.bots.villains import opponent_range
from games.bots.weighing import Option, best_option
from games.engine.types import ActionKind, AmountRange

NAMES: Final = {card_id: name for name, card_id in CARD_IDS.items()}
POTS: Final = (8, 80)  # chips, blinds 1/2: 4 to 40 big blinds
STACKS: Final = (20, 300)  # the effective stack behind, chips
SOLVER_BETS: Final = (0.33, 0.75, 1.5)
PRUNE: Final = 0.02  # holdings lighter than this share of the heaviest are left out
TARGET: Final = 1.0  # exploitability the solver stops at, percent of the pot
TOLERANCE: Final = 0.05  # of the pot
PREFLOP_LINES: Final = (
    ((1, "raise"), (2, "call")),  # the button opens, the big blind calls
    ((1, "call"), (2, "check")),  # the button limps, the big blind checks
    ((1, "raise"), (2, "raise"), (1, "call")),  # a three-bet called
)
# (coach, opponent) actions on one street after the flop; the coach acts first.
STREET_LINES: Final = (("check", "check"), ("bet", "call"), ("check", "bet", "call"))


@dataclass(frozen=True)
class Compared:
    """One river: the coach's play and value, the solver's for the same hand."""

    situation: Situation
    coach: Option
    coach_play: str  # the solver's action nearest the coach's play
    solver_play: str  # the hand's most frequent action in the solution
    coach_value: float  # the coach's EV of its play (chips relative to folding now)
    solver_value: float  # the solver's value of the coach's play, the same count
    solver_best: float  # the solver's value of its best action for this hand
    pot: int

    @property
    def same_kind(self) -> bool:
        return self.coach_play.split()[0] == self.solver_play.split()[0]

    @property
    def loss(self) -> float:
        """What the coach's play gives up by the solver's values, as a share of the pot."""
        return max(0.0, self.solver_best - self.solver_value) / self.pot

    @property
    def agrees(self) -> bool:
        return self.same_kind or self.loss <= TOLERANCE


def _actions(line: tuple[str, ...], coach_first: bool = True) -> tuple[list[str], list[str]]:
    mine: list[str] = []
    theirs: list[str] = []
    for index, kind in enumerate(line):
        (mine if (index % 2 == 0) == coach_first else theirs).append(kind)
    return mine, theirs


def random_river(rng: random.Random) -> Situation:
    """A heads-up river where seat 2 (the big blind, the coach) acts first: see the module
    docstring."""
    cards = rng.sample(sorted(CARD_IDS), 7)
    hole, board = tuple(cards[:2]), tuple(cards[2:])
    preflop = rng.choice(PREFLOP_LINES)
    mine = [("preflop", k) for s, k in preflop if s == 2 and k != "check"]
    theirs = [("preflop", k) for s, k in preflop if s == 1]
    for street in ("flop", "turn"):
        me, them = _actions(rng.choice(STREET_LINES))
        mine += [(street, k) for k in me]
        theirs += [(street, k) for k in them]
    pot = rng.randint(*POTS)
    stack = rng.randint(*STACKS)
    legal = Legal(frozenset({ActionKind.FOLD, ActionKind.CHECK, ActionKind.BET}), 0,
                  AmountRange(2, stack), None, stack)
    opponent = Opponent(1, stack + rng.randint(0, 100), 0, False, tuple(theirs))
    return Situation(2, hole, board, "river", pot, 0, stack, 2, (opponent,), legal, 0,
                     button=1, blinds=(1, 2), seats=(1, 2), preflop=preflop,
                     own_actions=tuple(mine))


def _as_range(weights: Weights, keep: int | None = None) -> Range:
    """``weights`` as the solver's range, the light holdings left out (``keep`` never)."""
    top = float(weights.max())
    heavy = weights >= PRUNE * top
    if keep is not None:
        heavy[keep] = weights[keep] > 0
    kept = np.flatnonzero(heavy)
    found = {}
    for index in kept:
        a, b = (Card(NAMES[int(c)]) for c in HOLDINGS[index])
        found[(a, b) if a.id > b.id else (b, a)] = float(weights[index] / top)
    return Range(found)


def _nearest(actions: list[str], option: Option, pot: int, stack: int) -> str:
    """The solver's root action nearest the coach's play."""
    if option.kind == "check":
        return "Check"
    bets = [a for a in actions if a.startswith("Bet")]
    size = option.to or 0
    if size >= stack:
        return next((a for a in bets if "all-in" in a), bets[-1])
    return min(bets, key=lambda a: abs(float(a.split()[1]) - size))


def compare(situation: Situation) -> Compared:
    """The coach's best play on this river and the solver's (module docstring)."""
    seen = replace(situation, hole=())
    me = Opponent(situation.seat, situation.stack, 0, False, situation.own_actions)
    mine = opponent_range(seen, me)
    theirs = opponent_range(seen, situation.opponents[0])
    best = best_option(options(situation, [opponent_range(situation, situation.opponents[0])]))
    stack = min(situation.stack, situation.opponents[0].stack)
    sizes = Sizes(bets=SOLVER_BETS, raises=(1.0,), all_in=True)
    held = holding_index(*situation.hole)
    spot = river_spot(" ".join(situation.board), [_as_range(mine, held), _as_range(theirs)],
                      pot=situation.pot, stacks=(situation.stack, situation.opponents[0].stack),
                      config=TreeConfig(first=sizes, second=sizes))
    solution = solve_river(spot, target=TARGET)
    root = node_answer(solution, spot.payoffs, 0)
    hand = {Card(c) for c in situation.hole}
    row = next(i for i, combo in enumerate(spot.combos[0]) if set(combo) == hand)
    values = root.values[:, row] + situation.pot / 2
    play = _nearest(root.actions, best, situation.pot, stack)
    return Compared(situation, best, play, root.actions[int(np.argmax(root.strategy[:, row]))],
                    best.ev, float(values[root.actions.index(play)]), float(np.nanmax(values)),
                    situation.pot)


def compare_many(count: int, seed: int) -> list[Compared]:
    """``count`` random rivers (``random_river``) compared."""
    rng = random.Random(seed)
    return [compare(random_river(rng)) for _ in range(count)]

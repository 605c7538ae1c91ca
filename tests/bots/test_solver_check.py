"""The coach's river play against the river solver's (games/bots/solver_check.py): on 50
random heads-up rivers, the rate docs/coach.md states."""

import random

import pytest

from games.bots.solver_check import TOLERANCE, compare, compare_many, random_river


def test_a_river_compared_reads_the_coachs_hand_and_the_solvers_values_of_its_play():
    for seed in (1, 2):
        found = compare(random_river(random.Random(seed)))
        assert found.solver_value <= found.solver_best + 1e-9
        assert found.coach_play.split()[0] in ("Check", "Bet")
        assert found.solver_play.split()[0] in ("Check", "Bet")
        if found.coach.kind == "check":
            assert found.coach_play == "Check"
        # Values are chips relative to folding now: no hand wins more than the pot and
        # the stack it can win, none loses more than its stack.
        limit = found.pot + found.situation.stack
        assert -found.situation.stack <= found.solver_value <= limit


@pytest.mark.slow
def test_on_fifty_rivers_the_coach_plays_as_the_solver_or_within_the_tolerance():
    found = compare_many(50, 42)
    agree = sum(c.agrees for c in found)
    assert agree >= 45  # 90%: docs/coach.md
    assert sum(c.loss for c in found) / len(found) <= 0.03  # of the pot, by the solver
    assert all(c.loss <= 2 * TOLERANCE for c in found)  # no bad disagreement

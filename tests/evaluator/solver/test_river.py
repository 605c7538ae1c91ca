"""River spots: the solver reaches the target exploitability on random spots (checked again
through the dense matrices), stops on its budget or when the callback cancels, and refuses
bad spots with a reason."""

from __future__ import annotations

import numpy as np
import pytest

from evaluator import DECK
from evaluator.solver.cfr import Solver, solve
from evaluator.solver.river import river_spot, solve_river
from evaluator.solver.tree import Sizes, TreeConfig

TARGET = 0.5  # percent of the pot, the default


def random_river(seed: int, hands: int | None):
    """A random board, two ranges of ``hands`` random combos with random weights (or every
    combo, when None), a random pot and stacks, and one of a few bet trees."""
    rng = np.random.default_rng(seed)
    deck = rng.permutation(52)
    board = " ".join(str(DECK[int(c)]) for c in deck[:5])
    if hands is None:
        ranges = ["random", "random"]
    else:
        rest = deck[5:]
        combos = [f"{DECK[int(a)]}{DECK[int(b)]}" for k, a in enumerate(rest)
                  for b in rest[k + 1:]]
        ranges = [", ".join(f"{rng.uniform(0.05, 1):.3f}({combos[i]})"
                            for i in rng.choice(len(combos), hands, replace=False))
                  for _ in range(2)]
    pot = float(rng.integers(4, 200))
    stacks = (float(rng.integers(1, 400)), float(rng.integers(1, 400)))
    config = [TreeConfig(),
              TreeConfig(first=Sizes(bets=(0.5,), raises=(0.75,)),
                         second=Sizes(bets=(0.33, 1.0)), raise_cap=2),
              TreeConfig(first=Sizes(bets=(), all_in=False), second=Sizes(bets=(0.75, 1.5)))
              ][seed % 3]
    return river_spot(board, ranges, pot=pot, stacks=stacks, config=config)


def assert_solved(spot):
    answer = solve_river(spot, target=TARGET, max_iterations=3000)
    assert answer.stopped == "target", (answer.iterations, answer.exploitability)
    assert 0 <= answer.exploitability <= TARGET
    # The same strategies' exploitability through the dense matrices (no sorting).
    dense = Solver(spot.tree, spot.payoffs.dense())
    assert dense.exploitability(answer.strategies)[0] == pytest.approx(answer.exploitability,
                                                                       abs=1e-9)


@pytest.mark.parametrize("seed", range(20))
def test_random_river_spots_are_solved_below_the_target(seed):
    assert_solved(random_river(seed, hands=120))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(20))
def test_random_river_spots_with_full_ranges_are_solved_below_the_target(seed):
    assert_solved(random_river(seed, hands=None))


@pytest.fixture(scope="module")
def spot():
    return river_spot("As 8d 8c 4h 2s", ["AK, A8s, 99-66, KQs, 0.5(65s), 0.3(JTs)",
                                         "AQ+, 88, 44, 0.5(KJs), T9s, 0.7(76s), 53s"],
                      pot=40, stacks=(100, 80))


def test_the_callback_sees_each_check_and_can_cancel(spot):
    seen = []

    def cancel_at_the_third(progress):
        seen.append(progress)
        return len(seen) < 3

    answer = solve_river(spot, target=0.0, progress=cancel_at_the_third)
    assert answer.stopped == "cancelled"
    assert [p.iteration for p in seen] == [10, 20, 30] and answer.iterations == 30
    assert answer.exploitability == pytest.approx(seen[-1].exploitability)


def test_the_solver_stops_after_the_iterations_it_is_given(spot):
    answer = solve_river(spot, target=0.0, max_iterations=7)
    assert answer.stopped == "iterations" and answer.iterations == 7
    again = Solver(spot.tree, spot.payoffs)
    for _ in range(7):
        again.iterate()
    assert again.exploitability()[0] == pytest.approx(answer.exploitability)
    assert answer.exploitability > 0


def test_a_time_limit_of_zero_stops_after_one_iteration(spot):
    answer = solve_river(spot, target=0.0, time_limit=0.0)
    assert answer.stopped == "time" and answer.iterations == 1


def test_hand_values_add_up_to_the_value_and_are_zero_sum(spot):
    answer = solve_river(spot)
    payoffs = spot.payoffs
    dealt = [payoffs.fold(p, payoffs.weights[1 - p]) * payoffs.weights[p] for p in (0, 1)]
    totals = [float(dealt[p] @ answer.hand_values[p]) / dealt[p].sum() for p in (0, 1)]
    assert totals[0] == pytest.approx(answer.value)
    assert totals[1] == pytest.approx(-answer.value)
    # Neither best response does worse than the strategies' own value.
    assert answer.best_responses[0] >= answer.value - 1e-9
    assert answer.best_responses[1] >= -answer.value - 1e-9


@pytest.mark.parametrize(("board", "ranges", "message"), [
    ("As 8d 8c 4h", ["AA", "KK"], "a river board has 5 cards, got 4"),
    ("As 8d 8c 4h 2s", ["AA", "KK", "QQ"], "a heads-up river takes two ranges"),
    ("As 8d 8c 4h 2s", ["AA", "KZ"], "player 1: "),
    ("As Ad Ac 4h 2s", ["AA", "KK"], "player 0: no hand of the range is left"),
])
def test_bad_spots_are_refused_with_a_reason(board, ranges, message):
    with pytest.raises(ValueError, match=message):
        river_spot(board, ranges, pot=10, stacks=(10, 10))


def test_ranges_that_cannot_be_dealt_together_are_refused():
    spot = river_spot("2s 3s 4d 8h 9c", ["AhKh", "AhQd"], pot=10, stacks=(10, 10))
    with pytest.raises(ValueError, match="no pair of hands can be dealt"):
        solve_river(spot)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"target": -1}, "the target is a percentage of the pot"),
    ({"max_iterations": 0}, "max_iterations and check_every must be at least 1"),
])
def test_bad_budgets_are_refused_with_a_reason(spot, kwargs, message):
    with pytest.raises(ValueError, match=message):
        solve(spot.tree, spot.payoffs, **kwargs)


def test_who_acts_first_is_a_choice_and_swapping_seats_mirrors_the_answer():
    board, ranges = "Td 9d 4s 4c Kh", ["KT, 99, 0.5(QJ), A4s, 87s", "KQ, TT, J8s, 0.4(AdQd)"]
    first = river_spot(board, ranges, pot=30, stacks=(60, 45))
    second = river_spot(board, ranges[::-1], pot=30, stacks=(45, 60), first=1)
    assert second.tree.player[0] == 1 and second.tree.actions == first.tree.actions
    a = solve_river(first, target=0.1)
    b = solve_river(second, target=0.1)
    # Both are within their exploitability of the one equilibrium value (updates alternate
    # from player 0, so the iterates themselves differ).
    slack = 2 * (a.exploitability + b.exploitability) / 100 * 30
    assert abs(b.value + a.value) <= slack
    assert a.exploitability <= 0.1 and b.exploitability <= 0.1
    with pytest.raises(ValueError, match="the player who acts first is 0 or 1"):
        river_spot(board, ranges, pot=30, stacks=(60, 45), first=2)

"""The solver on games whose equilibria are known in closed form: its values and strategies
equal the published or derived solutions to 1e-3.

- Kuhn poker (Kuhn, 1950): three cards, an ante of 1 each, one bet of 1. The first player's
  value is -1/18; the second player's strategy is unique (call a bet with the queen 1/3 of the
  time, bet the jack 1/3 when checked to); the first player's is a family with one parameter
  a in [0, 1/3]: bet the jack a, the king 3a, call with the queen a + 1/3.
- The clairvoyance game (Chen and Ankenman, The Mathematics of Poker, ch. 11): player 0 holds
  the nuts or air, player 1 a bluff catcher, one bet of s pots and no bet for player 1
  (a half street). All nuts bet; the bluffs make up s / (1 + 2s) of the bets; player 1 calls
  1 / (1 + s) of the time.
- The half-street AKQ game (ibid., ch. 13): one card each from A, K, Q; player 0 bets s pots
  or checks, player 1 calls or folds. The ace bets, the king checks, the queen bluffs
  s / (1 + s); the king calls (1 - s) / (1 + s), the ace always, the queen never; player 0's
  value is c * s * pot / 6 (derived in the test).
"""

from __future__ import annotations

import numpy as np
import pytest

from evaluator.solver.cfr import solve
from evaluator.solver.payoffs import DensePayoffs
from evaluator.solver.tree import Sizes, TreeConfig, build_tree

TOLERANCE = 1e-3
TARGET = 0.001  # percent of the pot: far enough below the tolerance
KUHN_TARGET = 0.01  # Kuhn's strategies are less sensitive to it
ONE_BET = Sizes(bets=(0.5,), all_in=False)  # half the pot of 2: Kuhn's bet of 1
NO_BET = Sizes(bets=(), raises=(), all_in=False)
ALL_IN = Sizes(bets=(), raises=(), all_in=True)


def node(tree, *line: str) -> int:
    """The node reached by a line of actions (by their first word: Check, Bet, Call, Fold)."""
    at = 0
    for word in line:
        at = next(child for child, action in zip(tree.children[at], tree.actions[at],
                                                 strict=True) if action.startswith(word))
    return at


def frequency(answer, line: tuple[str, ...], action: str) -> np.ndarray:
    """How often each hand of the player to act after ``line`` takes ``action``."""
    tree = answer.tree
    at = node(tree, *line)
    index = next(i for i, a in enumerate(tree.actions[at]) if a.startswith(action))
    return answer.strategies[at][index]


@pytest.fixture(scope="module")
def kuhn():
    tree = build_tree(2, (1, 1), TreeConfig(first=ONE_BET, second=ONE_BET))
    cards = np.arange(3)  # jack, queen, king
    payoffs = DensePayoffs(np.sign(np.subtract.outer(cards, cards)), 1 - np.eye(3))
    return solve(tree, payoffs, target=KUHN_TARGET, max_iterations=5000)


def test_kuhn_poker_is_worth_minus_one_eighteenth_to_the_first_player(kuhn):
    answer = kuhn
    assert answer.value == pytest.approx(-1 / 18, abs=TOLERANCE)
    assert answer.exploitability <= KUHN_TARGET and answer.stopped == "target"


def test_kuhn_poker_second_player_plays_the_unique_equilibrium(kuhn):
    answer = kuhn
    jack, queen, king = 0, 1, 2
    call = frequency(answer, ("Bet",), "Call")
    assert call[[jack, queen, king]] == pytest.approx([0, 1 / 3, 1], abs=TOLERANCE)
    bet = frequency(answer, ("Check",), "Bet")
    assert bet[[jack, queen, king]] == pytest.approx([1 / 3, 0, 1], abs=TOLERANCE)


def test_kuhn_poker_first_player_plays_within_the_equilibrium_family(kuhn):
    answer = kuhn
    jack, queen, king = 0, 1, 2
    bet = frequency(answer, (), "Bet")
    a = bet[jack]
    assert -TOLERANCE <= a <= 1 / 3 + TOLERANCE
    assert bet[queen] == pytest.approx(0, abs=TOLERANCE)
    assert bet[king] == pytest.approx(3 * a, abs=3 * TOLERANCE)
    call = frequency(answer, ("Check", "Bet"), "Call")
    assert call[[jack, queen, king]] == pytest.approx([0, a + 1 / 3, 1], abs=2 * TOLERANCE)


@pytest.mark.parametrize(("pot", "bet", "nuts", "air"), [
    (100, 50, 1.0, 2.0),  # half-pot: bluffs are 1/4 of the bets, calls 2/3
    (100, 100, 1.0, 1.0),  # pot-sized: bluffs 1/3 of the bets, calls 1/2
    (10, 25, 3.0, 5.0),  # an overbet of 2.5 pots
])
def test_the_clairvoyance_game_bluffs_and_calls_as_the_mathematics_of_poker_says(
        pot, bet, nuts, air):
    tree = build_tree(pot, (bet, bet), TreeConfig(first=ALL_IN, second=NO_BET))
    # Player 0: the nuts (beats the bluff catcher) or air (loses to it).
    payoffs = DensePayoffs([[1], [-1]], np.ones((2, 1)), ([nuts, air], [1.0]))
    answer = solve(tree, payoffs, target=TARGET, max_iterations=5000)
    s = bet / pot
    share = nuts / (nuts + air)
    bluffs = share * s / (1 + s) / (1 - share)  # of the air, so bluffs : value = s : 1 + s
    assert bluffs <= 1
    betting = frequency(answer, (), "Bet")
    assert betting == pytest.approx([1, bluffs], abs=TOLERANCE)
    bluff_share = (1 - share) * bluffs / ((1 - share) * bluffs + share)
    assert bluff_share == pytest.approx(s / (1 + 2 * s))  # the published ratio, derived
    assert frequency(answer, ("Bet",), "Call") == pytest.approx([1 / (1 + s)], abs=TOLERANCE)
    value = share * (pot / 2 + bet / (1 + s)) - (1 - share) * pot / 2
    assert answer.value == pytest.approx(value, abs=TOLERANCE * pot)


@pytest.mark.parametrize(("pot", "bet"), [(4, 1), (2, 1), (10, 7)])
def test_the_half_street_akq_game_matches_its_analytic_solution(pot, bet):
    tree = build_tree(pot, (bet, bet), TreeConfig(first=ALL_IN, second=NO_BET))
    cards = np.arange(3)  # queen, king, ace; nobody holds the other's card
    payoffs = DensePayoffs(np.sign(np.subtract.outer(cards, cards)), 1 - np.eye(3))
    answer = solve(tree, payoffs, target=TARGET, max_iterations=5000)
    queen, king, ace = 0, 1, 2
    s = bet / pot
    bluff, call = s / (1 + s), (1 - s) / (1 + s)
    betting = frequency(answer, (), "Bet")
    assert betting[[queen, king, ace]] == pytest.approx([bluff, 0, 1], abs=TOLERANCE)
    calling = frequency(answer, ("Bet",), "Call")
    assert calling[[queen, king, ace]] == pytest.approx([0, call, 1], abs=TOLERANCE)
    # Player 0's value: the ace wins the pot's half, plus the bet when the king calls (one
    # deal in six); the king breaks even; the queen, indifferent, loses the half pot as when
    # it checks: (1/6)(pot/2 + c bet) + (1/6)(pot/2) - (1/3)(pot/2) = c bet / 6.
    assert answer.value == pytest.approx(call * bet / 6, abs=TOLERANCE * pot)

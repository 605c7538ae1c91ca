"""The coach in pot-limit Omaha (games/bots/omaha_coach.py): its equity against random
four-card hands checked against an exact count of every opponent hand on the river, its
standard error against the spread of a share, and its lines on decisions."""

from itertools import combinations

import pytest

from evaluator import DECK, evaluate_omaha, parse_cards
from games.bots.omaha_coach import omaha_figures, omaha_verdict
from games.bots.situation import Legal, Situation
from games.engine.types import ActionKind


def exact_against_one_random_hand(hole: str, board: str) -> float:
    """The pot share of ``hole`` against every four cards an opponent may hold, counted."""
    mine_cards, known = parse_cards(hole), parse_cards(board)
    unseen = [c for c in DECK if c not in set(mine_cards) | set(known)]
    mine = evaluate_omaha(mine_cards, known).strength
    total = share = 0.0
    for theirs in combinations(unseen, 4):
        value = evaluate_omaha(list(theirs), known).strength
        share += 1.0 if mine > value else 0.5 if mine == value else 0.0
        total += 1
    return share / total


def river(hole: str, board: str, call: int = 0) -> Situation:
    legal = Legal(frozenset({ActionKind.CALL, ActionKind.FOLD}), call, None, None, None)
    return Situation(1, tuple(hole.split()), tuple(board.split()), "river", 100, 0, 200, 2,
                     (), legal if call else None, 1)


@pytest.mark.parametrize(("hole", "board"), [
    ("Ah Kh 7c 2d", "Qh 9h 4h Jc 3s"),  # the nut flush: most hands lose to it
    ("Ts 9s 8d 7d", "Kc Qd Jh 4s 2c"),  # the nut straight, no flush possible
    ("Ac Ad 5c 6d", "Ks Kd 8h 7c 2s"),  # aces up: many hands beat it
])
def test_the_omaha_equity_against_a_random_hand_is_within_its_error_of_the_exact_count(
        hole, board):
    figures = omaha_figures(river(hole, board))
    exact = exact_against_one_random_hand(hole, board)
    assert figures.samples == 4000
    # A share's spread is at most 1/2, so the error is at most 0.5 / sqrt(4000).
    assert figures.standard_error <= 0.5 / 4000**0.5
    assert abs(figures.equity - exact) <= 4 * max(figures.standard_error, 1e-9), (exact, figures)
    assert omaha_figures(river(hole, board)) == figures  # seeded: the same spot, same figure


def test_the_pot_odds_are_the_call_over_the_pot_after_calling():
    figures = omaha_figures(river("Ah Kh 7c 2d", "Qh 9h 4h Jc 3s", call=40))
    assert (figures.to_call, figures.pot, figures.pot_odds) == (40, 100, 40 / 140)


def test_the_lines_name_the_equity_against_random_hands_and_never_grade():
    spot = river("Ac Ad 5c 6d", "Ks Kd 8h 7c 2s", call=40)
    figures = omaha_figures(spot)
    share = f"{round(figures.equity * 100)}%"
    called = omaha_verdict("call", None, spot, figures)
    assert called.startswith(f"you called 40 into 100 needing 29% with about {share} "
                             "against a random hand")
    assert omaha_verdict("bet", 30, river("Ah Kh 7c 2d", "Qh 9h 4h Jc 3s"), omaha_figures(
        river("Ah Kh 7c 2d", "Qh 9h 4h Jc 3s"))).startswith("you bet 30 with about")

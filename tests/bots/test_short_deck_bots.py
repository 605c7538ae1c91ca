"""Bots at short deck: every style plays only legal actions from its own view, the equity it
reads is short deck's (36 cards, a flush over a full house), and the coach's style plays the
simple one where its hold'em model does not apply."""

import random
from itertools import combinations

import pytest

from evaluator.short_deck import SHORT_DECK, evaluate_short_deck
from games.bots.roster import BOT_STYLES as STYLES
from games.bots.roster import decide
from games.bots.short_deck_equity import short_deck_equity, short_deck_figures
from games.bots.situation import Situation
from games.engine import Action
from tests.engine.helpers import random_short_deck_setup


@pytest.mark.parametrize("style", sorted(STYLES))
def test_every_style_plays_short_deck_hands_legally_to_the_end(style):
    rng = random.Random(hash(style) % 1000)
    decisions = 0
    for k in range(12):
        setup = random_short_deck_setup(random.Random(4100 + k))
        state = setup.start()
        while (legal := state.legal_actions()) is not None:
            situation = Situation.from_view(state.view(legal.seat), legal.seat,
                                            setup.config.big_blind)
            assert situation.game == "NS" and not situation.holdem_modelled
            choice = decide(style, situation, rng)
            state.apply(Action(legal.seat, choice.kind, choice.amount))  # refused if illegal
            decisions += 1
        assert state.result is not None
        assert sum(state.result.finishing_stacks.values()) == sum(s.stack for s in setup.seats)
    assert decisions > 12


def exact_river_equity(hole: list[str], board: list[str]) -> float:
    """Against every two cards one opponent may hold, counted with the scalar evaluator."""
    rest = [c for c in SHORT_DECK if str(c) not in {*hole, *board}]
    mine = evaluate_short_deck([*hole, *board]).strength
    share = 0.0
    pairs = list(combinations(rest, 2))
    for pair in pairs:
        theirs = evaluate_short_deck([*pair, *board]).strength
        share += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    return share / len(pairs)


def test_a_flush_against_random_hands_counts_the_full_houses_it_beats():
    hole, board = ["Ah", "Qh"], ["Kh", "Kd", "9h", "7h", "6c"]
    s = Situation(1, tuple(hole), tuple(board), "river", 100, 0, 200, 2, (), None, 1,
                  game="NS", ranking="short-deck")
    figures = short_deck_figures(s)
    exact = exact_river_equity(hole, board)
    assert abs(figures.equity - exact) <= 4 * figures.standard_error + 0.0005
    # In hold'em's order the full houses (kings full, nines full...) would beat the flush:
    # short deck's count is higher than the share of hands that are not full houses or better.
    assert exact > 0.95
    assert short_deck_equity(s, seed=3) > 0.9


def test_the_coach_style_plays_the_simple_style_where_its_model_does_not_apply():
    compared = 0
    for k in range(8):
        setup = random_short_deck_setup(random.Random(5200 + k))
        state = setup.start()
        legal = state.legal_actions()
        assert legal is not None
        s = Situation.from_view(state.view(legal.seat), legal.seat, setup.config.big_blind)
        coach = decide("coach", s, random.Random(k))
        assert coach == decide("tight_aggressive", s, random.Random(k))
        compared += 1
    assert compared == 8

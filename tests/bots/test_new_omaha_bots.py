"""The bots in Omaha hi/lo and five-card Omaha: every style plays only legal actions from its
own view, and the equity it plays by counts a hi/lo pot's halves (checked against an exact
count of every opponent hand on the river)."""

import dataclasses
from itertools import combinations

import pytest

from evaluator import DECK, evaluate_omaha, parse_cards
from evaluator.low import evaluate_omaha_low
from games.bots.omaha_coach import omaha_figures, random_note
from games.bots.omaha_equity import omaha_equity
from games.bots.roster import BOT_STYLES as STYLES
from games.bots.selfplay import play_hand
from games.bots.situation import Situation
from games.engine import (
    FIVE_CARD_OMAHA,
    FIVE_CARD_OMAHA_HI_LO,
    POT_LIMIT_OMAHA_HI_LO,
    SeatInput,
    TableConfig,
    shuffled_deck,
)
from games.engine.games import Game
from tests.bots.test_decisions import cards_in

NEW = [POT_LIMIT_OMAHA_HI_LO, FIVE_CARD_OMAHA, FIVE_CARD_OMAHA_HI_LO]


@pytest.mark.parametrize("game", NEW, ids=lambda g: g.code)
def test_every_style_plays_only_legal_actions_from_its_own_view(game: Game):
    import random

    rng = random.Random(41)
    seen = 0
    for _ in range(25):
        size = rng.randint(2, min(8, game.max_players))
        seats = [SeatInput(n, f"p{n}", rng.randint(20, 400)) for n in range(1, size + 1)]
        styles = {n: rng.choice(sorted(STYLES)) for n in range(1, size + 1)}

        def watch(seat, situation, decision, state_holder=None):  # type: ignore[no-untyped-def]
            nonlocal seen
            assert len(situation.hole) == game.hole_cards
            assert situation.high_low == game.high_low
            assert cards_in(situation) <= set(situation.hole) | set(situation.board)
            seen += 1

        state = play_hand(TableConfig(1, 2, game=game), seats, styles, shuffled_deck(rng),
                          button=1, rng=rng, watch=watch)  # an illegal action raises
        assert state.is_complete
        assert sum(state.result.finishing_stacks.values()) == sum(s.stack for s in seats)
    assert seen > 50


def exact_hi_lo_share(hole: str, board: str) -> float:
    """The pot share of ``hole`` against every four cards one opponent may hold: halves to
    the best high and the best low (whole to the high with no low), ties split, counted."""
    mine_cards, known = parse_cards(hole), parse_cards(board)
    unseen = [c for c in DECK if c not in set(mine_cards) | set(known)]
    high = evaluate_omaha(mine_cards, known).strength
    low = evaluate_omaha_low(mine_cards, known)
    total = share = 0.0
    for theirs in combinations(unseen, 4):
        their_high = evaluate_omaha(list(theirs), known).strength
        their_low = evaluate_omaha_low(list(theirs), known)
        won_high = 1.0 if high > their_high else 0.5 if high == their_high else 0.0
        if low is None and their_low is None:
            share += won_high
        else:
            mine = low.strength if low else 0
            other = their_low.strength if their_low else 0
            won_low = 1.0 if mine > other else 0.5 if mine == other else 0.0
            share += (won_high + won_low) / 2
        total += 1
    return share / total


def test_the_hi_lo_equity_is_within_its_error_of_the_exact_count():
    hole, board = "As 2s Kd Qc", "3s 7h Kc 9d 5c"
    situation = Situation(1, tuple(hole.split()), tuple(board.split()), "river", 100, 0, 200,
                          2, (), None, 1, game="PO/8")
    figures = omaha_figures(situation)
    exact = exact_hi_lo_share(hole, board)
    assert abs(figures.equity - exact) <= 4 * figures.standard_error, (exact, figures)
    # The same cards in Omaha high: no low half to win, a smaller share.
    high_only = omaha_figures(dataclasses.replace(situation, game="PO"))
    assert high_only.equity < figures.equity - 0.1


def test_five_cards_play_exactly_two_in_the_bots_equity():
    # Three spades in the hole and two on the board: a flush needs two hole cards, and
    # A-K of spades with Qs-Js-2s on the board is the nut flush. Five cards see it.
    assert omaha_equity(["As", "Ks", "3s", "4d", "5c"], ["Qs", "Js", "2s", "8h", "9c"], 3,
                        seed=2) > 0.9
    # One spade only: no flush, whatever the other four cards.
    assert omaha_equity(["As", "Kd", "3c", "4d", "7c"], ["Qs", "Js", "2s", "8s", "9c"], 1,
                        seed=2) < 0.6


def test_the_coach_says_what_its_figures_model_in_each_game():
    assert random_note("Pot-limit Omaha hi/lo", 4, True).startswith(
        "Pot-limit Omaha hi/lo: the coach gives your share of the pot (high and low halves) "
        "against random four-card hands")
    assert "random five-card hands" in random_note("Five-card pot-limit Omaha", 5, False)

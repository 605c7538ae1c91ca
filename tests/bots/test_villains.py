"""The coach's range model (games/bots/villains.py) against independent counts."""

import numpy as np
import pytest

from evaluator.cards import DECK
from evaluator.hands import evaluate
from evaluator.ranges import parse_range
from games.bots.charts import CALL_RAISE, OPEN, THREE_BET
from games.bots.holdings import HOLDINGS, holding_index
from games.bots.situation import Opponent, Situation
from games.bots.villains import (
    BET_REST,
    CALL_REST,
    after_street,
    board_strength,
    chart_weights,
    opponent_range,
    preflop_range,
)

SIX = (1, 2, 3, 4, 5, 6)  # button 6, blinds 1 and 2: seat 3 is UTG, 4 HJ, 5 CO


def spot(preflop, board=(), hole=("2c", "3d")):
    return Situation(2, hole, board, "flop" if board else "preflop", 20, 0, 200, 2, (),
                     None, 0, button=6, blinds=(1, 2), seats=SIX, preflop=preflop)


def inside(weights):
    """The holdings a chart holds (weight 1), as a set of (card, card) names."""
    return {tuple(sorted((str(DECK[a]), str(DECK[b]))))
            for (a, b), w in zip(HOLDINGS, weights, strict=True) if w >= 1.0}


def chart_set(text):
    return {tuple(sorted((str(x), str(y)))) for (x, y) in parse_range(text).weights}


def test_an_opener_holds_their_seats_opening_chart_and_a_caller_their_calling_chart():
    s = spot(((3, "raise"), (4, "call"), (5, "raise")))
    assert inside(preflop_range(s, 3)) == chart_set(OPEN["UTG"])
    assert inside(preflop_range(s, 4)) == chart_set(CALL_RAISE["HJ"])
    assert inside(preflop_range(s, 5)) == chart_set(THREE_BET["CO"])


def test_hands_outside_a_chart_keep_a_tenth_of_the_likelihood():
    w = chart_weights(OPEN["UTG"])
    outside = w[w < 1].sum()
    assert outside / w.sum() == pytest.approx(0.1)


def test_a_player_who_only_checked_the_big_blind_holds_any_two_cards():
    s = spot(((3, "call"), (6, "call"), (1, "call"), (2, "check")))
    assert float(preflop_range(s, 2).min()) == 1.0


def test_river_strength_is_the_share_of_possible_holdings_beaten_or_tied():
    board = ("Kc", "Td", "7h", "5s", "2d")
    strength = board_strength(board)
    live = [(str(DECK[a]), str(DECK[b])) for a, b in HOLDINGS]
    live = [h for h in live if not set(h) & set(board)]
    for hand in (("Ks", "Kd"), ("Qc", "8d"), ("4h", "3h"), ("6c", "4c")):
        mine = evaluate([*hand, *board])
        count = sum(evaluate([*h, *board]) <= mine for h in live) / len(live)
        assert float(strength[holding_index(*hand)]) == pytest.approx(count), hand


def test_a_flush_draw_is_stronger_on_the_flop_than_its_high_card_alone():
    strength = board_strength(("Kh", "7h", "2c"))
    draw, bare = holding_index("9h", "8h"), holding_index("9c", "8d")
    assert strength[draw] > strength[bare]


def test_a_bet_keeps_the_top_half_of_the_range_and_a_call_three_quarters():
    board = ("Kd", "7h", "2c")
    start = chart_weights("22+, AK, KQ, 98s")
    strength = board_strength(board)
    for kind, keeps, rest in (("bet", 0.5, BET_REST), ("call", 0.75, CALL_REST)):
        after = after_street(start, board, kind)
        live = start.copy()
        live[[i for i, (a, b) in enumerate(HOLDINGS)
              if {str(DECK[a]), str(DECK[b])} & set(board)]] = 0  # a board card: impossible
        kept = after == live
        # The kept holdings are the strongest, and hold about ``keeps`` of the weight.
        assert strength[kept & (live > 0)].min() >= strength[~kept & (live > 0)].max()
        assert live[kept].sum() / live.sum() == pytest.approx(keeps, abs=0.02)
        assert np.allclose(after[~kept], live[~kept] * rest)


def test_an_opponents_range_follows_their_actions_street_by_street_without_your_cards():
    s = Situation(2, ("Ah", "Kh"), ("Kd", "7h", "2c", "9s"), "turn", 40, 0, 200, 2,
                  (Opponent(3, 180, 0, False, (("preflop", "raise"), ("flop", "bet"))),),
                  None, 0, button=6, blinds=(1, 2), seats=SIX, preflop=((3, "raise"),))
    w = opponent_range(s, s.opponents[0])
    assert w[holding_index("Ah", "Ad")] == 0  # you hold the ace of hearts
    flop = after_street(chart_weights(OPEN["UTG"]), ("Kd", "7h", "2c"), "bet")
    assert w[holding_index("7s", "7c")] == flop[holding_index("7s", "7c")] == 1.0

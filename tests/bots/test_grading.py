"""The coach's grades on spots whose EV is worked out by hand (games/bots/grading.py).

Each spot gives the opponent an explicit range, so the equity is a count of combos and the
EV the arithmetic of the module docstring: fold 0, check e*P, call e*(P+C)-C, a bet that
everyone folds to wins P, a bet called by a hand that beats you loses what it adds.
"""

import random

import pytest

from evaluator.cards import DECK
from evaluator.hands import evaluate
from games.bots.grading import Option, call_ev, grade, label, options
from games.bots.grading import graded as remembered
from games.bots.holdings import HOLDINGS, range_weights_of
from games.bots.review import review_hand, summarize
from games.bots.situation import Legal, Opponent, Situation
from games.engine import Action, SeatInput, TableConfig, shuffled_deck, start_hand
from games.engine.types import ActionKind, AmountRange

K = ActionKind


def river(hole, board, pot, to_call=0, stack=200, opp_bet=0):
    """Heads-up on the river, the hero to act, 100 big blinds of 2 behind."""
    kinds = {K.FOLD, K.ALL_IN}
    if to_call:
        kinds |= {K.CALL, K.RAISE}
        legal = Legal(frozenset(kinds), to_call, None, AmountRange(2 * to_call, stack), stack)
    else:
        kinds |= {K.CHECK, K.BET}
        legal = Legal(frozenset(kinds), 0, AmountRange(2, stack), None, stack)
    return Situation(1, tuple(hole), tuple(board), "river", pot, 0, stack, 2,
                     (Opponent(2, stack, opp_bet, False, ()),), legal, 1 if to_call else 0)


def share_below(hand, board):
    """The share of the holdings possible on ``board`` that ``hand`` beats or ties, counted
    one hand at a time with the evaluator's single-hand path."""
    mine = evaluate([*hand, *board])
    live = [(str(DECK[a]), str(DECK[b])) for a, b in HOLDINGS]
    live = [h for h in live if not set(h) & set(board)]
    return sum(evaluate([*h, *board]) <= mine for h in live) / len(live)


def test_the_classes_have_the_stated_thresholds():
    cases = {0.0: "Best", 0.049: "Best", 0.05: "Correct", 0.29: "Correct", 0.3: "Inaccuracy",
             0.99: "Inaccuracy", 1.0: "Wrong", 1.99: "Wrong", 2.0: "Blunder", 9.0: "Blunder"}
    for loss, name in cases.items():
        assert label(loss) == name, (loss, label(loss), name)


def test_checking_the_nuts_on_the_river_against_a_hand_that_calls_is_a_blunder():
    # AA on a dry river against KK only: e = 1. KK has the equity the price of every size
    # asks against the bettor's range (here any two cards: this made-up spot has no preflop
    # action), so it calls them all: bet 30 into 20 wins 20 + 30, bet 20 wins 20 + 20, a
    # check wins the pot, 20. Even all in (ten pots, an overbet: the bettor read on the
    # strongest ~23% of any two cards, of which KK beats most) KK calls: it wins 20 + 200,
    # with the larger error of an overbet, and still by more than it.
    board = ("2c", "7d", "9h", "Jc", "3s")
    assert share_below(("Ks", "Kd"), board) > 0.7
    spot = river(("As", "Ad"), board, pot=20)
    kk = [range_weights_of("KK")]
    found = {(o.kind, o.to): o for o in options(spot, kk)}
    assert found[("check", None)].ev == 20
    assert found[("bet", 20)].ev == 40 and found[("bet", 20)].fold_share == 0
    assert found[("bet", 30)].ev == pytest.approx(50) and found[("bet", 30)].fold_share == 0
    shove = found[("bet", 200)]
    assert shove.ev == pytest.approx(220) and shove.fold_share == 0 and shove.overbet
    assert shove.error > found[("bet", 30)].error
    checked = grade(spot, "check", None, kk)
    assert checked.played.ev == 20 and checked.best == shove
    assert checked.loss_bb == pytest.approx(100) and checked.label == "Blunder"
    assert checked.loss_bb - checked.error_bb >= 2  # a Blunder beyond the model's error
    assert grade(spot, "bet", 30, kk).loss_bb == pytest.approx(85)
    assert grade(spot, "bet", 20, kk).loss_bb == pytest.approx(90)


def test_a_bluff_that_a_weak_range_folds_to_wins_the_pot_and_checking_gives_it_up():
    # 4h3h is beaten by Q8o (high card) on this river: checking wins nothing. Q8o is in the
    # bottom half of the holdings, so a pot-sized bet (needing 50% folds) makes it fold.
    board = ("Kc", "Td", "7h", "5s", "2d")
    assert share_below(("Qc", "8d"), board) < 0.5
    spot = river(("4h", "3h"), board, pot=20)
    q8 = [range_weights_of("Q8o")]
    found = {(o.kind, o.to): o for o in options(spot, q8)}
    assert found[("check", None)].ev == 0
    assert found[("bet", 20)].ev == 20 and found[("bet", 20)].fold_share == 1
    assert found[("bet", 20)].needs == pytest.approx(0.5)
    checked = grade(spot, "check", None, q8)
    assert checked.loss_bb == 10 and checked.label == "Blunder"
    assert checked.best.kind == "bet" and checked.best.fold_share == 1
    needs = round(checked.best.needs * 100)
    assert any(f"as a bluff it needs folds {needs}%" in line for line in checked.reasons)


def test_folding_a_bluff_catcher_getting_the_right_price_is_graded_by_the_call_it_gave_up():
    # Ks3c (a pair of kings) faces 10 into 30 against AA (6 combos, beat us) and two busted
    # draws, 64s and 98s (8 combos, we beat): e = 8/14; call = 8/14 * 40 - 10 chips.
    board = ("Kc", "Td", "7h", "5s", "2d")
    spot = river(("Ks", "3c"), board, pot=30, to_call=10, opp_bet=10)
    them = [range_weights_of("AA, 64s, 98s")]
    assert float(them[0].sum()) == 14
    expected = 8 / 14 * 40 - 10
    assert call_ev(30, 10, 8 / 14) == pytest.approx(expected)
    calls = {o.kind: o for o in options(spot, them)}["call"]
    assert calls.equity == pytest.approx(8 / 14, abs=1e-4)
    assert calls.ev == pytest.approx(expected, abs=0.01)
    assert calls.needs == pytest.approx(0.25)
    folded = grade(spot, "fold", None, them)
    assert folded.loss_bb >= round(expected / 2, 2) and folded.label == "Blunder"
    called = grade(spot, "call", None, them)
    assert called.loss_bb == pytest.approx(max(0.0, (folded.best.ev - expected) / 2), abs=0.01)


def test_before_the_flop_the_seats_chart_names_the_best_play():
    legal = Legal(frozenset({K.FOLD, K.CALL, K.RAISE, K.ALL_IN}), 2, None, AmountRange(4, 200),
                  200)
    opponents = tuple(Opponent(s, 200 - b, b, False, ()) for s, b in
                      ((1, 1), (2, 2), (4, 0), (5, 0), (6, 0)))
    spot = Situation(3, ("Kh", "Qd"), (), "preflop", 3, 0, 200, 2, opponents, legal, 0,
                     button=6, blinds=(1, 2), seats=(1, 2, 3, 4, 5, 6))
    assert grade(spot, "raise", 6).label == "Best"
    folded = grade(spot, "fold", None)
    assert folded.label in ("Inaccuracy", "Wrong", "Blunder")
    assert folded.best.kind == "raise"
    assert any("KQo from UTG, first in: the chart raises" in line for line in folded.reasons)
    trash = Situation(3, ("7h", "2d"), (), "preflop", 3, 0, 200, 2, opponents, legal, 0,
                      button=6, blinds=(1, 2), seats=(1, 2, 3, 4, 5, 6))
    assert grade(trash, "fold", None).label == "Best"
    assert grade(trash, "call", None).label != "Best"


def test_an_option_says_what_it_is():
    assert Option("bet", 40, 0.0, 0.5).words() == "bet 40"
    assert Option("call", None, 0.0, 0.5).words() == "call"


def _played(deck, rng_seed=3):
    """A heads-up hand where both seats call or check to the river: (state, seat 1's view)."""
    seats = [SeatInput(1, "a", 200), SeatInput(2, "b", 200)]
    state = start_hand(TableConfig(1, 2), seats, deck, button=1)
    while state.actor is not None:
        legal = state.legal_actions()
        kind = K.CHECK if K.CHECK in legal.kinds else K.CALL
        state.apply(Action(state.actor, kind))
    return state


def test_a_review_grades_only_the_seats_own_decisions_and_never_reads_other_hole_cards():
    deck = shuffled_deck(random.Random(5))
    state = _played(deck)
    graded = review_hand(state, 1, hand=7)
    assert [g.index for g in graded] == [i for i, a in enumerate(state.actions) if a.seat == 1]
    # The same hand with seat 2 holding other cards (seat 1's cards and the board kept):
    # seat 1's grades cannot change, since they are made from seat 1's own view.
    other = list(deck)
    hidden = [c for c in other if c not in state.player(1).hole and c not in state.board]
    spare = [c for c in hidden if c not in state.player(2).hole][:2]
    for old, new in zip(state.player(2).hole, spare, strict=True):
        i, j = other.index(old), other.index(new)
        other[i], other[j] = other[j], other[i]
    again = _played(other)
    assert again.player(2).hole != state.player(2).hole and again.board == state.board
    remembered.cache_clear()  # grade afresh, not from the first hand's remembered grades
    assert [g.grade for g in review_hand(again, 1)] == [g.grade for g in graded]
    summary = summarize(graded)
    assert summary.decisions == len(graded)
    assert summary.lost_bb == pytest.approx(sum(g.grade.loss_bb for g in graded), abs=0.01)
    assert summary.error_rate == pytest.approx(summary.lost_bb / len(graded), abs=0.001)
    assert sum(summary.counts.values()) == len(graded)


def test_a_value_bet_against_a_split_range_wins_the_folds_and_the_calls_as_worked_by_hand():
    # AA against KK (6 combos, calls a pot-sized bet) and Q8o (12 combos, folds it): the bet
    # of 20 into 20 wins 20 when they fold (2/3) and 20 + 20 more when KK calls (1/3):
    # 2/3 * 20 + 1/3 * (1 * 60 - 20) = 26.67 chips; a check wins the pot, 20.
    board = ("2c", "7d", "9h", "Jc", "3s")
    assert share_below(("Ks", "Kd"), board) > 0.5 > share_below(("Qc", "8d"), board)
    spot = river(("As", "Ad"), board, pot=20)
    them = [range_weights_of("KK, Q8o")]
    assert float(them[0].sum()) == 18
    pot_bet = {(o.kind, o.to): o for o in options(spot, them)}[("bet", 20)]
    assert pot_bet.fold_share == pytest.approx(2 / 3)
    assert pot_bet.equity == 1.0
    assert pot_bet.ev == pytest.approx(2 / 3 * 20 + 1 / 3 * (60 - 20))
    checked = grade(spot, "check", None, them)
    assert checked.played.ev == 20
    assert checked.loss_bb >= round((pot_bet.ev - 20) / 2, 2)

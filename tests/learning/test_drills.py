"""The drills' answers against independent counts: phevaluator (the oracle the evaluator's
own tests use) card by card, plain arithmetic, and the coach's preflop advice seat by seat.

A failure prints the question's cards and the two answers.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest
from phevaluator import evaluate_cards

from evaluator import DECK, parse_cards
from evaluator.ranges import parse_range
from games.bots.charts import OPEN, THREE_BET
from games.bots.preflop import preflop_advice
from games.bots.situation import Legal, Situation
from games.engine.types import ActionKind
from learning.drills import (
    DRILLS,
    AnswerError,
    bluff,
    judge_answer,
    make_question,
    nuts,
    outs,
    pot_odds,
    preflop,
    range_equity,
    showdown,
)

SEEDS = range(12)


def rank(cards) -> int:
    """phevaluator's rank: lower is better."""
    return evaluate_cards(*(str(card) for card in cards))


def shown(question) -> dict[str, list]:
    return {label: list(cards) for label, cards in question.cards}


def describe(question) -> str:
    return " | ".join(f"{label}: {' '.join(map(str, cards))}" for label, cards in question.cards)


def unseen(*groups) -> list:
    used = {card for group in groups for card in group}
    return [card for card in DECK if card not in used]


@pytest.mark.parametrize("theme", sorted(DRILLS))
def test_the_same_seed_gives_the_same_question(theme):
    assert make_question(theme, 5) == make_question(theme, 5)
    assert any(make_question(theme, 5) != make_question(theme, seed) for seed in range(6, 9))


@pytest.mark.parametrize("seed", range(24))
def test_the_outs_are_the_cards_after_which_you_win_counted_card_by_card(seed):
    """Against their shown hand, or against every pair of their stated range that your cards
    and the board leave: the same cards must win against each of them."""
    q = make_question("outs", seed)
    cards = shown(q)
    hole, board = cards["Your hand"], cards["Board"]
    if q.spot["range"] is None:
        holdings = [cards["Their hand"]]
    else:
        holdings = [list(combo) for combo in parse_range(q.spot["range"]).weights
                    if not set(combo) & set(hole + board)]
    counts = set()
    for theirs in holdings:
        assert rank(hole + board) > rank(theirs + board), describe(q)  # behind now
        winners = [card for card in unseen(hole, theirs, board)
                   if rank(hole + board + [card]) < rank(theirs + board + [card])]
        counts.add(len(winners))
    assert len(counts) == 1, describe(q)
    count = counts.pop()
    assert q.spot["outs"] == count, describe(q)
    assert judge_answer(q, str(count)).right
    assert not judge_answer(q, str(count + 1)).right


def test_both_kinds_of_outs_question_come_up():
    kinds = {make_question("outs", seed).spot["range"] is None for seed in range(12)}
    assert kinds == {True, False}


def test_pairing_the_low_card_is_no_out_for_seven_deuce_on_ten_jack_eight_of_spades():
    """The issue's spot against nines: nine spades (flushes, one a straight flush) and the
    nine of hearts (a straight) are the 10 outs; a seven or a deuce pairs you and still loses."""
    report = outs.outs_against(parse_cards("7s 2d"), parse_cards("9c 9d"),
                               parse_cards("Ts Js 8s"))
    assert sorted(report.outs) == sorted(["2s", "3s", "4s", "5s", "6s", "9s", "Qs", "Ks", "As",
                                          "9h"])
    assert not {"7c", "7d", "7h", "2c", "2h"} & set(report.outs)


@pytest.mark.parametrize("seed", range(80))
def test_the_pot_odds_answer_compares_equity_over_every_river_with_the_price(seed):
    q = make_question("pot-odds", seed)
    cards = shown(q)
    hole, theirs, board = cards["Your hand"], cards["Their hand"], cards["Board"]
    share = Fraction(0)
    rivers = unseen(hole, theirs, board)
    for card in rivers:
        mine, other = rank(hole + board + [card]), rank(theirs + board + [card])
        share += 1 if mine < other else Fraction(1, 2) if mine == other else 0
    equity = share / len(rivers)
    pot, bet = q.spot["pot"], q.spot["bet"]
    ev_call = equity * (pot + 2 * bet) - bet
    best = "call" if ev_call > 0 else "fold"
    assert f"Pot before their bet: {pot} bb" in q.facts and f"Their all-in bet: {bet} bb" in q.facts
    assert float(equity) == pytest.approx(q.spot["equity"]), describe(q)
    assert judge_answer(q, best).right and not judge_answer(q, {"call": "fold",
                                                                 "fold": "call"}[best]).right


@pytest.mark.parametrize("seed", range(40))
def test_which_hand_wins_agrees_with_phevaluator(seed):
    q = make_question("showdown", seed)
    cards = shown(q)
    a, b = rank(cards["Hand A"] + cards["Board"]), rank(cards["Hand B"] + cards["Board"])
    best = "A" if a < b else "B" if b < a else "split"
    assert judge_answer(q, best).right, describe(q)
    assert sum(judge_answer(q, value).right for value, _ in q.choices) == 1


def test_a_split_pot_is_a_choice_that_can_be_right():
    seed = next(s for s in range(2000) if make_question("showdown", s).spot["best"] == "split")
    assert judge_answer(make_question("showdown", seed), "split").right


def test_equity_against_a_range_is_exact_by_brute_force_and_right_within_five_points():
    seed = next(s for s in range(200)
                if make_question("range-equity", s).spot["range"] == THREE_BET["BB"])
    q = make_question("range-equity", seed)
    cards = shown(q)
    hole, board = cards["Your hand"], cards["Board"]
    total = share = Fraction(0)
    for combo in parse_range(THREE_BET["BB"]).weights:
        theirs = list(combo)
        if set(theirs) & set(hole + board):
            continue  # card removal: they cannot hold your cards or the board's
        for turn, river in combinations(unseen(hole, board, theirs), 2):
            mine, other = rank(hole + board + [turn, river]), rank(theirs + board + [turn, river])
            share += 1 if mine < other else Fraction(1, 2) if mine == other else 0
            total += 1
    exact = 100 * float(share / total)
    assert exact == pytest.approx(100 * q.spot["equity"], abs=1e-9), describe(q)
    for guess in range(101):
        assert judge_answer(q, str(guess)).right == (abs(guess - exact) <= 5), guess


@pytest.mark.parametrize("seed", range(60))
def test_open_or_fold_is_the_coachs_own_advice_for_that_seat(seed):
    q = make_question("preflop", seed)
    hole = tuple(str(card) for card in shown(q)["Your hand"])
    # Six seats, the button on 6 and the blinds on 1 and 2: UTG 3, HJ 4, CO 5, BTN 6, SB 1.
    seat = {"UTG": 3, "HJ": 4, "CO": 5, "BTN": 6, "SB": 1}[q.spot["seat"]]
    legal = Legal(frozenset({ActionKind.FOLD, ActionKind.CALL, ActionKind.RAISE}), 2, None,
                  None, 200)
    situation = Situation(seat, hole, (), "preflop", 3, 0, 200, 2, (), legal, 0, button=6,
                          blinds=(1, 2), seats=(1, 2, 3, 4, 5, 6))
    advice = preflop_advice(situation)
    assert advice.seat == q.spot["seat"] and advice.spot == "first in"
    assert judge_answer(q, advice.best).right, (q.spot["seat"], hole)
    combo_opens = any({str(c) for c in combo} == set(hole)
                      for combo in parse_range(OPEN[q.spot["seat"]]).weights)
    assert (advice.best == "raise") == combo_opens


def test_every_seat_and_both_answers_come_up():
    seen = {(make_question("preflop", s).spot["seat"], make_question("preflop", s).spot["best"])
            for s in range(200)}
    assert seen == {(seat, best) for seat in preflop.SEATS for best in ("raise", "fold")}


@pytest.mark.parametrize("seed", SEEDS)
def test_a_bluff_breaks_even_at_the_right_fold_rate_and_at_no_other_choice(seed):
    q = make_question("bluff", seed)
    pot, bet = q.spot["pot"], q.spot["bet"]
    for value, _label in q.choices:
        folds = float(value.rstrip("%")) / 100
        ev = folds * pot - (1 - folds) * bet  # shown to 0.1%, so break-even within that
        assert judge_answer(q, value).right == (abs(ev) <= 0.0005 * (pot + bet)), value


@pytest.mark.parametrize("seed", SEEDS)
def test_the_nuts_are_the_best_any_two_cards_make_by_phevaluator(seed):
    q = make_question("nuts", seed)
    board = shown(q)["Board"]
    best = min(rank([a, b, *board]) for a, b in combinations(unseen(board), 2))
    # phevaluator's rank bands: 1-10 straight flushes, 11-166 quads, 167-322 full houses,
    # 323-1599 flushes, 1600-1609 straights, 1610-2467 three of a kind.
    bands = [(10, "straight_flush"), (166, "four_of_a_kind"), (322, "full_house"),
             (1599, "flush"), (1609, "straight"), (2467, "three_of_a_kind")]
    category = next(name for top, name in bands if best <= top)
    assert judge_answer(q, category).right, describe(q)
    assert sum(judge_answer(q, value).right for value, _ in q.choices) == 1


@pytest.mark.parametrize(("theme", "text", "problem"), [
    ("outs", "", "no answer was given"),
    ("outs", "ten", "is not a whole number from 0 to"),
    ("outs", "-1", "is not a whole number"),
    ("outs", "99", "is not a whole number from 0 to"),
    ("range-equity", "101", "from 0 to 100"),
    ("showdown", "C", "is not one of the choices (A, B, split)"),
    ("preflop", "call", "is not one of the choices (raise, fold)"),
])
def test_a_malformed_answer_is_refused_with_a_sentence(theme, text, problem):
    with pytest.raises(AnswerError, match=problem.replace("(", r"\(").replace(")", r"\)")):
        judge_answer(make_question(theme, 1), text)


def test_every_module_is_listed_once():
    modules = {bluff, nuts, outs, pot_odds, preflop, range_equity, showdown}
    assert {m.THEME for m in modules} == set(DRILLS)

"""The response model on every street and against several opponents (issue 42).

Each opponent still in is modelled on their own: their own stack (a short stack's call is
capped, and what they can win with it), their own range, their own answer to each size. The
properties hold over random ranges, boards of the flop, turn and river, and two or three
opponents with stacks from a few big blinds to a hundred:

- against any range, a bigger bet is never called by a weaker set of hands (each opponent's
  hands that go on against a bigger size are a subset of those against a smaller one);
- against each opponent, the equity against the hands that call is never above what the
  equity against their whole range and the share that calls allow;
- the equity against several opponents is against all of them at once: no more than the
  equity against any one alone, and equal to an exact count over every pair of holdings.
"""

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evaluator import evaluate
from evaluator.cards import DECK
from games.bots.grading import grade
from games.bots.holdings import HOLDINGS, range_weights_of, without_cards
from games.bots.ranges import CARD_IDS
from games.bots.situation import Legal, Opponent, Situation
from games.bots.weighing import Weigher, sizes
from games.engine.types import ActionKind, AmountRange

K = ActionKind
STREETS = {3: "flop", 4: "turn", 5: "river"}
CARD_TEXT = {v: k for k, v in CARD_IDS.items()}


def multiway_spot(seed, board_size, opponents):
    """A spot with ``opponents`` players still in, random stacks and ranges."""
    rng = random.Random(seed)
    cards = [str(c) for c in rng.sample(DECK, 2 + board_size)]
    hole, board = tuple(cards[:2]), tuple(cards[2:])
    pot = rng.choice((6, 20, 60))
    them = tuple(Opponent(seat, rng.choice((8, 25, 70, 200)), 0, False, ())
                 for seat in range(2, 2 + opponents))
    legal = Legal(frozenset({K.FOLD, K.CHECK, K.BET, K.ALL_IN}), 0, AmountRange(2, 200),
                  None, 200)
    spot = Situation(1, hole, board, STREETS[board_size], pot, 0, 200, 2, them, legal, 0)
    weights = np.random.default_rng(seed)
    ranges = []
    for _ in range(opponents):
        w = weights.random(1326) * (weights.random(1326) < rng.choice((0.05, 0.3, 1.0)))
        ranges.append(w if w.sum() > 0 else np.ones(1326))
    return spot, ranges


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), board_size=st.sampled_from((3, 4, 5)),
       opponents=st.sampled_from((2, 3)))
def test_each_opponent_calls_a_bigger_bet_with_a_subset_of_the_hands_that_call_a_smaller(
        seed, board_size, opponents):
    spot, ranges = multiway_spot(seed, board_size, opponents)
    weigher = Weigher(spot, ranges)
    bets = sorted(to for _kind, to in sizes(spot))
    calling = [weigher.continuing("bet", to) for to in bets]
    for smaller, bigger in zip(calling, calling[1:], strict=False):
        for each_smaller, each_bigger in zip(smaller, bigger, strict=True):
            assert not (each_bigger & ~each_smaller).any()


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), board_size=st.sampled_from((3, 4, 5)),
       opponents=st.sampled_from((2, 3)))
def test_against_each_opponent_the_callers_equity_is_what_their_whole_range_allows(
        seed, board_size, opponents):
    spot, ranges = multiway_spot(seed, board_size, opponents)
    weigher = Weigher(spot, ranges)
    for option in weigher.options():
        if option.fold_share is None:
            continue
        assert [a.seat for a in option.answers] == [o.seat for o in spot.opponents]
        for answer in option.answers:
            # whole = calls * (against the hands that call) + (1 - calls) * (the rest)
            if answer.calls > 0:
                assert answer.equity_called <= answer.equity_whole / answer.calls + 1e-9
                assert answer.equity_called >= \
                    (answer.equity_whole - (1 - answer.calls)) / answer.calls - 1e-9
            # Everyone folds no more often than any one of them does.
            assert option.fold_share <= 1 - answer.calls + 1e-9
        if option.callers:
            assert 1 - 1e-9 <= option.callers <= opponents + 1e-9


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), board_size=st.sampled_from((3, 4, 5)),
       opponents=st.sampled_from((2, 3)))
def test_the_equity_against_several_opponents_is_against_all_of_them_at_once(
        seed, board_size, opponents):
    spot, ranges = multiway_spot(seed, board_size, opponents)
    weigher = Weigher(spot, ranges)
    assert weigher.trials.theirs.shape[1] == opponents
    bet = next(o for o in weigher.options() if o.kind == "bet")
    assert weigher.equity <= min(a.equity_whole for a in bet.answers) + 1e-9
    assert bet.equity_all == pytest.approx(weigher.equity)


def exact_equity(hole, board, ranges):
    """The share of the pot against two ranges on the river, over every pair of holdings
    (by weight, no card twice), counted one showdown at a time with the evaluator."""
    known = {*hole, *board}
    mine = evaluate([*hole, *board])
    won = total = 0.0
    live = [[(i, w[i]) for i in np.flatnonzero(without_cards(w, list(known)) > 0)]
            for w in ranges]
    for i, wa in live[0]:
        a = {CARD_TEXT[int(c)] for c in HOLDINGS[i]}
        va = evaluate([*a, *board])
        for j, wb in live[1]:
            b = {CARD_TEXT[int(c)] for c in HOLDINGS[j]}
            if a & b:
                continue
            best = max(va, evaluate([*b, *board]))
            share = 0.0 if best > mine else 1.0 if mine > best else \
                1.0 / (1 + (va == mine) + (evaluate([*b, *board]) == mine))
            won += wa * wb * share
            total += wa * wb
    return won / total


@pytest.mark.parametrize(("hole", "board", "first", "second"), [
    # Top two pair against sets, the same two pair (a split) and missed draws.
    (("Ks", "Qs"), ("Kd", "Qh", "9c", "4s", "2d"), "99, KQ, AK", "AhJh, AdJd, QQ, KQ"),
    (("Ad", "Kc"), ("Ah", "7c", "7d", "2s", "Jh"), "AQ, 77, KJs", "QJ, JT, 22"),
    (("8c", "8d"), ("8h", "Tc", "Ts", "3d", "6s"), "TT, AT, KQ", "AA, KK, 66"),
])
def test_multiway_equity_on_the_river_is_the_exact_count_against_both_ranges(
        hole, board, first, second):
    them = (Opponent(2, 100, 0, False, ()), Opponent(3, 100, 0, False, ()))
    legal = Legal(frozenset({K.FOLD, K.CHECK, K.BET}), 0, AmountRange(2, 200), None, 200)
    spot = Situation(1, hole, board, "river", 30, 0, 200, 2, them, legal, 0)
    ranges = [range_weights_of(first), range_weights_of(second)]
    exact = exact_equity(hole, board, ranges)
    counted = Weigher(spot, ranges).equity
    assert counted == pytest.approx(exact, abs=0.03)  # 2,000 trials: a point or so


def test_a_short_stack_calls_the_same_price_whatever_the_size_above_its_stack():
    # Seat 2 has 8 chips behind: a bet of 30 or of 200 asks them for 8 to win the pot and 8
    # of the bet (the rest comes back), so neither price makes them call wider.
    them = (Opponent(2, 8, 0, False, ()), Opponent(3, 200, 0, False, ()))
    legal = Legal(frozenset({K.FOLD, K.CHECK, K.BET, K.ALL_IN}), 0, AmountRange(2, 200),
                  None, 200)
    spot = Situation(1, ("As", "Kd"), ("Ah", "9c", "4s", "7d", "2h"), "river", 20, 0, 200, 2,
                     them, legal, 0)
    weigher = Weigher(spot, [range_weights_of("random"), range_weights_of("random")])
    assert weigher._answer_price(them[0], 30) == weigher._answer_price(them[0], 200) \
        == (8, 8 / (20 + 8 + 8))
    graded = grade(spot, "bet", 15, [range_weights_of("random")] * 2)
    line = next(r for r in graded.reasons if r.startswith("bet 15 ("))
    assert "Each player alone: seat 2 calls about" in line and "; seat 3 calls about" in line

"""Outs against a range, checked against a brute-force count written here, card by card.

The count below uses the evaluator's scalar ``evaluate`` on Card objects, one hand at a
time, and the range as ``parse_range`` gives it: nothing of ``games.bots.outs`` (NumPy, the
batch path, holding masks) is reused. It implements the definitions of the module docstring.
"""

from itertools import combinations

import pytest

from evaluator.cards import DECK, Card
from evaluator.hands import evaluate
from evaluator.ranges import parse_range
from games.bots.holdings import range_weights_of
from games.bots.outs import AHEAD, EPSILON, TAINT, count_outs


def strength(cards) -> int:
    return evaluate(list(cards)).strength


def live_combos(range_text, dead):
    """The range's holdings none of whose cards is dead, with their weights."""
    return [((a, b), w) for (a, b), w in parse_range(range_text).weights.items()
            if a not in dead and b not in dead]


def share(hole, board, combos):
    """Your share against the holdings (ties half), or None when none is left."""
    total = sum(w for _, w in combos)
    if not total:
        return None
    mine = strength([*hole, *board])
    won = 0.0
    for combo, w in combos:
        theirs = strength([*combo, *board])
        won += w * (1.0 if mine > theirs else 0.5 if mine == theirs else 0.0)
    return won / total


def brute_force(hole_text, board_text, range_text):
    """(share now, outs, tainted, danger, dead share) against one range, by hand."""
    hole = [Card(c) for c in hole_text.split()]
    board = [Card(c) for c in board_text.split()]
    known = {*hole, *board}
    combos = live_combos(range_text, known)
    now = share(hole, board, combos)
    outs, tainted, danger = [], [], []
    unseen = [c for c in DECK if c not in known]
    if len(board) < 5:
        for card in unseen:
            left = [(combo, w) for combo, w in combos if card not in combo]
            after = share(hole, [*board, card], left)
            if after is None:
                continue  # their range says this card cannot come
            if now > AHEAD + EPSILON:
                if after <= AHEAD + EPSILON:
                    danger.append(str(card))
                continue
            if after <= AHEAD + EPSILON:
                continue
            outs.append(str(card))
            mine_after = strength([*hole, *board, card])
            lifted = sum(w for combo, w in left
                         if strength([*combo, *board]) <= mine_after
                         < strength([*combo, *board, card]))
            if lifted / sum(w for _, w in left) >= TAINT:
                tainted.append(str(card))
    runouts = list(combinations(unseen, 5 - len(board)))
    dead_weight = 0.0
    for combo, w in combos:
        can_win = any(
            strength([*hole, *board, *run]) >= strength([*combo, *board, *run])
            for run in runouts if not set(run) & set(combo)
        )
        dead_weight += 0 if can_win else w
    return now, outs, tainted, danger, dead_weight / sum(w for _, w in combos)


SPOTS = [
    # The spot: the sevens and deuces that only pair a low card are no outs.
    ("7s 2d", "Ts Js 8s", "random"),
    # Open-ended straight draw on a rainbow flop, against a pair-heavy raising range.
    ("9c 8d", "Th Js 2c", "QQ+, AK, JJ-TT, AJs"),
    # A flush draw against a set: the heart that pairs the board fills the set up.
    ("Ah Qh", "Kh 7h 2c", "77"),
    # The set on a flush-draw board against flush draws: ahead, with danger cards.
    ("7c 7d", "Kh 7h 2c", "AhQh, AhJh, QhJh, AhTh, QhTh"),
    # A dominated flush draw: its hearts make the ace-high flush a better one.
    ("6h 5h", "Kh 9h 2c", "AhQh, AhJh"),
    # Drawing dead: a straight against a made flush with no straight-flush card left.
    ("9d 7c", "Ts Js 8s 2s", "AsKs, AsQs"),
    # The turn, a gutshot with reverse implied odds (a queen makes their higher straight).
    ("7s 2d", "Ts Js 8s 3c", "QQ+, AK, KQs, QJs, JJ-99"),
    # Hands that beat you before and after a card are not what a card gives them.
    ("7s 2d", "Ts Js 8s 3c", "AsKs, KsQs, 22"),
    # The river: where you stand, no next card.
    ("Ah Qh", "Kh 7h 2c 3d 9c", "77, KK, AK"),
]


@pytest.mark.parametrize(("hole", "board", "range_text"), SPOTS)
def test_outs_agree_with_a_brute_force_count(hole, board, range_text):
    report = count_outs(hole.split(), board.split(), [range_weights_of(range_text)])
    now, outs, tainted, danger, dead = brute_force(hole, board, range_text)
    spot = f"{hole} on {board} against {range_text}"
    assert report.share_now == pytest.approx(now), spot
    assert list(report.outs) == outs, spot
    assert list(report.tainted) == tainted, spot
    assert list(report.danger) == danger, spot
    assert report.dead_share == pytest.approx(dead), spot


def test_seven_deuce_on_ten_jack_eight_of_spades_has_twelve_outs_not_seventeen():
    """The nines (a straight) and the spades (a flush; the nine of spades a straight flush).
    The old pattern count also took the three sevens and the three deuces: 17."""
    report = count_outs(["7s", "2d"], ["Ts", "Js", "8s"], [range_weights_of("random")])
    assert sorted(report.outs) == sorted(
        ["9c", "9d", "9h", "9s", "2s", "3s", "4s", "5s", "6s", "Qs", "Ks", "As"]
    )
    assert not {"7c", "7d", "7h", "2c", "2h"} & set(report.outs)


def test_a_flush_draw_against_a_set_has_eight_outs_not_nine():
    """Nine hearts are left; the deuce of hearts gives sevens full of deuces."""
    report = count_outs(["Ah", "Qh"], ["Kh", "7h", "2c"], [range_weights_of("77")])
    assert report.outs == ("3h", "4h", "5h", "6h", "8h", "9h", "Th", "Jh")
    assert "2h" not in report.outs and not report.ahead


def test_a_set_against_flush_draws_is_ahead_and_names_the_hearts_that_are_not_a_full_house():
    report = count_outs(["7c", "7d"], ["Kh", "7h", "2c"],
                        [range_weights_of("AhQh, AhJh, QhJh, AhTh, QhTh")])
    assert report.ahead and report.outs == ()
    # Every heart left fills their flush but the deuce, which pairs the board: your full house.
    assert report.danger == ("3h", "4h", "5h", "6h", "8h", "9h", "Th", "Jh", "Qh", "Ah")


def test_an_out_is_tainted_only_by_hands_it_lifts_past_yours():
    """The nines give you a straight; the two flushes beat it with or without them, and the
    three deuces (sets) stay below it: 3 of 5 holdings beaten, and a nine lifts nobody.
    (The nine of spades is tainted: it gives king-queen of spades a higher straight flush.)"""
    report = count_outs(["7s", "2d"], ["Ts", "Js", "8s", "3c"],
                        [range_weights_of("AsKs, KsQs, 22")])
    assert {"9c", "9d", "9h"} <= set(report.outs)
    assert "9s" in report.tainted and not {"9c", "9d", "9h"} & set(report.tainted)


def test_a_dominated_draw_counts_no_heart():
    report = count_outs(["6h", "5h"], ["Kh", "9h", "2c"], [range_weights_of("AhQh, AhJh")])
    assert not [c for c in report.outs if c.endswith("h")]
    assert sorted(report.outs) == ["5c", "5d", "5s", "6c", "6d", "6s"]  # a pair beats ace high


def test_a_straight_against_a_made_flush_is_drawing_dead():
    report = count_outs(["9d", "7c"], ["Ts", "Js", "8s", "2s"], [range_weights_of("AsKs, AsQs")])
    assert report.outs == () and report.dead_share == 1.0
    assert "drawing dead" in report.sentence()


def test_no_outs_before_the_flop_and_the_shares_multiply_for_two_opponents():
    assert count_outs(["As", "Ad"], [], [range_weights_of("random")]) is None
    one = count_outs(["Ah", "Qh"], ["Kh", "7h", "2c"], [range_weights_of("77, 22")])
    two = count_outs(["Ah", "Qh"], ["Kh", "7h", "2c"], [range_weights_of("77, 22")] * 2)
    assert two.share_now == pytest.approx(one.share_now ** 2)


def test_the_coachs_figures_count_outs_against_the_opponents_likely_range():
    """The issue's spot at a table: one opponent who raised before the flop. A seven or a
    deuce (without a spade) pairs a low card and still loses to most of a raiser's hands."""
    from games.bots.advice import figures
    from games.bots.situation import Legal, Opponent, Situation
    from games.engine.types import ActionKind

    raiser = Opponent(2, 180, 0, False, (("preflop", "raise"),))
    situation = Situation(1, ("7s", "2d"), ("Ts", "Js", "8s"), "flop", 14, 0, 190, 2,
                          (raiser,), Legal(frozenset({ActionKind.CHECK, ActionKind.BET}), 0,
                                           None, None, None), 0)
    f = figures(situation)
    assert f.outs == len(f.standing.outs) and not f.standing.ahead
    assert not {"7c", "7d", "7h", "2c", "2h"} & set(f.standing.outs)
    assert {"9c", "9d", "9h", "9s"} <= set(f.standing.outs)


def test_a_card_that_only_ties_their_hand_is_a_split_not_an_out():
    """The issue's spot: Js2h on Th9d8c against Jd8s. A seven or a queen gives both the same
    straight (the jack plays for both): the pot is split, nobody is ahead."""
    report = count_outs(["Js", "2h"], ["Th", "9d", "8c"], [range_weights_of("Jd8s")])
    assert report.outs == () and not report.ahead
    assert sorted(report.splits) == ["7c", "7d", "7h", "7s", "Qc", "Qd", "Qh", "Qs"]
    assert "outs put you ahead" not in report.sentence()
    assert "8 cards (7c 7d 7h 7s Qc Qd Qh Qs) only split the pot" in report.sentence()


def test_a_hand_that_ties_every_holding_now_is_not_ahead():
    """Both play the board's straight: a split now, not "ahead (50%)"."""
    report = count_outs(["2c", "3d"], ["Ts", "Js", "Qh", "Kd", "Ac"], [range_weights_of("44")])
    assert report.share_now == 0.5 and not report.ahead

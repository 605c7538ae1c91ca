"""Preflop advice by position: each seat of a 6-max table on known hands, other table sizes,
the spots after a raise, and the verdicts (a fold of KQo first in is no "fine", a limp is
never "good"). Hands are dealt by the engine and read back through a seat's own view."""

from dataclasses import replace

import pytest

from evaluator.ranges import ALL_CLASSES, class_combos, parse_range
from games.bots.advice import figures, verdict
from games.bots.charts import OPEN
from games.bots.preflop import position, preflop_advice, preflop_verdict
from games.bots.situation import Situation
from games.engine import Action, ActionKind, SeatInput, TableConfig, start_hand
from games.engine.deal_order import deck_that_deals

CONFIG = TableConfig(small_blind=1, big_blind=2)
SPARE = [f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"]
SIX_MAX = {"SB": 1, "BB": 2, "UTG": 3, "HJ": 4, "CO": 5, "BTN": 6}


def seat_situation(players, seat, hand, before=()):
    """The situation of ``seat`` holding ``hand`` (e.g. "KhQd") at a table of ``players``
    with the button on the last seat; the seats acting first play ``before`` in order
    (kinds, or (kind, amount); ``seat``'s own earlier moves too), then everybody folds to
    ``seat``."""
    cards = [hand[:2], hand[2:]]
    spare = [c for c in SPARE if c not in cards]
    holes = [cards if n == seat else [spare.pop(), spare.pop()] for n in range(1, players + 1)]
    deck = deck_that_deals(holes, [])
    state = start_hand(CONFIG, [SeatInput(n, f"p{n}", 200) for n in range(1, players + 1)],
                       deck, button=players)
    moves = list(before)
    while moves or state.actor != seat:
        move = moves.pop(0) if moves else "fold"
        kind, amount = (move, None) if isinstance(move, str) else move
        state.apply(Action(state.actor, ActionKind(kind), amount))
    return Situation.from_view(state.view(seat), seat, CONFIG.big_blind)


# Each seat of a 6-max table, first in (folded to it), on hands the cited charts place.
FIRST_IN = [
    ("UTG", "KhQd", "raise"), ("UTG", "AhJd", "raise"), ("UTG", "2h2d", "raise"),
    ("UTG", "AhTd", "fold"), ("UTG", "Kh9h", "fold"), ("UTG", "7h2d", "fold"),
    ("HJ", "AhTd", "raise"), ("HJ", "Kh9h", "raise"), ("HJ", "KhTd", "fold"),
    ("CO", "Ah9d", "raise"), ("CO", "KhTd", "raise"), ("CO", "5h4h", "raise"),
    ("CO", "Ah8d", "fold"),
    ("BTN", "Kh8d", "raise"), ("BTN", "Ah2d", "raise"), ("BTN", "Kh7d", "fold"),
    ("BTN", "7h2d", "fold"),
    ("SB", "Kh9d", "raise"), ("SB", "Kh8d", "fold"), ("SB", "7h2d", "fold"),
]


@pytest.mark.parametrize(("seat", "hand", "best"), FIRST_IN)
def test_each_seat_of_a_six_max_table_first_in(seat, hand, best):
    situation = seat_situation(6, SIX_MAX[seat], hand)
    advice = preflop_advice(situation)
    assert (position(situation), advice.spot, advice.best) == (seat, "first in", best), hand


def test_the_big_blind_checks_or_raises_when_the_small_blind_completes():
    for hand, best in (("AhAd", "raise"), ("7h2d", "check"), ("KhQd", "check")):
        situation = seat_situation(6, 2, hand, ["fold"] * 4 + ["call"])
        advice = preflop_advice(situation)
        assert (position(situation), advice.best) == ("BB", best), hand


@pytest.mark.parametrize(("seat", "low", "high"), [
    ("UTG", 15, 18), ("HJ", 18, 21), ("CO", 26, 30), ("BTN", 42, 50), ("SB", 35, 44),
])
def test_each_opening_chart_is_the_size_its_source_gives(seat, low, high):
    """Poker GTO Lab's table: UTG ~15-18%, MP 18-21%, CO 26-30%, BTN 42-50%, SB 35-44%."""
    share = parse_range(OPEN[seat]).combo_count / 1326 * 100
    assert low <= share <= high, f"{seat} opens {share:.1f}%"


def test_folding_king_queen_offsuit_first_to_act_is_a_mistake_not_fine():
    situation = seat_situation(6, 3, "KhQd")
    words = verdict("fold", None, situation, figures(situation))
    assert words.startswith("you folded to 2 into 3 needing 40% with about")
    assert words.endswith("KQo from UTG, first in: the chart raises; you folded: a mistake"
                          " (too tight)")
    assert "fine" not in words


@pytest.mark.parametrize("seat", ["UTG", "HJ", "CO", "BTN", "SB"])
def test_a_limp_first_in_is_never_good_with_any_two_cards(seat):
    situation = seat_situation(6, SIX_MAX[seat], "2c3d")
    for name in ALL_CLASSES:
        first, second = class_combos(name)[0]
        hand = replace(situation, hole=(str(first), str(second)))
        advice = preflop_advice(hand)
        words = preflop_verdict("call", hand, advice)
        assert "good" not in words and "fine" not in words, (seat, name, words)
        assert advice.best in ("raise", "fold"), (seat, name)


def test_over_limping_a_small_pair_behind_a_limper_is_fine_but_not_good():
    # UTG limps; the hijack isolates with the UTG chart, which holds no 76s.
    situation = seat_situation(6, 4, "7h6h", ["call"])
    advice = preflop_advice(situation)
    assert advice.spot == "facing 1 limper" and advice.best == "fold"
    assert preflop_verdict("call", situation, advice).endswith("you called: fine")
    assert preflop_verdict("fold", situation, advice).endswith("you folded: good")
    assert preflop_advice(seat_situation(6, 4, "AhJd", ["call"])).best == "raise"
    junk = replace(situation, hole=("Kh", "2d"))
    assert preflop_verdict("call", junk, preflop_advice(junk)).endswith("a mistake (too loose)")


@pytest.mark.parametrize(("seat", "hand", "best"), [
    (2, "7h6h", "call"), (2, "AhKd", "raise"), (2, "7h2d", "fold"),  # big blind vs UTG
    (6, "Ah5h", "raise"), (6, "9h9d", "call"), (6, "Kh9d", "fold"),  # button vs UTG
    (1, "Th9h", "fold"), (1, "JhJd", "raise"),  # small blind: re-raise or fold
])
def test_facing_a_raise_from_under_the_gun(seat, hand, best):
    situation = seat_situation(6, seat, hand, [("raise", 6)])
    advice = preflop_advice(situation)
    assert (advice.spot, advice.best) == ("facing a raise", best), hand


def test_facing_a_three_bet_after_opening():
    for hand, best in (("QhQd", "raise"), ("ThTd", "call"), ("Ah5h", "fold")):
        # UTG (seat 3) opens, folds to the button, which re-raises; the blinds fold.
        situation = seat_situation(6, 3, hand,
                                   [("raise", 6), "fold", "fold", ("raise", 18), "fold", "fold"])
        advice = preflop_advice(situation)
        assert (advice.spot, advice.best) == ("facing a 3-bet", best), hand


def test_other_table_sizes_use_the_chart_of_the_same_distance_from_the_button():
    # Nine players: the first to act plays the tight early chart; the lowjack the 6-max UTG.
    utg_nine = seat_situation(9, 3, "2h2d")
    assert position(utg_nine) == "UTG" and preflop_advice(utg_nine).best == "fold"
    lowjack = seat_situation(9, 6, "2h2d")
    assert position(lowjack) == "LJ" and preflop_advice(lowjack).best == "raise"
    # Four players: the first to act is the cutoff and opens its chart.
    cutoff = seat_situation(4, 3, "KhTd")
    assert position(cutoff) == "CO" and preflop_advice(cutoff).best == "raise"
    # Heads-up the button (small blind) opens most hands.
    button = seat_situation(2, 2, "Kh2d")
    assert position(button) == "BTN" and preflop_advice(button).best == "raise"
    assert preflop_advice(seat_situation(2, 2, "3h2d")).best == "fold"


def test_the_coach_verdict_keeps_the_pot_odds_and_adds_the_chart():
    situation = seat_situation(6, 6, "Kh8d")
    words = verdict("raise", 6, situation, figures(situation))
    assert words.startswith("you raised to 6 with about ")
    assert words.endswith("K8o from BTN, first in: the chart raises; you raised: good")

"""Omaha in history's equity figures: the replayer's equity chart and the session review's
all-in adjusted net of a hand-built pot-limit Omaha all-in with a side pot, checked against
equities counted here by brute force (``evaluate_omaha`` on every run-out)."""

import re
from decimal import Decimal
from fractions import Fraction
from itertools import combinations

import pytest

from evaluator import DECK, evaluate_omaha, parse_cards
from games import services
from games.engine import Action, ActionKind, HandState, SeatInput, TableConfig, replay
from games.history.replay.equity import street_equities
from games.history.review.session import all_in_adjusted
from games.services import hosting
from tests.engine.helpers import stacked_deck
from tests.history.conftest import play
from tests.history.test_home_game_history import replay_data

pytestmark = pytest.mark.django_db

# Button seat 1; position order from the small blind: seat 2, seat 3, seat 1.
HOLES = {2: "AhAsKdKc", 3: "QhJhTs9s", 1: "7c6c5d4d"}
BOARD = "2c 7d 8h 3s Kh"
DECK_ORDER = stacked_deck([HOLES[2], HOLES[3], HOLES[1]], BOARD.replace(" ", ""))
STACKS = {1: 30, 2: 10, 3: 30}
# Everyone limps for 2 (pot 6); on the 2c 7d 8h flop seat 2 bets the pot (6), seat 3 raises
# the pot (to 24), seat 1 moves in (28), seat 2 calls all in for 8, seat 3 calls. Main pot:
# 3 x 10 = 30 (all three); side pot: 2 x 20 = 40 (seats 1 and 3). Seat 2's trip kings on
# the river win the main pot, seat 1's pair of sevens beats seat 3's high card for the side.
MOVES = [
    (1, "call"), (2, "call"), (3, "check"),
    (2, "bet", 6), (3, "raise", 24), (1, "raise", 28), (2, "call"), (3, "call"),
]
MAIN, SIDE = 30, 40
NETS = {1: 40 - 30, 2: 30 - 10, 3: -30}


def brute_shares(hands: list[str], board: str, dead: str = "") -> list[Fraction]:
    """Each hand's exact share of a pot: every run-out scored by evaluate_omaha."""
    holes = [parse_cards(h) for h in hands]
    known = parse_cards(board)
    used = {c for h in holes for c in h} | set(known) | set(parse_cards(dead))
    deck = [c for c in DECK if c not in used]
    shares = [Fraction(0)] * len(holes)
    runs = 0
    for rest in combinations(deck, 5 - len(known)):
        values = [evaluate_omaha(h, [*known, *rest]).strength for h in holes]
        top = [i for i, v in enumerate(values) if v == max(values)]
        for i in top:
            shares[i] += Fraction(1, len(top))
        runs += 1
    return [share / runs for share in shares]


def the_hand() -> HandState:
    seats = [SeatInput(s, f"p{s}", STACKS[s]) for s in (1, 2, 3)]
    kinds = {"call": ActionKind.CALL, "check": ActionKind.CHECK, "bet": ActionKind.BET,
             "raise": ActionKind.RAISE}
    actions = [Action(seat, kinds[kind], *amount) for seat, kind, *amount in MOVES]
    return replay(TableConfig(1, 2, game="PO"), seats, DECK_ORDER, actions, button=1)


def test_the_hand_is_played_as_the_comments_say():
    state = the_hand()
    assert list(state.board) == BOARD.split()
    pots = [(pot.amount, pot.winners) for pot in state.result.pots]
    assert pots == [(MAIN, (2,)), (SIDE, (1,))]
    assert {s: state.result.finishing_stacks[s] - STACKS[s] for s in STACKS} == NETS


def expected_adjusted() -> dict[int, Fraction]:
    """Net - won + each pot's amount times the share counted by brute force at the flop."""
    flop = "2c 7d 8h"
    main = brute_shares([HOLES[1], HOLES[2], HOLES[3]], flop)
    # The side pot is seats 1 and 3's; seat 2's cards are known, so never dealt.
    side = brute_shares([HOLES[1], HOLES[3]], flop, dead=HOLES[2])
    won = {1: SIDE, 2: MAIN, 3: 0}
    expected = {1: main[0] * MAIN + side[0] * SIDE, 2: main[1] * MAIN,
                3: main[2] * MAIN + side[1] * SIDE}
    return {s: NETS[s] - won[s] + expected[s] for s in (1, 2, 3)}


def test_the_all_in_adjusted_net_of_an_omaha_side_pot_hand_equals_the_brute_force_count():
    state = the_hand()
    expected = expected_adjusted()
    for seat in (1, 2, 3):
        assert all_in_adjusted(state, seat, NETS[seat]) == expected[seat], f"seat {seat}"
    assert sum(expected.values()) == 0  # chips move between the three, none appear


def test_the_replayer_chart_of_an_omaha_hand_equals_the_brute_force_count():
    state = the_hand()
    chart = street_equities(state, frozenset({1, 2, 3}), {1: "p1", 2: "p2", 3: "p3"})
    assert chart is not None
    assert chart["streets"] == ["preflop", "flop", "turn", "river"]
    rows = {h["seat"]: h["equity"] for h in chart["hands"]}
    assert all(rows[s][0] is not None for s in (1, 2, 3))
    assert sum(rows[s][0] for s in (1, 2, 3)) == pytest.approx(1, abs=1e-5)  # preflop
    hands = [HOLES[1], HOLES[2], HOLES[3]]
    for column, board in ((1, "2c 7d 8h"), (2, "2c 7d 8h 3s"), (3, BOARD)):
        counted = brute_shares(hands, board)
        for seat, share in zip((1, 2, 3), counted, strict=True):
            assert rows[seat][column] == pytest.approx(float(share), abs=1e-6), (seat, board)


def test_an_omaha_all_in_played_at_a_table_shows_its_chart_and_review_figure(
        client, table, alice, bob, carol):
    table.host, table.min_buy_in = alice, 10
    table.save(update_fields=["host", "min_buy_in"])
    hosting.update_settings(table.id, alice, {"game": "PO"})
    users = {1: alice, 2: bob, 3: carol}
    for seat, user in users.items():
        services.sit(table.id, user, seat, STACKS[seat])
    hand = play(table, DECK_ORDER, [(users[s], kind, *rest) for s, kind, *rest in MOVES])
    client.force_login(bob)
    replay = replay_data(client.get(f"/hands/{hand.id}/").content.decode())
    rows = {h["seat"]: h["equity"] for h in replay["equity"]["hands"]}
    flop = brute_shares([HOLES[1], HOLES[2], HOLES[3]], "2c 7d 8h")
    assert [rows[s][1] for s in (1, 2, 3)] == pytest.approx([float(x) for x in flop], abs=1e-6)
    page = client.get("/hands/review/?source=played").content.decode()
    figures = dict(re.findall(r'data-figure="(\w+)">([^<]+)<', page))
    adjusted = expected_adjusted()[2]
    shown = round(Decimal(adjusted.numerator) / adjusted.denominator)
    assert figures["net"] == "+20"
    assert figures["adjusted"] == f"{'+' if shown > 0 else ''}{shown:,}"
    assert "(1 all-in hand counted by equity)" in page

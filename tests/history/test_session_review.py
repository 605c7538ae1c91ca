"""Session review: net won and all-in adjusted winnings (checked against a hand worked out by
hand), the usual stats by position, and every number linking to its hands; for imported
hands and for hands played here."""

import re
from decimal import Decimal
from fractions import Fraction

import pytest

from evaluator import hand_equity
from games.engine import (
    FULL_DECK,
    Action,
    ActionKind,
    HandState,
    SeatInput,
    TableConfig,
    replay,
)
from games.history.imports.reading import read_hands
from games.history.review.session import Sample, all_in_adjusted, facts, review
from tests.history.stars_samples import ACES_CRACKED, DATA
from tests.history.test_uploads import upload_in_steps

pytestmark = pytest.mark.django_db


@pytest.fixture
def logged_in(client, alice):
    client.force_login(alice)
    return client


def test_the_all_in_adjusted_net_of_a_hand_worked_out_by_hand():
    (hand,) = read_hands(ACES_CRACKED)
    state = hand.replayed.state
    hero = hand.replayed.players.index("Hero") + 1
    scale = hand.replayed.amounts.scale  # units per dollar ($0.50 blinds: dimes)
    net = hand.replayed.net_after_rake()[hero]
    assert net == -100 * scale  # all $100 lost
    # At the all-in the board is 2c 7d 9h Jc: 44 cards unseen, two of them kings (Kh, Ks)
    # beat the aces, 42 do not. Hero's share of the $200 pot is 200 * 42/44 = $190.909...
    adjusted = all_in_adjusted(state, hero, net) / scale
    assert adjusted == Fraction(-100) + Fraction(200) * Fraction(42, 44)
    assert round(Decimal(adjusted.numerator) / adjusted.denominator, 2) == Decimal("90.91")
    villain = 3 - hero  # won $199 of the $200 pot after the $1 rake: +$99
    assert all_in_adjusted(state, villain, 99 * scale) / scale == (
        Fraction(99) - Fraction(200) + Fraction(200) * Fraction(2, 44)
    )


def test_a_short_stack_all_in_is_credited_equity_in_the_main_pot_alone():
    """Queens all in preflop for 30; aces and kings call, then get all in on the turn.
    Main pot 90 (all three), side pot 340 (aces and kings). Board at the all-in: 7h 8d 3c
    9h, so 42 river cards are unseen: the two other queens win the main pot for the queens,
    the two other kings win both pots for the kings, every other card goes to the aces.
    (No river makes a straight or a flush for anyone, and pairing the board changes no
    order.) The result pays both pots as one (the aces won them), which must not credit the
    queens with equity in the side pot they could not win."""
    deck = ["As", "Kd", "Qc", "Ah", "Kc", "Qd", "2s", "7h", "8d", "3c", "4s", "9h", "5d", "2h"]
    deck += [card for card in FULL_DECK if card not in deck]
    seats = [SeatInput(1, "queens", 30), SeatInput(2, "aces", 200), SeatInput(3, "kings", 200)]
    state = replay(TableConfig(1, 2), seats, deck, [
        Action(1, ActionKind.RAISE, 30), Action(2, ActionKind.CALL), Action(3, ActionKind.CALL),
        Action(2, ActionKind.CHECK), Action(3, ActionKind.CHECK),
        Action(2, ActionKind.BET, 170), Action(3, ActionKind.CALL),
    ], button=1)
    assert [state.player(seat).hole for seat in (1, 2, 3)] == [
        ("Qc", "Qd"), ("As", "Ah"), ("Kd", "Kc")
    ]
    assert [(pot.amount, pot.winners) for pot in state.result.pots] == [(430, (2,))]
    queens = all_in_adjusted(state, 1, -30)
    aces = all_in_adjusted(state, 2, 230)
    kings = all_in_adjusted(state, 3, -200)
    assert queens == -30 + Fraction(90 * 2, 42)  # about -25.71 (-9.52 if the whole pot counted)
    assert aces == 230 - 430 + Fraction(90 * 38 + 340 * 40, 42)
    assert kings == -200 + Fraction(90 * 2 + 340 * 2, 42)
    assert queens + aces + kings == 0  # no rake: the adjusted nets balance


def test_a_hand_that_was_not_all_in_is_not_adjusted_and_its_stats_are_read():
    (hand,) = read_hands((DATA / "hypatia-heads-up-muck.txt").read_text())
    state = hand.replayed.state
    hero = hand.replayed.players.index("Hero") + 1
    assert all_in_adjusted(state, hero, -20000) is None  # the last bet went in on the river
    f = facts(state, hero, -20000)
    assert (f.position, f.vpip, f.pfr, f.three_bet, f.wtsd, f.wsd) == (
        "BB", True, False, False, True, False)


def test_net_splits_into_showdown_and_non_showdown_winnings():
    """Three hands from seat 1: a raise everyone folds to (+2, no showdown), a fold (-1, no
    showdown), 7-2 all in preflop against aces, lost at the showdown (-100)."""
    seats = [SeatInput(1, "hero", 100), SeatInput(2, "villain", 100)]
    config = TableConfig(1, 2)
    # Dealt from seat 2: aces to the villain, 7-2 to the hero; board 3c 9h Td Js 5s.
    deck = ["As", "7c", "Ah", "2d", "4h", "3c", "9h", "Td", "6d", "Js", "8c", "5s"]
    deck += [card for card in FULL_DECK if card not in deck]
    hands = [
        replay(config, seats, deck, [Action(1, ActionKind.RAISE, 6), Action(2, ActionKind.FOLD)],
               button=1),
        replay(config, seats, deck, [Action(1, ActionKind.FOLD)], button=1),
        replay(config, seats, deck, [Action(1, ActionKind.RAISE, 100), Action(2, ActionKind.CALL)],
               button=1),
    ]
    nets = [state.result.finishing_stacks[1] - 100 for state in hands]
    assert nets == [2, -1, -100]
    session = review(
        Sample.of(f"h{k}", state, 1, net)
        for k, (state, net) in enumerate(zip(hands, nets, strict=True))
    )
    # (net, all-in adjusted, won at showdown, won without), after each hand
    assert session.points[:2] == [(2, 2, 0, 2), (1, 1, 0, 1)]
    net, adjusted, showdown, non_showdown = session.points[2]
    assert (net, showdown, non_showdown) == (-99, -100, 1)
    seven_deuce = hand_equity(["7c2d", "AsAh"])[0]  # exact, over every board
    equity = Fraction(seven_deuce.wins + Fraction(seven_deuce.tie_credit), seven_deuce.boards)
    expected = 1 - 100 + 200 * equity  # about -73.8
    assert abs(adjusted - Decimal(expected.numerator) / expected.denominator) < Decimal("1e-20")


def test_the_session_page_sums_net_and_adjusted_and_links_every_number(logged_in):
    upload_in_steps(logged_in, text=ACES_CRACKED + "\n\n" +
                    (DATA / "hypatia-heads-up-muck.txt").read_text())
    page = logged_in.get("/hands/review/?source=imported").content.decode()
    figures = dict(re.findall(r'data-figure="(\w+)">([^<]+)<', page))
    assert figures == {"hands": "2", "net": "-$300.00", "adjusted": "-$109.09"}
    assert "(1 all-in hand counted by equity)" in page
    row = re.search(r'<tr data-position="all">(.*?)</tr>', page, re.S).group(1)
    cells = dict(re.findall(r'data-stat="(\w+)"><a [^>]*>([^<]+)</a>', row))
    assert cells == {"vpip": "100%", "pfr": "50%", "three_bet": "0%", "wtsd": "100%",
                     "wsd": "0%"}
    assert re.search(r'<tr data-position="BTN">', page) and re.search(r'data-position="BB"', page)
    # Each number links to its hands: the preflop raise was the aces, at the button.
    link = re.search(r'href="\?([^"]*show=pfr&amp;pos=#hands)"', page).group(1)
    listed = logged_in.get("/hands/review/?" + link.replace("&amp;", "&")).content.decode()
    assert re.findall(r'<li><a href="/hands/imported/\d+/">([^<]+)</a>', listed) == [
        "PokerStars #300000000001"]
    adjusted = logged_in.get("/hands/review/?source=imported&show=allin").content.decode()
    assert "PokerStars #300000000001" in adjusted and "PokerStars #154873209871" not in adjusted
    for series in ("net", "adjusted", "showdown", "non_showdown"):
        assert f'data-series="{series}"' in page


def test_hands_played_here_are_reviewed_from_the_players_own_seat(client, bob, side_pot_hand):
    client.force_login(bob)
    page = client.get("/hands/review/?source=played").content.decode()
    figures = dict(re.findall(r'data-figure="(\w+)">([^<]+)<', page))
    assert figures["hands"] == "1" and figures["net"] == "+100"
    # Bob's aces won the main pot of 150 against kings and 7-2: counted by preflop equity.
    state = HandState.from_dict(side_pot_hand.state)
    holes = [state.player(s).hole for s in (1, 2, 3)]
    shares = hand_equity(["".join(h) for h in holes], board="")
    expected = 100 - 150 + Decimal(str(round(shares[1].equity, 6))) * 150
    assert figures["adjusted"] == f"{'+' if expected > 0 else ''}{expected:,.0f}"


def test_the_review_needs_a_login_and_shows_only_your_hands(client, bob, logged_in):
    upload_in_steps(logged_in, text=ACES_CRACKED)
    logged_in.logout()
    assert client.get("/hands/review/?source=imported").status_code == 302
    client.force_login(bob)
    page = client.get("/hands/review/?source=imported").content.decode()
    assert "No hands of yours in this set." in page


def test_hands_played_here_and_imported_are_reviewed_together_in_big_blinds(client, bob,
                                                                           side_pot_hand):
    client.force_login(bob)
    upload_in_steps(client, text=ACES_CRACKED.replace("Hero", "bob"))
    page = client.get("/hands/review/?source=all").content.decode()
    figures = dict(re.findall(r'data-figure="(\w+)">([^<]+)<', page))
    # +100 chips at 1/2 is +50 bb; -$100 at $0.50/$1 is -100 bb.
    assert (figures["hands"], figures["net"]) == ("2", "-50.00 bb")
    assert "all your hands" in page and "(big blinds: the hands are in more than one" in page

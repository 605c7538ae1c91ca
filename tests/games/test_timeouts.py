"""Clocks that do not make the table wait for nobody: the time bank, the log saying "timed
out", and players sitting out (by choice or sat out by the table) acted for at once.

Button alice (seat 1), bob small blind (seat 2), carol big blind (seat 3): preflop alice
acts first, then bob, then carol; after the flop bob, carol, alice.
"""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services, snapshots, table_clock
from games.engine import HandState
from games.models import Hand, HandAction, Seat
from games.projection import public_view
from tests.games.conftest import ACES_KINGS_DECK

pytestmark = pytest.mark.django_db


def deal(table, alice, bob, carol) -> Hand:
    for number, user in ((1, alice), (2, bob), (3, carol)):
        services.sit(table.id, user, number, 200)
    return services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))


def act(table, user, kind, amount=None):
    table.refresh_from_db()
    services.act(table.id, user, kind, amount, table.version)


def actor(hand: Hand) -> int | None:
    hand.refresh_from_db()
    return HandState.from_dict(hand.state).actor


def run_out_the_clock(hand: Hand) -> None:
    """Fire the deadline of the player to act (their clock, or their time bank)."""
    hand.refresh_from_db()
    table_clock.run_due_work(now=hand.action_deadline + timedelta(seconds=1))


def test_a_player_whose_clock_runs_out_gets_the_time_bank_once_a_hand(table, alice, bob, carol):
    hand = deal(table, alice, bob, carol)
    first_deadline = Hand.objects.get(pk=hand.pk).action_deadline
    run_out_the_clock(hand)
    hand.refresh_from_db()
    assert actor(hand) == 1 and hand.on_time_bank  # still alice's turn, on her bank
    assert hand.action_deadline == first_deadline + timedelta(seconds=1 + 15)
    view = public_view(snapshots.load(table.id)).view
    assert view["hand"]["on_time_bank"] and view["time_bank_seconds"] == 15
    run_out_the_clock(hand)
    fold = hand.actions.get(kind="fold")
    assert (fold.seat, fold.timed_out) == (1, True)
    hand.refresh_from_db()
    assert not hand.on_time_bank  # bob's clock is his own
    assert Seat.objects.get(user=alice).time_bank_used_in_hand == hand.number


def test_the_log_says_who_timed_out(table, alice, bob, carol):
    hand = deal(table, alice, bob, carol)
    run_out_the_clock(hand)
    run_out_the_clock(hand)
    log = public_view(snapshots.load(table.id)).view["log"]
    assert "alice timed out and folds" in [row["text"] for row in log]
    act(table, bob, "call")
    texts = [row["text"] for row in public_view(snapshots.load(table.id)).view["log"]]
    assert "bob calls 1" in texts and "bob timed out and calls 1" not in texts


def test_a_player_sat_out_by_timeouts_is_acted_for_at_once_on_later_streets(
    table, alice, bob, carol
):
    hand = deal(table, alice, bob, carol)
    Seat.objects.filter(user=carol).update(consecutive_timeouts=1)
    act(table, alice, "call")
    act(table, bob, "call")
    run_out_the_clock(hand)  # carol's clock: her time bank starts
    run_out_the_clock(hand)  # her bank: she checks, and is sat out after two timeouts
    assert Seat.objects.get(user=carol).sitting_out
    act(table, bob, "check")  # the flop: carol is next and is checked for at once
    assert actor(hand) == 1
    carol_flop = HandAction.objects.get(hand=hand, seat=3, street="flop")
    assert (carol_flop.kind, carol_flop.timed_out) == ("check", False)
    act(table, alice, "bet", 10)
    act(table, bob, "call")  # carol must call 10: she is folded at once
    assert HandAction.objects.filter(hand=hand, seat=3, kind="fold").exists()
    assert actor(hand) == 2  # the turn: bob, with no clock spent on carol


def test_sitting_out_on_your_turn_leaves_you_your_clock_in_this_hand(table, alice, bob, carol):
    hand = deal(table, alice, bob, carol)
    services.set_sitting_out(table.id, alice, True)
    assert actor(hand) == 1 and not HandAction.objects.filter(hand=hand, seat=1).exists()
    run_out_the_clock(hand)  # her clock, then her time bank: then the table folds for her
    run_out_the_clock(hand)
    assert HandAction.objects.filter(hand=hand, seat=1, kind="fold", timed_out=True).exists()
    assert actor(hand) == 2


def test_one_who_sat_out_and_timed_out_is_not_waited_for_again(table, alice, bob, carol):
    hand = deal(table, alice, bob, carol)
    services.set_sitting_out(table.id, carol, True)  # not her turn yet
    act(table, alice, "call")
    act(table, bob, "call")
    run_out_the_clock(hand)  # carol's clock, then her time bank: checked for her
    run_out_the_clock(hand)
    assert HandAction.objects.filter(hand=hand, seat=3, kind="check", timed_out=True).exists()
    act(table, bob, "bet", 6)  # the flop: bob bets, carol must answer: folded at once
    assert HandAction.objects.filter(hand=hand, seat=3, kind="fold").exists()
    assert actor(hand) == 1
    started = timezone.now()
    hand.refresh_from_db()
    assert hand.action_deadline > started  # alice has her full clock

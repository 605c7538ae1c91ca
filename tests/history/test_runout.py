"""All-in run-outs: pages reveal them street by street, so the next deal waits for that."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.engine import HandState
from games.runout import runout_streets
from tests.games.conftest import ACES_KINGS_DECK
from tests.history.conftest import deal_side_pots, play, seat

pytestmark = pytest.mark.django_db


def test_an_all_in_preflop_deals_three_streets_after_the_last_decision(table, alice, bob, carol):
    seat(table, (alice, 50), (bob, 200), (carol, 100))
    hand = play(table, ACES_KINGS_DECK, [(alice, "all_in"), (bob, "all_in"), (carol, "call")])
    assert runout_streets(HandState.from_dict(hand.state)) == 3


def test_a_hand_bet_to_the_river_has_no_run_out(showdown_hand):
    assert runout_streets(HandState.from_dict(showdown_hand.state)) == 0


def test_a_hand_won_without_a_showdown_has_no_run_out(folded_hand):
    assert runout_streets(HandState.from_dict(folded_hand.state)) == 0


def test_the_next_deal_waits_for_the_run_out_to_be_shown(table, alice, bob, carol, settings):
    settings.RUNOUT_STREET_SECONDS = 1.5
    settings.NEXT_HAND_DELAY_SECONDS = 4
    before = timezone.now()
    deal_side_pots(table, alice, bob, carol)  # all three keep chips: a next hand is due
    table.refresh_from_db()
    # Flop at once, turn and river 1.5 s apart: 3 s more than the usual 4 s.
    assert table.next_hand_at >= before + timedelta(seconds=4 + 3)
    assert table.next_hand_at <= timezone.now() + timedelta(seconds=4 + 3)
    assert services.next_hand_delay() == timedelta(seconds=4)

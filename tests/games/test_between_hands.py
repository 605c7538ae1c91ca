"""What happens between hands and across them: the pause before the next deal is never cut
short, sitting out starts from the next hand, chips added during a hand wait for its end."""

import json

import pytest
from django.utils import timezone

from games import services, snapshots
from games.engine import HandState
from games.models import Hand, HandAction, Player, Seat, Table
from games.projection import snapshot_frame
from games.services import hosting, seating
from games.services.writer import ServiceError
from tests.games.conftest import ACES_KINGS_DECK, chips_in_room, issued_chips

pytestmark = pytest.mark.django_db


def act(table, user, kind, amount=None):
    table.refresh_from_db()
    services.act(table.id, user, kind, amount, table.version)


def next_deal(table):
    return Table.objects.values_list("next_hand_at", flat=True).get(pk=table.id)


def actor(hand: Hand) -> int | None:
    hand.refresh_from_db()
    return HandState.from_dict(hand.state).actor


def bankroll(user) -> int:
    return Player.objects.get(user=user).bankroll


# Changes made between hands, each by someone who is ready to make it (see the test).
BETWEEN_HANDS = {
    "sit": lambda t, alice, bob, carol: services.sit(t.id, carol, 3, 100),
    "add_chips": lambda t, alice, bob, carol: seating.add_chips(t.id, bob, 10),
    "sit_back": lambda t, alice, bob, carol: services.set_sitting_out(t.id, carol, False),
    "adjust_stack": lambda t, alice, bob, carol: hosting.adjust_stack(t.id, alice, 2, -10, "fix"),
    "approve": lambda t, alice, bob, carol: hosting.approve(t.id, alice, 3),
    "pause_and_resume": lambda t, alice, bob, carol: (
        hosting.pause(t.id, alice), hosting.resume(t.id, alice)
    ),
}


@pytest.mark.parametrize("change", sorted(BETWEEN_HANDS))
def test_a_change_between_hands_never_brings_the_next_deal_forward(
    table, alice, bob, carol, change
):
    table.host = alice
    table.save(update_fields=["host"])
    services.sit(table.id, alice, 1, 150)
    services.sit(table.id, bob, 2, 150)
    if change == "sit_back":
        services.sit(table.id, carol, 3, 100)
        services.set_sitting_out(table.id, carol, True)
    if change == "approve":
        hosting.update_settings(table.id, alice, {"needs_approval": True})
        assert services.sit(table.id, carol, 3, 100) is None  # waits for the host
    services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))
    act(table, alice, "fold")  # the hand ends: the next deal waits the documented pause
    planned = next_deal(table)
    assert planned is not None

    BETWEEN_HANDS[change](table, alice, bob, carol)

    assert next_deal(table) >= planned
    assert chips_in_room() == issued_chips()


def test_sitting_down_at_an_idle_table_still_deals_soon(table, alice, bob):
    services.sit(table.id, alice, 1, 150)
    services.sit(table.id, bob, 2, 150)
    planned = next_deal(table)
    assert planned is not None and planned - timezone.now() <= services.next_hand_delay()


def test_sitting_out_during_a_hand_starts_from_the_next_hand(table, alice, bob, carol):
    for number, user in ((1, alice), (2, bob), (3, carol)):
        services.sit(table.id, user, number, 200)
    hand = services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))
    assert actor(hand) == 1
    services.set_sitting_out(table.id, alice, True)  # on her turn: nothing is done for her
    assert actor(hand) == 1
    assert not HandAction.objects.filter(hand=hand, seat=1, kind="fold").exists()
    act(table, alice, "call")  # she still plays this hand
    services.set_sitting_out(table.id, carol, True)  # not her turn yet
    act(table, bob, "call")
    assert actor(hand) == 3  # carol is waited for, like anyone in the hand
    act(table, carol, "check")
    assert HandAction.objects.filter(hand=hand, seat=1, kind="call").exists()

    while (turn := actor(hand)) is not None:  # check it down
        act(table, {1: alice, 2: bob, 3: carol}[turn], "check")
    following = services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))
    assert following is None  # alice and carol sit out: bob alone is not a game
    assert chips_in_room() == issued_chips()


def test_chips_added_during_a_hand_are_queued_and_added_when_it_ends(table, alice, bob):
    services.sit(table.id, alice, 1, 100)
    services.sit(table.id, bob, 2, 100)
    services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))
    seating.add_chips(table.id, alice, 60)
    seating.add_chips(table.id, alice, 40)  # more, while it waits
    seat = Seat.objects.get(user=alice)
    assert (seat.stack, seat.queued_top_up, bankroll(alice)) == (100, 100, 9_900)
    table.refresh_from_db()
    snapshot = snapshots.load(table.id, alice.id)
    assert snapshot.people[alice.id].top_up_queued == 100
    line = json.loads(snapshot_frame(snapshot, alice.id))["table"]["viewer"]["text"]
    assert line == "100 chips are added to your stack when this hand ends."  # her page says so
    assert chips_in_room() == issued_chips()

    act(table, alice, "fold")  # she loses her small blind (99), then gets the 100 queued
    seat.refresh_from_db()
    assert (seat.stack, seat.queued_top_up, bankroll(alice)) == (199, 0, 9_800)
    assert chips_in_room() == issued_chips()


def test_a_queued_top_up_is_bounded_and_refused_with_a_sentence(table, alice, bob):
    services.sit(table.id, alice, 1, 100)
    services.sit(table.id, bob, 2, 100)
    services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))
    before = Table.objects.get(pk=table.id).version
    with pytest.raises(ServiceError, match="maximum buy-in of 200, so at most 200 more can be"):
        seating.add_chips(table.id, alice, 201)
    Player.objects.filter(user=alice).update(bankroll=30)
    with pytest.raises(ServiceError, match="31 chips queued would be more than your bankroll"):
        seating.add_chips(table.id, alice, 31)
    assert Table.objects.get(pk=table.id).version == before
    assert Seat.objects.get(user=alice).queued_top_up == 0


def test_a_queued_top_up_takes_no_more_than_the_maximum_buy_in_then(table, alice, bob):
    table.host = alice
    table.save(update_fields=["host"])
    services.sit(table.id, alice, 1, 150)
    services.sit(table.id, bob, 2, 100)
    services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))
    seating.add_chips(table.id, bob, 100)
    hosting.update_settings(table.id, alice, {"max_buy_in": 120})
    act(table, alice, "fold")  # bob wins 1: 101, topped up to the new maximum of 120
    assert Seat.objects.get(user=bob).stack == 120
    assert bankroll(bob) == 10_000 - 100 - 19
    assert chips_in_room() == issued_chips()

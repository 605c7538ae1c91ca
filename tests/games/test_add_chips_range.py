"""The "Add chips" range a page offers (``you.add_chips``) is what ``seating.add_chips``
accepts: each bound is accepted and one chip past it refused, by the service itself."""

import json

import pytest

from games import services
from games.live.consumers import load_snapshot_frame
from games.models import Player, Seat
from games.services import seating
from games.services.writer import ServiceError
from tests.games.conftest import ACES_KINGS_DECK

pytestmark = pytest.mark.django_db


def offered(table, user) -> dict | None:
    """The range in the snapshot a socket of ``user`` would get now."""
    _, text = load_snapshot_frame(table.id, user.id)
    return json.loads(text)["table"]["you"]["add_chips"]


def refused(table, user, amount) -> bool:
    try:
        seating.add_chips(table.id, user, amount)
    except ServiceError:
        return True
    return False


def queued_and_stack(user) -> tuple[int, int]:
    seat = Seat.objects.get(user=user)
    return seat.queued_top_up, seat.stack


def test_between_hands_the_top_up_range_is_what_the_service_accepts(table, alice, bob):
    services.sit(table.id, alice, 1, 150)
    services.sit(table.id, bob, 2, 100)
    room = offered(table, alice)
    assert room == {"min": 1, "max": 50, "rebuy": False, "queued": False, "suggested": 50}
    assert refused(table, alice, room["min"] - 1) and refused(table, alice, room["max"] + 1)
    assert queued_and_stack(alice) == (0, 150)
    seating.add_chips(table.id, alice, room["max"])
    assert queued_and_stack(alice) == (0, 200)
    # At the maximum buy-in nothing is offered, and nothing is taken.
    assert offered(table, alice) is None
    assert refused(table, alice, 1)


def test_after_busting_the_rebuy_range_is_the_buy_in_range(table, alice, bob):
    # Heads-up, button seat 1: alice Kd Ah beats bob As 7s; bob goes all-in and busts.
    services.sit(table.id, alice, 1, 200)
    services.sit(table.id, bob, 2, 50)
    services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))
    table.refresh_from_db()
    services.act(table.id, alice, "raise", 200, table.version)
    table.refresh_from_db()
    services.act(table.id, bob, "call", None, table.version)
    assert queued_and_stack(bob) == (0, 0)
    room = offered(table, bob)
    assert room == {"min": table.min_buy_in, "max": table.max_buy_in, "rebuy": True,
                    "queued": False, "suggested": 200}
    assert refused(table, bob, room["min"] - 1) and refused(table, bob, room["max"] + 1)
    seating.add_chips(table.id, bob, room["min"])
    assert queued_and_stack(bob) == (0, room["min"])


def test_during_a_hand_the_range_is_what_may_still_be_queued(table, alice, bob):
    services.sit(table.id, alice, 1, 100)
    services.sit(table.id, bob, 2, 100)
    services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))
    room = offered(table, alice)
    assert room == {"min": 1, "max": 200, "rebuy": False, "queued": True, "suggested": 100}
    assert refused(table, alice, room["min"] - 1) and refused(table, alice, room["max"] + 1)
    seating.add_chips(table.id, alice, 120)
    room = offered(table, alice)
    assert room == {"min": 1, "max": 80, "rebuy": False, "queued": True, "suggested": 1}
    assert refused(table, alice, room["max"] + 1)
    seating.add_chips(table.id, alice, room["max"])
    assert queued_and_stack(alice) == (200, 100)
    assert offered(table, alice) is None
    assert refused(table, alice, 1)


def test_nothing_is_offered_to_a_player_who_is_leaving_or_at_a_closed_table(table, alice, bob):
    services.sit(table.id, alice, 1, 100)
    services.sit(table.id, bob, 2, 100)
    services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))
    services.stand(table.id, bob)  # during the hand: he leaves when it ends
    assert offered(table, bob) is None
    assert refused(table, bob, 1)
    assert offered(table, alice) is not None
    table.status = table.Status.CLOSED
    table.save(update_fields=["status"])
    assert offered(table, alice) is None
    assert refused(table, alice, 1)


def test_a_spectator_is_offered_nothing(table, alice, bob):
    services.sit(table.id, alice, 1, 100)
    _, text = load_snapshot_frame(table.id, bob.id)
    assert json.loads(text)["table"]["you"]["add_chips"] is None


def test_the_dialogs_offer_the_usual_buy_in_first_never_the_maximum(table, alice, bob):
    """At 1/2 with buy-ins of 40 to 400, a hundred big blinds (200) is offered first: to
    sit, to rebuy, and as the top-up back to it; within the bankroll."""
    table.max_buy_in = 400
    table.save(update_fields=["max_buy_in"])

    def you(user) -> dict:
        _, text = load_snapshot_frame(table.id, user.id)
        return json.loads(text)["table"]["you"]

    assert you(alice)["buy_in"] == {"min": 40, "max": 400, "suggested": 200}
    services.sit(table.id, alice, 1, 50)
    assert you(alice)["add_chips"]["suggested"] == 150  # back to 200, not up to 400
    Player.objects.filter(user=bob).update(bankroll=120)
    assert you(bob)["buy_in"] == {"min": 40, "max": 120, "suggested": 120}
    seating.add_chips(table.id, alice, 150)
    assert you(alice)["add_chips"] == {"min": 1, "max": 200, "rebuy": False, "queued": False,
                                       "suggested": 1}

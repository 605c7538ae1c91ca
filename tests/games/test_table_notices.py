"""What the table is told: host actions, top-ups and freed seats reach everyone's log with
the reason (``notices``), and each viewer's state is worked out by the server
(``viewer``, games/viewer_status.py), from views built the way the writer builds them."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services, snapshots
from games.models import Seat
from games.projection import personal_view, public_view
from games.services import hosting, seating

pytestmark = pytest.mark.django_db


@pytest.fixture
def hosted(table, alice):
    table.host = alice
    table.save(update_fields=["host"])
    return table


def views(table_id, user):
    snapshot = snapshots.load(table_id, user.id)
    public = public_view(snapshot)
    return public.view, personal_view(snapshot, public, user.id)


def texts(view):
    return [n["text"] for n in view["notices"]]


def test_host_actions_and_top_ups_are_told_to_everyone_with_the_reason(
    hosted, alice, bob, carol, spectator
):
    services.sit(hosted.id, alice, 1, 200)
    services.sit(hosted.id, bob, 2, 100)
    hosting.adjust_stack(hosted.id, alice, 2, 50, "bought 50 more in cash")
    hosting.update_settings(hosted.id, alice, {"needs_approval": True})
    services.sit(hosted.id, carol, 3, 100)
    hosting.approve(hosted.id, alice, 3)
    hosting.hand_over(hosted.id, alice, 2)
    hosting.remove_player(hosted.id, bob, 3, " left for the night ")
    public, _ = views(hosted.id, spectator)
    assert texts(public) == [
        "alice (host) adjusted bob's stack by +50 to 150: bought 50 more in cash",
        "alice (host) let carol sit in seat 3 with 100 chips.",
        "alice (host) handed the host role to bob.",
        "bob (host) removed carol from seat 3 (left for the night); their stack goes back "
        "to their bankroll.",
    ]
    assert [n["kind"] for n in public["notices"]] == ["adjust", "approve", "hand_over", "remove"]
    # The removed player's own view (the writer's last personal frame to them) tells them too.
    _, carols = views(hosted.id, carol)
    assert carols["notices"][-1]["player"] == "carol"


def test_top_ups_and_rebuys_are_told(hosted, alice, bob, spectator):
    services.sit(hosted.id, alice, 1, 100)
    services.sit(hosted.id, bob, 2, 100)
    seating.add_chips(hosted.id, bob, 50)
    hosting.adjust_stack(hosted.id, alice, 1, -100, "cashed out in cash")
    seating.add_chips(hosted.id, alice, 80)
    public, _ = views(hosted.id, spectator)
    assert texts(public)[0] == "bob added 50 chips from their bankroll."
    assert texts(public)[-1] == "alice rebought for 80 from their bankroll."


def test_a_busted_player_sees_the_countdown_and_the_table_hears_when_the_seat_goes(
    hosted, alice, bob, spectator
):
    services.sit(hosted.id, alice, 1, 100)
    services.sit(hosted.id, bob, 2, 100)
    hosting.adjust_stack(hosted.id, alice, 2, -100, "lost it at the bar")
    _, bobs = views(hosted.id, bob)
    assert bobs["viewer"]["state"] == "busted"
    assert bobs["viewer"]["text"] == (
        "You are out of chips: rebuy within {seconds} s to keep your seat."
    )
    assert 0 < bobs["viewer"]["rebuy_seconds_left"] <= 120
    assert "dealt in" not in bobs["viewer"]["text"]
    later = timezone.now() + timedelta(seconds=121)
    seating.free_busted_seats(later)
    assert not Seat.objects.filter(table=hosted, user=bob).exists()
    public, _ = views(hosted.id, spectator)
    assert texts(public)[-1] == "bob did not rebuy in time: seat 2 is free again."


def test_a_player_waiting_for_approval_is_told_so_and_the_host_is_asked(
    hosted, alice, bob, spectator
):
    hosting.update_settings(hosted.id, alice, {"needs_approval": True})
    services.sit(hosted.id, alice, 1, 100)
    hosting.pause(hosted.id, alice)
    services.sit(hosted.id, bob, 4, 100)
    _, bobs = views(hosted.id, bob)
    assert bobs["viewer"]["state"] == "waiting_approval"
    assert "Pick an empty seat" not in bobs["viewer"]["text"]
    assert not bobs["viewer"]["may_sit"]
    # The pause (before the first hand: waiting for Start) does not hide the request.
    banner = bobs["viewer"]["banner"]
    assert "Waiting for the host to start" in banner and "seat 4" in banner
    _, alices = views(hosted.id, alice)
    assert "Waiting for your approval: bob (seat 4)" in alices["viewer"]["banner"]
    public, _ = views(hosted.id, spectator)
    assert "approval" not in public["viewer"]["banner"]  # the host's notice is the host's


def test_a_requester_gets_a_personal_part_of_every_change(hosted, alice, bob):
    hosting.update_settings(hosted.id, alice, {"needs_approval": True})
    services.sit(hosted.id, bob, 4, 100)
    snapshot = snapshots.load(hosted.id)
    assert bob.id in snapshot.people


def test_a_closed_table_says_closing_during_its_last_hand_then_closed(
    hosted, alice, bob, spectator
):
    services.sit(hosted.id, alice, 1, 100)
    services.sit(hosted.id, bob, 2, 100)
    services.start_next_hand(hosted.id)
    hosting.close(hosted.id, alice)
    public, bobs = views(hosted.id, bob)
    assert public["table_state"]["state"] == "closing"
    assert bobs["viewer"]["state"] == "closing"
    assert not public["viewer"]["may_sit"]


def test_nobody_waits_for_the_big_blind_when_everyone_is_dealt_in(hosted, alice, bob, carol):
    hosted.status = "paused"
    hosted.save(update_fields=["status"])
    for number, user in enumerate((alice, bob, carol), start=1):
        services.sit(hosted.id, user, number, 100)
    public, _ = views(hosted.id, alice)
    assert [s["waiting"] for s in public["seats"]] == [False, False, False]
    assert public["table_state"] == {
        "state": "waiting_start", "text": "Waiting for the host to start the game."
    }

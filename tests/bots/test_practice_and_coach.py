"""Practise now, a host seating bots, the coach endpoint, and bots marked on the felt."""

import json
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games import services, table_clock
from games.bots.players import seat_bots
from games.models import Hand, Seat, Table
from tests.bots.conftest import open_page
from tests.games.conftest import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice_client(client, alice):
    client.force_login(alice)
    return client


def practise(client, bots=2, strength="easy") -> Table:
    """Practise now, and the table page opens its socket (a practice table deals only while
    its person has it open: tests/bots/test_practice_ends.py)."""
    response = client.post(reverse("practice"), {"bots": bots, "strength": strength})
    assert response.status_code == 302, response.content
    table = Table.objects.get(pk=int(response.url.strip("/").split("/")[-1]))
    open_page(table.id, int(client.session["_auth_user_id"]))
    return table


def test_practise_now_seats_you_with_the_bots_you_picked_and_deals_at_once(alice_client, alice):
    table = practise(alice_client, bots=3, strength="hard")
    assert table.is_practice and table.is_private and table.coach_allowed
    seats = list(Seat.objects.filter(table=table).select_related("user__player"))
    assert [(s.number, s.user.player.bot_style) for s in seats] == [
        (1, ""), (2, "tight_aggressive"), (3, "tight_aggressive"), (4, "tight_aggressive")
    ]
    table_clock.run_due_work(timezone.now() + timedelta(seconds=2))
    assert Hand.objects.filter(table=table, status=Hand.Status.IN_PROGRESS).exists()
    assert alice_client.get(reverse("table", args=[table.id])).status_code == 200


def test_practise_now_asks_a_visitor_for_a_nickname_and_refuses_nine_bots(client, alice):
    page = client.get(reverse("practice"))
    assert b"Play as guest" in page.content
    assert client.post(reverse("practice"), {"bots": 2, "strength": "easy"}).url.startswith(
        "/guest/"
    )
    client.force_login(alice)
    assert client.post(reverse("practice"), {"bots": 9, "strength": "easy"}).status_code == 400


def test_only_the_host_may_seat_bots_at_a_table(client, alice, table):
    table.host = alice
    table.save()
    bob = make_user("bob")
    client.force_login(bob)
    assert client.post(reverse("add_bots", args=[table.id]), {"bots": 2, "strength": "easy"}
                       ).status_code == 404
    client.force_login(alice)
    client.post(reverse("add_bots", args=[table.id]), {"bots": 2, "strength": "easy"})
    assert Seat.objects.filter(table=table).count() == 2


def messages_after(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


@pytest.mark.parametrize("strength", ["easy", "hard", "coach", "random"])
def test_a_host_fills_every_free_seat_of_a_ten_seat_table_with_bots(
    alice_client, alice, table, strength
):
    table.host, table.max_seats = alice, 10
    table.save()
    services.sit(table.id, alice, 1, 200)
    response = alice_client.post(reverse("add_bots", args=[table.id]),
                                 {"bots": 9, "strength": strength}, follow=True)
    assert messages_after(response) == ["9 bot(s) took a seat."]
    assert Seat.objects.filter(table=table).count() == 10


def test_a_host_asking_more_bots_than_free_seats_is_told_every_seat_is_taken(
    alice_client, alice, table
):
    table.host, table.max_seats = alice, 10
    table.save()
    services.sit(table.id, alice, 1, 200)
    response = alice_client.post(reverse("add_bots", args=[table.id]),
                                 {"bots": 10, "strength": "mixed"}, follow=True)
    assert messages_after(response) == ["9 bot(s) took a seat: every seat is taken now."]


def test_a_host_asking_more_bots_than_the_table_has_seats_is_told_why_not(
    alice_client, alice, table
):
    table.host, table.max_seats = alice, 10
    table.save()
    response = alice_client.post(reverse("add_bots", args=[table.id]),
                                 {"bots": 11, "strength": "easy"}, follow=True)
    assert messages_after(response) == ["At most 10 bots can take a seat here."]
    assert not Seat.objects.filter(table=table).exists()


def test_the_coach_is_refused_where_the_host_has_not_allowed_it(alice_client, alice, table):
    services.sit(table.id, alice, 1, 200)
    url = reverse("coach", args=[table.id])
    assert alice_client.get(url).status_code == 403
    table.host = alice
    table.save()
    alice_client.post(reverse("allow_coach", args=[table.id]), {"allowed": "1"})
    assert alice_client.get(url).status_code == 200


def test_the_coach_gives_you_your_figures_and_a_verdict_and_nobody_elses_cards(
    alice_client, alice
):
    table = practise(alice_client, bots=1, strength="easy")
    services.start_next_hand(table.id)
    hand = Hand.objects.get(table=table, status=Hand.Status.IN_PROGRESS)
    bot_cards = hand.players.exclude(user=alice).get().hole_cards
    url = reverse("coach", args=[table.id])
    report = alice_client.get(url).json()
    assert report["now"]["your_turn"] and 0 < report["now"]["equity"] < 1
    assert report["now"]["pot_odds"] == pytest.approx(1 / 4, abs=0.001)  # call 1 into 3
    table.refresh_from_db()
    services.act(table.id, alice, "call", None, table.version)
    response = alice_client.get(url)
    report = response.json()
    assert report["decisions"][0]["action"] == "call"
    assert report["decisions"][0]["verdict"].startswith("you called 1 into 3 needing 25% with")
    for card in (bot_cards[:2], bot_cards[2:]):
        assert f'"{card}"' not in response.content.decode()
    bob = make_user("bob")
    alice_client.force_login(bob)
    assert alice_client.get(url).status_code == 404  # a private table bob was not invited to


def test_bots_are_marked_on_the_felt(alice, table):
    from games.live.consumers import load_snapshot_frame

    services.sit(table.id, alice, 1, 200)
    seat_bots(table.id, 1, "random")
    _version, frame = load_snapshot_frame(table.id, alice.id)
    seats = json.loads(frame)["table"]["seats"]
    assert [(s["player"], s["bot"]) for s in seats] == [("alice", False), ("Randy (bot)", True)]


def test_bots_are_named_as_bots_in_the_replayer_and_the_exports(
    alice_client, alice, settings
):
    settings.BOT_THINK_SECONDS = 0
    table = practise(alice_client, bots=1, strength="easy")
    services.start_next_hand(table.id)
    table.refresh_from_db()
    services.act(table.id, alice, "fold", None, table.version)
    hand = Hand.objects.get(table=table)
    pages = [  # My hands lists tables and results, no opponents' names
        reverse("history:hand", args=[hand.id]),
        reverse("history:hand_phh", args=[hand.id]),
        reverse("history:hand_pokerstars", args=[hand.id]),
    ]
    for url in pages:
        response = alice_client.get(url)
        assert response.status_code == 200, url
        assert "Cal (bot)" in response.content.decode(), url


def test_the_bot_roster_passes_its_system_checks():
    from django.core.management import call_command

    from games.bots.checks import roster_problems
    from games.bots.roster import BOT_STYLES, STRENGTHS

    assert roster_problems(BOT_STYLES, STRENGTHS) == []
    call_command("check")  # raises SystemCheckError on any error

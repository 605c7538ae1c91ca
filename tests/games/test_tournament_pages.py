"""The tournament pages: the lobby (registering, running, finished), creating one from the
form, registering and starting from a tournament's page, a deal agreed there, and the
results."""

import random

import pytest
from django.utils import timezone

from games.models import LedgerEntry, Player, Tournament
from games.services import tournaments
from tests.games.test_tournament_play import fold_around
from tests.games.tournament_helpers import deal, players, sng

pytestmark = pytest.mark.django_db

FORM = {
    "name": "Thursday turbo", "max_players": 4, "buy_in": 200, "starting_stack": 1_500,
    "schedule": "turbo", "level_unit": "minutes", "level_length": "", "levels": "",
    "payout": "65-35", "action_seconds": 20,
}


def page(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_the_lobby_lists_tournaments_registering_running_and_finished(client, alice):
    open_one = sng(alice, name="Open one")
    running_one = sng(alice, name="Running one", max_players=3)
    for user in players(3, "r"):
        tournaments.register(running_one.id, user)
    text = page(client, "/tournaments/")
    registering = text.index("<h2>Registering</h2>")
    running = text.index("<h2>Running</h2>")
    finished = text.index("<h2>Finished</h2>")
    assert registering < text.index(open_one.name) < running < text.index(running_one.name)
    assert "No tournament has finished yet." in text[finished:]


def test_a_host_creates_a_tournament_from_the_form(client, alice):
    client.force_login(alice)
    response = client.post("/tournaments/new/", FORM)
    tournament = Tournament.objects.get()
    assert response.status_code == 302 and response.url == f"/tournaments/{tournament.id}/"
    assert (tournament.host, tournament.max_players, tournament.payout) == (alice, 4, "65-35")
    assert tournament.blind_schedule().minutes == 5  # the turbo preset's
    custom = {**FORM, "schedule": "custom", "level_unit": "hands", "level_length": 6,
              "levels": "25/50\n50/100/10\n"}
    client.post("/tournaments/new/", custom)
    made = Tournament.objects.filter(schedule_preset="").get()
    assert made.blind_schedule().hands == 6 and made.blind_schedule().levels[1].ante == 10


@pytest.mark.parametrize(
    ("changes", "sentence"),
    [
        ({"schedule": "custom", "level_length": 5, "levels": "20/10"},
         "Level 1: the big blind (10) is below the small blind (20)."),
        ({"schedule": "custom", "level_length": 5, "levels": "20 to 40"},
         "write small/big or small/big/ante"),
        ({"max_players": 2, "payout": "50-30-20"}, "A 50-30-20 payout pays 3 places"),
    ],
)
def test_a_bad_tournament_form_says_why_and_makes_nothing(client, alice, changes, sentence):
    client.force_login(alice)
    response = client.post("/tournaments/new/", {**FORM, **changes})
    assert response.status_code == 400
    assert sentence in response.content.decode().replace("&#x27;", "'")
    assert not Tournament.objects.exists()


def test_register_and_start_from_the_page_then_watch_the_table(client, alice, bob, carol):
    tournament = sng(alice, max_players=6)
    for user in (bob, carol):
        client.force_login(user)
        client.post(f"/tournaments/{tournament.id}/register/")
    assert Player.objects.get(user=bob).bankroll == 10_000 - 100
    client.force_login(bob)
    response = client.post(f"/tournaments/{tournament.id}/start/", follow=True)
    assert "Only the host of this tournament can start it." in response.content.decode()
    client.force_login(alice)
    client.post(f"/tournaments/{tournament.id}/register/")
    text = client.post(f"/tournaments/{tournament.id}/start/", follow=True).content.decode()
    assert "The tournament has started." in text
    tournament.refresh_from_db()
    assert f'href="/tables/{tournament.table_id}/"' in text
    client.logout()  # anyone may watch a tournament's table
    assert client.get(f"/tables/{tournament.table_id}/").status_code == 200


def test_a_buy_in_beyond_the_bankroll_is_refused_on_the_page(client, alice, bob):
    tournament = sng(alice, buy_in=50_000)
    client.force_login(bob)
    text = client.post(f"/tournaments/{tournament.id}/register/", follow=True).content.decode()
    assert "The buy-in of 50,000 is more than your bankroll of 10,000." in text
    assert not tournament.entries.exists() and not LedgerEntry.objects.filter(
        kind="sng_buy_in").exists()


def test_a_deal_agreed_on_the_page_shows_in_the_results(client):
    entrants = players(3)
    tournament = sng(entrants[0], max_players=3)
    now = timezone.now()
    for user in entrants:
        tournaments.register(tournament.id, user, now=now)
    tournament.refresh_from_db()
    deal(tournament.table_id, random.Random(4), now)
    fold_around(tournament.table_id)
    client.force_login(entrants[0])
    text = client.post(f"/tournaments/{tournament.id}/deal/", {"method": "icm"},
                       follow=True).content.decode()
    assert "proposes an ICM deal" in text and "ICM value" in text
    proposal = Tournament.objects.get(pk=tournament.id).deal
    for player in proposal["players"]:  # the figures people read, not the fraction
        assert f"<td>{player['icm_chips']}</td>" in text and player["icm"] not in text
    assert "The deal pays each rounded down" in text
    for user in entrants[1:]:
        client.force_login(user)
        client.post(f"/tournaments/{tournament.id}/deal/answer/", {"answer": "yes"})
    text = page(client, f"/tournaments/{tournament.id}/")
    assert "<h2>Results</h2>" in text and "ended by a deal" in text
    for entry in tournament.entries.all():
        assert entry.prize > 0 and f"<td>{entry.prize}</td>" in text
    assert sum(tournament.entries.values_list("prize", flat=True)) == 300
    mine = tournament.entries.get(user=entrants[2])
    bankroll = Player.objects.get(user=entrants[2]).bankroll
    assert bankroll == 10_000 - 100 + mine.prize
    assert (f"Your bankroll: <strong>{bankroll}</strong> chips · you finished "
            f"{mine.place_text} and won {mine.prize}") in text


def test_anonymous_visitors_are_sent_to_log_in_to_register(client, alice):
    tournament = sng(alice)
    response = client.post(f"/tournaments/{tournament.id}/register/")
    assert response.status_code == 302 and "/login/" in response.url
    assert not tournament.entries.exists()


def test_typing_the_create_address_shows_the_create_form(client, alice):
    client.force_login(alice)
    response = client.get("/tournaments/new/", follow=True)
    assert response.redirect_chain == [("/tournaments/#create", 302)]
    assert 'id="create"' in response.content.decode()
    assert 'action="/tournaments/new/"' in response.content.decode()


def test_a_guest_typing_the_create_address_is_asked_to_log_in_first(client):
    response = client.get("/tournaments/new/")
    assert response.status_code == 302 and response.url.startswith("/login/")
    assert "next=/tournaments/new/" in response.url


@pytest.mark.parametrize(
    "action", ["register", "unregister", "start", "rebuy", "add-on", "deal", "deal/answer"]
)
def test_typing_a_tournament_action_address_opens_the_tournament_page(client, alice, action):
    tournament = sng(alice)
    client.force_login(alice)
    response = client.get(f"/tournaments/{tournament.id}/{action}/", follow=True)
    assert response.redirect_chain == [(f"/tournaments/{tournament.id}/", 302)]
    assert tournament.name in response.content.decode()
    assert not tournament.entries.exists()  # a GET changes nothing


def test_the_page_is_told_of_the_start_and_a_player_is_sent_to_their_seat(client, alice, bob):
    tournament = sng(alice, max_players=2, payout="winner-takes-all")
    tournaments.register(tournament.id, alice)
    client.force_login(bob)
    waiting = client.get(f"/tournaments/{tournament.id}/now/").json()
    assert waiting == {"status": "registering", "table_url": None, "go": None,
                       "text": "Registering · 1 of 2 registered; it starts when full."}
    assert f'data-watch="/tournaments/{tournament.id}/now/"' in page(
        client, f"/tournaments/{tournament.id}/")
    tournaments.register(tournament.id, bob)  # the last seat: it starts
    tournament.refresh_from_db()
    table = f"/tables/{tournament.table_id}/"
    started = client.get(f"/tournaments/{tournament.id}/now/").json()
    assert started["status"] == "running" and started["go"] == table
    assert "it has started" in started["text"]
    client.logout()  # someone only watching is told, and not sent anywhere
    watching = client.get(f"/tournaments/{tournament.id}/now/").json()
    assert (watching["table_url"], watching["go"]) == (table, None)
    assert "data-watch" not in page(client, f"/tournaments/{tournament.id}/")


def test_a_private_tournament_is_found_only_through_its_invite_link(client, alice, bob, carol):
    client.force_login(alice)
    client.post("/tournaments/new/", {**FORM, "max_players": 2, "payout": "winner-takes-all",
                                      "is_private": "on"})
    tournament = Tournament.objects.get()
    assert tournament.is_private
    invite = f"/tournaments/invite/{tournament.invite_code}/"
    assert invite in page(client, f"/tournaments/{tournament.id}/")  # the host shares it
    client.force_login(bob)
    assert tournament.name not in page(client, "/tournaments/")
    assert client.get(f"/tournaments/{tournament.id}/").status_code == 404
    assert client.post(f"/tournaments/{tournament.id}/register/").status_code == 404
    assert client.get(invite).url == f"/tournaments/{tournament.id}/"
    client.post(f"/tournaments/{tournament.id}/register/")
    tournaments.register(tournament.id, alice)  # full: it starts
    tournament.refresh_from_db()
    assert client.get(f"/tables/{tournament.table_id}/").status_code == 200
    client.force_login(carol)  # never invited: neither the page nor its table
    assert client.get(f"/tournaments/{tournament.id}/").status_code == 404
    assert client.get(f"/tables/{tournament.table_id}/").status_code == 404


def test_the_entry_that_fills_a_sit_and_go_goes_straight_to_its_seat(client, alice, bob, carol):
    tournament = sng(alice, max_players=3, payout="winner-takes-all")
    for user in (alice, bob):
        client.force_login(user)
        response = client.post(f"/tournaments/{tournament.id}/register/")
        # Not full yet: back to the tournament's page.
        assert response["Location"] == f"/tournaments/{tournament.id}/"
    client.force_login(carol)
    response = client.post(f"/tournaments/{tournament.id}/register/", follow=True)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    assert response.redirect_chain[-1][0] == f"/tables/{tournament.table_id}/"
    seat = tournament.table.seats.get(user=carol)
    assert f"The tournament is on: you are in seat {seat.number}." in response.content.decode()

"""Late registration, re-entry and the add-on where players see them: the create form, the
tournament page (the options, the level now, Register late, Re-enter, Add-on, what each
player paid), the lobby (the options and the whole prize pool), the felt's tournament line
(until when late registration lasts, the add-on offered) and the session review (a result
counts every chip paid in). Each figure is checked against a count made here."""

import random
import re
from datetime import timedelta

import pytest
from django.utils import timezone

from games import snapshots
from games.models import Tournament
from games.models import TournamentEntry as Entry
from games.projection import public_view
from tests.games.test_tournament_late import started, until_a_second_entry_is_out
from tests.games.test_tournament_play import fold_around
from tests.games.tournament_helpers import deal, play_out, players

pytestmark = pytest.mark.django_db


def line_of(table_id: int) -> dict:
    return public_view(snapshots.load(table_id)).view["tournament"]


def text(page: bytes) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page.decode()))


def test_the_form_creates_a_tournament_with_the_three_options(client, alice):
    client.force_login(alice)
    answer = client.post("/tournaments/new/", {
        "name": "Options", "max_players": 4, "buy_in": 100, "starting_stack": 1_000,
        "schedule": "regular", "level_unit": "minutes", "payout": "50-30-20",
        "action_seconds": 30, "rebuy_levels": 2, "late_levels": 3, "max_entries": 2,
        "addon_level": 2, "addon_price": 50, "addon_chips": 1_500,
    })
    tournament = Tournament.objects.get(name="Options")
    assert answer.status_code == 302
    assert (tournament.late_levels, tournament.max_entries, tournament.addon_level,
            tournament.addon_price, tournament.addon_chips) == (3, 2, 2, 50, 1_500)
    page = text(client.get(f"/tournaments/{tournament.id}/").content)
    for said in ("Late registration until level 3",
                 "Re-entry during late registration, up to 2 entries a player",
                 "Rebuys in levels 1 to 2", "Add-on in level 2: 1,500 chips for 50"):
        assert said in page
    lobby = text(client.get("/tournaments/").content)
    assert "Late registration until level 3; Re-entry" in lobby


def test_the_form_tells_an_option_that_cannot_work_and_creates_nothing(client, alice):
    client.force_login(alice)
    answer = client.post("/tournaments/new/", {
        "name": "Wrong", "max_players": 4, "buy_in": 100, "starting_stack": 1_000,
        "schedule": "regular", "level_unit": "minutes", "payout": "50-30-20",
        "action_seconds": 30, "max_entries": 3,
    })
    assert answer.status_code == 400
    assert "Re-entry happens during late registration" in answer.content.decode()
    assert not Tournament.objects.filter(name="Wrong").exists()


def test_the_page_offers_late_registration_and_the_line_says_until_when(client):
    tournament, entrants = started(hands=3)
    late = players(1, prefix="page")[0]
    client.force_login(late)
    url = f"/tournaments/{tournament.id}/"
    page = text(client.get(url).content)
    assert "Level 1 now: blinds 10/20 · late registration open until the end of level 2." in page
    assert "Register late (100 from your bankroll, 1000 chips)" in page
    line = line_of(tournament.table_id)
    assert (line["late_registration_until"], line["addon"]) == (2, None)
    answer = client.post(f"/tournaments/{tournament.id}/register/")
    # A late entry is seated at once: it is taken to its seat (issue 40).
    assert answer.status_code == 302 and answer.url == f"/tables/{tournament.table_id}/"
    page = text(client.get(url).content)
    assert "You are registered" in page and "prize pool 400" in page
    assert "Register late" not in page
    line = line_of(tournament.table_id)
    assert (line["players_left"], line["entrants"], line["prize_pool"]) == (4, 4, 400)
    assert line["average_stack"] == 1_000
    rng, now = random.Random(2), timezone.now()
    for _ in range(6):  # two levels of three hands
        deal(tournament.table_id, rng, now)
        fold_around(tournament.table_id)
    assert line_of(tournament.table_id)["late_registration_until"] is None
    client.force_login(players(1, prefix="toolate")[0])
    page = text(client.post(f"/tournaments/{tournament.id}/register/", follow=True).content)
    assert "Late registration closed after level 2; this is level 3." in page
    assert "late registration closed" in page


def test_the_page_offers_a_re_entry_and_shows_each_entry_and_what_it_paid(client):
    tournament, entrants = started(count=4, hands=100, max_entries=3)
    rng, now = random.Random(7), timezone.now()
    for _ in range(200):
        out = tournament.entries.filter(status=Entry.Status.BUSTED).first()
        if out:
            break
        deal(tournament.table_id, rng, now)
        play_out(tournament.table_id, rng)
    client.force_login(out.user)
    url = f"/tournaments/{tournament.id}/"
    page = text(client.get(url).content)
    assert "Re-enter (100 from your bankroll, 1000 chips)" in page
    assert "out, place to come" in page
    answer = client.post(f"/tournaments/{tournament.id}/register/")
    assert answer.status_code == 302 and answer.url == f"/tables/{tournament.table_id}/"
    page = text(client.get(url).content)
    out.refresh_from_db()
    went_out_in = out.earlier_entries[0]["went_out_in"]
    assert f"2 · entry 1 out in place {went_out_in} 200" in page  # entries, paid
    assert "1 re-entry" in page and "prize pool 500" in page


def test_the_add_on_is_offered_in_its_level_and_on_the_line(client):
    tournament, entrants = started(late_levels=0, hands=3, addon_level=1, addon_price=50,
                                   addon_chips=1_500)
    line = line_of(tournament.table_id)
    assert line["addon"] == {"level": 1, "price": 50, "chips": 1_500}
    client.force_login(entrants[0])
    url = f"/tournaments/{tournament.id}/"
    assert "Add-on (1500 chips for 50)" in text(client.get(url).content)
    page = text(client.post(f"/tournaments/{tournament.id}/add-on/", follow=True).content)
    assert "You took the add-on" in page and "1 add-on" in page and "prize pool 350" in page
    assert "Add-on (1500" not in page
    line = line_of(tournament.table_id)
    assert line["prize_pool"] == 350 and line["average_stack"] == (3_000 + 1_500) // 3
    rng, now = random.Random(2), timezone.now()
    for _ in range(3):
        deal(tournament.table_id, rng, now)
        fold_around(tournament.table_id)
    assert line_of(tournament.table_id)["addon"] is None
    page = text(client.post(f"/tournaments/{tournament.id}/add-on/", follow=True).content)
    assert "The add-on closed after level 1; this is level 2." in page


def test_the_review_counts_every_chip_a_player_paid_in(client):
    tournament, entrants = started(count=4, hands=100, max_entries=2)
    rng, now = random.Random(7), timezone.now()
    entry = until_a_second_entry_is_out(tournament, rng, now)
    for _ in range(400):
        tournament.refresh_from_db()
        if tournament.status == Tournament.Status.FINISHED:
            break
        now += timedelta(seconds=10)
        deal(tournament.table_id, rng, now)
        play_out(tournament.table_id, rng)
    entry.refresh_from_db()
    assert entry.reentries == 1 and entry.paid == 200
    client.force_login(entry.user)
    page = client.get("/hands/review/?source=played").content.decode()
    row = re.search(r'<tr data-tournament="p\d+">(.*?)</tr>', page, re.S).group(1)
    cells = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>",
                                                                      row, re.S)]
    assert cells[2:] == ["200", str(entry.prize), f"{entry.prize - 200:+}"]

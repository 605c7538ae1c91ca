"""A season's cash standings (clubs/standings.py) equal a recount from the stored hands;
the season page shows them to members only; a bad season is refused with a sentence."""

import random
from collections import defaultdict
from datetime import date, timedelta
from fractions import Fraction

import pytest
from django.utils import timezone

from clubs.models import Season
from clubs.standings import cash_standings
from games.models import Hand, HandPlayer, Seat
from tests.clubs.conftest import cash_table, night_of, play_sit_and_go
from tests.history.conftest import play_random, seat

pytestmark = pytest.mark.django_db


def play_hands(table, users, count, seed):
    rng = random.Random(seed)
    for _ in range(count):
        if Seat.objects.filter(table=table, stack__gt=0).count() < 2:
            break
        play_random(table, users, rng)


@pytest.fixture
def season_played(club, alice, bob, carol, dave):
    """Two nights: alice's 1/2 table (alice, bob, carol) and a sit-and-go, then bob's 2/4
    table (bob, carol, dave). A chip is worth 5 cents."""
    first = cash_table(alice, "Small game")
    seat(first, (alice, 200), (bob, 200), (carol, 200))
    play_hands(first, [alice, bob, carol], 8, seed=1)
    tournament = play_sit_and_go(alice, [alice, bob, dave])
    second = cash_table(bob, "Bigger game")
    second.small_blind, second.big_blind, second.min_buy_in, second.max_buy_in = 2, 4, 80, 400
    second.save()
    seat(second, (bob, 400), (carol, 400), (dave, 400))
    play_hands(second, [bob, carol, dave], 8, seed=2)
    night_of(club, "Night 1", chips=1, cents=5, tables=[first], tournaments=[tournament])
    night_of(club, "Night 2", chips=1, cents=5, tables=[second])
    today = timezone.localdate()
    return Season.objects.create(club=club, name="Spring", starts_on=today - timedelta(days=1),
                                 ends_on=today + timedelta(days=1))


def recount(tables) -> dict[str, tuple[int, int, Fraction, int]]:
    """name -> (hands, net chips, big blinds won, nights), from each HandPlayer row."""
    hands, chips, bbs = defaultdict(int), defaultdict(int), defaultdict(Fraction)
    nights = defaultdict(set)
    for row in HandPlayer.objects.select_related("hand__table", "user"):
        table = row.hand.table
        if table not in tables or row.hand.status != Hand.Status.COMPLETE:
            continue
        name = row.user.username
        hands[name] += 1
        won = row.finishing_stack - row.starting_stack
        chips[name] += won
        bbs[name] += Fraction(won, table.big_blind)
        nights[name].add(table.id)  # one cash table a night here
    return {n: (hands[n], chips[n], bbs[n], len(nights[n])) for n in hands}


def test_cash_standings_equal_a_recount_from_the_hands(season_played):
    tables = [n.tables.get() for n in season_played.club.nights.all()]
    counted = recount(tables)
    assert len(counted) == 4 and sum(h for h, *_ in counted.values()) > 0
    standings = cash_standings(season_played)
    assert {s.name: (s.hands, s.net_cents, s.big_blinds, s.nights) for s in standings} == {
        name: (hands, 5 * chips, bbs, nights)
        for name, (hands, chips, bbs, nights) in counted.items()}
    assert [s.net_cents for s in standings] == sorted((s.net_cents for s in standings),
                                                      reverse=True)
    for s in standings:
        assert s.bb_per_100 == counted[s.name][2] * 100 / counted[s.name][0]


def test_nights_outside_the_season_or_its_currency_do_not_count(season_played, club):
    season_played.starts_on = season_played.ends_on = date(2001, 1, 1)
    season_played.save()
    assert cash_standings(season_played) == []
    euro = Season.objects.create(club=club, name="Euro", starts_on=date(2001, 1, 1),
                                 ends_on=date(2099, 1, 1), currency="EUR")
    assert cash_standings(euro) == []


def test_a_season_of_a_number_of_nights_counts_its_first_nights_only(season_played, club,
                                                                      carol, client):
    one = Season.objects.create(club=club, name="One night", starts_on=season_played.starts_on,
                                night_count=1)
    first, second = (n.tables.get() for n in club.nights.order_by("created_at", "id"))
    counted = recount([first])
    assert {s.name: (s.hands, s.net_cents, s.big_blinds, s.nights)
            for s in cash_standings(one)} == {
        name: (hands, 5 * chips, bbs, nights)
        for name, (hands, chips, bbs, nights) in counted.items()}
    assert "dave" not in counted  # dave played only on night two
    two = Season.objects.create(club=club, name="Two nights", starts_on=season_played.starts_on,
                                night_count=2)
    assert cash_standings(two) == cash_standings(season_played)
    client.force_login(carol)
    page = client.get(f"/clubs/{club.id}/seasons/{one.id}/").content.decode()
    assert f"{one.starts_on:%Y-%m-%d} for 1 night<" in page


def test_the_season_page_shows_the_standings_to_members_only(client, season_played, carol,
                                                            outsider):
    url = f"/clubs/{season_played.club_id}/seasons/{season_played.id}/"
    client.force_login(outsider)
    assert client.get(url).status_code == 404
    client.force_login(carol)
    page = client.get(url).content.decode()
    for s in cash_standings(season_played):
        sign = "+" if s.net_cents > 0 else ("-" if s.net_cents < 0 else "")
        cents = abs(s.net_cents)
        assert f"{sign}${cents // 100:,}.{cents % 100:02d}" in page
        assert f'<td class="num">{s.hands}</td>' in page
    assert "Spring" in client.get(f"/clubs/{season_played.club_id}/").content.decode()


def test_the_season_page_answers_in_a_fixed_number_of_queries(client, season_played, carol,
                                                             django_assert_max_num_queries):
    client.force_login(carol)
    with django_assert_max_num_queries(12):
        client.get(f"/clubs/{season_played.club_id}/seasons/{season_played.id}/")


@pytest.mark.parametrize("fields, problems", [
    ({"name": "", "starts_on": "2026-01-01", "ends_on": "2026-03-01"},
     ["Give the season a name of at most 60 characters."]),
    ({"name": "S", "starts_on": "soon", "ends_on": "2026-03-01"},
     ["The first date 'soon' is not a date (for example 2026-01-31)."]),
    ({"name": "S", "starts_on": "2026-03-01", "ends_on": "2026-01-01"},
     ["The season's last date comes before its first."]),
    ({"name": "S", "starts_on": "2026-01-01", "ends_on": "2026-03-01", "currency": "XXX"},
     ["Unknown currency 'XXX': pick one of USD, EUR, GBP, CAD, AUD, CHF, SEK, INR"]),
    ({"name": "S", "starts_on": "2026-01-01", "ends_on": "2026-03-01", "points": "nascar"},
     ["Unknown points formula 'nascar': pick one of field, top_six, root"]),
    ({"name": "S", "starts_on": "2026-01-01"},
     ["Give the season either a last day or a number of nights, not neither."]),
    ({"name": "S", "starts_on": "2026-01-01", "ends_on": "2026-03-01", "night_count": "4"},
     ["Give the season either a last day or a number of nights, not both."]),
    ({"name": "S", "starts_on": "2026-01-01", "night_count": "0"},
     ["The number of nights '0' must be a whole number from 1 to 365."]),
    ({"name": "S", "starts_on": "2026-01-01", "night_count": "ten"},
     ["The number of nights 'ten' must be a whole number from 1 to 365."]),
])
def test_a_bad_season_is_refused_with_a_sentence(client, club, bob, fields, problems):
    client.force_login(bob)
    response = client.post(f"/clubs/{club.id}/seasons/new/", fields, follow=True)
    assert [str(m) for m in response.context["messages"]] == problems
    assert not Season.objects.exists()


def test_a_member_cannot_start_a_season_and_a_manager_can(client, club, bob, carol):
    fields = {"name": "Summer", "starts_on": "2026-06-01", "ends_on": "2026-08-31"}
    client.force_login(carol)
    assert client.post(f"/clubs/{club.id}/seasons/new/", fields).status_code == 404
    client.force_login(bob)
    response = client.post(f"/clubs/{club.id}/seasons/new/", fields, follow=True)
    assert [str(m) for m in response.context["messages"]] == [
        "Summer runs from 2026-06-01 to 2026-08-31."]
    fields = {"name": "Ten nights", "starts_on": "2026-06-01", "night_count": "10"}
    response = client.post(f"/clubs/{club.id}/seasons/new/", fields, follow=True)
    assert [str(m) for m in response.context["messages"]] == [
        "Ten nights runs from 2026-06-01 for 10 nights."]
    assert Season.objects.get(name="Ten nights").night_count == 10


def test_tournament_standings_equal_a_recount_from_the_entries(club, alice, bob, carol, dave):
    from clubs.standings import tournament_standings
    from games.models import TournamentEntry

    first = play_sit_and_go(alice, [alice, bob, carol], seed=7)
    second = play_sit_and_go(bob, [alice, bob, carol, dave], seed=8)
    night_of(club, "Night 1", tournaments=[first])
    night_of(club, "Night 2", tournaments=[second])
    today = timezone.localdate()
    season = Season.objects.create(club=club, name="Spring", starts_on=today, ends_on=today,
                                   points="field")
    counted: dict[str, list] = defaultdict(lambda: [Fraction(0), 0, 0, 0, 99])
    for entry in TournamentEntry.objects.select_related("user", "tournament"):
        entrants = entry.tournament.entries.count()
        places = range(entry.place, (entry.place_worst or entry.place) + 1)
        row = counted[entry.user.username]
        row[0] += Fraction(sum(entrants - p + 1 for p in places), len(places))
        row[1] += 1
        row[2] += entry.place == 1
        row[3] += entry.prize > 0
        row[4] = min(row[4], entry.place)
    standings = tournament_standings(season)
    assert {s.name: [s.points, s.played, s.wins, s.cashes, s.best] for s in standings} == dict(
        counted)
    assert sum(s.wins for s in standings) == 2 and len(standings) == 4
    assert [s.points for s in standings] == sorted((s.points for s in standings), reverse=True)


def test_the_season_page_shows_the_tournament_standings(client, club, alice, bob, carol):
    from clubs.standings import tournament_standings

    tournament = play_sit_and_go(alice, [alice, bob, carol], seed=7)
    night_of(club, "Night 1", tournaments=[tournament])
    today = timezone.localdate()
    season = Season.objects.create(club=club, name="Spring", starts_on=today, ends_on=today,
                                   points="top_six")
    client.force_login(carol)
    page = client.get(f"/clubs/{club.id}/seasons/{season.id}/").content.decode()
    assert "10-6-4-3-2-1 for the first six" in page
    shown = [(s.name, s.points) for s in tournament_standings(season)]
    assert sorted(p for _, p in shown) == [4, 6, 10]
    for name, value in shown:
        assert f"<td>{name}</td><td class=\"num\">{value}</td>" in page


@pytest.mark.parametrize("ends", [{}, {"ends_on": date(2026, 2, 1), "night_count": 3},
                                  {"night_count": 0}])
def test_the_database_keeps_one_end_to_a_season(club, ends):
    from django.db import IntegrityError, transaction

    with pytest.raises(IntegrityError), transaction.atomic():
        Season.objects.create(club=club, name="S", starts_on=date(2026, 1, 1), **ends)

"""People, a club and played games for the club tests: a cash table played through the
real services (tests/history's showdown hand) and a sit-and-go played to its end."""

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from clubs import membership
from clubs.models import Membership, Night
from games import services
from games.models import Table, Tournament
from games.services import tournaments
from tests.games.conftest import make_user
from tests.games.tournament_helpers import deal, play_out, sng
from tests.history.conftest import deal_showdown

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache():
    from django.core.cache import cache

    cache.clear()


@pytest.fixture
def alice(db):
    return make_user("alice")


@pytest.fixture
def bob(db):
    return make_user("bob")


@pytest.fixture
def carol(db):
    return make_user("carol")


@pytest.fixture
def dave(db):
    return make_user("dave")


@pytest.fixture
def outsider(db):
    return make_user("outsider")


@pytest.fixture
def club(alice, bob, carol, dave):
    """Alice owns it, bob manages it, carol and dave are members."""
    club = membership.create_club(alice, "Friday club")
    Membership.objects.create(club=club, user=bob, role=Membership.Role.MANAGER)
    Membership.objects.create(club=club, user=carol)
    Membership.objects.create(club=club, user=dave)
    return club


def cash_table(host, name="Friday game") -> Table:
    return Table.objects.create(name=name, small_blind=1, big_blind=2, min_buy_in=40,
                                max_buy_in=200, host=host)


@pytest.fixture
def played_table(alice, bob, carol):
    """Alice's table after one showdown: alice 200, bob 232, carol 168 on the table; then
    bob stands up (cashes out 232)."""
    table = cash_table(alice)
    deal_showdown(table, alice, bob, carol)
    services.stand(table.id, bob)
    return table


def play_sit_and_go(host, entrants, seed: int = 3) -> Tournament:
    """A sit-and-go of ``entrants`` hosted by ``host``, played through the services with a
    seeded random policy until it finishes."""
    tournament = sng(host, name="Club sit-and-go", max_players=len(entrants),
                     payout="65-35")
    now = timezone.now()
    for user in entrants:
        tournaments.register(tournament.id, user, now=now)
    tournament.refresh_from_db()
    rng = random.Random(seed)
    for _ in range(400):
        deal(tournament.table_id, rng, now)
        play_out(tournament.table_id, rng)
        tournament.refresh_from_db()
        if tournament.status == Tournament.Status.FINISHED:
            return tournament
        now += timedelta(seconds=10)
    raise AssertionError("no winner in 400 hands")


def night_of(club, name="Night 1", chips=1, cents=1, currency="USD", tables=(),
             tournaments=()) -> Night:
    night = Night.objects.create(club=club, name=name, chips=chips, cents=cents,
                                 currency=currency)
    night.tables.add(*tables)
    night.tournaments.add(*tournaments)
    return night

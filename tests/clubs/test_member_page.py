"""A member's page in the club: every settled night's result (counted here from the ledger
rows), the best and the worst night, one bar a night; members only."""

import re

import pytest

from clubs.settling import settle_night
from games.models import LedgerEntry, Seat
from tests.clubs.conftest import cash_table, night_of
from tests.history.conftest import deal_showdown

pytestmark = pytest.mark.django_db


def cents_from_ledger(table, user, cents_per_chip) -> int:
    chips = sum(r.amount for r in LedgerEntry.objects.filter(table=table, user=user))
    chips += sum(s.stack for s in Seat.objects.filter(table=table, user=user))
    return chips * cents_per_chip


@pytest.fixture
def two_nights(club, alice, bob, carol, dave, played_table):
    """Night 1: bob wins 32 chips from carol. Night 2: carol wins 32 from dave. A chip is
    worth 3 cents."""
    settle_night(night_of(club, "Night 1", chips=1, cents=3, tables=[played_table]).id)
    second = cash_table(alice, "Second game")
    deal_showdown(second, alice, carol, dave)
    settle_night(night_of(club, "Night 2", chips=1, cents=3, tables=[second]).id)
    return played_table, second


def test_a_members_nights_best_and_worst(client, club, carol, dave, two_nights):
    first, second = two_nights
    won, lost = cents_from_ledger(second, carol, 3), cents_from_ledger(first, carol, 3)
    assert (won, lost) == (96, -96)
    client.force_login(dave)
    page = client.get(f"/clubs/{club.id}/members/{carol.id}/").content.decode()
    rows = re.findall(r'>(Night \d)</a></td><td class="num">(-?\d+)</td><td class="num">'
                      r'([^<]+)</td>', page)
    assert rows == [("Night 1", "-32", "-$0.96"), ("Night 2", "32", "+$0.96")]
    assert re.search(r"Best night: <a [^>]+>Night 2</a> \(\+\$0\.96\)", page)
    assert re.search(r"Worst night: <a [^>]+>Night 1</a> \(-\$0\.96\)", page)
    assert page.count("<rect ") == 2


def test_only_members_see_a_members_page(client, club, carol, outsider, two_nights):
    client.force_login(outsider)
    assert client.get(f"/clubs/{club.id}/members/{carol.id}/").status_code == 404
    client.force_login(carol)
    assert client.get(f"/clubs/{club.id}/members/{outsider.id}/").status_code == 404
    page = client.get(f"/clubs/{club.id}/members/{carol.id}/").content.decode()
    assert "Night 1" in page


def test_a_member_with_no_settled_night_is_told_so(client, club, carol, dave):
    client.force_login(carol)
    page = client.get(f"/clubs/{club.id}/members/{dave.id}/").content.decode()
    assert "No settled night yet." in page and "<rect " not in page

"""A club night's pages: start a night with a chip's worth, add tables and tournaments,
settle up, mark transfers paid, the IOUs on the club page, CSV and the group-chat text;
the figures shown checked against a count from the ledger."""

import csv
import io

import pytest

from clubs.models import Night, Transfer
from games.models import LedgerEntry, Seat
from tests.clubs.conftest import cash_table, night_of

pytestmark = pytest.mark.django_db


def said(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


def csv_rows(response) -> list[dict]:
    assert response["Content-Type"].startswith("text/csv")
    return list(csv.DictReader(io.StringIO(response.content.decode())))


@pytest.mark.parametrize("fields, problems", [
    ({"name": "", "chips": "1", "money": "0.01"},
     ["Give the night a name (for example Friday 12 June)."]),
    ({"name": "N", "chips": "lots", "money": "0.01"},
     ["'lots' is not a whole number of chips (for example 2000)."]),
    ({"name": "N", "chips": "0", "money": "20"},
     ["The number of chips must be a whole number above 0, not 0"]),
    ({"name": "N", "chips": "2000", "money": "20.001"},
     ["'20.001' has more than two decimal places: give the amount to the cent"]),
    ({"name": "N", "chips": "2000", "money": "twenty"},
     ["'twenty' is not an amount of money (for example 20 or 0.01)"]),
    ({"name": "N", "chips": "2000", "money": "20", "currency": "DOGE"},
     ["Unknown currency 'DOGE': pick one of USD, EUR, GBP, CAD, AUD, CHF, SEK, INR"]),
])
def test_a_bad_night_is_refused_with_a_sentence(client, club, bob, fields, problems):
    client.force_login(bob)
    response = client.post(f"/clubs/{club.id}/nights/new/", fields, follow=True)
    assert said(response) == problems
    assert not Night.objects.exists()


def test_a_manager_starts_a_night_and_adds_the_managers_tables(client, club, alice, bob,
                                                                outsider):
    client.force_login(bob)
    response = client.post(f"/clubs/{club.id}/nights/new/",
                           {"name": "Friday", "chips": "2,000", "money": "20",
                            "currency": "EUR"}, follow=True)
    night = Night.objects.get()
    assert (night.chips, night.cents, night.currency) == (2000, 2000, "EUR")
    assert said(response) == ["Friday: 2,000 chips = €20.00. Add its tables."]
    mine, theirs = cash_table(alice, "Alice's game"), cash_table(outsider, "Other game")
    base = f"/clubs/{club.id}/nights/{night.id}/"
    page = client.get(base).content.decode()
    assert "Alice&#x27;s game" in page and "Other game" not in page
    response = client.post(base + "add/", {"table": theirs.id}, follow=True)
    assert said(response) == ["That table is not one of the club managers' tables, or it is "
                              "already in a night."]
    response = client.post(base + "add/", {}, follow=True)
    assert said(response) == ["Pick a table or a tournament to add."]
    response = client.post(base + "add/", {"table": mine.id}, follow=True)
    assert said(response) == ["Alice's game is part of Friday."]
    assert list(night.tables.all()) == [mine]
    response = client.post(base + "add/", {"table": mine.id}, follow=True)
    assert "already in a night" in said(response)[0]
    club_page = client.get(f"/clubs/{club.id}/").content.decode()
    assert "Alice&#x27;s game" in club_page


def test_settle_up_on_the_page_matches_the_ledger(client, club, alice, bob, carol,
                                                 played_table):
    """2,000 chips = $20: a chip is a cent. Counted here from the ledger rows and seats."""
    chips = {}
    for row in LedgerEntry.objects.filter(table=played_table):
        chips[row.user.username] = chips.get(row.user.username, 0) + row.amount
    for seat in Seat.objects.filter(table=played_table).select_related("user"):
        chips[seat.user.username] += seat.stack
    assert chips == {"alice": 0, "bob": 32, "carol": -32}
    night = night_of(club, chips=2000, cents=2000, tables=[played_table])
    base = f"/clubs/{club.id}/nights/{night.id}/"
    client.force_login(bob)
    response = client.post(base + "settle/", follow=True)
    assert said(response) == ["Night 1 is settled: here is who pays whom."]
    page = response.content.decode()
    assert "+$0.32" in page and "-$0.32" in page and "The fewest transfers possible." in page
    rows = csv_rows(client.get(base + "results.csv"))
    assert {r["player"]: (int(r["chips"]), r["total"]) for r in rows} == {
        "bob": (32, "0.32"), "alice": (0, "0.00"), "carol": (-32, "-0.32")}
    assert csv_rows(client.get(base + "settle-up.csv")) == [
        {"payer": "carol", "payee": "bob", "amount": "0.32", "currency": "USD",
         "status": "unpaid"}]
    response = client.post(base + "settle/", follow=True)
    assert said(response) == ["This night is already settled."]


def test_the_group_chat_summary_names_payments_and_handles(client, club, bob, carol,
                                                          played_table):
    from clubs.models import PaymentHandle
    from clubs.settling import settle_night

    PaymentHandle.objects.create(user=bob, method="venmo", handle="@bob-b")
    night = night_of(club, chips=1, cents=100, tables=[played_table])  # a chip is a dollar
    settle_night(night.id)
    client.force_login(carol)
    text = client.get(f"/clubs/{club.id}/nights/{night.id}/summary.txt").content.decode()
    assert text == (
        "Friday club: Night 1 (1 chip = $1.00)\n"
        "Results: bob +$32.00, alice $0.00, carol -$32.00\n"
        "carol pays bob $32.00 (bob: Venmo @bob-b)\n"
    )
    page = client.get(f"/clubs/{club.id}/nights/{night.id}/").content.decode()
    assert "carol pays bob $32.00 (bob: Venmo @bob-b)" in page


def test_payer_marks_paid_and_the_rest_shows_as_an_iou_next_night(client, club, alice, bob,
                                                                  carol, dave, played_table):
    from tests.history.conftest import deal_showdown

    night = night_of(club, tables=[played_table])
    client.force_login(alice)
    client.post(f"/clubs/{club.id}/nights/{night.id}/settle/", follow=True)
    owed = Transfer.objects.get()
    base = f"/clubs/{club.id}/nights/{night.id}/"
    response = client.post(base + f"transfers/{owed.id}/paid/", follow=True)
    assert said(response) == ["Only the payer or the payee can mark a transfer paid."]
    club_page = client.get(f"/clubs/{club.id}/").content.decode()
    assert "carol owes bob $0.32" in club_page
    # Night two takes the IOU in before carol pays it.
    second = cash_table(alice, "Second game")
    deal_showdown(second, alice, carol, dave)
    two = night_of(club, name="Night 2", tables=[second])
    page = client.get(f"/clubs/{club.id}/nights/{two.id}/").content.decode()
    assert "IOUs this settle-up will take in" in page and "carol owes bob $0.32" in page
    client.post(f"/clubs/{club.id}/nights/{two.id}/settle/", follow=True)
    club_page = client.get(f"/clubs/{club.id}/").content.decode()
    assert "carol owes bob" not in club_page and "dave owes bob $0.32" in club_page
    client.force_login(carol)
    response = client.post(base + f"transfers/{owed.id}/paid/", follow=True)
    assert said(response) == ["This transfer was carried to Night 2 as an IOU: mark that "
                              "night's transfer paid instead."]
    client.force_login(dave)
    now_owed = Transfer.objects.get(night=two)
    response = client.post(f"/clubs/{club.id}/nights/{two.id}/transfers/{now_owed.id}/paid/",
                           follow=True)
    assert said(response) == ["Marked paid."]
    assert "Nobody owes anybody." in client.get(f"/clubs/{club.id}/").content.decode()


def test_a_transfer_of_another_night_is_not_found(client, club, carol, played_table):
    from clubs.settling import settle_night

    night = night_of(club, tables=[played_table])
    settle_night(night.id)
    other = night_of(club, name="Other")
    owed = Transfer.objects.get()
    client.force_login(carol)
    url = f"/clubs/{club.id}/nights/{other.id}/transfers/{owed.id}/paid/"
    assert client.post(url).status_code == 404


def test_settling_a_night_whose_tournament_runs_says_so(client, club, alice, bob):
    from tests.games.tournament_helpers import sng

    tournament = sng(alice, name="Still going")
    night = night_of(club, tournaments=[tournament])
    client.force_login(bob)
    response = client.post(f"/clubs/{club.id}/nights/{night.id}/settle/", follow=True)
    assert said(response) == ["The tournament Still going has not finished yet: settle the "
                              "night after it ends."]

"""Disputes: a manager corrects a night's result with a reason before settling (kept and
shown to members), and reopens a settle-up nobody has acted on."""

import pytest

from clubs.models import Correction, NightResult, Transfer
from clubs.settling import SettleError, mark_paid, reopen_night, settle_night
from tests.clubs.conftest import cash_table, night_of

pytestmark = pytest.mark.django_db


def said(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


def test_a_correction_moves_money_with_its_reason_into_the_settle_up(
        client, club, bob, carol, dave, played_table):
    night = night_of(club, tables=[played_table])  # carol owes bob 32 cents
    base = f"/clubs/{club.id}/nights/{night.id}/"
    client.force_login(bob)
    response = client.post(base + "corrections/", {
        "amount": "0.10", "loser": dave.id, "winner": carol.id,
        "reason": "Dave's misdealt hand: 10 cents back to carol"}, follow=True)
    assert said(response) == ["Corrected: $0.10 from dave to carol."]
    client.post(base + "settle/", follow=True)
    results = {r.user.username: (r.played_cents, r.corrected_cents, r.cents)
               for r in night.results.all()}
    assert results == {"alice": (0, 0, 0), "bob": (32, 0, 32), "carol": (-32, 10, -22),
                       "dave": (0, -10, -10)}
    assert sorted((t.payer.username, t.payee.username, t.cents)
                  for t in night.transfers.all()) == [("carol", "bob", 22), ("dave", "bob", 10)]
    client.force_login(dave)
    page = client.get(base).content.decode()
    assert "Dave&#x27;s misdealt hand: 10 cents back to carol" in page
    text = client.get(base + "summary.txt").content.decode()
    assert "dave -$0.10 (corrected -$0.10)" in text


@pytest.mark.parametrize("fields, problem", [
    ({"amount": "1", "reason": ""}, "Say why the result is corrected (the reason is kept)."),
    ({"amount": "0", "reason": "x"}, "A correction moves more than $0.00."),
    ({"amount": "lots", "reason": "x"}, "'lots' is not an amount of money (for example 20 or "
                                        "0.01)"),
    ({"amount": "1", "reason": "x" * 201}, "A reason is at most 200 characters."),
    ({"amount": "1", "reason": "x", "same": True},
     "A correction moves money between two different people."),
    ({"amount": "1", "reason": "x", "outsider": True},
     "Both people of a correction must be members of the club."),
    ({"amount": "1", "reason": "x", "nobody": True},
     "Pick who gives and who gets the corrected amount."),
])
def test_a_bad_correction_is_refused_with_a_sentence(client, club, bob, carol, dave, outsider,
                                                     fields, problem):
    night = night_of(club)
    loser = carol.id
    winner = {"same": carol.id, "outsider": outsider.id}.get(
        next((k for k in ("same", "outsider") if fields.get(k)), ""), dave.id)
    data = {"amount": fields["amount"], "reason": fields["reason"], "loser": loser,
            "winner": winner}
    if fields.get("nobody"):
        data.pop("loser")
    client.force_login(bob)
    response = client.post(f"/clubs/{club.id}/nights/{night.id}/corrections/", data,
                           follow=True)
    assert said(response) == [problem]
    assert not Correction.objects.exists()


def test_members_cannot_correct_or_reopen(client, club, carol, dave, played_table):
    night = night_of(club, tables=[played_table])
    client.force_login(carol)
    base = f"/clubs/{club.id}/nights/{night.id}/"
    assert client.post(base + "corrections/", {"amount": "1", "loser": dave.id,
                                               "winner": carol.id, "reason": "x"}
                       ).status_code == 404
    settle_night(night.id)
    assert client.post(base + "reopen/").status_code == 404
    assert night.transfers.exists()


def test_a_settled_night_is_corrected_by_reopening_it(client, club, alice, bob, carol,
                                                      played_table):
    night = night_of(club, tables=[played_table])
    settle_night(night.id)
    base = f"/clubs/{club.id}/nights/{night.id}/"
    client.force_login(alice)
    response = client.post(base + "corrections/", {"amount": "1", "loser": bob.id,
                                                   "winner": carol.id, "reason": "x"},
                           follow=True)
    assert said(response) == ["This night is settled: reopen it to correct a result."]
    response = client.post(base + "reopen/", follow=True)
    assert said(response) == ["Night 1 is open again: correct it and settle up."]
    assert not NightResult.objects.exists() and not Transfer.objects.exists()
    response = client.post(base + "reopen/", follow=True)
    assert said(response) == ["This night is not settled."]


def test_a_night_with_a_paid_or_carried_transfer_is_not_reopened(club, alice, bob, carol,
                                                                 dave, played_table):
    from tests.history.conftest import deal_showdown

    one = night_of(club, tables=[played_table])
    settle_night(one.id)
    second = cash_table(alice, "Second game")
    deal_showdown(second, alice, carol, dave)
    two = night_of(club, name="Night 2", tables=[second])
    settle_night(two.id)  # takes in carol's IOU to bob
    with pytest.raises(SettleError, match="A later night took in this night's IOUs"):
        reopen_night(one.id)
    reopen_night(two.id)  # the IOU is open again
    assert one.transfers.get().carried_to is None
    settle_night(two.id)
    mark_paid(two.transfers.get().id, dave)
    with pytest.raises(SettleError, match="marked paid"):
        reopen_night(two.id)

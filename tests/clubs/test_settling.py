"""A club night's settle-up from the games' ledger (clubs/nights.py, clubs/settling.py):
the figures equal an independent count from the ledger rows, transfers settle every total,
unpaid transfers carry to the next night as IOUs, and no play chip moves."""

from collections import defaultdict
from fractions import Fraction

import pytest

from clubs.models import NightResult, Transfer
from clubs.settling import SettleError, mark_paid, settle_night
from games.models import LedgerEntry, Player, Seat, Tournament
from tests.clubs.conftest import night_of, play_sit_and_go

pytestmark = pytest.mark.django_db

CASH_KINDS = {"buy_in", "cash_out", "host_add", "host_take"}


def counted_chips(tables, tournaments) -> dict[int, int]:
    """Net chips per user id counted here, row by row from the ledger and the seats."""
    nets: dict[int, int] = defaultdict(int)
    for row in LedgerEntry.objects.all():
        if row.table_id in {t.id for t in tables} and row.kind in CASH_KINDS:
            nets[row.user_id] += row.amount
        if row.tournament_id in {t.id for t in tournaments}:
            nets[row.user_id] += row.amount
    for seat in Seat.objects.filter(table__in=tables):
        nets[seat.user_id] += seat.stack
    return dict(nets)


def balances_after(night) -> dict[int, int]:
    left = {r.user_id: r.cents for r in night.results.all()}
    for t in night.transfers.all():
        left[t.payer_id] += t.cents
        left[t.payee_id] -= t.cents
    return left


def bankrolls() -> dict[int, int]:
    return dict(Player.objects.values_list("user_id", "bankroll"))


def test_one_tables_night_equals_the_count_from_its_ledger(club, played_table, alice, bob,
                                                          carol):
    # 1 chip = 1 cent: alice 0, bob +32 (cashed 232 for 200), carol -32 (168 on the table).
    night = night_of(club, tables=[played_table])
    before = bankrolls()
    settle_night(night.id)
    results = {r.user.username: (r.chips, r.played_cents) for r in night.results.all()}
    assert results == {"alice": (0, 0), "bob": (32, 32), "carol": (-32, -32)}
    counted = counted_chips([played_table], [])
    assert {r.user_id: r.chips for r in night.results.all()} == counted
    assert [(t.payer.username, t.payee.username, t.cents) for t in night.transfers.all()] == [
        ("carol", "bob", 32)]
    assert bankrolls() == before  # a settle-up never moves play chips


def test_a_night_of_a_table_and_a_sit_and_go_equals_the_ledger_count(
        club, played_table, alice, bob, carol, dave):
    tournament = play_sit_and_go(alice, [alice, carol, dave])
    # 100 chips are worth $1.50: a chip is 1.5 cents, so odd chips round.
    night = night_of(club, chips=100, cents=150, tables=[played_table],
                     tournaments=[tournament])
    settle_night(night.id)
    counted = counted_chips([played_table], [tournament])
    assert sum(counted.values()) == 0
    stored = {r.user_id: r for r in night.results.all()}
    assert {u: r.chips for u, r in stored.items()} == {u: c for u, c in counted.items()}
    assert sum(r.played_cents for r in stored.values()) == 0
    for user_id, chips in counted.items():
        assert abs(stored[user_id].played_cents - Fraction(chips * 150, 100)) < 1
    assert all(v == 0 for v in balances_after(night).values())
    moving = sum(1 for r in stored.values() if r.cents)
    assert night.transfers.count() <= moving - 1


def test_a_running_tournament_is_not_settled(club, alice, carol):
    from tests.games.tournament_helpers import sng

    tournament = sng(alice, name="Still going")
    night = night_of(club, tournaments=[tournament])
    with pytest.raises(SettleError, match="The tournament Still going has not finished yet"):
        settle_night(night.id)
    assert not NightResult.objects.exists()


def test_an_empty_night_and_a_settled_night_are_refused(club, played_table):
    empty = night_of(club, name="Empty")
    with pytest.raises(SettleError, match="no table or tournament"):
        settle_night(empty.id)
    night = night_of(club, tables=[played_table])
    settle_night(night.id)
    with pytest.raises(SettleError, match="already settled"):
        settle_night(night.id)


def test_unpaid_transfers_carry_to_the_next_night_as_ious(club, alice, bob, carol, dave,
                                                          played_table):
    from tests.clubs.conftest import cash_table
    from tests.history.conftest import deal_showdown

    one = night_of(club, tables=[played_table])
    settle_night(one.id)
    (owed,) = one.transfers.all()  # carol owes bob 32 cents
    assert owed.payer == carol and owed.payee == bob
    # Night two: the same showdown with dave in carol's seat, so dave loses 32 to carol.
    table = cash_table(alice, "Second game")
    deal_showdown(table, alice, carol, dave)
    two = night_of(club, name="Night 2", tables=[table])
    settle_night(two.id)
    owed.refresh_from_db()
    assert owed.carried_to == two and owed.paid_at is None
    results = {r.user.username: (r.played_cents, r.carried_cents) for r in two.results.all()}
    assert results == {"alice": (0, 0), "carol": (32, -32), "dave": (-32, 0), "bob": (0, 32)}
    # Carol's win pays her IOU: dave pays bob directly, one transfer.
    assert [(t.payer.username, t.payee.username, t.cents) for t in two.transfers.all()] == [
        ("dave", "bob", 32)]
    with pytest.raises(SettleError, match="carried to Night 2 as an IOU"):
        mark_paid(owed.id, carol)


def test_paid_transfers_do_not_carry(club, played_table, alice, bob, carol):
    from tests.clubs.conftest import cash_table
    from tests.history.conftest import deal_showdown

    one = night_of(club, tables=[played_table])
    settle_night(one.id)
    owed = one.transfers.get()
    mark_paid(owed.id, bob)  # the payee says so
    table = cash_table(alice, "Second game")
    deal_showdown(table, alice, bob, carol)
    two = night_of(club, name="Night 2", tables=[table])
    settle_night(two.id)
    owed.refresh_from_db()
    assert owed.carried_to is None and owed.paid_by == bob
    assert all(r.carried_cents == 0 for r in two.results.all())


def test_ious_carry_only_into_a_night_of_the_same_currency(club, played_table, alice, bob,
                                                           carol):
    from tests.clubs.conftest import cash_table
    from tests.history.conftest import deal_showdown

    settle_night(night_of(club, tables=[played_table]).id)
    table = cash_table(alice, "Euro game")
    deal_showdown(table, alice, bob, carol)
    euro = night_of(club, name="Euro night", currency="EUR", tables=[table])
    settle_night(euro.id)
    assert Transfer.objects.filter(carried_to__isnull=False).count() == 0


def test_only_the_payer_or_the_payee_marks_a_transfer_paid(club, played_table, alice, carol):
    night = night_of(club, tables=[played_table])
    settle_night(night.id)
    owed = night.transfers.get()
    with pytest.raises(SettleError, match="Only the payer or the payee"):
        mark_paid(owed.id, alice)
    mark_paid(owed.id, carol)
    with pytest.raises(SettleError, match="already marked paid"):
        mark_paid(owed.id, carol)


def test_a_tournaments_nets_are_its_prizes_less_its_buy_ins(club, alice, carol, dave):
    tournament = play_sit_and_go(alice, [alice, carol, dave], seed=5)
    assert tournament.status == Tournament.Status.FINISHED
    night = night_of(club, tournaments=[tournament])
    settle_night(night.id)
    prizes = {e.user_id: e.prize - tournament.buy_in for e in tournament.entries.all()}
    assert {r.user_id: r.chips for r in night.results.all()} == prizes

"""A sit-and-go before and around its table: creating one, registering (the buy-in into the
prize pool), unregistering (refunded), starting; and tournament chips that never reach a
bankroll except as prizes. A bad request gets a sentence and changes nothing."""

import pytest
from django.utils import timezone

from games import services
from games.models import LedgerEntry, Player, Seat, Table, Tournament, TournamentEntry
from games.services import ServiceError, hosting, tournaments
from tests.games.conftest import chips_in_room, held_by_tournaments, issued_chips, make_user
from tests.games.tournament_helpers import players, sng

pytestmark = pytest.mark.django_db


def bankroll(user) -> int:
    return Player.objects.get(user=user).bankroll


def nothing_changed(before):
    assert snapshot() == before


def snapshot():
    return (
        Tournament.objects.count(), TournamentEntry.objects.count(), LedgerEntry.objects.count(),
        Table.objects.count(), sorted(Player.objects.values_list("bankroll", flat=True)),
    )


@pytest.mark.parametrize(
    ("values", "reason"),
    [
        ({"max_players": 11}, "A sit-and-go has 2 to 10 players."),
        ({"buy_in": 0}, "The buy-in must be a whole number of chips, at least 1."),
        ({"name": "  "}, "The tournament needs a name of 1 to 60 characters."),
        ({"max_players": 2}, "A 50-30-20 payout pays 3 places; it needs at least as many"),
        ({"payout": "60-40"}, "There is no payout called '60-40'"),
        ({"hands": None}, "A level lasts a number of minutes or a number of hands: choose one."),
        (
            {"levels": [{"small_blind": 10, "big_blind": 20}, {"small_blind": 5, "big_blind": 20}]},
            "Level 2: the small blind goes down from 10 to 5.",
        ),
        (
            {"levels": [{"small_blind": 10, "big_blind": 20, "ante": 15}]},
            r"Level 1: the ante \(15\) is above the small blind \(10\).",
        ),
        ({"starting_stack": 15}, r"The starting stack \(15\) is less than the first big blind"),
        ({"preset": "regular"}, "Choose a preset schedule or give your own levels, not both."),
        ({"preset": "hyper", "levels": None}, "There is no preset called 'hyper'"),
    ],
)
def test_a_bad_tournament_is_refused_with_a_reason_and_nothing_made(alice, values, reason):
    before = snapshot()
    with pytest.raises(ServiceError, match=reason):
        sng(alice, **values)
    nothing_changed(before)


def test_a_preset_schedule_is_stored_whole_and_may_run_by_hands(alice):
    tournament = sng(alice, preset="turbo", levels=None, hands=None, starting_stack=1_500)
    schedule = tournament.blind_schedule()
    assert schedule.minutes == 5 and schedule.hands is None and len(schedule.levels) == 20
    assert schedule.levels[0].big_blind == 30 and tournament.schedule_preset == "turbo"
    by_hands = sng(alice, preset="deep", levels=None, hands=10, starting_stack=3_000)
    assert by_hands.blind_schedule().hands == 10 and by_hands.blind_schedule().minutes is None


def test_registering_moves_the_buy_in_into_the_prize_pool(alice, bob):
    tournament = sng(alice)
    issued = issued_chips()
    tournaments.register(tournament.id, bob)
    assert bankroll(bob) == 10_000 - 100
    row = LedgerEntry.objects.get(user=bob, tournament=tournament)
    assert (row.kind, row.amount, row.bankroll_after) == ("sng_buy_in", -100, 9_900)
    assert held_by_tournaments() == 100
    assert chips_in_room() == issued_chips() == issued


def test_unregistering_before_the_start_refunds_the_buy_in(alice, bob):
    tournament = sng(alice)
    tournaments.register(tournament.id, bob)
    tournaments.unregister(tournament.id, bob)
    assert bankroll(bob) == 10_000
    assert not TournamentEntry.objects.filter(user=bob).exists()
    kinds = list(LedgerEntry.objects.filter(user=bob, tournament=tournament)
                 .order_by("id").values_list("kind", "amount"))
    assert kinds == [("sng_buy_in", -100), ("sng_refund", 100)]
    assert held_by_tournaments() == 0
    tournaments.register(tournament.id, bob)  # and may register again
    assert bankroll(bob) == 9_900


def test_a_buy_in_beyond_the_bankroll_is_refused_and_nothing_changes(alice, bob):
    tournament = sng(alice, buy_in=20_000)
    before = snapshot()
    with pytest.raises(ServiceError, match="The buy-in of 20,000 is more than your bankroll "
                       "of 10,000."):
        tournaments.register(tournament.id, bob)
    nothing_changed(before)


def test_registering_twice_or_when_full_or_started_is_refused(alice, bob, carol):
    tournament = sng(alice, max_players=3)
    tournaments.register(tournament.id, bob)
    before = snapshot()
    with pytest.raises(ServiceError, match="You are registered for Friday sit-and-go already."):
        tournaments.register(tournament.id, bob)
    nothing_changed(before)
    tournaments.register(tournament.id, carol)
    tournaments.register(tournament.id, alice)  # the third fills it: it starts
    dave = make_user("dave")
    before = snapshot()
    with pytest.raises(ServiceError, match="Friday sit-and-go has started, and it has no late "
                       "registration."):
        tournaments.register(tournament.id, dave)
    with pytest.raises(ServiceError, match="has started: a buy-in is refunded only before"):
        tournaments.unregister(tournament.id, bob)
    nothing_changed(before)


def test_the_tournament_starts_when_full_with_every_entrant_seated_at_the_starting_stack():
    entrants = players(3)
    tournament = sng(entrants[0], max_players=3)
    now = timezone.now()
    for user in entrants:
        tournaments.register(tournament.id, user, now=now)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING and tournament.started_at == now
    table = tournament.table
    assert table.is_tournament and table.is_private and (table.small_blind, table.big_blind) == (
        10, 20)
    seats = Seat.objects.filter(table=table)
    assert sorted(s.user_id for s in seats) == sorted(u.id for u in entrants)
    assert {s.stack for s in seats} == {1_000}
    assert table.next_hand_at is not None  # the first deal is planned
    statuses = set(tournament.entries.values_list("status", flat=True))
    assert statuses == {TournamentEntry.Status.PLAYING}
    # No bankroll paid for those stacks: only the three buy-ins left them.
    assert [bankroll(u) for u in entrants] == [9_900] * 3


def test_only_the_host_starts_early_and_only_with_enough_players(alice, bob, carol):
    tournament = sng(alice)
    tournaments.register(tournament.id, bob)
    with pytest.raises(ServiceError, match="Only the host of this tournament can start it."):
        tournaments.start(tournament.id, bob)
    with pytest.raises(ServiceError, match="at least 2 players; 1 registered."):
        tournaments.start(tournament.id, alice)
    tournaments.register(tournament.id, carol)
    before = snapshot()
    with pytest.raises(ServiceError, match="A 50-30-20 payout pays 3 places"):
        tournaments.start(tournament.id, alice)
    nothing_changed(before)
    tournaments.register(tournament.id, alice)
    table = tournaments.start(tournament.id, alice)
    assert Seat.objects.filter(table=table).count() == 3
    assert Tournament.objects.get(pk=tournament.id).status == Tournament.Status.RUNNING


@pytest.fixture
def running(alice, bob, carol):
    tournament = sng(alice, max_players=3)
    for user in (alice, bob, carol):
        tournaments.register(tournament.id, user)
    tournament.refresh_from_db()
    return tournament


def test_a_tournament_seat_cannot_cash_out(running, bob):
    table_id = running.table_id
    before = snapshot()
    version = Table.objects.get(pk=table_id).version
    with pytest.raises(ServiceError, match="You cannot leave a tournament while you have chips"):
        services.stand(table_id, bob)
    nothing_changed(before)
    assert Table.objects.get(pk=table_id).version == version
    assert Seat.objects.get(table_id=table_id, user=bob).stack == 1_000
    assert not LedgerEntry.objects.filter(kind="cash_out").exists()


def test_no_chips_join_or_leave_a_tournament_table_by_the_cash_game_routes(running, alice):
    staff = make_user("staffer")
    staff.is_staff = True
    staff.save()
    table_id = running.table_id
    seat = Seat.objects.get(table_id=table_id, user=alice)
    dave = make_user("dave")
    before = snapshot()
    refusals = [
        (lambda: services.sit(table_id, dave, 4 if seat.number != 4 else 5, 1_000),
         "This is a tournament table: its seats are given"),
        (lambda: services.seating.add_chips(table_id, alice, 100),
         "This is a tournament: no chips can be added"),
        (lambda: hosting.close(table_id, staff), "pausing, resuming or closing is not possible"),
        (lambda: hosting.remove_player(table_id, staff, seat.number), "removing a player"),
        (lambda: hosting.adjust_stack(table_id, staff, seat.number, -500, "cash"),
         "adjusting a stack is not possible"),
        (lambda: hosting.remove_seat(seat.id, staff), "removing a player"),
    ]
    for refused, reason in refusals:
        with pytest.raises(ServiceError, match=reason):
            refused()
    nothing_changed(before)
    assert Seat.objects.get(pk=seat.pk).stack == 1_000

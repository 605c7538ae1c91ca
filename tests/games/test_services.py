"""The single writer: sitting, acting, timeouts and leaving, straight through services."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services, table_clock
from games.models import Hand, HandAction, LedgerEntry, Player, Seat
from games.services import ServiceError, StaleVersion
from tests.games.conftest import ACES_KINGS_DECK, chips_in_room, issued_chips

pytestmark = pytest.mark.django_db


def bankroll(user) -> int:
    return Player.objects.get(user=user).bankroll


def seat_three_and_deal(table, alice, bob, carol) -> Hand:
    for number, user in ((1, alice), (2, bob), (3, carol)):
        services.sit(table.id, user, number, 200)
    return services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))


def act(table, user, kind, amount=None):
    table.refresh_from_db()
    services.act(table.id, user, kind, amount, table.version)


def test_sitting_moves_the_buy_in_from_bankroll_to_table_with_a_ledger_row(table, alice):
    services.sit(table.id, alice, 4, 150)
    assert Seat.objects.get(table=table, user=alice).stack == 150
    assert bankroll(alice) == 10_000 - 150
    row = LedgerEntry.objects.filter(user=alice).first()
    assert (row.kind, row.amount, row.bankroll_after) == ("buy_in", -150, 9_850)
    assert chips_in_room() == issued_chips()


@pytest.mark.parametrize(
    ("seat", "buy_in", "reason"),
    [
        (2, 100, "Seat 2 is taken."),
        (7, 100, "Seat 7 does not exist; seats are 1 to 6."),
        (3, 39, "The buy-in must be between 40 and 200 chips."),
        (3, 201, "The buy-in must be between 40 and 200 chips."),
    ],
)
def test_bad_sits_are_refused_and_change_nothing(table, alice, bob, seat, buy_in, reason):
    services.sit(table.id, bob, 2, 100)
    table.refresh_from_db()
    version, before = table.version, bankroll(alice)
    with pytest.raises(ServiceError, match=reason):
        services.sit(table.id, alice, seat, buy_in)
    table.refresh_from_db()
    assert (table.version, bankroll(alice)) == (version, before)
    assert not Seat.objects.filter(user=alice).exists()


def test_it_refuses_a_buy_in_beyond_the_bankroll(table, alice):
    Player.objects.filter(user=alice).update(bankroll=50)
    with pytest.raises(ServiceError, match="more than your bankroll of 50"):
        services.sit(table.id, alice, 1, 100)
    assert bankroll(alice) == 50 and not Seat.objects.exists()


def test_it_refuses_a_second_seat_for_the_same_player(table, alice):
    services.sit(table.id, alice, 1, 100)
    with pytest.raises(ServiceError, match="already have a seat"):
        services.sit(table.id, alice, 2, 100)


def test_a_hand_plays_to_showdown_and_pays_the_winner(table, alice, bob, carol):
    hand = seat_three_and_deal(table, alice, bob, carol)
    assert hand.button == 1
    act(table, alice, "fold")
    act(table, bob, "call")
    act(table, carol, "check")
    act(table, bob, "bet", 10)
    act(table, carol, "call")
    act(table, bob, "check")
    act(table, carol, "check")
    act(table, bob, "bet", 20)
    act(table, carol, "call")
    hand.refresh_from_db()
    assert hand.status == Hand.Status.COMPLETE
    stacks = dict(Seat.objects.values_list("number", "stack"))
    assert stacks == {1: 200, 2: 232, 3: 168}
    players = {p.seat: p for p in hand.players.all()}
    assert players[2].shown and not players[2].mucked
    assert players[3].mucked and not players[3].shown
    assert hand.pots[0]["winners"] == [2] and hand.pots[0]["amount"] == 64
    assert chips_in_room() == issued_chips()
    kinds = list(hand.actions.values_list("kind", flat=True))
    assert kinds[:3] == ["post_small_blind", "post_big_blind", "fold"]
    assert "deal_hole" not in kinds  # hole cards are stored on HandPlayer only


def test_acting_out_of_turn_is_refused_with_who_is_to_act(table, alice, bob, carol):
    seat_three_and_deal(table, alice, bob, carol)
    table.refresh_from_db()
    version = table.version
    with pytest.raises(ServiceError, match="It is not your turn: alice is to act."):
        act(table, bob, "fold")
    table.refresh_from_db()
    assert table.version == version


def test_a_stale_version_is_refused(table, alice, bob, carol):
    seat_three_and_deal(table, alice, bob, carol)
    table.refresh_from_db()
    with pytest.raises(StaleVersion, match="moved on since you acted"):
        services.act(table.id, alice, "fold", None, table.version - 1)


def test_an_illegal_amount_is_refused_with_the_engine_sentence(table, alice, bob, carol):
    seat_three_and_deal(table, alice, bob, carol)
    with pytest.raises(ServiceError, match=r"The smallest raise is to 4 \(or all-in for 200\)"):
        act(table, alice, "raise", 3)
    assert HandAction.objects.filter(kind="raise").count() == 0


def test_a_player_not_seated_cannot_act(table, alice, bob, carol, spectator):
    seat_three_and_deal(table, alice, bob, carol)
    with pytest.raises(ServiceError, match="You are not seated at this table."):
        act(table, spectator, "fold")


def test_an_idle_player_is_folded_when_the_clock_runs_out(table, alice, bob, carol):
    hand = seat_three_and_deal(table, alice, bob, carol)
    table_clock.run_due_work(now=timezone.now() + timedelta(seconds=5))
    assert not hand.actions.filter(kind="fold").exists()  # not yet due
    late = timezone.now() + timedelta(seconds=table.action_seconds + 1)
    table_clock.run_due_work(now=late)  # alice's clock ran out: her time bank starts
    assert not hand.actions.filter(kind="fold").exists()
    table_clock.run_due_work(now=late + timedelta(seconds=services.time_bank_seconds() + 1))
    fold = hand.actions.get(kind="fold")
    assert (fold.seat, fold.timed_out) == (1, True)


def test_two_timeouts_in_a_row_sit_a_player_out(table, alice, bob):
    services.sit(table.id, alice, 1, 200)
    services.sit(table.id, bob, 2, 200)
    now = timezone.now()
    # Heads-up the button acts first preflop and the button moves each hand, so the
    # idle players time out in turn: alice (hand 1), bob (hand 2), alice again (hand 3),
    # each after their time bank: deal, bank, timeout, three times.
    for _ in range(9):
        now += timedelta(seconds=60)
        table_clock.run_due_work(now=now)  # alternately: deal a hand, time its actor out
    seats = {s.user.username: s for s in Seat.objects.select_related("user")}
    assert (seats["alice"].consecutive_timeouts, seats["alice"].sitting_out) == (2, True)
    assert (seats["bob"].consecutive_timeouts, seats["bob"].sitting_out) == (1, False)
    assert list(HandAction.objects.filter(timed_out=True).values_list("seat", flat=True)) == [
        1, 2, 1,
    ]
    table.refresh_from_db()
    assert table.next_hand_at is None  # one player left in: no more hands


def test_leaving_mid_hand_folds_on_your_turn_and_cashes_out_at_the_end(table, alice, bob, carol):
    hand = seat_three_and_deal(table, alice, bob, carol)
    services.stand(table.id, alice)  # alice is to act: she folds at once
    assert hand.actions.filter(kind="fold", seat=1).exists()
    assert Seat.objects.filter(user=alice).exists()  # still seated until the hand ends
    act(table, bob, "fold")
    assert not Seat.objects.filter(user=alice).exists()
    assert bankroll(alice) == 10_000
    assert chips_in_room() == issued_chips()


def test_standing_between_hands_returns_the_stack(table, alice):
    services.sit(table.id, alice, 1, 120)
    services.stand(table.id, alice)
    assert bankroll(alice) == 10_000
    assert LedgerEntry.objects.filter(user=alice, kind="cash_out").get().amount == 120


def test_the_next_hand_is_scheduled_when_two_players_sit(table, alice, bob):
    services.sit(table.id, alice, 1, 100)
    table.refresh_from_db()
    assert table.next_hand_at is None
    services.sit(table.id, bob, 2, 100)
    table.refresh_from_db()
    assert table.next_hand_at is not None
    table_clock.run_due_work(now=table.next_hand_at)
    assert Hand.objects.filter(table=table, status="in_progress").count() == 1


def test_a_seat_taken_elsewhere_does_not_void_the_version_a_player_saw(
    table, alice, bob, carol, spectator
):
    seat_three_and_deal(table, alice, bob, carol)
    table.refresh_from_db()
    seen = table.version
    services.sit(table.id, spectator, 4, 100)  # bumps the version, but it is still alice's turn
    services.act(table.id, alice, "fold", None, seen)
    assert HandAction.objects.filter(kind="fold", seat=1).exists()
    with pytest.raises(StaleVersion, match="moved on since you acted"):
        services.act(table.id, bob, "fold", None, seen)  # bob's turn began after `seen`

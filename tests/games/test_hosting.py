"""The host runs the table from the felt, through the single writer (games/services/hosting.py).

Every control is tried by the host and refused for anyone else; bad values are refused with a
sentence and change nothing (not even the version); chips are counted after every change.
"""

import json
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games import services, snapshots
from games.engine import HandState
from games.models import Hand, LedgerEntry, Player, Seat, Table
from games.models.chips import STARTING_GRANT
from games.projection import snapshot_frame
from games.services import hosting, seating
from games.services.writer import ServiceError
from games.table_clock import run_due_work
from tests.games.conftest import ACES_KINGS_DECK, chips_in_room, issued_chips, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def hosted(table, alice):
    table.host = alice
    table.save(update_fields=["host"])
    return table


def conserved() -> None:
    assert chips_in_room() == issued_chips(), "chips were made or lost"


def version(table) -> int:
    return Table.objects.values_list("version", flat=True).get(pk=table.id)


def act(table, user, kind, amount=None):
    services.act(table.id, user, kind, amount, version(table))


def seat_three(table, alice, bob, carol):
    for number, user in ((1, alice), (2, bob), (3, carol)):
        services.sit(table.id, user, number, 200)


CONTROLS = {
    "pause": lambda t, u: hosting.pause(t, u),
    "close": lambda t, u: hosting.close(t, u),
    "settings": lambda t, u: hosting.update_settings(t, u, {"big_blind": 4}),
    "remove": lambda t, u: hosting.remove_player(t, u, 1),
    "adjust": lambda t, u: hosting.adjust_stack(t, u, 1, 100, "late chips"),
    "hand_over": lambda t, u: hosting.hand_over(t, u, 2),
}


@pytest.mark.parametrize("control", sorted(CONTROLS))
def test_only_the_host_may_run_the_table(hosted, alice, bob, control):
    services.sit(hosted.id, alice, 1, 200)
    services.sit(hosted.id, bob, 2, 200)
    before = version(hosted)
    with pytest.raises(ServiceError, match="Only the host of this table can do that."):
        CONTROLS[control](hosted.id, bob)
    assert version(hosted) == before
    conserved()


def test_staff_may_run_any_table(hosted, alice, bob):
    boss = make_user("boss")
    boss.is_staff = True
    boss.save()
    services.sit(hosted.id, bob, 2, 200)
    hosting.pause(hosted.id, boss)
    assert Table.objects.get(pk=hosted.id).status == Table.Status.PAUSED


def test_a_pause_mid_hand_lets_the_hand_play_out_and_deals_no_more(hosted, alice, bob):
    services.sit(hosted.id, alice, 1, 200)
    services.sit(hosted.id, bob, 2, 200)
    services.start_next_hand(hosted.id, deck=list(ACES_KINGS_DECK))
    hosting.pause(hosted.id, alice)
    hand = Hand.objects.get(table=hosted, status=Hand.Status.IN_PROGRESS)
    act(hosted, alice, "fold")  # the hand goes on while paused
    hand.refresh_from_db()
    assert hand.status == Hand.Status.COMPLETE
    table = Table.objects.get(pk=hosted.id)
    assert table.status == Table.Status.PAUSED and table.next_hand_at is None
    assert services.start_next_hand(hosted.id) is None
    with pytest.raises(ServiceError, match="already paused"):
        hosting.pause(hosted.id, alice)

    hosting.resume(hosted.id, alice)
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN and table.next_hand_at is not None
    conserved()


def test_new_blinds_wait_for_the_next_hand_and_old_hands_keep_theirs(hosted, alice, bob):
    services.sit(hosted.id, alice, 1, 200)
    services.sit(hosted.id, bob, 2, 200)
    first = services.start_next_hand(hosted.id, deck=list(ACES_KINGS_DECK))
    hosting.update_settings(hosted.id, alice, {"small_blind": 5, "big_blind": 10, "ante": 1})

    live = HandState.from_dict(Hand.objects.get(pk=first.pk).state)
    assert (live.config.small_blind, live.config.big_blind) == (1, 2)  # mid-hand: unchanged
    act(hosted, alice, "fold")
    second = services.start_next_hand(hosted.id, deck=list(ACES_KINGS_DECK))
    state = HandState.from_dict(second.state)
    assert (state.config.small_blind, state.config.big_blind, state.config.ante) == (5, 10, 1)
    first.refresh_from_db()
    old = HandState.from_dict(first.state)
    assert (old.config.small_blind, old.config.big_blind) == (1, 2)
    conserved()


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"small_blind": 10, "big_blind": 5}, "big blind must be at least the small blind"),
        ({"min_buy_in": 300}, "maximum buy-in must be at least the minimum buy-in"),
        ({"action_seconds": 1}, "action clock is 5 to 300 seconds"),
        ({"max_seats": 11}, "A table has 2 to 10 seats"),
        ({"big_blind": 0}, "big blind must be more than zero"),
        ({"max_seats": 2}, r"cannot have 2 seats while seat\(s\) 3 are taken"),
        ({"rake": 5}, "cannot be changed here: rake"),
        ({"big_blind": 2}, "Nothing to change"),
    ],
)
def test_bad_settings_are_refused_with_a_sentence_and_change_nothing(
    hosted, alice, bob, carol, changes, reason
):
    seat_three(hosted, alice, bob, carol)
    before = version(hosted)
    with pytest.raises(ServiceError, match=reason):
        hosting.update_settings(hosted.id, alice, changes)
    table = Table.objects.get(pk=hosted.id)
    assert version(hosted) == before
    assert (table.small_blind, table.big_blind, table.max_seats) == (1, 2, 6)


def test_removing_a_player_waits_for_the_hand_and_cashes_them_out(hosted, alice, bob, carol):
    seat_three(hosted, alice, bob, carol)
    services.start_next_hand(hosted.id, deck=list(ACES_KINGS_DECK))
    hosting.remove_player(hosted.id, alice, 3)  # carol is in the hand, not to act
    assert Seat.objects.get(user=carol).leave_after_hand
    # Everyone is told, and carol's own line says, that her hand is folded at her turn.
    view = json.loads(snapshot_frame(snapshots.load(hosted.id, carol.id), carol.id))["table"]
    assert view["notices"][-1]["text"] == (
        "alice (host) removed carol from seat 3 when this hand ends (their hand is folded at "
        "their turn); their stack goes back to their bankroll.")
    assert view["viewer"]["text"] == ("You leave the table when this hand ends: your hand is "
                                      "folded at your turn.")
    conserved()
    act(hosted, alice, "fold")
    act(hosted, bob, "fold")  # carol wins the blinds, then goes
    assert not Seat.objects.filter(user=carol).exists()
    assert carol.player.__class__.objects.get(user=carol).bankroll == 10_000 - 200 + 201
    conserved()

    hosting.remove_player(hosted.id, alice, 2)  # between hands: at once
    assert not Seat.objects.filter(user=bob).exists()
    with pytest.raises(ServiceError, match="Nobody sits in seat 2"):
        hosting.remove_player(hosted.id, alice, 2)
    conserved()


def test_a_stack_adjustment_moves_the_players_own_chips_with_its_reason(hosted, alice, bob):
    services.sit(hosted.id, alice, 1, 200)
    services.sit(hosted.id, bob, 2, 50)
    hosting.adjust_stack(hosted.id, alice, 2, 150, "bought 150 more")
    assert Seat.objects.get(user=bob).stack == 200
    assert bob.player.__class__.objects.get(user=bob).bankroll == 10_000 - 200
    entry = LedgerEntry.objects.get(kind=LedgerEntry.Kind.HOST_ADD)
    assert (entry.user, entry.amount, entry.reason, entry.created_by) == (
        bob, -150, "bought 150 more", alice
    )
    conserved()
    hosting.adjust_stack(hosted.id, alice, 2, -50, "paid back")
    assert Seat.objects.get(user=bob).stack == 150
    assert bob.player.__class__.objects.get(user=bob).bankroll == 10_000 - 150
    conserved()

    before = version(hosted)
    with pytest.raises(ServiceError, match="needs a reason"):
        hosting.adjust_stack(hosted.id, alice, 2, 10, "  ")
    with pytest.raises(ServiceError, match="bob has only 150 chips to take away"):
        hosting.adjust_stack(hosted.id, alice, 2, -151, "too much")
    with pytest.raises(ServiceError, match="maximum buy-in of 200: bob can get at most 50 more"):
        hosting.adjust_stack(hosted.id, alice, 2, 51, "too much")
    assert version(hosted) == before
    services.start_next_hand(hosted.id, deck=list(ACES_KINGS_DECK))
    with pytest.raises(ServiceError, match="in the hand being played; adjust their stack when"):
        hosting.adjust_stack(hosted.id, alice, 2, 10, "mid-hand")
    conserved()


def test_a_stack_adjustment_is_bounded_by_the_bankroll(hosted, alice, bob):
    from games import chips

    services.sit(hosted.id, bob, 2, 50)
    chips.adjust(bob, -9_930, reason="spent elsewhere", staff=alice)  # 20 left
    with pytest.raises(ServiceError, match="bob's bankroll holds 20 chips"):
        hosting.adjust_stack(hosted.id, alice, 2, 21, "more")
    hosting.adjust_stack(hosted.id, alice, 2, 20, "all he has")
    assert Seat.objects.get(user=bob).stack == 70
    conserved()


def test_the_host_hands_the_role_over(hosted, alice, bob):
    services.sit(hosted.id, alice, 1, 200)
    services.sit(hosted.id, bob, 2, 200)
    hosting.hand_over(hosted.id, alice, 2)
    assert Table.objects.get(pk=hosted.id).host == bob
    with pytest.raises(ServiceError, match="Only the host"):
        hosting.pause(hosted.id, alice)
    hosting.pause(hosted.id, bob)
    with pytest.raises(ServiceError, match="bob is the host already"):
        hosting.hand_over(hosted.id, bob, 2)


def test_joiners_wait_for_the_hosts_approval(hosted, alice, bob, carol):
    hosting.update_settings(hosted.id, alice, {"needs_approval": True})
    services.sit(hosted.id, alice, 1, 200)  # the host sits without asking
    assert services.sit(hosted.id, bob, 2, 150) is None
    assert not Seat.objects.filter(user=bob).exists()
    assert bob.player.__class__.objects.get(user=bob).bankroll == 10_000  # nothing moved yet
    with pytest.raises(ServiceError, match="Seat 2 is held for bob, who asked first"):
        services.sit(hosted.id, carol, 2, 150)
    with pytest.raises(ServiceError, match="You already asked for seat 2"):
        services.sit(hosted.id, bob, 3, 150)
    with pytest.raises(ServiceError, match="Only the host"):
        hosting.approve(hosted.id, carol, 2)

    hosting.approve(hosted.id, alice, 2)
    assert Seat.objects.get(user=bob).stack == 150
    assert Table.objects.get(pk=hosted.id).seat_requests == []
    conserved()

    services.sit(hosted.id, carol, 3, 100)
    hosting.decline(hosted.id, alice, 3)
    assert not Seat.objects.filter(user=carol).exists()
    with pytest.raises(ServiceError, match="Nobody is waiting for seat 3"):
        hosting.approve(hosted.id, alice, 3)
    services.sit(hosted.id, carol, 3, 100)
    services.stand(hosted.id, carol)  # withdraws the request
    assert Table.objects.get(pk=hosted.id).seat_requests == []
    conserved()


def test_closing_cashes_everyone_out_after_the_hand(hosted, alice, bob, carol):
    seat_three(hosted, alice, bob, carol)
    services.start_next_hand(hosted.id, deck=list(ACES_KINGS_DECK))
    hosting.close(hosted.id, alice)
    assert Seat.objects.filter(table=hosted).count() == 3  # the hand plays out first
    conserved()
    act(hosted, alice, "fold")
    act(hosted, bob, "fold")
    assert not Seat.objects.filter(table=hosted).exists()
    assert Table.objects.get(pk=hosted.id).status == Table.Status.CLOSED
    conserved()
    with pytest.raises(ServiceError, match="closed table cannot be reopened"):
        hosting.resume(hosted.id, alice)


def test_a_table_with_players_cannot_be_deleted_only_closed(hosted, alice, bob):
    services.sit(hosted.id, bob, 2, 200)
    with pytest.raises(ServiceError, match="close it instead"):
        hosting.delete_table(hosted.id, alice)
    assert Table.objects.filter(pk=hosted.id).exists()
    conserved()
    hosting.close(hosted.id, alice)
    hosting.delete_table(hosted.id, alice)
    assert not Table.objects.filter(pk=hosted.id).exists()
    conserved()


def test_a_busted_player_keeps_the_seat_and_rebuys_there(table, alice, bob, carol):
    services.sit(table.id, alice, 1, 200)
    services.sit(table.id, bob, 2, 50)
    services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))
    act(table, alice, "raise", 200)
    act(table, bob, "call")  # alice Kd Ah beats bob As 7s: bob has no chips left
    busted = Seat.objects.get(user=bob)
    assert busted.stack == 0 and busted.busted_at is not None
    player = bob
    with pytest.raises(ServiceError, match="between 40 and 200"):
        seating.add_chips(table.id, player, 20)
    seating.add_chips(table.id, player, 100)
    seat = Seat.objects.get(pk=busted.pk)
    assert (seat.number, seat.stack, seat.busted_at) == (busted.number, 100, None)
    conserved()
    with pytest.raises(ServiceError, match="you can add at most 100 chips"):
        seating.add_chips(table.id, player, 101)
    seating.add_chips(table.id, player, 100)  # a top-up to the maximum buy-in
    assert Seat.objects.get(pk=busted.pk).stack == 200
    conserved()


def test_a_busted_seat_is_freed_when_its_time_is_up(table, alice, bob, carol, settings):
    services.sit(table.id, alice, 1, 200)
    services.sit(table.id, bob, 2, 50)
    services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))
    act(table, alice, "raise", 200)
    act(table, bob, "call")
    busted = Seat.objects.get(user=bob, stack=0)
    run_due_work(timezone.now())
    assert Seat.objects.filter(pk=busted.pk).exists()  # still time to rebuy
    later = timezone.now() + timedelta(seconds=settings.BUSTED_SEAT_SECONDS + 1)
    run_due_work(later)
    assert not Seat.objects.filter(pk=busted.pk).exists()
    services.sit(table.id, carol, busted.number, 100)  # the chair is free again
    conserved()


def test_the_replayer_shows_the_blinds_a_hand_was_played_at(client, hosted, alice, bob):
    services.sit(hosted.id, alice, 1, 200)
    services.sit(hosted.id, bob, 2, 200)
    hand = services.start_next_hand(hosted.id, deck=list(ACES_KINGS_DECK))
    act(hosted, alice, "fold")
    hosting.update_settings(hosted.id, alice, {"small_blind": 5, "big_blind": 10})
    client.force_login(bob)
    page = client.get(reverse("history:hand", args=[hand.id])).content.decode()
    assert "blinds 1/2" in page and "blinds 5/10" not in page


def test_the_session_ledger_counts_a_host_adjustment_as_bought_in_not_won(
    client, hosted, alice, bob
):
    services.sit(hosted.id, bob, 2, 100)
    hosting.adjust_stack(hosted.id, alice, 2, 100, "cash at the door")
    client.force_login(bob)
    page = client.get(reverse("history:ledger", args=[hosted.id]))
    text = page.content.decode()
    assert "Added to the stack by the host: cash at the door" in text
    rows = client.get(reverse("history:ledger_csv", args=[hosted.id])).content.decode().splitlines()
    assert rows[1].split(",") == ["bob", "1", "200", "0", "200", "0", "0"]


def test_a_table_can_wait_for_its_host_to_start_it(client, alice, bob):
    client.force_login(alice)
    response = client.post("/tables/new/", {
        "name": "Later", "small_blind": 1, "big_blind": 2, "max_seats": 6, "min_buy_in": 40,
        "max_buy_in": 200, "action_seconds": 30, "wait_for_start": "on",
    })
    table = Table.objects.get(name="Later")
    assert response.status_code == 302 and table.status == Table.Status.PAUSED
    services.sit(table.id, alice, 1, 200)
    services.sit(table.id, bob, 2, 200)
    assert services.start_next_hand(table.id) is None  # not before the host says so
    with pytest.raises(ServiceError, match="Only the host"):
        hosting.resume(table.id, bob)
    hosting.resume(table.id, alice)
    assert services.start_next_hand(table.id) is not None


def test_a_request_the_bankroll_no_longer_covers(hosted, alice, bob):
    from games import chips

    hosting.update_settings(hosted.id, alice, {"needs_approval": True})
    services.sit(hosted.id, bob, 2, 150)
    chips.adjust(bob, -9_900, reason="spent elsewhere", staff=alice)  # 100 left
    with pytest.raises(ServiceError, match="bob's bankroll no longer covers the buy-in of 150"):
        hosting.approve(hosted.id, alice, 2)
    assert Table.objects.get(pk=hosted.id).seat_requests[0]["name"] == "bob"  # still there
    hosting.update_settings(hosted.id, alice, {"needs_approval": False})  # drops it, goes on
    table = Table.objects.get(pk=hosted.id)
    assert (table.needs_approval, table.seat_requests) == (False, [])
    assert not Seat.objects.filter(user=bob).exists()
    conserved()


def test_every_host_control_keeps_bankrolls_and_stacks_whole(alice, bob, carol):
    """Counted independently of the ledger: three people, each given the starting grant and
    nothing else, so bankrolls + stacks stay three grants after every control, tried and
    refused alike, between hands and during one."""
    people = (alice, bob, carol)
    whole = STARTING_GRANT * len(people)

    def counted(after: str) -> None:
        bankrolls = sum(Player.objects.filter(user__in=people).values_list("bankroll", flat=True))
        stacks = sum(Seat.objects.values_list("stack", flat=True))
        assert bankrolls + stacks == whole, f"chips made or lost by {after}"

    def refused(control, *args) -> None:
        with pytest.raises(ServiceError):
            control(*args)
        counted(f"a refused {control.__name__}")

    table = hosting.create_table(
        alice, wait_for_start=True, name="Home", small_blind=1, big_blind=2,
        min_buy_in=40, max_buy_in=200,
    )
    t = table.id
    services.sit(t, alice, 1, 200)
    services.sit(t, bob, 2, 100)
    hosting.resume(t, alice)  # "Start"
    counted("start")
    hosting.update_settings(t, alice, {"needs_approval": True, "big_blind": 4})
    counted("settings")
    services.sit(t, carol, 3, 150)
    hosting.decline(t, alice, 3)
    counted("decline")
    services.sit(t, carol, 3, 150)
    hosting.approve(t, alice, 3)
    counted("approve")
    refused(hosting.adjust_stack, t, alice, 1, 99_999_999_999, "free money")
    refused(hosting.adjust_stack, t, alice, 2, 101, "over the maximum buy-in")
    refused(hosting.adjust_stack, t, alice, 2, -101, "more than the stack")
    hosting.adjust_stack(t, alice, 2, 100, "topped up by the host")
    hosting.adjust_stack(t, alice, 3, -50, "gave some back")
    counted("adjust")

    services.start_next_hand(t, deck=list(ACES_KINGS_DECK))
    hosting.pause(t, alice)
    counted("pause")
    hosting.update_settings(t, alice, {"small_blind": 2})
    refused(hosting.adjust_stack, t, alice, 3, 10, "mid-hand")
    hosting.remove_player(t, alice, 3)  # after this hand
    counted("remove")
    hosting.hand_over(t, alice, 2)
    counted("hand over")
    while (live := Hand.objects.filter(table_id=t, status=Hand.Status.IN_PROGRESS).first()):
        seat = HandState.from_dict(live.state).actor
        act(table, {1: alice, 2: bob, 3: carol}[seat], "fold")
    counted("the end of the hand")
    hosting.resume(t, bob)
    counted("resume")
    hosting.close(t, bob)
    counted("close")
    assert not Seat.objects.filter(table_id=t).exists()

"""The admin panel: staff actions work, are recorded, are refused to non-staff, and list
pages stay at a fixed number of queries however many hands there are."""

import json

import pytest
from django.contrib.admin.models import LogEntry
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services, snapshots
from games.host_settings import HOST_SETTINGS
from games.models import Hand, HandPlayer, LedgerEntry, Player, Seat, Table
from games.projection import snapshot_frame
from games.services import table_memory, tournaments
from tests.games.conftest import ACES_KINGS_DECK

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_user(db):
    return get_user_model().objects.create_superuser("boss", "boss@example.com", "pw-boss-boss")


@pytest.fixture
def staff_client(client, staff_user):
    client.force_login(staff_user)
    return client


def admin_action(client, model: str, action: str, ids) -> None:
    response = client.post(
        f"/admin/games/{model}/",
        {"action": action, "_selected_action": [str(i) for i in ids]},
        follow=True,
    )
    assert response.status_code == 200


def test_pause_waits_for_the_hand_then_resume_deals_again(staff_client, table, alice, bob):
    services.sit(table.id, alice, 1, 200)
    services.sit(table.id, bob, 2, 200)
    hand = services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))
    admin_action(staff_client, "table", "pause", [table.id])
    table.refresh_from_db()
    assert table.status == Table.Status.PAUSED
    # A player at the table is told the game is paused, not that their host paused it.
    line = json.loads(snapshot_frame(snapshots.load(table.id, alice.id), alice.id))["table"][
        "viewer"]["text"]
    assert line == ("You are seated. The game is paused: this hand plays to its end, "
                    "then no new hand is dealt until it is resumed.")
    services.act(table.id, alice, "fold", None, table.version)  # the hand plays out
    hand.refresh_from_db()
    assert hand.status == Hand.Status.COMPLETE
    table.refresh_from_db()
    assert table.next_hand_at is None
    assert services.start_next_hand(table.id) is None  # paused: no new hand
    admin_action(staff_client, "table", "resume", [table.id])
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN and table.next_hand_at is not None
    messages = list(LogEntry.objects.values_list("change_message", flat=True))
    assert "Paused the table." in messages and "Resumed the table." in messages


def test_closing_sends_stacks_back_to_bankrolls(staff_client, table, alice):
    services.sit(table.id, alice, 1, 150)
    admin_action(staff_client, "table", "close", [table.id])
    table.refresh_from_db()
    assert table.status == Table.Status.CLOSED
    assert not Seat.objects.exists()
    assert Player.objects.get(user=alice).bankroll == 10_000


def test_removing_a_player_in_a_hand_waits_for_its_end(staff_client, table, alice, bob):
    services.sit(table.id, alice, 1, 200)
    services.sit(table.id, bob, 2, 200)
    services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))
    seat = Seat.objects.get(user=bob)
    admin_action(staff_client, "seat", "remove", [seat.id])
    seat.refresh_from_db()
    assert seat.leave_after_hand
    table.refresh_from_db()
    services.act(table.id, alice, "fold", None, table.version)
    assert not Seat.objects.filter(user=bob).exists()
    assert LogEntry.objects.filter(change_message__contains="Removed bob").exists()


def test_a_bankroll_adjustment_needs_a_reason_and_is_recorded(staff_client, alice, staff_user):
    player = Player.objects.get(user=alice)
    url = f"/admin/games/player/{player.pk}/adjust/"
    response = staff_client.post(url, {"amount": 500, "reason": ""})
    assert response.status_code == 200 and b"This field is required" in response.content
    assert Player.objects.get(user=alice).bankroll == 10_000
    response = staff_client.post(url, {"amount": 500, "reason": "Lost chips in the outage"})
    assert response.status_code == 302
    assert Player.objects.get(user=alice).bankroll == 10_500
    entry = LedgerEntry.objects.get(kind="adjustment")
    assert (entry.amount, entry.reason, entry.created_by) == (
        500, "Lost chips in the outage", staff_user,
    )
    assert LogEntry.objects.filter(change_message__contains="Lost chips in the outage").exists()


def test_non_staff_are_refused(client, alice, table):
    client.force_login(alice)
    player = Player.objects.get(user=alice)
    assert client.get("/admin/games/table/").status_code == 302  # to the admin login
    response = client.post(
        f"/admin/games/player/{player.pk}/adjust/", {"amount": 1_000_000, "reason": "mine"}
    )
    assert response.status_code == 302
    assert Player.objects.get(user=alice).bankroll == 10_000
    response = client.post(
        "/admin/games/table/", {"action": "close", "_selected_action": [str(table.id)]}
    )
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN


def fold_hands(table, players_by_seat, count: int) -> None:
    """Deal ``count`` hands in which whoever acts first folds."""
    from games.engine import HandState

    for _ in range(count):
        services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))
        table.refresh_from_db()
        state = HandState.from_dict(table.hands.get(status="in_progress").state)
        services.act(table.id, players_by_seat[state.actor], "fold", None, table.version)


@pytest.mark.parametrize(
    "url",
    ["/admin/games/hand/", "/admin/games/table/", "/admin/games/player/", "/admin/games/seat/",
     "/admin/admin/logentry/"],
)
def test_admin_lists_use_a_fixed_number_of_queries(staff_client, table, alice, bob, url):
    services.sit(table.id, alice, 1, 200)
    services.sit(table.id, bob, 2, 200)
    fold_hands(table, {1: alice, 2: bob}, 20)
    with CaptureQueriesContext(connection) as few:
        assert staff_client.get(url).status_code == 200
    fold_hands(table, {1: alice, 2: bob}, 180)
    assert Hand.objects.count() == 200
    with CaptureQueriesContext(connection) as many:
        assert staff_client.get(url).status_code == 200
    assert len(many) == len(few), [q["sql"] for q in many.captured_queries]


def test_net_chips_count_play_chips_only_never_a_tournaments(staff_client, table, alice, bob):
    services.sit(table.id, alice, 1, 200)
    services.sit(table.id, bob, 2, 200)
    fold_hands(table, {1: alice, 2: bob}, 3)
    expected = sum(hp.finishing_stack - hp.starting_stack
                   for hp in HandPlayer.objects.filter(user=alice))
    assert expected != 0 and HandPlayer.objects.filter(user=alice).count() == 3

    def row() -> str:
        page = staff_client.get("/admin/games/player/?q=alice").content.decode()
        return page[page.index(">alice<"):][:600]

    assert f'<td class="field-net">{expected}</td>' in row()
    # The same hands counted as a sit-and-go's: tournament chips are not play chips.
    Table.objects.filter(pk=table.id).update(is_tournament=True)
    assert '<td class="field-hands">0</td>' in row() and '<td class="field-net">0</td>' in row()


def test_a_finished_hand_page_shows_cards_and_exports_phh(staff_client, table, alice, bob):
    services.sit(table.id, alice, 1, 200)
    services.sit(table.id, bob, 2, 200)
    hand = services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))
    page = staff_client.get(f"/admin/games/hand/{hand.pk}/change/")
    assert b"hidden until the hand ends" in page.content
    table.refresh_from_db()
    services.act(table.id, alice, "fold", None, table.version)
    page = staff_client.get(f"/admin/games/hand/{hand.pk}/change/")
    # Heads-up with the button on seat 1, cards go to seat 2 first: bob As 7s, alice Kd Ah.
    assert b"As7s" in page.content and b"KdAh" in page.content
    phh = staff_client.get(f"/admin/games/hand/{hand.pk}/phh/")
    assert phh.status_code == 200
    text = phh.content.decode()
    assert "variant = 'NT'" in text and "finishing_stacks" in text and "'alice'" in text


def table_form(table, **changes) -> dict:
    """The admin's change form for ``table`` as a browser posts it (every host setting the
    form shows, games/host_settings.py), with ``changes``."""
    fields: dict = {"seats-TOTAL_FORMS": 0, "seats-INITIAL_FORMS": 0,
                    "seats-MIN_NUM_FORMS": 0, "seats-MAX_NUM_FORMS": 1000}
    for setting in HOST_SETTINGS:
        value = changes.pop(setting.name, getattr(table, setting.name + (
            "_id" if setting.kind == "user" else "")))
        if setting.kind == "flag":
            if value:  # a checkbox is posted only when ticked
                fields[setting.name] = "on"
        elif setting.kind == "list":  # numbered slots (games/rotation_field.py)
            fields.update({f"{setting.name}_{i}": code for i, code in enumerate(value)})
        else:
            fields[setting.name] = "" if value is None else value
    return {**fields, **changes}


def chips_counted() -> bool:
    from tests.games.conftest import chips_in_room, issued_chips

    return chips_in_room() == issued_chips()


def test_blinds_changed_in_the_admin_go_through_the_writer(
    staff_client, table, alice, bob, django_capture_on_commit_callbacks
):
    services.sit(table.id, alice, 1, 200)
    services.sit(table.id, bob, 2, 200)
    hand = services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))
    table.refresh_from_db()
    before = table.version
    with django_capture_on_commit_callbacks() as callbacks:
        response = staff_client.post(
            f"/admin/games/table/{table.id}/change/", table_form(table, small_blind=5, big_blind=10)
        )
    broadcasts = [c for c in callbacks if not isinstance(c, table_memory.KeepOnCommit)]
    assert response.status_code == 302, response.content.decode()[:2000]
    table.refresh_from_db()
    assert (table.small_blind, table.big_blind) == (5, 10)
    # Locked, versioned, and sent once to the table's pages and once to the lobby.
    assert table.version == before + 1 and len(broadcasts) == 2
    hand.refresh_from_db()
    assert hand.state["config"]["big_blind"] == 2  # the hand keeps the blinds it was dealt at
    assert "Changed the settings: small_blind 5, big_blind 10." in LogEntry.objects.values_list(
        "change_message", flat=True
    )
    assert chips_counted()


def test_the_admin_cannot_hide_seated_players_with_fewer_seats(staff_client, table, alice):
    services.sit(table.id, alice, 5, 200)
    response = staff_client.post(
        f"/admin/games/table/{table.id}/change/", table_form(table, max_seats=4)
    )
    assert response.status_code == 200
    assert "The table cannot have 4 seats while seat(s) 5 are taken" in response.content.decode()
    table.refresh_from_db()
    assert table.max_seats == 6
    response = staff_client.post(
        f"/admin/games/table/{table.id}/change/", table_form(table, big_blind=0)
    )
    assert "The big blind must be more than zero." in response.content.decode()


def test_a_table_with_players_cannot_be_deleted_in_the_admin(staff_client, table, alice):
    services.sit(table.id, alice, 1, 200)
    assert staff_client.get(f"/admin/games/table/{table.id}/delete/").status_code == 403
    admin_action(staff_client, "table", "delete_empty", [table.id])
    assert Table.objects.filter(pk=table.id).exists()
    assert chips_counted()
    admin_action(staff_client, "table", "close", [table.id])
    assert chips_counted()
    admin_action(staff_client, "table", "delete_empty", [table.id])
    assert not Table.objects.filter(pk=table.id).exists()
    assert chips_counted()


def test_a_table_made_in_the_admin_goes_through_the_writer(staff_client):
    response = staff_client.post(
        "/admin/games/table/add/",
        table_form(Table(name="Staff table", small_blind=2, big_blind=4, min_buy_in=80,
                         max_buy_in=400)),
    )
    assert response.status_code == 302
    table = Table.objects.get(name="Staff table")
    assert (table.small_blind, table.big_blind, table.host) == (2, 4, None)


def test_the_admin_lists_tournaments_with_their_players_and_prize_pool(staff_client, alice, bob):
    tournament = tournaments.create_tournament(
        alice, name="Sunday turbo", max_players=4, buy_in=250, starting_stack=1_500,
        payout="65-35", preset="turbo",
    )
    tournaments.register(tournament.id, bob)
    page = staff_client.get("/admin/games/tournament/").content.decode()
    assert "Sunday turbo" in page and "1/4" in page and "250" in page
    detail = staff_client.get(f"/admin/games/tournament/{tournament.id}/change/")
    assert detail.status_code == 200 and "bob" in detail.content.decode()

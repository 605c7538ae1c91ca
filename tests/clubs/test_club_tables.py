"""A club's tables and tournaments (docs/clubs.md): open only to the club's members unless
the host opened them to all, through the lobby, the pages and the services; the club's
owner and managers get the host tools there, a plain member does not."""

import pytest
from django.urls import reverse

from games import services
from games.models import Table, Tournament
from games.outbound import lobby_feed
from games.services import ServiceError, hosting, tournaments
from tests.clubs.conftest import cash_table
from tests.games.tournament_helpers import sng

pytestmark = pytest.mark.django_db

REFUSED = "This game is open only to members of the club Friday club."
NOT_HOST = "Only the host of this table can do that."

TABLE_FORM = {"name": "Club game", "small_blind": 1, "big_blind": 2, "max_seats": 6,
              "min_buy_in": 40, "max_buy_in": 200, "action_seconds": 30}


def club_table(club, host, *, open_to_all=False) -> Table:
    table = cash_table(host, name="Club game")
    table.club, table.club_open = club, open_to_all
    table.save(update_fields=["club", "club_open"])
    return table


def lobby_ids() -> set[int]:
    return {row.id for row in lobby_feed.open_rows()}


def test_a_manager_opens_a_members_only_table_from_the_club_page(client, club, bob, carol):
    client.force_login(bob)
    response = client.post(reverse("clubs:new_table", args=[club.id]), TABLE_FORM)
    table = Table.objects.get(name="Club game")
    assert response.status_code == 302 and response["Location"] == f"/tables/{table.id}/"
    assert (table.club_id, table.club_open, table.host_id) == (club.id, False, bob.id)
    assert table.id not in lobby_ids()
    client.force_login(carol)  # a member finds it on the club page
    page = client.get(reverse("clubs:club", args=[club.id])).content.decode()
    assert f'href="/tables/{table.id}/"' in page and "members only" in page


def test_a_table_opened_to_all_is_in_the_lobby(client, club, bob):
    client.force_login(bob)
    client.post(reverse("clubs:new_table", args=[club.id]), {**TABLE_FORM, "club_open": "on"})
    table = Table.objects.get(name="Club game")
    assert table.club_open and table.id in lobby_ids()


def test_a_plain_member_cannot_make_a_club_table(client, club, carol):
    client.force_login(carol)
    assert client.post(reverse("clubs:new_table", args=[club.id]), TABLE_FORM).status_code == 404
    assert not Table.objects.filter(name="Club game").exists()


def test_a_bad_club_table_is_refused_with_its_problem(client, club, bob):
    client.force_login(bob)
    response = client.post(reverse("clubs:new_table", args=[club.id]),
                           {**TABLE_FORM, "big_blind": 0}, follow=True)
    assert not Table.objects.filter(name="Club game").exists()
    assert ("The table was not made: Big blind: Ensure this value is greater than or equal "
            "to 1.") in response.content.decode()


def test_a_non_member_neither_sees_nor_sits_at_a_members_only_table(
    client, club, alice, carol, outsider
):
    table = club_table(club, alice)
    url = reverse("table", args=[table.id])
    client.force_login(outsider)
    assert client.get(url).status_code == 404
    assert table.id not in lobby_ids()
    assert f"/tables/{table.id}/" not in client.get(reverse("home")).content.decode()
    with pytest.raises(ServiceError) as refused:
        services.sit(table.id, outsider, 1, 100)
    assert str(refused.value) == REFUSED
    client.logout()
    assert client.get(url).status_code == 404  # nor does an anonymous visitor
    client.force_login(carol)  # a member does both
    assert client.get(url).status_code == 200
    assert services.sit(table.id, carol, 1, 100) is not None


def test_a_table_the_host_opened_to_all_is_seen_and_sat_at_by_anyone(client, club, alice,
                                                                       outsider):
    table = club_table(club, alice, open_to_all=True)
    client.force_login(outsider)
    assert client.get(reverse("table", args=[table.id])).status_code == 200
    assert services.sit(table.id, outsider, 1, 100) is not None


def test_a_members_only_tournament_refuses_non_members(client, club, alice, carol, outsider):
    tournament = sng(alice, name="Club sit-and-go")
    Tournament.objects.filter(pk=tournament.id).update(club=club)
    url = reverse("tournament", args=[tournament.id])
    client.force_login(outsider)
    assert client.get(url).status_code == 404
    assert "Club sit-and-go" not in client.get(reverse("tournaments")).content.decode()
    with pytest.raises(ServiceError) as refused:
        tournaments.register(tournament.id, outsider)
    assert str(refused.value) == REFUSED
    assert not tournament.entries.filter(user=outsider).exists()
    client.force_login(carol)
    assert client.get(url).status_code == 200
    tournaments.register(tournament.id, carol)
    assert tournament.entries.filter(user=carol).count() == 1


def test_a_tournament_opened_to_all_takes_anyone(client, club, alice, outsider):
    tournament = sng(alice, name="Club sit-and-go")
    Tournament.objects.filter(pk=tournament.id).update(club=club, club_open=True)
    client.force_login(outsider)
    assert client.get(reverse("tournament", args=[tournament.id])).status_code == 200
    assert "Club sit-and-go" in client.get(reverse("tournaments")).content.decode()
    tournaments.register(tournament.id, outsider)
    assert tournament.entries.filter(user=outsider).count() == 1


def test_a_manager_runs_a_club_table_with_the_host_tools(club, alice, bob, carol):
    table = club_table(club, alice)
    hosting.pause(table.id, bob)  # bob manages the club; alice hosts the table
    table.refresh_from_db()
    assert table.status == Table.Status.PAUSED
    hosting.update_settings(table.id, bob, {"big_blind": 4})
    table.refresh_from_db()
    assert table.big_blind == 4
    assert table.notices[-1]["text"].startswith("bob (club manager) ")  # told who changed it
    for control in (lambda: hosting.resume(table.id, carol),
                    lambda: hosting.update_settings(table.id, carol, {"big_blind": 6})):
        with pytest.raises(ServiceError) as refused:
            control()
        assert str(refused.value) == NOT_HOST
    table.refresh_from_db()
    assert (table.status, table.big_blind) == (Table.Status.PAUSED, 4)


def test_a_manager_has_no_host_tools_at_a_table_outside_the_club(club, alice, bob):
    table = cash_table(alice)  # alice's own table, not the club's
    with pytest.raises(ServiceError) as refused:
        hosting.pause(table.id, bob)
    assert str(refused.value) == NOT_HOST


def test_a_manager_opens_a_club_table_to_all_and_keeps_it_to_members_again(
    client, club, alice, bob, outsider
):
    table = club_table(club, alice)
    access = reverse("clubs:table_access", args=[club.id, table.id])
    client.force_login(bob)
    assert "Open to everyone" in client.get(reverse("clubs:club", args=[club.id])).content.decode()
    client.post(access, {"open": "yes"})
    table.refresh_from_db()
    assert table.club_open and table.id in lobby_ids()
    client.force_login(outsider)
    assert client.get(reverse("table", args=[table.id])).status_code == 200
    client.force_login(bob)
    client.post(access, {"open": "no"})
    table.refresh_from_db()
    assert not table.club_open and table.id not in lobby_ids()
    client.force_login(outsider)
    assert client.get(reverse("table", args=[table.id])).status_code == 404


def test_a_plain_member_cannot_open_a_club_table(client, club, alice, carol):
    table = club_table(club, alice)
    client.force_login(carol)
    assert "Open to everyone" not in client.get(
        reverse("clubs:club", args=[club.id])).content.decode()
    response = client.post(reverse("clubs:table_access", args=[club.id, table.id]),
                           {"open": "yes"}, follow=True)
    assert NOT_HOST in response.content.decode()
    table.refresh_from_db()
    assert not table.club_open


def test_only_a_club_table_can_be_kept_to_members(alice):
    table = cash_table(alice)
    with pytest.raises(ServiceError) as refused:
        hosting.open_club_table(table.id, alice, False)
    assert str(refused.value) == (
        "Friday game is not a club's table: it has no members to keep it to.")


SNG_FORM = {"name": "Club sit-and-go", "max_players": 4, "buy_in": 100, "starting_stack": 1000,
            "schedule": "regular", "level_unit": "hands", "level_length": 5,
            "payout": "65-35", "action_seconds": 30}


def test_a_manager_opens_a_members_only_sit_and_go_from_the_club_page(client, club, bob,
                                                                      carol, outsider):
    client.force_login(bob)
    response = client.post(reverse("clubs:new_tournament", args=[club.id]), SNG_FORM)
    tournament = Tournament.objects.get(name="Club sit-and-go")
    assert response["Location"] == f"/tournaments/{tournament.id}/"
    assert (tournament.club_id, tournament.club_open, tournament.host_id) == (club.id, False,
                                                                             bob.id)
    client.force_login(carol)
    page = client.get(reverse("clubs:club", args=[club.id])).content.decode()
    assert f'href="/tournaments/{tournament.id}/"' in page
    assert client.post(reverse("clubs:new_tournament", args=[club.id]),
                       {**SNG_FORM, "name": "Mine"}).status_code == 404
    client.force_login(outsider)
    assert client.get(reverse("tournament", args=[tournament.id])).status_code == 404


def test_a_sit_and_go_opened_to_all_from_the_club_page(client, club, bob):
    client.force_login(bob)
    client.post(reverse("clubs:new_tournament", args=[club.id]), {**SNG_FORM, "club_open": "on"})
    assert Tournament.objects.get(name="Club sit-and-go").club_open


def test_a_bad_club_sit_and_go_is_refused_with_its_problem(client, club, bob):
    client.force_login(bob)
    response = client.post(reverse("clubs:new_tournament", args=[club.id]),
                           {**SNG_FORM, "max_players": 1}, follow=True)
    assert not Tournament.objects.exists()
    assert [str(m) for m in response.context["messages"]] == [
        "The sit-and-go was not made: Players (it starts when full): Ensure this value is "
        "greater than or equal to 2."]

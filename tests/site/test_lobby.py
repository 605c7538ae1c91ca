"""The lobby, the create-table form, the table page and private tables' invite links."""

import json

import pytest
from django.contrib.auth import get_user_model

from games.models import Seat, Table

pytestmark = pytest.mark.django_db

VALID = {
    "name": "Friday game",
    "small_blind": "1",
    "big_blind": "2",
    "max_seats": "6",
    "min_buy_in": "40",
    "max_buy_in": "200",
    "action_seconds": "30",
}


@pytest.fixture
def alice(client):
    user = get_user_model().objects.create_user("alice", password="not-a-real-password-1")
    client.force_login(user)
    return user


@pytest.fixture
def bob():
    return get_user_model().objects.create_user("bob")


@pytest.fixture
def private_table(bob):
    return Table.objects.create(name="Secret game", is_private=True, host=bob)


def errors_of(response, field):
    return response.context["form"].errors.get(field, [])


def test_lobby_shows_blinds_seats_taken_players_and_a_join_button(client, bob):
    table = Table.objects.create(name="Friday game", small_blind=5, big_blind=10, max_seats=9)
    Seat.objects.create(table=table, user=bob, number=3, stack=100)
    page = client.get("/").content.decode()
    assert "Friday game" in page
    assert "5/10" in page
    assert "1/9" in page
    assert "bob" in page
    assert f'href="/tables/{table.id}/">Join</a>' in page


def test_lobby_offers_the_create_form_only_to_logged_in_people(client):
    assert b"Create a table" not in client.get("/").content
    user = get_user_model().objects.create_user("carol")
    client.force_login(user)
    assert b"Create a table" in client.get("/").content


def test_creating_a_table_makes_you_its_host_and_opens_it(client, alice):
    response = client.post("/tables/new/", VALID)
    table = Table.objects.get(name="Friday game")
    assert response.status_code == 302
    assert response.url == f"/tables/{table.id}/"
    assert table.host == alice
    assert (table.small_blind, table.big_blind, table.max_seats) == (1, 2, 6)
    assert not table.is_private


def test_anonymous_people_cannot_create_tables(client):
    response = client.post("/tables/new/", VALID)
    assert response.status_code == 302
    assert response.url.startswith("/login/")
    assert not Table.objects.exists()


def test_it_refuses_a_minimum_buy_in_above_the_maximum(client, alice):
    response = client.post("/tables/new/", {**VALID, "min_buy_in": "300", "max_buy_in": "200"})
    assert response.status_code == 400
    assert errors_of(response, "max_buy_in") == [
        "The maximum buy-in must be at least the minimum buy-in (300)."
    ]
    assert "The maximum buy-in must be at least the minimum buy-in" in response.content.decode()
    assert not Table.objects.exists()


def test_it_refuses_eleven_seats(client, alice):
    response = client.post("/tables/new/", {**VALID, "max_seats": "11"})
    assert response.status_code == 400
    assert errors_of(response, "max_seats") == ["A table has 2 to 10 seats."]
    assert not Table.objects.exists()


def test_it_refuses_a_big_blind_below_the_small_blind(client, alice):
    response = client.post("/tables/new/", {**VALID, "small_blind": "5", "big_blind": "2"})
    assert response.status_code == 400
    assert errors_of(response, "big_blind") == [
        "The big blind must be at least the small blind (5)."
    ]
    assert "The big blind must be at least the small blind (5)." in response.content.decode()
    assert not Table.objects.exists()


def test_it_refuses_a_buy_in_smaller_than_the_big_blind_and_a_missing_name(client, alice):
    response = client.post(
        "/tables/new/", {**VALID, "name": "", "big_blind": "50", "small_blind": "25"}
    )
    assert errors_of(response, "min_buy_in") == [
        "The minimum buy-in must cover at least one big blind (50)."
    ]
    assert errors_of(response, "name") == ["This field is required."]


def test_a_private_table_is_not_in_the_lobby_and_is_404_without_its_invite(
    client, alice, private_table
):
    assert b"Secret game" not in client.get("/").content
    assert client.get(f"/tables/{private_table.id}/").status_code == 404


def test_a_private_table_is_404_for_anonymous_visitors_too(client, private_table):
    assert client.get(f"/tables/{private_table.id}/").status_code == 404


def test_the_invite_link_opens_a_private_table_and_is_remembered(client, alice, private_table):
    response = client.get(f"/invite/{private_table.invite_code}/")
    assert response.status_code == 302
    assert response.url == f"/tables/{private_table.id}/"
    page = client.get(f"/tables/{private_table.id}/")
    assert page.status_code == 200
    assert b"Secret game" in page.content
    assert private_table.invite_code.encode() in page.content  # to invite others in turn


def test_an_invite_opened_before_logging_in_survives_the_guest_sign_in(client, private_table):
    client.get(f"/invite/{private_table.invite_code}/")
    response = client.post(
        "/guest/", {"nickname": "dora", "next": f"/tables/{private_table.id}/"}
    )
    assert response.url == f"/tables/{private_table.id}/"
    assert client.get(response.url).status_code == 200


def test_a_wrong_invite_code_is_404(client, private_table):
    assert client.get("/invite/not-a-real-code/").status_code == 404


def test_the_host_and_seated_players_see_a_private_table_without_the_link(
    client, bob, private_table
):
    client.force_login(bob)
    assert client.get(f"/tables/{private_table.id}/").status_code == 200
    carol = get_user_model().objects.create_user("carol")
    Seat.objects.create(table=private_table, user=carol, number=2, stack=100)
    client.force_login(carol)
    assert client.get(f"/tables/{private_table.id}/").status_code == 200


def test_a_missing_table_is_404_and_a_closed_one_is_out_of_the_lobby_but_viewable(client, alice):
    table = Table.objects.create(name="Old game", status=Table.Status.CLOSED)
    assert b"Old game" not in client.get("/").content
    assert client.get(f"/tables/{table.id}/").status_code == 200
    assert client.get("/tables/99999/").status_code == 404


def test_the_table_page_gives_the_script_its_socket_path(client, alice):
    table = Table.objects.create(name="Friday game")
    response = client.get(f"/tables/{table.id}/")
    config = json.loads(
        response.content.decode().split('id="table-config" type="application/json">')[1]
        .split("</script>")[0]
    )
    assert config["socketPath"] == f"/ws/tables/{table.id}/"
    # A public table's link is the table itself, on the address the page was opened by.
    assert config["inviteUrl"] == f"http://testserver/tables/{table.id}/"
    assert b"js/table.js" in response.content


def test_anonymous_visitors_get_a_nickname_form_that_returns_to_the_table(client):
    table = Table.objects.create(name="Friday game")
    page = client.get(f"/tables/{table.id}/").content.decode()
    assert 'name="nickname"' in page
    assert f'name="next" value="/tables/{table.id}/"' in page
    assert "js/table.js" not in page

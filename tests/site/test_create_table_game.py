"""The create-table form lets the host choose the game, dealer's choice and its games in
order (issue 40: it had no game choice); the admin's table form has the home-game settings
(issue 40: it lacked them). Bad choices are refused next to the field, with a sentence."""

import html

import pytest
from django.contrib.admin.models import LogEntry
from django.contrib.auth import get_user_model

from games.engine.games import GAMES
from games.models import Table
from games.table_games import DEALERS_CHOICE
from tests.games.test_admin import table_form
from tests.site.test_lobby import VALID, errors_of

pytestmark = pytest.mark.django_db

CHOSEN = list(reversed(GAMES))


@pytest.fixture
def alice(client):
    user = get_user_model().objects.create_user("alice", password="not-a-real-password-1")
    client.force_login(user)
    return user


def slots(codes) -> dict[str, str]:
    """The form's numbered game slots as a browser posts them (empty ones too)."""
    return {f"dealers_choice_games_{i}": codes[i] if i < len(codes) else ""
            for i in range(len(GAMES))}


def test_the_form_offers_every_game_and_dealers_choice(client, alice):
    page = html.unescape(client.get("/").content.decode())
    for code, game in GAMES.items():
        assert f'<option value="{code}"' in page and game.label in page
    assert f'<option value="{DEALERS_CHOICE}"' in page
    for number in range(1, len(GAMES) + 1):
        assert f'aria-label="Dealer\'s choice, game {number}"' in page


@pytest.mark.parametrize("code", list(GAMES))
def test_a_table_is_created_dealing_the_game_chosen(client, alice, code):
    response = client.post("/tables/new/", {**VALID, "game": code})
    assert response.status_code == 302
    table = Table.objects.get(name=VALID["name"])
    assert table.game == code and table.dealers_choice_games == list(GAMES)


@pytest.mark.parametrize(("picked", "dealt"), [
    (CHOSEN, CHOSEN),
    ([CHOSEN[0], "", *CHOSEN[1:-1]], CHOSEN[:-1]),  # an empty slot between is skipped
])
def test_a_dealers_choice_table_deals_the_games_picked_in_their_order(client, alice, picked,
                                                                      dealt):
    response = client.post("/tables/new/", {**VALID, "game": DEALERS_CHOICE, **slots(picked)})
    assert response.status_code == 302
    table = Table.objects.get(name=VALID["name"])
    assert (table.game, table.dealers_choice_games) == (DEALERS_CHOICE, dealt)


@pytest.mark.parametrize(("picked", "sentence"), [
    (CHOSEN[:1], f"Dealer's choice needs at least two games; you chose one: "
                 f"{GAMES[CHOSEN[0]].label}."),
    (CHOSEN[:1] * 2, f"Dealer's choice deals each game once an orbit: "
                     f"{GAMES[CHOSEN[0]].label} is chosen twice."),
    ([], "Dealer's choice needs at least two games; you chose none."),
])
def test_a_dealers_choice_of_too_few_or_repeated_games_is_refused(client, alice, picked,
                                                                  sentence):
    response = client.post("/tables/new/", {**VALID, "game": DEALERS_CHOICE, **slots(picked)})
    assert response.status_code == 400
    assert errors_of(response, "dealers_choice_games") == [sentence]
    assert sentence in html.unescape(response.content.decode())
    assert not Table.objects.exists()


def test_an_unknown_game_is_refused(client, alice):
    response = client.post("/tables/new/", {**VALID, "game": "XX"})
    assert response.status_code == 400 and errors_of(response, "game")
    response = client.post("/tables/new/", {**VALID, **slots(["XX", *CHOSEN])})
    assert response.status_code == 400 and errors_of(response, "dealers_choice_games")
    assert not Table.objects.exists()


# ---------------------------------------------------------------- the admin's table form


@pytest.fixture
def staff_client(client):
    staff = get_user_model().objects.create_superuser("boss", password="not-a-real-password-2")
    client.force_login(staff)
    return client


def test_staff_set_the_home_game_settings_in_the_admin(staff_client):
    table = Table.objects.create(name="Club night")
    page = html.unescape(staff_client.get(f"/admin/games/table/{table.id}/change/")
                         .content.decode())
    for name in ("game", "run_it_twice", "seven_deuce_big_blinds", "straddles_allowed",
                 "button_straddles_allowed", "bomb_pot_every", "dealers_choice_games_0",
                 "short_deck_ranking"):  # every host setting (games/host_settings.py)
        assert f'name="{name}"' in page
    form = table_form(table, game=DEALERS_CHOICE, seven_deuce_big_blinds=3,
                      straddles_allowed=True, **slots(CHOSEN))
    response = staff_client.post(f"/admin/games/table/{table.id}/change/", form)
    assert response.status_code == 302
    table.refresh_from_db()
    assert (table.game, table.dealers_choice_games, table.seven_deuce_big_blinds,
            table.straddles_allowed) == (DEALERS_CHOICE, CHOSEN, 3, True)
    order = ", then ".join(GAMES[code].label for code in CHOSEN)
    assert table.notices[-1]["text"].startswith("boss (staff) changed the table from the next hand")
    assert f"dealer's choice games: {order}, an orbit each" in table.notices[-1]["text"]
    assert LogEntry.objects.filter(change_message__contains="dealers_choice_games").exists()


def test_the_admin_refuses_a_repeated_game_and_a_bounty_out_of_range(staff_client):
    table = Table.objects.create(name="Club night")
    for changes, sentence in (
        ({"game": DEALERS_CHOICE, **slots(CHOSEN[:1] * 2)},
         f"{GAMES[CHOSEN[0]].label} is chosen twice."),
        ({"seven_deuce_big_blinds": 21}, "7-2 bounty (big blinds) must be 0 to 20, not 21."),
    ):
        form = table_form(table, **changes)
        response = staff_client.post(f"/admin/games/table/{table.id}/change/", form)
        assert response.status_code == 200
        assert sentence in html.unescape(response.content.decode())
    fresh = Table.objects.get(pk=table.pk)
    assert (fresh.game, fresh.seven_deuce_big_blinds, fresh.version) == (
        table.game, table.seven_deuce_big_blinds, table.version)

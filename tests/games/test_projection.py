"""The projection: what each viewer is sent, straight from table_view()."""

import json

import pytest

from games import services
from games.models import Seat
from games.projection import table_view
from tests.games.conftest import ACES_KINGS_DECK

pytestmark = pytest.mark.django_db


def act(table, user, kind, amount=None):
    table.refresh_from_db()
    services.act(table.id, user, kind, amount, table.version)


def test_a_player_knocked_out_still_sees_the_showdown_that_busted_them(table, alice, bob):
    # Heads-up, button seat 1: alice Kd Ah, bob As 7s; the board pairs nobody but aces.
    services.sit(table.id, alice, 1, 200)
    services.sit(table.id, bob, 2, 50)
    services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))
    act(table, alice, "raise", 200)
    act(table, bob, "call")
    assert not Seat.objects.filter(user=bob).exists()  # busted and gone

    view = table_view(table.id, bob)
    seats = {s["player"]: s for s in view["seats"]}
    assert seats["bob"]["left"] and seats["bob"]["cards"] == ["As", "7s"]
    assert seats["alice"]["cards"] == ["Kd", "Ah"] and seats["alice"]["description"]
    assert view["hand"]["results"][0]["winners"][0]["player"] == "alice"


def test_a_spectator_sees_shown_hands_described_but_never_their_cards(
    table, alice, bob, spectator
):
    services.sit(table.id, alice, 1, 200)
    services.sit(table.id, bob, 2, 50)
    services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))
    act(table, alice, "raise", 200)
    act(table, bob, "call")
    view = table_view(table.id, spectator)
    text = json.dumps(view)
    for card in ("As", "7s", "Kd", "Ah"):
        assert f'"{card}"' not in text
    shows = [row["text"] for row in view["log"] if row["kind"] == "show"]
    assert shows and all("  " not in line for line in shows)
    assert any("shows" in line for line in shows)

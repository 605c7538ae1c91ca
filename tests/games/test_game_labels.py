"""Every page names the game the server says, never a game of its own: a pot-limit Omaha
table's line, its hands' pages and an imported Omaha hand say "Pot-limit Omaha" (they said
"No-limit hold'em"), and the felt draws as many card backs as the game deals."""

import html

import pytest

from games import services, snapshots
from games.engine.games import GAMES
from games.models import ImportedHand
from games.projection import public_view
from games.table_games import DEALERS_CHOICE
from tests.history.conftest import play_out
from tests.history.test_omaha_corpus import STARS
from tests.history.test_uploads import upload_in_steps

pytestmark = pytest.mark.django_db


def seat_two(table, alice, bob, game: str):
    table.game = game
    table.save(update_fields=["game"])
    services.sit(table.id, alice, 1, 200)
    services.sit(table.id, bob, 2, 200)


FIRST, SECOND = (game.label for game in list(GAMES.values())[:2])


@pytest.mark.parametrize(("game", "label", "live_label"), [
    ("NT", "No-limit hold'em", "No-limit hold'em"),
    ("PO", "Pot-limit Omaha", "Pot-limit Omaha"),
    # A new table's rotation: every game of the registry, in its order.
    (DEALERS_CHOICE, "Dealer's choice", f"Dealer's choice: {FIRST} now, {SECOND} next orbit"),
])
def test_the_tables_line_names_the_hosts_game(client, table, alice, bob, game, label,
                                              live_label):
    seat_two(table, alice, bob, game)
    client.force_login(alice)
    page = html.unescape(client.get(f"/tables/{table.id}/").content.decode())
    assert f"{label} · blinds 1/2" in page
    assert public_view(snapshots.load(table.id)).view["game_label"] == live_label


def test_a_dealers_choice_hand_is_named_by_the_game_it_deals(table, alice, bob):
    seat_two(table, alice, bob, DEALERS_CHOICE)
    table.dealers_choice_games = ["PO", "NT"]
    table.save(update_fields=["dealers_choice_games"])
    services.start_next_hand(table.id)
    view = public_view(snapshots.load(table.id)).view
    assert view["hand"]["game_label"] == "Pot-limit Omaha" and view["hand"]["hole_cards"] == 4
    assert view["game_label"] == "Dealer's choice: Pot-limit Omaha now, No-limit hold'em next orbit"
    assert view["next_game"] == "Next orbit: No-limit hold'em"


def test_an_omaha_hands_page_names_pot_limit_omaha(client, table, alice, bob):
    seat_two(table, alice, bob, "PO")
    hand = play_out(table, [alice, bob])
    view = public_view(snapshots.load(table.id)).view
    assert view["hand"]["hole_cards"] == 4
    client.force_login(alice)
    page = html.unescape(client.get(f"/hands/{hand.id}/").content.decode())
    assert "Pot-limit Omaha · blinds 1/2" in page
    assert "No-limit hold'em" not in page


def test_an_imported_omaha_hands_page_names_pot_limit_omaha(client, alice):
    client.force_login(alice)
    plo = (STARS.folder / "cash" / "PLO-FR-USD-0.01-0.02-201006.sidepots.txt").read_text()
    upload_in_steps(client, text=plo)
    hand = ImportedHand.objects.filter(owner=alice).first()
    page = html.unescape(client.get(f"/hands/imported/{hand.id}/").content.decode())
    assert "Pot-limit Omaha · " in page
    assert "No-limit hold'em" not in page

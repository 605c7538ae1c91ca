"""What the database stores of a hand holds every game the registry deals: a game's code in
``Table.game`` and a player's hole cards in ``HandPlayer`` and ``ImportedHand`` (SQLite
stores a longer value anyway; PostgreSQL refuses it, and a five-card Omaha hand did)."""

from games.engine.games import GAMES
from games.models import HandPlayer, ImportedHand, Table


def max_length(model, field: str) -> int:
    return model._meta.get_field(field).max_length or 0


def test_every_game_s_hole_cards_and_code_fit_their_columns():
    most_cards = max(game.hole_cards for game in GAMES.values())
    assert max_length(HandPlayer, "hole_cards") >= 2 * most_cards
    assert max_length(ImportedHand, "hole_cards") >= 2 * most_cards
    assert max_length(Table, "game") >= max(len(code) for code in GAMES)


def test_the_columns_hold_the_most_cards_a_game_may_deal():
    """A declaration may deal up to six hole cards (games.py refuses more)."""
    assert max_length(HandPlayer, "hole_cards") >= 12
    assert max_length(ImportedHand, "hole_cards") >= 12

"""One position vocabulary (games/engine/positions.py) for the felt, the hand histories and
the coach: the seat three before the button at nine players is "LJ" everywhere (the history
said "MP" and the coach "LJ"), and stored names are moved to it by the migration."""

import importlib

import pytest
from django.apps import apps

from games.bots.preflop import position
from games.bots.situation import Situation
from games.engine import FULL_DECK, SeatInput, TableConfig, start_hand
from games.engine.positions import ORDER, names_for, positions
from games.history.forms import POSITION_ORDER
from games.models import ImportedHand

MIGRATION = importlib.import_module("games.migrations.0026_one_position_vocabulary")


@pytest.mark.parametrize("players", range(2, 11))
def test_the_coach_and_the_history_name_every_seat_alike(players):
    seats = list(range(1, players + 1))
    button = players
    state = start_hand(TableConfig(1, 2), [SeatInput(s, s, 200) for s in seats], FULL_DECK,
                       button=button)
    blinds = (state.small_blind_seat, state.big_blind_seat)
    if players == 2:
        blinds = (button, 1)
    for seat, name in positions(state).items():
        situation = Situation(seat, ("As", "Ad"), (), "preflop", 3, 0, 200, 2, (), None, 0,
                              button=button, blinds=blinds, seats=tuple(seats))
        assert position(situation) == name, (players, seat)


def test_the_names_are_the_lojack_vocabulary_in_one_order():
    assert names_for(9) == ["SB", "BB", "UTG", "UTG+1", "UTG+2", "LJ", "HJ", "CO", "BTN"]
    assert names_for(7)[2:] == ["UTG", "LJ", "HJ", "CO", "BTN"]
    assert POSITION_ORDER == ORDER
    for players in range(2, 11):  # every table's names, in the filter's order
        names = names_for(players)
        assert sorted(names, key=ORDER.index) == (names if players > 2 else ["BB", "BTN"])


@pytest.mark.parametrize("players", range(2, 11))
def test_the_migration_moves_each_old_name_to_the_seats_new_one(players):
    assert MIGRATION.new_names(players) == names_for(players)
    for old, new in zip(MIGRATION.old_names(players), names_for(players), strict=True):
        assert MIGRATION.renamed(old, players) == new


@pytest.mark.django_db
def test_the_migration_renames_a_stored_imported_hand(alice):
    nine = start_hand(TableConfig(1, 2), [SeatInput(s, s, 200) for s in range(1, 10)],
                      FULL_DECK, button=9)
    hand = ImportedHand.objects.create(
        owner=alice, source="phh", text="", position="MP", state=nine.to_dict(),
        fingerprint="x" * 64, small_blind=1, big_blind=2, stakes="1/2", player_count=9,
    )
    MIGRATION.rename(apps, None)
    hand.refresh_from_db()
    assert hand.position == "LJ"

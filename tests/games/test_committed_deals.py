"""The server seed of a table's next hand is drawn and committed to before the deal: when
the table is made and when a hand ends (docs/fairness.md). Through the services."""

import hashlib

import pytest

from games import services
from games.engine import HandState
from games.models import Hand, Table
from tests.games.conftest import ACES_KINGS_DECK

pytestmark = pytest.mark.django_db


def committed(table: Table) -> bool:
    seed = bytes.fromhex(table.next_server_seed)
    return table.next_deal["commitment"] == hashlib.sha256(seed).hexdigest()


def play_out(table, hand: Hand) -> Hand:
    while hand.status == Hand.Status.IN_PROGRESS:
        table.refresh_from_db()
        seat = hand.players.get(seat=HandState.from_dict(hand.state).actor).user
        services.act(table.id, seat, "fold", None, table.version)
        hand.refresh_from_db()
    return hand


def test_a_table_commits_to_its_first_hand_when_made_and_to_each_next_when_a_hand_ends(
    table, alice, bob
):
    assert committed(table) and table.next_deal["shown_at"].endswith("Z")
    first_seed = table.next_server_seed
    services.sit(table.id, alice, 1, 100, client_seed="a")
    services.sit(table.id, bob, 2, 100, client_seed="b")
    hand = services.start_next_hand(table.id)
    table.refresh_from_db()
    assert hand.fair_deal["server_seed"] == first_seed
    assert hand.fair_deal["commitment_shown_at"] is not None
    assert table.next_server_seed == "" and table.next_deal is None  # used up while played
    hand = play_out(table, hand)
    table.refresh_from_db()
    assert committed(table) and table.next_server_seed != first_seed
    announced = table.next_deal["commitment"]
    second = services.start_next_hand(table.id)
    assert second.fair_deal["commitment"] == announced


def test_a_hand_with_no_commitment_waiting_says_its_seed_was_drawn_at_the_deal(
    table, alice, bob
):
    Table.objects.filter(pk=table.pk).update(next_server_seed="", next_deal=None)
    services.sit(table.id, alice, 1, 100)
    services.sit(table.id, bob, 2, 100)
    hand = services.start_next_hand(table.id)
    assert hand.fair_deal["commitment_shown_at"] is None
    assert hand.fair_deal["seeds_set_after"] == []


def test_a_given_deck_leaves_the_commitment_waiting(table, alice, bob):
    waiting = table.next_server_seed
    services.sit(table.id, alice, 1, 100)
    services.sit(table.id, bob, 2, 100)
    hand = services.start_next_hand(table.id, deck=ACES_KINGS_DECK)
    assert hand.fair_deal is None
    play_out(table, hand)
    table.refresh_from_db()
    assert table.next_server_seed == waiting  # not used, so not replaced either

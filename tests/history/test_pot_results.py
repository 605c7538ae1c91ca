"""Results per pot, in the same words everywhere: the live felt, its log, the replayer and the
exports name the pots a win was paid from, as the felt showed them.

The hand: all in preflop, alice (7s 2d) 50, bob (As Ah) 200, carol (Kd Kc) 100. The felt
shows a main pot of 150 and side pot 1 of 100; bob wins both (the engine pays them as one
result of 250), and his uncalled 100 comes back.
"""

import pytest

from games import snapshots
from games.history import queries
from games.history.export import exports
from games.history.presenters import replay_data
from games.projection import public_view
from tests.history.conftest import ACES_KINGS_DECK, play, seat

pytestmark = pytest.mark.django_db

SENTENCE = "bob wins 250 from the main pot and side pot 1 with a pair of aces"


@pytest.fixture
def merged_hand(table, alice, bob, carol):
    seat(table, (alice, 50), (bob, 200), (carol, 100))
    return play(table, ACES_KINGS_DECK, [(alice, "all_in"), (bob, "all_in"), (carol, "call")])


def test_the_live_view_names_every_pot_a_win_was_paid_from(merged_hand, table):
    view = public_view(snapshots.load(table.id)).view
    hand = view["hand"]
    assert [pot["amount"] for pot in hand["pots"]] == [150, 100]
    (result,) = hand["results"]
    assert (result["pot"], result["covers"], result["amount"]) == (
        "Main pot and side pot 1", [0, 1], 250
    )
    (winner,) = result["winners"]
    assert winner["text"].startswith(SENTENCE), winner["text"]
    wins = [row["text"] for row in view["log"] if row["kind"] == "win"]
    assert wins == [winner["text"]]


def test_a_hand_with_one_pot_says_the_pot(folded_hand, table):
    view = public_view(snapshots.load(table.id)).view
    (result,) = view["hand"]["results"]
    assert result["winners"][0]["text"] == "alice wins 5 from the pot"


def test_separate_winners_name_their_own_pots(side_pot_hand, table):
    view = public_view(snapshots.load(table.id)).view
    texts = [w["text"] for pot in view["hand"]["results"] for w in pot["winners"]]
    assert texts[0].startswith("bob wins 150 from the main pot with a pair of aces"), texts
    assert texts[1].startswith("carol wins 100 from side pot 1 with a pair of kings"), texts


def test_the_replayer_says_the_same_as_the_live_table(merged_hand, table, bob):
    live = public_view(snapshots.load(table.id)).view["hand"]["results"]
    data = replay_data(queries.review_for_player(merged_hand.id, bob))
    assert data["result"]["rows"] == live
    assert data["steps"][-1]["label"] == live[0]["winners"][0]["text"]
    public = replay_data(queries.public_review(merged_hand.id))
    assert public["result"]["rows"] == live


def test_pokerstars_text_pays_each_pot_on_the_felt_by_name(merged_hand, bob):
    text = exports.pokerstars_text(queries.review_for_player(merged_hand.id, bob))
    assert "bob collected 150 from main pot" in text
    assert "bob collected 100 from side pot" in text
    assert "Total pot 250 Main pot 150. Side pot 100. | Rake 0" in text
    assert "collected 250" not in text

"""The 7-2 bounty in a hand's history: the replayer moves the stacks and lists the payments,
PHH keeps it (a user-defined field pokerkit still reads), PokerStars text says it on a
summary line of its own that our import reads back, and every replay ends with the stacks
the table had."""

import warnings

import pytest
from pokerkit import HandHistory

from games.engine import HandState, replay_phh
from games.history import queries
from games.history.export import exports
from games.history.imports.reading import read_hands
from games.history.presenters import replay_data
from games.services import hosting
from tests.engine.helpers import stacked_deck
from tests.history.conftest import play, seat

pytestmark = pytest.mark.django_db

# The first button is seat 1 (alice): the cards go to bob (seat 2), carol, then alice, who
# holds 7c 2d and makes sevens and deuces.
DECK = stacked_deck(["AsQd", "KhJd", "7c2d"], "7s2s9hTc4c")
# Counted by hand: the pot is 1 + 2 + 2 = 5 to alice (200 - 2 + 5 = 203), then the bounty of
# 5 big blinds (10) from bob (200 - 1 - 10 = 189) and carol (200 - 2 - 10 = 188).
STACKS = {1: 223, 2: 189, 3: 188}


@pytest.fixture
def bounty_hand(table, alice, bob, carol):
    table.host = alice
    table.save(update_fields=["host"])
    hosting.update_settings(table.id, alice, {"seven_deuce_big_blinds": 5})
    seat(table, (alice, 200), (bob, 200), (carol, 200))
    moves = [(alice, "call"), (bob, "fold"), (carol, "check")]
    moves += [(carol, "check"), (alice, "check")] * 3
    return play(table, DECK, moves)


def test_the_replayer_shows_the_payments_and_the_stacks_after_them(bounty_hand, bob):
    data = replay_data(queries.review_for_player(bounty_hand.id, bob))
    labels = [step["label"] for step in data["steps"]]
    assert labels[-2:] == ["bob pays alice 10 (7-2 bounty)", "carol pays alice 10 (7-2 bounty)"]
    # Step by step: before the payments alice has won the pot only; after each, the payer
    # has 10 less and alice 10 more.
    stacks = [{s["number"]: s["stack"] for s in step["seats"]} for step in data["steps"][-3:]]
    assert stacks == [{1: 203, 2: 199, 3: 198}, {1: 213, 2: 189, 3: 198}, STACKS]
    assert data["steps"][-1]["hand"]["bounty"] == 10
    assert [b["text"] for b in data["result"]["bounties"]] == [
        "bob pays alice 10 (7-2 bounty)", "carol pays alice 10 (7-2 bounty)"]
    assert data["result"]["finishing_stacks"] == {str(k): v for k, v in STACKS.items()}


def test_phh_keeps_the_bounty_and_pokerkit_still_reads_the_file(bounty_hand, carol):
    text = exports.phh_text(queries.review_for_player(bounty_hand.id, carol))
    assert "_seven_deuce_bounty = 10\n" in text
    again = replay_phh(text)  # players in position order: bob, carol, alice
    assert again.finishing_stacks == (189, 188, 223)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        history = HandHistory.loads(text)
        *_, final = history
    assert history.user_defined_fields["_seven_deuce_bounty"] == 10
    assert list(final.stacks) == [199, 198, 203]  # pokerkit has no bounty: the pot alone


def test_pokerstars_text_says_the_bounty_and_imports_back_with_it(bounty_hand, alice):
    text = exports.pokerstars_text(queries.review_for_player(bounty_hand.id, alice))
    assert "alice collected 5 from pot" in text  # the pot alone, as PokerStars writes it
    assert "7-2 bounty 10: bob paid alice 10, carol paid alice 10\n" in text
    (back,) = read_hands(text)
    assert back.error is None, back.error
    assert back.replayed.state.bounty == 10
    assert dict(zip(back.replayed.players, back.replayed.finishing_stacks, strict=True)) == \
        {"alice": 223, "bob": 189, "carol": 188}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        (parsed,) = HandHistory.from_pokerstars(text, error_status=True)
        *_, final = parsed
    assert sorted(final.stacks) == [198, 199, 203]  # pokerkit skips our line: the pot alone


def test_the_stored_hand_replays_to_the_table_stacks(bounty_hand):
    state = HandState.from_dict(bounty_hand.state)
    assert state.result.finishing_stacks == STACKS
    assert {p.seat: p.finishing_stack for p in bounty_hand.players.all()} == STACKS

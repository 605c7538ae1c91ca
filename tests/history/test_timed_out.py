"""A check or fold the table made because a player's time ran out says so after the hand as
it did live: the replayer in the live log's words ("alice timed out and folds"), the
PokerStars text as PokerStars writes it ("alice has timed out" before "alice: folds"), and
PHH as the action's commentary ("p3 f # timed out"). Every viewer is told: the live log told
everyone.

Button alice (7s 2d), bob small blind (As Ah), carol big blind (Kd Kc). Alice's clock and
then her time bank run out: she is folded for. Bob calls, carol checks. On the flop bob's
clock and bank run out: he is checked for. Carol bets 10, bob calls; the turn and river are
checked; bob shows and wins, carol mucks.
"""

from datetime import timedelta

import pytest

from games import services, snapshots, table_clock
from games.history import queries
from games.history.export import exports
from games.history.imports.reading import read_hands
from games.history.presenters import replay_data
from games.models import Hand
from games.projection import public_view
from tests.history.conftest import ACES_KINGS_DECK, act, seat
from tests.history.test_exports import check_hand

pytestmark = pytest.mark.django_db

LIVE_WORDS = ["alice timed out and folds", "bob timed out and checks"]


def time_runs_out(hand: Hand) -> None:
    """The actor's clock runs out, then their time bank: the table acts for them."""
    for _ in range(2):
        hand.refresh_from_db()
        table_clock.run_due_work(now=hand.action_deadline + timedelta(seconds=1))


@pytest.fixture
def timed_out_hand(table, alice, bob, carol):
    seat(table, (alice, 200), (bob, 200), (carol, 200))
    hand = services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))
    time_runs_out(hand)  # alice
    act(table, bob, "call")
    act(table, carol, "check")
    time_runs_out(hand)  # bob, first on the flop
    act(table, carol, "bet", 10)
    act(table, bob, "call")
    for _ in ("turn", "river"):
        act(table, bob, "check")
        act(table, carol, "check")
    hand.refresh_from_db()
    assert hand.status == Hand.Status.COMPLETE
    assert list(hand.actions.filter(timed_out=True).values_list("seat", "kind")) == [
        (1, "fold"), (2, "check")
    ]
    return hand


def reviews(hand, *users):
    return [queries.review_for_player(hand.id, u) for u in users] + [
        queries.public_review(hand.id)
    ]


def test_the_replayer_says_timed_out_in_the_live_logs_words(timed_out_hand, table, alice,
                                                            bob, carol):
    live = [row["text"] for row in public_view(snapshots.load(table.id)).view["log"]]
    assert [text for text in live if "timed out" in text] == LIVE_WORDS
    for review in reviews(timed_out_hand, alice, bob, carol):
        labels = [step["label"] for step in replay_data(review)["steps"]]
        assert [label for label in labels if "timed out" in label] == LIVE_WORDS, review.seat
        assert "carol checks" in labels  # her own checks are hers


def test_the_pokerstars_text_says_who_timed_out_as_pokerstars_does(timed_out_hand, alice, bob,
                                                                   carol):
    for review in reviews(timed_out_hand, alice, bob, carol):
        text = exports.pokerstars_text(review)
        assert "alice has timed out\nalice: folds\n" in text, text
        assert "bob has timed out\nbob: checks\n" in text, text
        assert text.count("has timed out") == 2, text
        (again,) = read_hands(text)  # our import reads it back (the line is table chatter)
        assert again.error is None, again.error
    for user in (alice, bob, carol):
        check_hand(timed_out_hand, user)  # pokerkit reads both exports with the same stacks


def test_the_phh_export_comments_the_timed_out_actions(timed_out_hand, alice):
    phh = exports.phh_text(queries.review_for_player(timed_out_hand.id, alice))
    # Players in position order, button last: bob p1, carol p2, alice p3.
    assert "'p3 f # timed out'" in phh and "'p1 cc # timed out'" in phh, phh
    assert phh.count("timed out") == 2, phh

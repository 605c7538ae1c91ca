""""Review my decisions": the coach's grades on your own decisions in hands you played.

Hands are played through the writer (services.act) at an ordinary table, so the pages read
what My hands reads; the grades are checked against the pure review of the same hand, and
the session's figures against the per-hand pages added up by the test.
"""

import pytest
from django.core.cache import cache
from django.urls import reverse

from games import services
from games.bots.review import review_hand
from games.engine import HandState
from games.models import Hand
from tests.games.conftest import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_cache():
    """Grades are cached by hand id, and every test's database starts its ids again."""
    cache.clear()


def test_a_hand_review_grades_your_decisions_only_and_shows_no_hidden_cards(client, played):
    alice, bob, hands = played
    client.force_login(alice)
    for hand in hands:
        response = client.get(reverse("learning:review_hand", args=[hand.id]))
        assert response.status_code == 200
        rows = response.context["rows"]
        seat = hand.players.get(user=alice).seat
        expected = review_hand(HandState.from_dict(hand.state), seat)
        assert [r["label"] for r in rows] == [g.grade.label for g in expected]
        assert len(rows) == sum(1 for a in HandState.from_dict(hand.state).actions
                                if a.seat == seat)
        text = response.content.decode()
        bob_cards = HandState.from_dict(hand.state).player(hand.players.get(user=bob).seat).hole
        for card in bob_cards:
            assert f'data-card="{card}"' not in text
        for row in rows:
            assert row["label"] in ("Best", "Correct", "Inaccuracy", "Wrong", "Blunder")
            assert f'data-grade="{row["label"]}"' in text


def test_the_session_review_adds_up_the_hands_own_reviews(client, played):
    alice, _bob, hands = played
    client.force_login(alice)
    lost, count = 0.0, 0
    for hand in hands:
        rows = client.get(reverse("learning:review_hand", args=[hand.id])).context["rows"]
        lost += sum(r["loss_bb"] for r in rows)
        count += len(rows)
    response = client.get(reverse("learning:review_session"))
    summary = response.context["summary"]
    assert response.context["hands"] == 2 and summary.decisions == count
    assert summary.lost_bb == pytest.approx(lost, abs=0.01)
    assert summary.error_rate == pytest.approx(lost / count, abs=0.001)
    assert sum(summary.counts.values()) == count
    worst = response.context["worst"]
    assert [w["loss_bb"] for w in worst] == sorted((w["loss_bb"] for w in worst), reverse=True)
    assert worst, "no mistake to link to: the played hands no longer test the links"
    by_id = {hand.id: hand for hand in hands}
    for row in worst:  # each a link to the moment of the decision in the replayer
        assert row["url"] == f"{reverse('history:hand', args=[row['hand_id']])}" \
            f"?decision={row['decision']}"
        hand = by_id[row["hand_id"]]
        state = HandState.from_dict(hand.state)
        assert state.actions[row["decision"]].seat == hand.players.get(user=alice).seat
    assert f"{summary.error_rate:.3f}" in response.content.decode()


def test_the_review_refuses_bad_input_and_other_peoples_hands(client, played, table):
    alice, _bob, hands = played
    carol = make_user("carol")
    client.force_login(carol)
    assert client.get(reverse("learning:review_hand", args=[hands[0].id])).status_code == 404
    client.force_login(alice)
    for query, words in (("hands=0", "from 1 to 50"), ("hands=x", "whole numbers"),
                         ("hands=51", "from 1 to 50")):
        response = client.get(reverse("learning:review_session") + "?" + query)
        assert response.status_code == 400 and words in response.content.decode()
    services.start_next_hand(table.id)  # a hand in progress is not reviewed yet
    live = Hand.objects.get(table=table, status=Hand.Status.IN_PROGRESS)
    assert client.get(reverse("learning:review_hand", args=[live.id])).status_code == 404


def test_my_hands_and_the_replayer_link_to_the_review(client, played):
    alice, _bob, hands = played
    client.force_login(alice)
    text = client.get(reverse("history:my_hands")).content.decode()
    assert f'href="{reverse("learning:review_session")}"' in text
    text = client.get(reverse("history:hand", args=[hands[0].id])).content.decode()
    assert f'href="{reverse("learning:review_hand", args=[hands[0].id])}"' in text


def test_the_coach_panel_grades_each_decision_and_sums_up_the_hand(client, played, table):
    alice, _bob, hands = played
    client.force_login(alice)
    report = client.get(reverse("coach", args=[table.id])).json()
    rows = client.get(reverse("learning:review_hand", args=[hands[-1].id])).context["rows"]
    assert [d["grade"]["label"] for d in report["decisions"]] == [r["label"] for r in rows]
    lost = sum(d["grade"]["loss_bb"] for d in report["decisions"])
    assert report["summary"]["lost_bb"] == pytest.approx(lost, abs=0.01)
    assert report["summary"]["decisions"] == len(rows)
    assert report["review_url"] == reverse("learning:review_hand", args=[hands[-1].id])


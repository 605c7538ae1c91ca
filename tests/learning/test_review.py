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
from games.models import Hand, Seat, Table
from tests.engine.helpers import stacked_deck
from tests.games.conftest import make_user

pytestmark = pytest.mark.django_db

# Aces for both players, whoever has the button: calling them before the flop and folding
# them to a bet on it are mistakes the coach must find (a random deal may have none).
ACES_EACH = stacked_deck(["AsAh", "AdAc"], "2c7d9h")


@pytest.fixture(autouse=True)
def fresh_cache():
    """Grades are cached by hand id, and every test's database starts its ids again."""
    cache.clear()


@pytest.fixture
def table(db):
    return Table.objects.create(
        name="Friday", small_blind=1, big_blind=2, min_buy_in=40, max_buy_in=200,
        coach_allowed=True,
    )


def state_of(table_id: int) -> HandState:
    hand = Hand.objects.filter(table_id=table_id).order_by("-number").first()
    assert hand is not None
    return HandState.from_dict(hand.state)


def act(table_id: int, seat_number: int, kind: str, amount: int | None = None) -> None:
    state = state_of(table_id)
    assert state.actor == seat_number, (state.actor, seat_number)
    user = Seat.objects.select_related("user").get(table_id=table_id, number=seat_number).user
    version = Table.objects.values_list("version", flat=True).get(pk=table_id)
    services.act(table_id, user, kind, amount, version)


def play_hand(table, first: int, second: int) -> Hand:
    """Heads-up: the button calls, the big blind checks; on the flop the big blind checks,
    the button bets 4 and the big blind folds (its cards are never shown)."""
    services.start_next_hand(table.id, deck=list(ACES_EACH))
    act(table.id, first, "call")
    act(table.id, second, "check")
    act(table.id, second, "check")
    act(table.id, first, "bet", 4)
    act(table.id, second, "fold")
    hand = Hand.objects.filter(table=table).order_by("-number").first()
    assert hand is not None and hand.status == Hand.Status.COMPLETE
    return hand


@pytest.fixture
def played(table):
    alice, bob = make_user("alice"), make_user("bob")
    services.sit(table.id, alice, 1, 200)
    services.sit(table.id, bob, 2, 200)
    hands = []
    services.start_next_hand(table.id, deck=list(ACES_EACH))
    state = state_of(table.id)
    button = state.button
    other = 2 if button == 1 else 1
    # The first hand is already dealt: play it, then one more with the button moved.
    act(table.id, button, "call")
    act(table.id, other, "check")
    act(table.id, other, "check")
    act(table.id, button, "bet", 4)
    act(table.id, other, "fold")
    hands.append(Hand.objects.filter(table=table).order_by("-number").first())
    hands.append(play_hand(table, other, button))
    return alice, bob, hands


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


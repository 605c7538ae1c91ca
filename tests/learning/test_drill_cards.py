"""Every decision the coach graded Wrong or Blunder becomes a drill card (issue 46).

The hands are played at an ordinary table through the writer (``conftest.played``); the
cards filed are checked against the pure review of the same hands, the spot a card shows
against the seat's own view replayed here, and each answer's schedule against the fsrs
library run by the test itself on the same card, rating and time.
"""

from __future__ import annotations

import re
from datetime import timedelta

import fsrs
import pytest
from django.core import signing
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone

from games.bots.advice import decision_points
from games.bots.grading import grade
from games.bots.review import review_hand
from games.engine import HandState
from learning.card_themes import card_choices
from learning.card_views import TOKEN_SALT
from learning.drill_views import question_token
from learning.drills import make_question
from learning.models import Rated, Review
from tests.games.conftest import make_user
from tests.learning.test_progress import answers

pytestmark = pytest.mark.django_db
MISTAKES = ("Wrong", "Blunder")


@pytest.fixture(autouse=True)
def fresh_cache():
    """Grades are cached by hand id, and every test's database starts its ids again."""
    cache.clear()


def graded(hand, user):
    """The user's decisions in the hand, graded by the pure review (not the pages)."""
    seat = hand.players.get(user=user).seat
    return review_hand(HandState.from_dict(hand.state), seat, hand.id)


def review_all(client, hands):
    for hand in hands:
        assert client.get(reverse("learning:review_hand", args=[hand.id])).status_code == 200


def token(card_id: int, seconds_ago: float) -> str:
    """A card page's token, shown ``seconds_ago`` (as the page signs it)."""
    shown = timezone.now().timestamp() - seconds_ago
    return signing.dumps({"card": card_id, "shown": shown}, salt=TOKEN_SALT)


def situation_of(card: Review):
    """The spot of the card's decision, replayed here from the seat's own view."""
    state = HandState.from_dict(card.hand.state)
    seat = card.spot["seat"]
    places = [i for i, a in enumerate(state.actions) if a.seat == seat]
    return dict(zip(places, (s for s, _a in decision_points(state, seat)),
                    strict=True))[card.decision]


def option_numbers(card: Review) -> dict[str, list[int]]:
    """The numbers of the card's options by the coach's grade of each, graded here."""
    situation = situation_of(card)
    found: dict[str, list[int]] = {}
    for number, option in enumerate(card.spot["options"]):
        label = grade(situation, option["kind"], option["to"]).label
        found.setdefault(label, []).append(number)
    return found


def test_each_wrong_or_blunder_decision_files_exactly_one_card(client, played):
    alice, bob, hands = played
    client.force_login(alice)
    review_all(client, hands)
    expected = {(hand.id, g.index) for hand in hands for g in graded(hand, alice)
                if g.grade.label in MISTAKES}
    others = {(hand.id, g.index) for hand in hands for g in graded(hand, alice)
              if g.grade.label not in MISTAKES}
    assert expected, "the played hands hold no mistake: they no longer test the cards"
    assert others, "the played hands hold no good decision: they no longer test its absence"
    cards = set(Review.objects.filter(user=alice).values_list("hand_id", "decision"))
    assert cards == expected and not cards & others
    # Reviewed again, one hand or the session: no second card for a decision.
    review_all(client, hands)
    client.get(reverse("learning:review_session"))
    assert Review.objects.filter(user=alice).count() == len(expected)
    assert not Review.objects.filter(user=bob).exists()  # bob has reviewed nothing
    for card in Review.objects.filter(user=alice):
        street = HandState.from_dict(card.hand.state)
        label = next(g.grade.label for g in graded(card.hand, alice) if g.index == card.decision)
        assert card.spot["played"]["label"] == label and card.theme.startswith("hand-")
        assert card.state == fsrs.State.Learning.value and card.stability is None
        assert street.actions[card.decision].seat == card.spot["seat"]


def test_the_session_review_files_the_same_cards(client, played):
    alice, _bob, hands = played
    client.force_login(alice)
    response = client.get(reverse("learning:review_session"))
    expected = {(hand.id, g.index) for hand in hands for g in graded(hand, alice)
                if g.grade.label in MISTAKES}
    assert set(Review.objects.values_list("hand_id", "decision")) == expected
    assert response.context["filed"] == len(expected)
    assert f"{len(expected)} new drill card" in response.content.decode()


def test_a_card_shows_the_decision_as_its_player_saw_it(client, played):
    alice, bob, hands = played
    client.force_login(alice)
    review_all(client, hands)
    card = Review.objects.filter(user=alice).first()
    state = HandState.from_dict(card.hand.state)
    situation = situation_of(card)
    response = client.get(reverse("learning:card", args=[card.id]))
    text = response.content.decode()
    assert response.status_code == 200
    for card_text in situation.hole:
        assert f'data-card="{card_text}"' in text
    for card_text in situation.board:
        assert f'data-card="{card_text}"' in text
    bob_seat = card.hand.players.get(user=bob).seat
    for card_text in set(state.player(bob_seat).hole) - set(situation.board):
        assert f'data-card="{card_text}"' not in text
    assert f'data-fact="pot">{situation.pot}<' in text
    assert f'data-fact="stack">{situation.stack}<' in text
    assert len(re.findall(r"<li>\w+: (?:you|seat \d+) ", text)) == card.decision
    words = [o["words"] for o in card.spot["options"]]
    assert re.findall(r'class="ln-choice">([^<]+)<', text) == words
    assert card.spot["played"]["words"] in words
    assert option_numbers(card)["Best"], "the best option is offered"
    # Only its owner sees a card.
    client.force_login(bob)
    assert client.get(reverse("learning:card", args=[card.id])).status_code == 404


@pytest.mark.parametrize(("grade", "seconds", "expected"), [
    ("Best", 30, fsrs.Rating.Good), ("Best", 2, fsrs.Rating.Easy),
    ("Best", 120, fsrs.Rating.Hard), ("played", 30, fsrs.Rating.Again)])
def test_answering_a_due_card_moves_its_fsrs_schedule(client, played, grade, seconds,
                                                      expected):
    alice, _bob, hands = played
    client.force_login(alice)
    review_all(client, hands)
    card = Review.objects.filter(user=alice).first()
    filed_at = card.due_at
    if grade == "played":
        number = [o["words"] for o in card.spot["options"]].index(card.spot["played"]["words"])
    else:
        number = option_numbers(card)[grade][0]
    response = client.post(reverse("learning:card", args=[card.id]),
                           {"token": token(card.id, seconds), "answer": str(number)})
    assert response.status_code == 200
    rated = Rated.objects.get()
    assert rated.rating == expected.value and f'id="rating">{expected.name}<' in \
        response.content.decode()
    mine, _log = fsrs.Scheduler(enable_fuzzing=False).review_card(
        fsrs.Card(due=filed_at), expected, review_datetime=rated.answered_at)
    card.refresh_from_db()
    assert (card.due_at, card.stability, card.difficulty, card.state, card.last_review) == (
        mine.due, mine.stability, mine.difficulty, mine.state.value, rated.answered_at)
    assert card.due_at > rated.answered_at
    # Answered again before it is due: shown, not rated, the schedule kept.
    again = client.post(reverse("learning:card", args=[card.id]),
                        {"token": token(card.id, 30), "answer": str(number)})
    assert 'id="not-counted"' in again.content.decode() and Rated.objects.count() == 1
    assert Review.objects.get(pk=card.pk).due_at == card.due_at


def test_bad_answers_are_refused_with_a_sentence_and_nothing_rated(client, played):
    alice, _bob, hands = played
    client.force_login(alice)
    review_all(client, hands)
    card, *rest = Review.objects.filter(user=alice)
    url = reverse("learning:card", args=[card.id])
    count = len(card.spot["options"])
    forged = signing.dumps({"card": card.id}, salt="another salt")
    for post, words in [
        ({"answer": "0"}, "The answer came without its card (no token)."),
        ({"token": forged, "answer": "0"}, "The card&#x27;s token is not valid"),
        ({"token": token(card.id + 1000, 5), "answer": "0"},
         "That token belongs to another card."),
        ({"token": token(card.id, 5), "answer": str(count)},
         f"is not one of the options (0 to {count - 1})."),
        ({"token": token(card.id, 5), "answer": "fold"}, "is not one of the options"),
        ({"token": token(card.id, 5)}, "is not one of the options")]:
        response = client.post(url, post)
        assert response.status_code == 400, post
        assert words in response.content.decode() and "Nothing was recorded." in \
            response.content.decode()
    assert not Rated.objects.exists() and Review.objects.get(pk=card.pk).due_at == card.due_at
    assert client.get(reverse("learning:cards") + "?theme=nonsense").status_code == 400


def test_the_next_card_is_a_due_one_then_none(client, played):
    alice, _bob, hands = played
    client.force_login(alice)
    review_all(client, hands)
    cards = list(Review.objects.filter(user=alice))
    for _ in cards:
        response = client.get(reverse("learning:cards"))
        assert response.status_code == 302
        card_id = int(response.url.rstrip("/").rsplit("/", 1)[1])
        best = option_numbers(Review.objects.get(pk=card_id))["Best"][0]
        client.post(response.url, {"token": token(card_id, 30), "answer": str(best)})
    response = client.get(reverse("learning:cards"))
    assert response.status_code == 200
    assert f"You have {len(cards)} card" in response.content.decode()
    assert Rated.objects.count() == len(cards)


def test_guests_and_visitors(client, played):
    assert client.get(reverse("learning:cards")).status_code == 302  # to log in
    guest = make_user("dora")
    client.force_login(guest)
    response = client.get(reverse("learning:cards"))
    assert response.status_code == 200 and "You have 0 cards" in response.content.decode()


def progress_rows(text: str) -> dict[str, dict[str, int]]:
    """Each theme's figures as the progress page shows them."""
    rows = {}
    for theme, body in re.findall(r'<tr data-theme="([\w-]+)">(.*?)</tr>', text, re.DOTALL):
        due, later = re.search(r'data-due="(\d+)" data-later="(\d+)"', body).groups()
        rows[theme] = {"due": int(due), "later": int(later), **{
            name: int(n) for name, n in re.findall(r'data-rating="(\w+)">(\d+)<', body)}}
    return rows


def test_the_progress_page_counts_ratings_and_due_cards_per_theme(client, played):
    alice, _bob, hands = played
    client.force_login(alice)
    expected: dict[str, dict[str, int]] = {}

    def tally(theme: str, **changes: int) -> None:
        row = expected.setdefault(theme, {"due": 0, "later": 0, "Again": 0, "Hard": 0,
                                          "Good": 0, "Easy": 0})
        for name, change in changes.items():
            row[name] += change

    review_all(client, hands)
    mistakes = [g for hand in hands for g in graded(hand, alice) if g.grade.label in MISTAKES]
    for g in mistakes:
        tally(f"hand-{g.street}", due=1)
    # The first card answered with the play that was graded a mistake: Again, due later.
    card = Review.objects.get(hand_id=mistakes[0].hand, decision=mistakes[0].index)
    played_number = [o["words"] for o in card.spot["options"]].index(
        card.spot["played"]["words"])
    client.post(reverse("learning:card", args=[card.id]),
                {"token": token(card.id, 30), "answer": str(played_number)})
    tally(f"hand-{mistakes[0].street}", due=-1, later=1, Again=1)
    # Drills: a question missed then answered right after 30 s (Good), another missed.
    for theme, seed, then_right in (("outs", 7, True), ("nuts", 5, False)):
        question = make_question(theme, seed)
        right, wrong = answers(question)
        client.post(f"/learn/drills/{theme}/", {"token": question_token(question),
                                                "answer": wrong})
        tally(theme, due=1)
        if then_right:
            shown = timezone.now() - timedelta(seconds=30)
            client.post(f"/learn/drills/{theme}/",
                        {"token": question_token(question, shown), "answer": right})
            tally(theme, due=-1, later=1, Good=1)
    text = client.get(reverse("learning:progress")).content.decode()
    shown_rows = progress_rows(text)
    assert set(shown_rows) == {theme for theme, _title in card_choices()}
    empty = {"due": 0, "later": 0, "Again": 0, "Hard": 0, "Good": 0, "Easy": 0}
    for theme, row in shown_rows.items():
        assert row == expected.get(theme, empty), theme
    due_total = sum(row["due"] for row in expected.values())
    assert f"{due_total} card{'s' if due_total != 1 else ''} to review now" in text

"""Drills over HTTP and the progress they leave: answers judged on the server, scores per
theme, the review queue bringing a wrong answer back, malformed posts refused with a
sentence and nothing saved, and every page for visitors, guests and members."""

from __future__ import annotations

import html
import re
from datetime import timedelta

import fsrs
import pytest
from django.contrib.auth import get_user_model
from django.core import signing
from django.utils import timezone

from learning.drill_views import TOKEN_SALT
from learning.drills import DRILLS, judge_answer, make_question
from learning.lessons import LESSONS
from learning.models import Attempt, Rated, Review, ThemeScore
from learning.progress import record
from tests.throttling import client_from_new_address

pytestmark = pytest.mark.django_db
PAGES = ["/learn/lessons/", "/learn/progress/",
         *(f"/learn/lessons/{lesson.slug}/" for lesson in LESSONS),
         *(f"/learn/drills/{theme}/" for theme in DRILLS)]


@pytest.fixture
def guest(client):
    response = client.post("/guest/", {"nickname": "ada"})
    assert response.status_code == 302
    return get_user_model().objects.get(username="ada")


@pytest.fixture
def member(client):
    user = get_user_model().objects.create_user("grace", password="a long pass phrase")
    client.force_login(user)
    return user


def token_on(page: str) -> str:
    return re.search(r'name="token" value="([^"]+)"', page).group(1)


def question_on(response):
    """The question a drill page asks, rebuilt as the server does from its token."""
    data = signing.loads(token_on(response.content.decode()), salt=TOKEN_SALT)
    return make_question(data["theme"], data["seed"])


def answers(question) -> tuple[str, str]:
    """A right and a wrong answer, found by asking the judge."""
    options = [v for v, _ in question.choices] or [str(n) for n in range(question.low,
                                                                         question.high + 1)]
    right = next(v for v in options if judge_answer(question, v).right)
    wrong = next(v for v in options if not judge_answer(question, v).right)
    return right, wrong


def text_of(response) -> str:
    return html.unescape(response.content.decode())


def nothing_saved() -> bool:
    return not (Attempt.objects.exists() or ThemeScore.objects.exists()
                or Review.objects.exists())


@pytest.mark.parametrize("path", PAGES)
def test_every_page_renders_for_a_visitor(client, path):
    response = client.get(path)
    assert response.status_code == 200, path
    assert "<h1>" in text_of(response) and 'href="/guest/' in text_of(response)


@pytest.mark.parametrize("who", ["guest", "member"])
def test_every_page_renders_for_guests_and_members(client, request, who):
    request.getfixturevalue(who)
    for path in PAGES:
        assert client.get(path).status_code == 200, path
    assert "Nothing to review now" in text_of(client.get("/learn/progress/"))


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.slug)
def test_each_lesson_ends_in_its_drill(client, lesson):
    page = client.get(f"/learn/lessons/{lesson.slug}/").content.decode()
    assert page.index(f'href="/learn/drills/{lesson.theme}/"') > page.index("</article>")


def test_the_position_lesson_shows_the_charts_and_their_sources(client):
    page = text_of(client.get("/learn/lessons/position/"))
    assert "22+, A2s+, KTs+, QTs+, JTs, T9s, 98s, AJo+, KQo" in page and "15.5%" in page
    assert "poker.skillhowto.com" in page and "dezhoupuke.org" in page


@pytest.mark.parametrize("theme", sorted(DRILLS))
def test_the_question_page_holds_no_answer(client, theme):
    response = client.get(f"/learn/drills/{theme}/")
    question = question_on(response)
    verdict = judge_answer(question, answers(question)[0])
    assert "The answer:" not in text_of(response)
    assert not any(line in text_of(response) for line in verdict.why)


@pytest.mark.parametrize("theme", sorted(DRILLS))
def test_a_right_answer_is_judged_and_counted(client, guest, theme):
    page = client.get(f"/learn/drills/{theme}/")
    right, _ = answers(question_on(page))
    response = client.post(f"/learn/drills/{theme}/", {"token": token_on(page.content.decode()),
                                                       "answer": right})
    assert response.status_code == 200
    assert "Right!" in text_of(response)
    score = ThemeScore.objects.get(user=guest, theme=theme)
    assert (score.attempts, score.right, score.streak) == (1, 1, 1)
    assert not Review.objects.exists()
    row = re.search(rf'data-theme="{theme}">(.*?)</tr>', text_of(client.get("/learn/progress/")),
                    re.DOTALL).group(1)
    assert "1 of 1" in row and "100%" in row


def test_a_wrong_answer_comes_back_until_it_is_answered_right(client, guest):
    first = client.get("/learn/drills/outs/")
    question = question_on(first)
    right, wrong = answers(question)
    token = token_on(first.content.decode())
    response = client.post("/learn/drills/outs/", {"token": token, "answer": wrong})
    page = text_of(response)
    assert "Not quite" in page
    assert f"The answer: <strong>{question.spot['outs']} outs</strong>" in page
    assert "it comes back as your next question" in page
    assert "1 card to review now" in text_of(client.get("/learn/progress/"))

    again = client.get("/learn/drills/outs/")
    assert question_on(again) == question and "you missed this one before" in text_of(again)
    response = client.post("/learn/drills/outs/", {"token": token_on(again.content.decode()),
                                                   "answer": right})
    assert "Right!" in text_of(response) and "comes back for review on" in text_of(response)
    review = Review.objects.get(user=guest)
    # Rated by the time taken (Good, Easy or Hard: right), and due later (FSRS's schedule
    # itself is checked in test_a_review_follows_fsrs_and_stays_in_the_queue).
    assert Rated.objects.get().rating in (Rated.Rating.GOOD, Rated.Rating.EASY,
                                          Rated.Rating.HARD)
    assert review.last_review is not None and review.due_at > review.last_review
    assert question_on(client.get("/learn/drills/outs/")) != question  # not due yet
    score = ThemeScore.objects.get(user=guest, theme="outs")
    assert (score.attempts, score.right, score.streak) == (2, 1, 1)
    assert list(Attempt.objects.values_list("right", "from_review")) == [(True, True),
                                                                         (False, False)]


def test_the_same_answer_posted_twice_is_counted_once(client, guest):
    page = client.get("/learn/drills/showdown/")
    right, _ = answers(question_on(page))
    post = {"token": token_on(page.content.decode()), "answer": right}
    client.post("/learn/drills/showdown/", post)
    second = client.post("/learn/drills/showdown/", post)
    assert second.status_code == 200 and "not counted again" in text_of(second)
    assert ThemeScore.objects.get(user=guest).attempts == 1 and Attempt.objects.count() == 1


def test_a_review_follows_fsrs_and_stays_in_the_queue(guest):
    """Each answer to the due card moves it as the fsrs library moves the same card with the
    same ratings at the same times (no time taken known: right is Good, wrong Again)."""
    question = make_question("bluff", 99)
    right, wrong = answers(question)
    now = timezone.now()
    record(guest, question, wrong, judge_answer(question, wrong), now)
    assert Review.objects.get().due_at == now and not Rated.objects.exists()
    scheduler = fsrs.Scheduler(enable_fuzzing=False)
    card = fsrs.Card(due=now)
    for answer, given in [(right, fsrs.Rating.Good), (right, fsrs.Rating.Good),
                          (wrong, fsrs.Rating.Again), (right, fsrs.Rating.Good),
                          (right, fsrs.Rating.Good)]:
        now = Review.objects.get().due_at
        done = record(guest, question, answer, judge_answer(question, answer), now)
        card, _log = scheduler.review_card(card, given, review_datetime=now)
        review = Review.objects.get()
        assert done.counted and done.rating == given.name
        assert (review.due_at, review.stability, review.difficulty, review.state) == (
            card.due, card.stability, card.difficulty, card.state.value)
    assert list(Rated.objects.order_by("id").values_list("rating", flat=True)) == [3, 3, 1, 3, 3]
    assert review.due_at - now > timedelta(days=1)  # remembered: days apart now
    # Answered early (not due), nothing changes.
    assert not record(guest, question, wrong, judge_answer(question, wrong), now).counted
    assert Review.objects.get().due_at == review.due_at


@pytest.mark.parametrize(("seconds", "expected"), [(3, fsrs.Rating.Easy), (30, fsrs.Rating.Good),
                                                    (90, fsrs.Rating.Hard)])
def test_the_time_taken_rates_a_right_answer(guest, seconds, expected):
    question = make_question("nuts", 5)
    right, wrong = answers(question)
    now = timezone.now()
    record(guest, question, wrong, judge_answer(question, wrong), now)
    done = record(guest, question, right, judge_answer(question, right), now,
                  timedelta(seconds=seconds))
    card, _log = fsrs.Scheduler(enable_fuzzing=False).review_card(
        fsrs.Card(due=now), expected, review_datetime=now)
    assert done.rating == expected.name and Review.objects.get().due_at == card.due


@pytest.mark.parametrize(("post", "message"), [
    ({"answer": "3"}, "The answer came without its question (no token)."),
    ({"token": "forged:token", "answer": "3"}, "The question's token is not valid"),
    ({"token": signing.dumps({"theme": "nuts", "seed": 1}, salt=TOKEN_SALT), "answer": "3"},
     "That token belongs to another drill."),
    ({"token": signing.dumps({"theme": "outs", "seed": -4}, salt=TOKEN_SALT), "answer": "3"},
     "The question's token names no question."),
    ({"token": signing.dumps({"theme": "outs", "seed": 1}, salt="another salt"),
      "answer": "3"}, "The question's token is not valid"),
    ({"token": signing.dumps({"theme": "outs", "seed": 1}, salt=TOKEN_SALT)},
     "No answer was given."),
    ({"token": signing.dumps({"theme": "outs", "seed": 1}, salt=TOKEN_SALT), "answer": "ten"},
     "Answer 'ten' is not a whole number from 0 to"),
    ({"token": signing.dumps({"theme": "outs", "seed": 1}, salt=TOKEN_SALT), "answer": "500"},
     "Answer '500' is not a whole number from 0 to"),
])
def test_a_malformed_post_gets_a_400_naming_the_problem_and_changes_nothing(
        client, guest, post, message):
    response = client.post("/learn/drills/outs/", post)
    assert response.status_code == 400
    page = text_of(response)
    assert message in page and "Nothing was recorded." in page
    assert 'name="token"' in page  # a question to answer instead
    assert nothing_saved()


def test_a_choice_that_is_not_offered_is_refused(client, guest):
    token = signing.dumps({"theme": "preflop", "seed": 3}, salt=TOKEN_SALT)
    response = client.post("/learn/drills/preflop/", {"token": token, "answer": "limp"})
    assert response.status_code == 400
    assert "Answer 'limp' is not one of the choices (raise, fold)." in text_of(response)
    assert nothing_saved()


def test_an_unknown_drill_is_a_404(client):
    assert client.get("/learn/drills/poker-face/").status_code == 404


def test_a_visitor_gets_the_verdict_and_nothing_is_saved(client):
    page = client.get("/learn/drills/pot-odds/")
    right, _ = answers(question_on(page))
    response = client.post("/learn/drills/pot-odds/", {"token": token_on(page.content.decode()),
                                                       "answer": right})
    assert response.status_code == 200 and "Right!" in text_of(response)
    assert "to keep your score" in text_of(response)
    assert nothing_saved()


def test_a_guest_who_keeps_the_account_keeps_the_progress(client, guest):
    page = client.get("/learn/drills/bluff/")
    _, wrong = answers(question_on(page))
    client.post("/learn/drills/bluff/", {"token": token_on(page.content.decode()),
                                         "answer": wrong})
    passphrase = "correct horse battery"
    assert client.post("/claim/", {"password1": passphrase, "password2": passphrase}
                       ).status_code == 302
    client.logout()
    assert client.login(username="ada", password=passphrase)
    row = re.search(r'data-theme="bluff">(.*?)</tr>', text_of(client.get("/learn/progress/")),
                    re.DOTALL).group(1)
    assert "0 of 1" in row and "1 now" in row


def test_staff_read_progress_in_the_admin(client, guest):
    question = make_question("nuts", 8)
    right, _ = answers(question)
    record(guest, question, right, judge_answer(question, right), timezone.now())
    admin = get_user_model().objects.create_superuser("root", password="a long pass phrase")
    client.force_login(admin)
    for model in ("themescore", "attempt", "review"):
        assert client.get(f"/admin/learning/{model}/").status_code == 200, model
    assert "ada" in text_of(client.get("/admin/learning/attempt/"))


def test_a_visitor_dealing_drills_too_fast_is_throttled_and_a_guest_is_not(client, settings):
    settings.RATELIMIT_ENABLE, settings.ANONYMOUS_EQUITY_RATE = True, "2/d"
    visitor = client_from_new_address()  # rates per day, a new address: tests/throttling.py
    codes = [visitor.get("/learn/drills/nuts/").status_code for _ in range(3)]
    assert codes == [200, 200, 429]
    assert "Too many odds calculations" in text_of(visitor.get("/learn/drills/nuts/"))
    visitor.post("/guest/", {"nickname": "fast"})
    assert visitor.get("/learn/drills/nuts/").status_code == 200

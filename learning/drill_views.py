"""A drill's page: GET shows a question (a due review first), POST answers it.

The question travels as a signed token naming its theme and seed; the server rebuilds it
from the seed and judges the answer itself, so the page holds no answer and nothing the
browser sends is believed beyond which question and which answer. A malformed POST (no
token, a forged or cut token, another drill's token, an answer that is no answer) gets a
400 page naming the problem, and nothing is recorded.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from django.core import signing
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from learning.drills import DRILLS, AnswerError, Question, judge_answer, make_question
from learning.lessons import LESSON_OF_THEME
from learning.progress import SEED_LIMIT, is_due, next_question_seed, record

TOKEN_SALT = "learning.drill"


class BadPost(ValueError):
    """A POST that is not an answer to one of this drill's questions."""


def question_token(question: Question, now: datetime | None = None) -> str:
    """The signed token of a question; ``shown`` (seconds since the epoch) times the answer,
    which the review queue's rating reads (``learning.schedule``)."""
    shown = (now or timezone.now()).timestamp()
    return signing.dumps({"theme": question.theme, "seed": question.seed,
                          "shown": round(shown, 3)}, salt=TOKEN_SALT)


def answer_time(token: str, now: datetime) -> timedelta | None:
    """How long the learner took, from a token already checked by ``read_token`` (None: the
    token has no time, or a time to come)."""
    shown = signing.loads(token, salt=TOKEN_SALT).get("shown")
    if not isinstance(shown, int | float):
        return None
    taken = now - datetime.fromtimestamp(shown, tz=UTC)
    return taken if taken >= timedelta(0) else None


def read_token(theme: str, token: str) -> int:
    """The seed a token names, checked: signed by us, for this drill, a seed we could issue."""
    if not token:
        raise BadPost("the answer came without its question (no token)")
    try:
        data = signing.loads(token, salt=TOKEN_SALT)
    except signing.BadSignature:
        raise BadPost("the question's token is not valid (was it cut short or changed?)") \
            from None
    if not isinstance(data, dict) or data.get("theme") != theme:
        raise BadPost("that token belongs to another drill")
    seed = data.get("seed")
    if not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise BadPost("the question's token names no question")
    return seed


def _user(request: HttpRequest) -> Any:
    return request.user if request.user.is_authenticated else None


@require_http_methods(["GET", "POST"])
def drill(request: HttpRequest, theme: str) -> HttpResponse:
    """One question of a theme, or the verdict on an answer to it."""
    if theme not in DRILLS:
        raise Http404("no such drill")
    now, user = timezone.now(), _user(request)
    context: dict[str, Any] = {"drill": DRILLS[theme], "lesson": LESSON_OF_THEME.get(theme)}
    if request.method == "GET":
        seed, from_review = next_question_seed(user, theme, now)
        return _question_page(request, make_question(theme, seed), from_review, context)
    token = request.POST.get("token", "")
    try:
        seed = read_token(theme, token)
    except BadPost as error:
        context["error"] = _sentence(error)
        seed, from_review = next_question_seed(user, theme, now)
        return _question_page(request, make_question(theme, seed), from_review, context, 400)
    question = make_question(theme, seed)
    answer_text = request.POST.get("answer", "")
    try:
        verdict = judge_answer(question, answer_text)
    except AnswerError as error:
        context["error"] = _sentence(error)
        from_review = user is not None and is_due(user, theme, seed, now)
        return _question_page(request, question, from_review, context, 400)
    context.update(question=question, verdict=verdict, answer=answer_text.strip(),
                   answer_label=dict(question.choices).get(answer_text.strip(), ""))
    if user is not None:
        context["recorded"] = record(user, question, answer_text.strip(), verdict, now,
                                     answer_time(token, now))
    return render(request, "learning/drill.html", context)


def _question_page(request: HttpRequest, question: Question, from_review: bool,
                   context: dict[str, Any], status: int = 200) -> HttpResponse:
    context.update(question=question, token=question_token(question), from_review=from_review)
    return render(request, "learning/drill.html", context, status=status)


def _sentence(error: Exception) -> str:
    text = str(error)
    return text[:1].upper() + text[1:] + "."

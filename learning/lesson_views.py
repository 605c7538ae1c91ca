"""The lessons' pages and the learner's dashboard (scores per lesson and drill, the queue)."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from games.bots.charts import OPEN
from learning.card_themes import MISTAKE_THEMES, card_choices
from learning.drills import DRILLS
from learning.lessons import LESSON_OF_THEME, LESSONS, LESSONS_BY_SLUG, opening_charts
from learning.models import Rated, Review, ThemeScore
from learning.schedule import RATING_NAMES


@require_GET
def lessons(request: HttpRequest) -> HttpResponse:
    """Every lesson, with the learner's score in its drill."""
    scores = _scores(request)
    rows = [{"lesson": lesson, "score": scores.get(lesson.theme)} for lesson in LESSONS]
    return render(request, "learning/lessons.html", {"rows": rows})


@require_GET
def lesson(request: HttpRequest, slug: str) -> HttpResponse:
    """One lesson; it ends with a link into its drill."""
    found = LESSONS_BY_SLUG.get(slug)
    if found is None:
        raise Http404("no such lesson")
    index = LESSONS.index(found)
    context = {"lesson": found, "drill": DRILLS[found.theme],
               "score": _scores(request).get(found.theme),
               "previous": LESSONS[index - 1] if index else None,
               "next": LESSONS[index + 1] if index + 1 < len(LESSONS) else None,
               "charts": opening_charts(), "utg_range": OPEN["UTG"]}
    return render(request, found.template, context)


@require_GET
def progress(request: HttpRequest) -> HttpResponse:
    """The dashboard: a score per drill theme (and its lesson), and per theme of the review
    queue (the drills' and your hands' streets) the cards due and each rating's count."""
    context: dict[str, Any] = {"rating_names": list(RATING_NAMES.values())}
    if request.user.is_authenticated:
        now = timezone.now()
        scores = _scores(request)
        reviews = list(Review.objects.filter(user=request.user).values_list("theme", "due_at"))
        rated = list(Rated.objects.filter(review__user=request.user)
                     .values_list("review__theme", "rating"))
        hand_themes = {theme for theme, _title in MISTAKE_THEMES.values()}
        context["rows"] = [
            {"theme": theme, "title": name, "drill": DRILLS.get(theme),
             "lesson": LESSON_OF_THEME.get(theme), "score": scores.get(theme),
             "hands": theme in hand_themes,
             "due": sum(1 for t, due in reviews if t == theme and due <= now),
             "later": sum(1 for t, due in reviews if t == theme and due > now),
             "ratings": [(name, sum(1 for t, r in rated if t == theme and r == value))
                         for value, name in RATING_NAMES.items()]}
            for theme, name in card_choices()]
        context["due_total"] = sum(row["due"] for row in context["rows"])
        context["next_review"] = min((due for _t, due in reviews if due > now), default=None)
    return render(request, "learning/progress.html", context)


def _scores(request: HttpRequest) -> dict[str, ThemeScore]:
    if not request.user.is_authenticated:
        return {}
    return {s.theme: s for s in ThemeScore.objects.filter(user=request.user)}

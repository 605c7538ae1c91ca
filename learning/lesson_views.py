"""The lessons' pages and the learner's dashboard (scores per lesson and drill, the queue)."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from games.bots.charts import OPEN
from learning.drills import DRILLS
from learning.lessons import LESSON_OF_THEME, LESSONS, LESSONS_BY_SLUG, opening_charts
from learning.models import Review, ThemeScore
from learning.progress import INTERVALS


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
    """The dashboard: a score per drill theme (and its lesson), and the review queue."""
    context: dict[str, Any] = {"intervals": [_days(i) for i in INTERVALS[1:]]}
    if request.user.is_authenticated:
        now = timezone.now()
        scores = _scores(request)
        reviews = list(Review.objects.filter(user=request.user))
        context["rows"] = [
            {"drill": drill, "lesson": LESSON_OF_THEME.get(theme), "score": scores.get(theme),
             "due": sum(1 for r in reviews if r.theme == theme and r.due_at <= now),
             "later": sum(1 for r in reviews if r.theme == theme and r.due_at > now)}
            for theme, drill in DRILLS.items()]
        context["due_total"] = sum(row["due"] for row in context["rows"])
        context["next_review"] = min((r.due_at for r in reviews if r.due_at > now),
                                     default=None)
    return render(request, "learning/progress.html", context)


def _scores(request: HttpRequest) -> dict[str, ThemeScore]:
    if not request.user.is_authenticated:
        return {}
    return {s.theme: s for s in ThemeScore.objects.filter(user=request.user)}


def _days(interval: Any) -> str:
    days = interval.days
    return f"{days} day" + ("s" if days != 1 else "")

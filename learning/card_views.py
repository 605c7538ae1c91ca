"""Drill cards from your own hands: the next due card, and one card's spot with its options.

A card (``learning.mistakes``) shows a decision the coach graded Wrong or Blunder, as its
player saw it; the learner picks an option again. The page's token names the card and when
it was shown, signed, so the answer time is the server's own; the answer is graded by the
coach as it grades that play in that spot, and when the card is due it is rated and FSRS
moves its schedule (``learning.schedule``). Only a card's owner sees it.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core import signing
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods

from evaluator.cards import Card
from learning.card_themes import MISTAKE_TITLES, title
from learning.mistakes import judge
from learning.models import Rated, Review
from learning.schedule import rate

TOKEN_SALT = "learning.card"


@login_required
@require_GET
def next_card(request: HttpRequest) -> HttpResponse:
    """The first due card of your hands (``theme``: of one street's), else when one is due."""
    theme = request.GET.get("theme", "")
    if theme and theme not in MISTAKE_TITLES:
        return render(request, "learning/cards.html",
                      {"error": f"No such theme of drill cards: {theme!r}."}, status=400)
    user: Any = request.user  # signed in (login_required)
    cards = Review.objects.filter(user=user, hand__isnull=False)
    if theme:
        cards = cards.filter(theme=theme)
    now = timezone.now()
    due = cards.filter(due_at__lte=now).first()
    if due is not None:
        return redirect("learning:card", card_id=due.pk)
    return render(request, "learning/cards.html", {
        "theme_title": title(theme) if theme else "", "total": cards.count(),
        "next_due": cards.filter(due_at__gt=now).values_list("due_at", flat=True).first()})


@login_required
@require_http_methods(["GET", "POST"])
def card(request: HttpRequest, card_id: int) -> HttpResponse:
    """One card: GET shows the spot and its options, POST answers it."""
    user: Any = request.user  # signed in (login_required)
    found = (Review.objects.select_related("hand")
             .filter(pk=card_id, user=user, hand__isnull=False).first())
    if found is None:
        raise Http404("No such drill card.")
    now = timezone.now()
    if request.method == "GET":
        return _page(request, found, now)
    try:
        shown = _read_token(request.POST.get("token", ""), found.pk)
        judged = judge(found, request.POST.get("answer", ""), _taken(shown, now))
    except ValueError as error:
        return _page(request, found, now, error=_sentence(error), status=400)
    context: dict[str, Any] = {"judged": judged, "due_before": found.due_at <= now}
    if context["due_before"]:
        with transaction.atomic():
            locked = Review.objects.select_for_update().select_related("hand").get(pk=found.pk)
            if locked.due_at <= now:  # a second post of the same answer is not rated again
                rate(locked, judged.rating, now)
                locked.save()
                Rated.objects.create(review=locked, rating=judged.rating.value,
                                     answer=judged.option["words"][:40], answered_at=now)
                context["rated"] = judged.rating.name
            found = locked
    return _page(request, found, now, **context)


def _page(request: HttpRequest, found: Review, now: datetime, status: int = 200,
          **context: Any) -> HttpResponse:
    spot = found.spot
    context.update(card=found, spot=spot, theme_title=title(found.theme),
                   hole=[Card(c) for c in spot["hole"]], board=[Card(c) for c in spot["board"]],
                   options=list(enumerate(spot["options"])), due_now=found.due_at <= now,
                   token=signing.dumps({"card": found.pk, "shown": round(now.timestamp(), 3)},
                                       salt=TOKEN_SALT))
    return render(request, "learning/card.html", context, status=status)


def _read_token(token: str, card_id: int) -> float | None:
    """When the card was shown, from a token checked to be ours and this card's."""
    if not token:
        raise ValueError("the answer came without its card (no token)")
    try:
        data = signing.loads(token, salt=TOKEN_SALT)
    except signing.BadSignature:
        raise ValueError("the card's token is not valid (was it cut short or changed?)") \
            from None
    if not isinstance(data, dict) or data.get("card") != card_id:
        raise ValueError("that token belongs to another card")
    shown = data.get("shown")
    return shown if isinstance(shown, int | float) else None


def _taken(shown: float | None, now: datetime) -> timedelta | None:
    if shown is None:
        return None
    taken = now - datetime.fromtimestamp(shown, tz=UTC)
    return taken if taken >= timedelta(0) else None


def _sentence(error: Exception) -> str:
    text = str(error)
    return text[:1].upper() + text[1:] + "."

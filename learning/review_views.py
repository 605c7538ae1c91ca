""""Review my decisions": the coach's grades on the viewer's own decisions in hands they
played at real tables (and practice tables), one hand or a session of their latest hands.

Only the viewer's own decisions are graded, each from that seat's own view of the hand
(``games.bots.review``): another player's hole cards are never read into a grade, and the
page shows none (the replayer a link away shows what the viewer may see). Grading costs CPU
(about 0.1 s a decision), so each hand's grades are cached and a session reads at most
``MAX_HANDS`` hands. Each decision graded Wrong or Blunder becomes a card in the viewer's
review queue (``learning.mistakes``), once.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET

from evaluator.cards import Card
from games.bots.coach import grade_dict
from games.bots.review import Graded, grades_game, review_hand, summarize
from games.engine import HandState
from games.history import queries
from games.models import Hand
from learning.mistakes import file_cards
from learning.solver_links import solve_links

DEFAULT_HANDS = 20
MAX_HANDS = 50
CACHE_VERSION = "coach-grades-v2"  # bump when the model changes: old grades are stale


def graded_hand(hand: Hand, seat: int) -> list[Graded]:
    """The seat's decisions in a complete hand, graded (cached per hand and seat)."""
    # The start time too: a database started afresh numbers its hands from 1 again.
    key = f"{CACHE_VERSION}:{hand.id}:{hand.started_at.timestamp()}:{seat}"
    found = cache.get(key)
    if found is None:
        found = review_hand(HandState.from_dict(hand.state), seat, hand.id)
        cache.set(key, found, timeout=7 * 24 * 3600)
    return found


def _rows(decisions: list[Graded], labels: dict[int | None, str],
          links: dict[int, str] | None = None) -> list[dict]:
    return [{"hand_id": d.hand, "hand_label": labels.get(d.hand, ""), "street": d.street,
             "decision": d.index, "solve_url": (links or {}).get(d.index, ""),
             # The replayer opens at the moment of the decision (static/js/replayer.js).
             "url": f"{reverse('history:hand', args=[d.hand])}?decision={d.index}",
             **grade_dict(d.grade)}
            for d in decisions]


@login_required
@require_GET
def review_hand_page(request: HttpRequest, hand_id: int) -> HttpResponse:
    """One complete hand: each of your decisions, its grade and the reasons."""
    review = queries.review_for_player(hand_id, request.user)
    if review.hand.status != Hand.Status.COMPLETE:
        raise Http404("This hand is not finished yet: the coach reviews finished hands.")
    seat = review.seat
    assert seat is not None  # review_for_player found the viewer's seat
    decisions = graded_hand(review.hand, seat)
    hand = review.hand
    filed = file_cards(request.user, hand, seat, decisions, timezone.now())
    labels: dict[int | None, str] = {hand.id: f"{hand.table.name} #{hand.number}"}
    context = {"hand": review.hand, "hole": [Card(c) for c in review.state.player(seat).hole],
               "board": [Card(c) for c in review.state.board],
               # "Solve this spot" on heads-up turn and river decisions (issue 46)
               "rows": _rows(decisions, labels, solve_links(review.state, seat,
                                                            reverse("learning:solver"))),
               "summary": summarize(decisions),
               "ungraded": not grades_game(review.state.game),
               "game_label": review.state.game.label, "filed": filed}
    return render(request, "learning/review_hand.html", context)


@login_required
@require_GET
def review_session_page(request: HttpRequest) -> HttpResponse:
    """Your latest complete hands (``hands``, at most MAX_HANDS; ``table`` to keep one
    table's): the error rate, each class's count and the biggest mistakes."""
    try:
        count = int(request.GET.get("hands", DEFAULT_HANDS))
        table = int(request.GET["table"]) if request.GET.get("table") else None
    except ValueError:
        return render(request, "learning/review_session.html",
                      {"error": "hands and table must be whole numbers."}, status=400)
    if not 1 <= count <= MAX_HANDS:
        return render(request, "learning/review_session.html",
                      {"error": f"hands must be from 1 to {MAX_HANDS}."}, status=400)
    rows = list(queries.my_hands(request.user, table_id=table)[:count])
    hands = Hand.objects.select_related("table").in_bulk([r.hand_id for r in rows])
    decisions: list[Graded] = []
    labels: dict[int | None, str] = {}
    filed, now = 0, timezone.now()
    for row in rows:
        hand = hands[row.hand_id]
        labels[hand.id] = f"{hand.table.name} #{hand.number}"
        graded = graded_hand(hand, row.seat)
        filed += file_cards(request.user, hand, row.seat, graded, now)
        decisions += graded
    summary = summarize(decisions)
    context = {"summary": summary, "hands": len(rows), "worst": _rows(list(summary.worst), labels),
               "count": count, "table": table, "max_hands": MAX_HANDS, "filed": filed}
    return render(request, "learning/review_session.html", context)

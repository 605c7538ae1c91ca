"""The coach endpoint: ``GET /tables/<id>/coach/`` gives the caller's own figures as JSON.

Computed from the caller's own view of the latest hand (``HandState.view(seat)`` via
``games.bots.advice``), never another player's cards, and only for the caller's own seat.
Allowed at practice tables, and at any table whose host allows it.
"""

from collections.abc import Callable

from django.http import Http404, JsonResponse
from django.urls import reverse

from games.access import can_see
from games.bots.advice import decision_points, figures, verdict
from games.bots.grading import Grade, graded
from games.bots.omaha_coach import OmahaFigures, omaha_figures, omaha_verdict, random_note
from games.bots.review import grades_game
from games.bots.short_deck_equity import NOTE as SHORT_DECK_NOTE
from games.bots.short_deck_equity import short_deck_figures
from games.bots.situation import Situation
from games.engine import HandState
from games.models import Hand, HandPlayer, Table


def _standing_dict(standing) -> dict | None:
    """Outs and danger cards against the likely ranges (games/bots/outs.py), from the flop."""
    if standing is None:
        return None
    return {
        "ahead": standing.ahead,
        "share": round(standing.share_now, 3),
        "outs": list(standing.outs),
        "splits": list(standing.splits),
        "tainted": list(standing.tainted),
        "danger": list(standing.danger),
        "dead_share": round(standing.dead_share, 3),
        "text": standing.sentence(),
    }


def _figures_dict(f) -> dict:
    return {
        "equity": round(f.equity, 3),
        "equity_random": round(f.equity_random, 3),
        "outs": f.outs,
        "standing": _standing_dict(f.standing),
        "pot_odds": None if f.pot_odds is None else round(f.pot_odds, 3),
        "to_call": f.to_call,
        "pot": f.pot,
    }


def grade_dict(marked: Grade) -> dict:
    """A decision's grade as the coach panel and the review pages show it."""
    return {
        "label": marked.label,
        "loss_bb": marked.loss_bb,
        "error_bb": marked.error_bb,
        "played": marked.played.words(),
        "played_ev_bb": round(marked.played.ev / max(1, marked.bb), 2),
        "best": marked.best.words(),
        "best_ev_bb": round(marked.best.ev / max(1, marked.bb), 2),
        "reasons": list(marked.reasons),
    }


UNGRADED_NOTE = ("{game}: the coach gives your equity against the likely hands, your outs "
                 "and the pot odds; it does not grade decisions here, as its grades weigh "
                 "no-limit bet sizes.")


def coach_report(table: Table, user) -> dict:
    """The coach's report for ``user`` at ``table`` (see docs/protocol.md, "The coach")."""
    hand = table.hands.exclude(status=Hand.Status.VOIDED).order_by("-number").first()
    mine = HandPlayer.objects.filter(hand=hand, user=user).first() if hand else None
    if hand is None or mine is None:
        return {"hand": None, "now": None, "decisions": [], "summary": None,
                "review_url": None}
    state = HandState.from_dict(hand.state)
    if state.game.hole_cards != 2:  # its ranges, outs and grades model two hole cards
        return omaha_report(table, hand, state, mine.seat)
    if state.game.ranking != "high" or len(state.game.deck) != 52:  # short deck
        return omaha_report(table, hand, state, mine.seat, short_deck_figures, SHORT_DECK_NOTE)
    seat = mine.seat
    # Fixed limit: hold'em's ranges and figures hold, but the grades weigh no-limit sizes.
    grading = grades_game(state.game)
    decisions = []
    marks = []
    for situation, action in decision_points(state, seat):
        f = figures(situation)
        marked = graded(situation, action.kind.value, action.amount) if grading else None
        if marked is not None:
            marks.append(marked)
        decisions.append({
            "street": situation.street,
            "action": action.kind.value,
            "amount": action.amount,
            **_figures_dict(f),
            "verdict": verdict(action.kind.value, action.amount, situation, f),
            "grade": grade_dict(marked) if marked is not None else None,
        })
    now = None
    player = state.player(seat)
    if not state.is_complete and not player.folded:
        situation = Situation.from_view(state.view(seat), seat, table.big_blind)
        now = {**_figures_dict(figures(situation)), "street": situation.street,
               "opponents": len(situation.opponents), "your_turn": situation.legal is not None}
    lost = round(sum(g.loss_bb for g in marks), 2)
    return {
        "hand": hand.number,
        "complete": state.is_complete,
        "now": now,
        "decisions": decisions,
        "summary": {"decisions": len(marks), "lost_bb": lost,
                    "error_rate": round(lost / len(marks), 3) if marks else 0.0}
        if grading else None,
        **({} if grading else {"note": UNGRADED_NOTE.format(game=state.game.label)}),
        "review_url": reverse("learning:review_hand", args=[hand.id]),
    }


def _omaha_dict(f: OmahaFigures) -> dict:
    return {
        "equity": None,  # no Omaha ranges: only the figure against random hands
        "equity_random": round(f.equity, 3),
        "standard_error": round(f.standard_error, 4),
        "samples": f.samples,
        "outs": None,
        "standing": None,
        "pot_odds": None if f.pot_odds is None else round(f.pot_odds, 3),
        "to_call": f.to_call,
        "pot": f.pot,
    }


def omaha_report(table: Table, hand: Hand, state: HandState, seat: int,
                 figures_of: Callable[[Situation], OmahaFigures] = omaha_figures,
                 note: str | None = None) -> dict:
    """The coach's report in pot-limit Omaha (games/bots/omaha_coach.py), or with
    ``figures_of`` and ``note`` in short deck (games/bots/short_deck_equity.py): equity
    against random hands and pot odds, now and at each decision; no grades."""
    decisions = []
    for situation, action in decision_points(state, seat):
        f = figures_of(situation)
        decisions.append({
            "street": situation.street, "action": action.kind.value, "amount": action.amount,
            **_omaha_dict(f),
            "verdict": omaha_verdict(action.kind.value, action.amount, situation, f),
            "grade": None,
        })
    now = None
    if not state.is_complete and not state.player(seat).folded:
        situation = Situation.from_view(state.view(seat), seat, table.big_blind)
        now = {**_omaha_dict(figures_of(situation)), "street": situation.street,
               "opponents": len(situation.opponents), "your_turn": situation.legal is not None}
    return {"hand": hand.number, "complete": state.is_complete, "now": now,
            "decisions": decisions, "summary": None,
            "note": note or random_note(state.game.label, state.game.hole_cards,
                                        state.game.high_low),
            "review_url": reverse("learning:review_hand", args=[hand.id])}


def coach(request, table_id: int):
    """Thin view: who may ask, then the report."""
    table = Table.objects.filter(pk=table_id).first()
    if table is None or not request.user.is_authenticated:
        raise Http404("No such table.")
    if not can_see(table, request.user, request.session):
        raise Http404("No such table.")
    if not (table.is_practice or table.coach_allowed):
        return JsonResponse({"error": "The host has not allowed the coach here."}, status=403)
    return JsonResponse(coach_report(table, request.user))

"""Learning tools: hand rankings, "which hand wins", odds; and the same as JSON.

Views only read the query, call the evaluator and render; bad cards come back as a message
(HTML) or a 400 with ``{"error": ...}`` (JSON).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from evaluator import equity, format_cards
from evaluator.learning import RANKINGS, showdown, split_hands


def learn(request: HttpRequest) -> HttpResponse:
    """Hand rankings and "which hand wins?" (``?hands=AhAd|KcKs&board=...``)."""
    context: dict[str, Any] = {"rankings": RANKINGS, "hands": request.GET.get("hands", ""),
                               "board": request.GET.get("board", "")}
    if context["hands"].strip():
        try:
            result = showdown(split_hands(context["hands"]), context["board"])
        except ValueError as error:
            context["error"] = str(error)
        else:
            verdict = "wins" if len(result.winners) == 1 else "splits"
            context["board_cards"] = result.board
            context["rows"] = [
                {"cards": cards, "value": value, "verdict": verdict if i in result.winners else ""}
                for i, (cards, value) in enumerate(zip(result.hands, result.values, strict=True))
            ]
    return render(request, "evaluator/learn.html", context)


def odds(request: HttpRequest) -> HttpResponse:
    """Exact equity of 2 to 10 hands (``?hands=AhAs|KdKc&board=...&dead=...``)."""
    context: dict[str, Any] = {key: request.GET.get(key, "") for key in ("hands", "board", "dead")}
    if context["hands"].strip():
        try:
            result = equity(split_hands(context["hands"]), board=context["board"],
                            dead=context["dead"])
        except ValueError as error:
            context["error"] = str(error)
        else:
            context["boards"] = result.boards
            context["rows"] = [
                {"cards": hand.cards, "wins": hand.wins, "ties": hand.ties,
                 "win": f"{hand.win:.2%}", "tie": f"{hand.tie:.2%}", "equity": f"{hand.equity:.2%}"}
                for hand in result
            ]
    return render(request, "evaluator/odds.html", context)


def _hands_param(request: HttpRequest) -> list[str]:
    hands = request.GET.getlist("hand")
    return hands if hands else split_hands(request.GET.get("hands", ""))


def evaluate_json(request: HttpRequest) -> JsonResponse:
    """``?hand=AhAd&hand=KcKs&board=2c7d9hJcQs`` -> each hand's value and the winners."""
    try:
        result = showdown(_hands_param(request), request.GET.get("board", ""))
    except ValueError as error:
        return JsonResponse({"error": str(error)}, status=400)
    return JsonResponse({
        "board": format_cards(result.board),
        "hands": [
            {"cards": format_cards(cards), "category": value.category.label,
             "description": value.describe(), "best_five": format_cards(value.best_five),
             "strength": value.strength}
            for cards, value in zip(result.hands, result.values, strict=True)
        ],
        "winners": list(result.winners),
    })


def equity_json(request: HttpRequest) -> JsonResponse:
    """``?hand=AhAs&hand=KdKc&board=...&dead=...`` -> exact win, tie and equity per hand."""
    try:
        result = equity(_hands_param(request), board=request.GET.get("board", ""),
                        dead=request.GET.get("dead", ""))
    except ValueError as error:
        return JsonResponse({"error": str(error)}, status=400)
    return JsonResponse({
        "boards": result.boards,
        "exact": result.exact,
        "hands": [
            {"cards": format_cards(hand.cards), "wins": hand.wins, "ties": hand.ties,
             "tie_credit": hand.tie_credit, "win": hand.win, "tie": hand.tie,
             "equity": hand.equity}
            for hand in result
        ],
    })

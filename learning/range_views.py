"""The range equity page and its JSON twins: a one-shot answer, a progress stream, a parser.

A spot travels in the query, so a link shares it: ``range=`` once per player (2 to 6; a
hand such as ``AsKs`` is a range of one combo), ``board=``, ``dead=``, ``samples=`` (forces
Monte Carlo), ``seed=`` and ``suits=es`` (Spanish suit letters).

CPU limits per request (measured here, 2026-11; exact work, about deals x boards, runs at
100 to 200 million a second, see :data:`evaluator.range_equity.EXACT_LIMIT`): the JSON
answer counts exactly up to ``API_EXACT`` and samples at most ``API_SAMPLES`` within
``API_SECONDS``; the stream, which shows progress and can be cancelled, allows
``STREAM_EXACT``, ``STREAM_SAMPLES`` and ``STREAM_SECONDS``. A spot too big to count becomes
Monte Carlo, and a run that reaches its time keeps the samples dealt so far; either way the
answer says so in ``capped``. The stream is newline-delimited JSON: ``{"start": ...}``,
``{"progress": 0.42}`` lines, then ``{"result": ...}`` or ``{"error": ...}``. Work runs a
step (a fraction of a second) at a time in a worker thread; a client that disconnects (or
aborts its fetch) cancels the response, and no further step runs.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

from asgiref.sync import sync_to_async
from django.http import (
    HttpRequest,
    HttpResponse,
    JsonResponse,
    QueryDict,
    StreamingHttpResponse,
)
from django.shortcuts import render
from django.views.decorators.http import require_GET

from evaluator.cards import format_cards, parse_cards
from evaluator.range_equity import RangeCalculation
from evaluator.range_results import RangeEquityResult
from evaluator.range_spot import MAX_PLAYERS
from evaluator.ranges import Range, class_of, format_range, grid_classes, parse_range

API_EXACT, API_SAMPLES, API_SECONDS = 400_000_000, 500_000, 10.0
STREAM_EXACT, STREAM_SAMPLES, STREAM_SECONDS = 2_000_000_000, 5_000_000, 60.0
DEFAULT_SAMPLES = 200_000
PROGRESS_EVERY = 0.1  # seconds between progress lines
EXAMPLES = [
    ("AK suited against a raiser", ["AsKs", "QQ+, AKs"], ""),
    ("AQ offsuit against 15% on a flop", ["AQo", "15%"], "Kh 7d 2c"),
    ("Three ranges on a flop", ["AK, AQs", "QQ+", "JTs, 99-77"], "Kh 7d 2c"),
]


@dataclass(frozen=True)
class Limits:
    """Caps for one request: exact work, Monte Carlo samples and wall-clock seconds."""

    exact: int
    samples: int
    seconds: float


API = Limits(API_EXACT, API_SAMPLES, API_SECONDS)
STREAM = Limits(STREAM_EXACT, STREAM_SAMPLES, STREAM_SECONDS)


def range_texts(params: QueryDict) -> list[str]:
    """The non-empty ``range=`` values in order.

    >>> range_texts(QueryDict("range=AsKs&range=&range=QQ%2B"))
    ['AsKs', 'QQ+']
    """
    return [text.strip() for text in params.getlist("range") if text.strip()]


def _int(params: QueryDict, name: str, high: int) -> int | None:
    text = params.get(name, "").replace(",", "").replace("_", "").strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= high:
        raise ValueError(f"{name} must be a whole number from 1 to {high:,}")
    return int(text)


def start_calculation(params: QueryDict, limits: Limits) -> tuple[RangeCalculation, list[str]]:
    """The run a query asks for, within ``limits``, and why it was capped (if it was)."""
    texts = range_texts(params)
    if not 2 <= len(texts) <= MAX_PLAYERS:
        raise ValueError(f"enter 2 to {MAX_PLAYERS} ranges, got {len(texts)}")
    suits = "es" if params.get("suits") == "es" else "en"
    samples = _int(params, "samples", limits.samples)
    seed = _int(params, "seed", 2**63 - 1)
    capped: list[str] = []
    calc = RangeCalculation(texts, params.get("board", ""), params.get("dead", ""),
                            samples=samples, seed=seed, exact_limit=limits.exact,
                            default_samples=min(DEFAULT_SAMPLES, limits.samples), suits=suits)
    if samples is None and not calc.exact:
        capped.append(f"Too big to count every deal on every board here (limit "
                      f"{limits.exact:,} steps): {calc.samples:,} random deals instead.")
    return calc, capped


def result_data(calc: RangeCalculation, result: RangeEquityResult, texts: list[str],
                capped: list[str]) -> dict[str, Any]:
    """A result as plain data: per player, then per class and per combo."""
    players = []
    for text, given, player in zip(texts, calc.spot.given, result, strict=True):
        classes: dict[str, list[float]] = {}
        for combo in player.combos:
            row = classes.setdefault(class_of(combo.cards), [0.0, 0.0, 0.0])
            row[0] += combo.deals
            row[1] += combo.wins + combo.tie_credit
            row[2] += combo.weight
        players.append({
            "input": text, "range": format_range(given),
            "combos": player.range.combo_count, "equity": player.equity, "win": player.win,
            "tie": player.tie, "std_error": player.std_error,
            "classes": [{"class": name, "combos": combos, "equity": equity}
                        for equity, name, combos in sorted(
                            ((row[1] / row[0], name, row[2])
                             for name, row in classes.items() if row[0]),
                            key=lambda ranked: -ranked[0])],
            "hands": [{"cards": c.text, "weight": c.weight, "equity": c.equity}
                      for c in player.combos],
        })
    spot = calc.spot
    return {
        "players": players, "exact": result.exact, "deals": result.deals,
        "boards": result.boards, "board": format_cards(spot.board),
        "samples": None if result.exact else result.deals, "seed": calc.seed,
        "capped": capped,
    }


def run_blocking(params: QueryDict, limits: Limits) -> dict[str, Any]:
    """Run a query to the end (or to its time limit) and return its data."""
    calc, capped = start_calculation(params, limits)
    started = time.monotonic()
    for _ in calc.steps():
        if time.monotonic() - started > limits.seconds:
            if calc.exact:
                raise ValueError(f"counting exactly took more than {limits.seconds:g} s: "
                                 "ask for Monte Carlo (samples)")
            capped.append(f"Stopped at the {limits.seconds:g} s limit.")
            break
    return result_data(calc, calc.result(), range_texts(params), capped)


@require_GET
def ranges_json(request: HttpRequest) -> JsonResponse:
    """``?range=AsKs&range=QQ%2B,AKs&board=...`` -> equity per player, class and combo."""
    try:
        return JsonResponse(run_blocking(request.GET, API))
    except ValueError as error:
        return JsonResponse({"error": str(error)}, status=400)


@require_GET
def parse_json(request: HttpRequest) -> JsonResponse:
    """``?range=TT%2B,AKs`` -> canonical text, combo count and each class's share."""
    try:
        r = parse_range(request.GET.get("range", ""),
                        suits="es" if request.GET.get("suits") == "es" else "en")
    except ValueError as error:
        return JsonResponse({"error": str(error)}, status=400)
    partial = {}
    shares = r.classes()
    for name, share in shares.items():
        if share != 1.0 or any(w != 1.0 for c, w in r.weights.items() if class_of(c) == name):
            partial[name] = format_range(Range({c: w for c, w in r.weights.items()
                                                if class_of(c) == name}))
    return JsonResponse({"text": format_range(r), "combos": r.combo_count,
                         "percent": 100 * r.combo_count / 1326, "classes": shares,
                         "partial": partial})


def _line(data: dict[str, Any]) -> bytes:
    return (json.dumps(data) + "\n").encode()


async def stream_lines(calc: RangeCalculation, texts: list[str], capped: list[str],
                       limits: Limits) -> AsyncIterator[bytes]:
    """Progress lines while the steps run in a worker thread, then the result line."""
    yield _line({"start": {"exact": calc.exact, "work": calc.work,
                           "samples": None if calc.exact else calc.samples,
                           "capped": capped}})
    steps = calc.steps()
    started = last = time.monotonic()
    try:
        while True:
            fraction = await asyncio.to_thread(next, steps, None)
            if fraction is None:
                break
            now = time.monotonic()
            if now - started > limits.seconds:
                if calc.exact:
                    yield _line({"error": f"Counting exactly took more than "
                                          f"{limits.seconds:g} s: try Monte Carlo."})
                    return
                capped.append(f"Stopped at the {limits.seconds:g} s limit.")
                break
            if now - last >= PROGRESS_EVERY:
                last = now
                yield _line({"progress": round(fraction, 4)})
        result = await asyncio.to_thread(calc.result)
    except ValueError as error:
        yield _line({"error": str(error)})
        return
    data = result_data(calc, result, texts, capped)
    data["seconds"] = round(time.monotonic() - started, 3)
    yield _line({"progress": 1.0})
    yield _line({"result": data})


async def ranges_stream(request: HttpRequest) -> HttpResponse | StreamingHttpResponse:
    """The same query as :func:`ranges_json`, answered as a stream with progress."""
    if request.method != "GET":
        return JsonResponse({"error": "use GET"}, status=405)
    try:
        calc, capped = await sync_to_async(start_calculation, thread_sensitive=False)(
            request.GET, STREAM)
    except ValueError as error:
        return JsonResponse({"error": str(error)}, status=400)
    response = StreamingHttpResponse(stream_lines(calc, range_texts(request.GET), capped,
                                                  STREAM),
                                     content_type="application/x-ndjson")
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"  # nginx: pass lines through as they come
    return response


def ranges_page(request: HttpRequest) -> HttpResponse:
    """The range calculator: a grid editor, the fields, and results (computed here too, so
    the form works without JavaScript)."""
    params = request.GET
    texts = range_texts(params)  # one empty field to spare, up to six; at least two
    fields = (texts + [""] * MAX_PLAYERS)[: max(2, min(MAX_PLAYERS, len(texts) + 1))]
    context: dict[str, Any] = {
        "fields": list(enumerate(fields, 1)), "board": params.get("board", ""),
        "dead": params.get("dead", ""), "samples": params.get("samples", ""),
        "suits": params.get("suits", ""), "grid": grid_classes(),
        "examples": [(name, "?" + _query(ranges, board)) for name, ranges, board in EXAMPLES],
        "limits": {"exact": f"{STREAM_EXACT:,}", "samples": f"{STREAM_SAMPLES:,}",
                   "seconds": f"{STREAM_SECONDS:g}"},
    }
    if range_texts(params):
        try:
            context["data"] = run_blocking(params, API)
        except ValueError as error:
            text = str(error)
            context["error"] = text[:1].upper() + text[1:]
        else:
            context["board_cards"] = parse_cards(context["data"]["board"])
            for player in context["data"]["players"]:
                for key in ("win", "tie", "equity"):
                    player[key + "_pct"] = f"{player[key]:.2%}"
            context["deals_text"] = f"{context['data']['deals']:,}"
    return render(request, "learning/ranges.html", context)


def _query(ranges: list[str], board: str) -> str:
    q = QueryDict(mutable=True)
    q.setlist("range", ranges)
    q["board"] = board
    return q.urlencode()

"""``/learn/solver/``: solve a river or turn spot (see :mod:`learning.solver_jobs`).

The page reads the spot from the query (so a link shares it) and shows the answer when it
is solved; otherwise it starts the solve in a worker thread and its script asks
``api/solver/status`` (same query) for the progress until the answer is ready, then draws
the answer's HTML the server rendered. ``format=json`` answers the same query as JSON
(waiting up to ``JSON_WAIT`` seconds for the solve); ``api/solver/cancel`` (POST, same
query) stops a running solve. Bad input gets a message naming the field.
"""

from __future__ import annotations

from typing import Any, Final

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from games.engine import HandState
from games.history import queries
from games.models import Hand
from learning import solver_jobs
from learning.solver_jobs import Job, Spot
from learning.solver_links import solve_links

JSON_WAIT: Final = 60.0
ACTION_COLOURS: Final = 6  # the stylesheet's colours, by action in the tree's order
EXAMPLE: Final = ("board=Qs+Jh+7d+4c+2s&range=random&range=KQ%2C+77%2C+44%2C+AJs%2C+0.5(T9s)"
                  "&pot=100&stack=200&bets=33%2C75&raises=100")


def _fail(text: str) -> str:
    return text[:1].upper() + text[1:]


def _reading(params: QueryDict) -> dict[str, str]:
    return {k: params.get(k, "") for k in ("line", "hero", "played")}


def answer_context(job: Job, params: QueryDict) -> dict[str, Any]:
    """The answer for the template (and the JSON)."""
    data = solver_jobs.answer_data(job, **_reading(params))
    data["exploitability_text"] = f"{data['exploitability']:.3f}%"
    data["range_ev_text"] = f"{data['range_ev']:.2f}"
    for number, action in enumerate(data["actions"]):
        action["colour"] = number % ACTION_COLOURS
        action["percent"] = f"{100 * action['frequency']:.1f}%"
        action["ev_text"] = f"{action['ev']:.2f}"
        action["ev_taken_text"] = "–" if action["ev_taken"] is None else \
            f"{action['ev_taken']:.2f}"
    for row in data["grid"]:
        for cell in row:
            if cell["strategy"] is not None:
                cell["bars"] = [{"colour": n % ACTION_COLOURS, "width": f"{100 * s:.1f}%"}
                                for n, s in enumerate(cell["strategy"])]
                cell["title"] = ", ".join(f"{a['label']} {100 * s:.0f}%" for a, s in
                                          zip(data["actions"], cell["strategy"], strict=True))
    hero = data["hero"]
    if hero:
        hero["rows"] = [{"label": a["label"], "percent": f"{100 * s:.1f}%",
                         "ev": "–" if e is None else f"{e:.2f}", "colour": a["colour"]}
                        for a, s, e in zip(data["actions"], hero["strategy"], hero["evs"],
                                           strict=True)]
        played = hero["played"]
        if played:
            played["frequency_text"] = f"{100 * played['frequency']:.1f}%"
            played["loss_text"] = "" if played["loss"] is None else f"{played['loss']:.2f}"
    return data


def _answer_html(job: Job, params: QueryDict) -> str:
    return render_to_string("learning/_solver_answer.html", {"answer": answer_context(
        job, params)})


def _share(spot: Spot, params: QueryDict) -> str:
    q = QueryDict(mutable=True)
    for key, value in spot.query().items():
        q.setlist(key, value) if isinstance(value, list) else q.__setitem__(key, value)
    for key, value in _reading(params).items():
        if value:
            q[key] = value
    return q.urlencode()


def solver_page(request: HttpRequest) -> HttpResponse:
    params = request.GET
    if params.get("format") == "json":
        return solver_json(request)
    ranges = (params.getlist("range") + ["", ""])[:2]
    context: dict[str, Any] = {
        "board": params.get("board", ""), "ranges": ranges, "pot": params.get("pot", ""),
        "stacks": params.getlist("stack"), "bets": params.get("bets", "33,75"),
        "raises": params.get("raises", "100"), "allin": params.get("allin", "1") != "0",
        "target": params.get("target", "0.5"), "example": EXAMPLE, **_reading(params),
    }
    if any(params.get(k) for k in ("board", "range", "pot")):
        try:
            spot = solver_jobs.read_spot(params)
            job = solver_jobs.start(spot)
            context["share"] = _share(spot, params)
            context["job"] = job.status()
            if job.state == "done":
                context["answer"] = answer_context(job, params)
        except ValueError as error:
            context["error"] = _fail(str(error))
            return render(request, "learning/solver.html", context, status=400)
    return render(request, "learning/solver.html", context)


def _status(job: Job, params: QueryDict) -> dict[str, Any]:
    data = job.status()
    if job.state == "done":
        data["html"] = _answer_html(job, params)
    return data


@require_GET
def solver_json(request: HttpRequest) -> JsonResponse:
    """The answer as JSON (the solve waited for up to ``JSON_WAIT`` s; if it is still
    running, its status)."""
    try:
        spot = solver_jobs.read_spot(request.GET)
        job = solver_jobs.start(spot)
        job.done.wait(JSON_WAIT)
        status = job.status()
        if job.state != "done":
            return JsonResponse(status, status=202 if job.state == "running" else 200)
        return JsonResponse({**status, "answer": solver_jobs.answer_data(
            job, **_reading(request.GET))})
    except ValueError as error:
        return JsonResponse({"error": _fail(str(error))}, status=400)


@require_GET
def status_json(request: HttpRequest) -> JsonResponse:
    """The solve's progress (started if it is not running), and the answer's HTML when
    done."""
    try:
        spot = solver_jobs.read_spot(request.GET)
        job = solver_jobs.start(spot)
        return JsonResponse(_status(job, request.GET))
    except ValueError as error:
        return JsonResponse({"error": _fail(str(error))}, status=400)


@require_POST
def cancel_json(request: HttpRequest) -> JsonResponse:
    try:
        spot = solver_jobs.read_spot(request.GET)
    except ValueError as error:
        return JsonResponse({"error": _fail(str(error))}, status=400)
    job = solver_jobs.find(spot)
    if job is None:
        return JsonResponse({"error": "No solve of this spot is running."}, status=404)
    job.cancel.set()
    job.done.wait(30)  # the iteration under way ends first
    return JsonResponse(job.status())


@login_required
@require_GET
def solve_decision(request: HttpRequest, hand_id: int, index: int) -> HttpResponse:
    """"Solve this spot" from the replayer: the viewer's decision ``index`` (its place in
    the hand's actions) of a finished hand, sent on to the solver page with the spot."""
    review = queries.review_for_player(hand_id, request.user)
    problem = ""
    if review.hand.status != Hand.Status.COMPLETE:
        problem = "This hand is not finished yet: spots are solved from finished hands."
    else:
        state = HandState.from_dict(review.hand.state)
        seat = review.seat
        assert seat is not None  # review_for_player found the viewer's seat
        if not 0 <= index < len(state.actions) or state.actions[index].seat != seat:
            problem = f"Action {index} of this hand is not one of your decisions."
        else:
            link = solve_links(state, seat, reverse("learning:solver")).get(index)
            if link:
                return redirect(link)
            problem = ("The solver takes heads-up turn and river decisions of hold'em with "
                       "no raise before them on the street; this one is not such a spot.")
    return render(request, "learning/solver.html", {
        "error": problem, "ranges": ["", ""], "bets": "33,75", "raises": "100",
        "allin": True, "target": "0.5", "example": EXAMPLE}, status=400)

"""The session review page: any set of hands (played here or imported) as one session.

The set is chosen with the same filters as "My hands": ``source=played`` with the played
hands' filters (table, dates, result), ``source=imported`` with the imported hands'
(site, stakes, dates, position, result, upload), or ``source=all`` for both together (dates
only; figures in big blinds when the hands count in different money). Every number links to
the hands behind it (``show=<stat>&pos=<position>`` lists them under the table).
"""

from __future__ import annotations

from datetime import datetime
from typing import NamedTuple

from django.contrib.auth.decorators import login_required
from django.db.models import Count, Q
from django.shortcuts import render

from games.history import queries
from games.history.forms import HandFilterForm, ImportedFilterForm
from games.history.imports import owned_hands as imported
from games.history.review import session_facts, session_tournaments
from games.history.review.chart import line_chart
from games.history.review.session import STAT_NAMES, STATS, Line, Sample, Session
from games.history.review.session import review as build_session

# The most hands listed under the table behind one number (the newest of them).
MAX_LISTED = 1000


def _played(request, data=None) -> list[Sample]:
    data = request.GET if data is None else data
    form = HandFilterForm(data, tables=list(queries.tables_played(request.user)))
    return session_facts.samples(session_facts.played_facts(request.user, **form.filters()))


def _imported(request, data=None) -> tuple[list[Sample], int]:
    filters = _imported_filters(request, data)
    rows = session_facts.imported_facts(request.user, **filters)
    return session_facts.samples(rows), _left_out(request, filters)


def _imported_filters(request, data=None) -> dict:
    data = request.GET if data is None else data
    return ImportedFilterForm(data, options=imported.choices(request.user)).filters()


def _left_out(request, filters: dict) -> int:
    """Imported hands the review leaves out (no hero, or no result), counted in one pass."""
    return imported.imported_hands(request.user, **filters).order_by().aggregate(
        left_out=Count("id", filter=Q(hero_seat__isnull=True) | Q(settled=False)))["left_out"]


class Listed(NamedTuple):
    """A hand the page lists under the table."""

    url: str
    label: str
    when: datetime | None


def amount(session: Session, value) -> str:
    """A figure of the session: "$12.50", "-3.25 bb", "1,200"."""
    sign = "-" if value < 0 else ("+" if value > 0 else "")
    text = f"{abs(value):,.{session.places}f}"
    if session.unit == "bb":
        return f"{sign}{text} bb"
    return f"{sign}{session.unit}{text}"


def _row(session: Session, name: str, position: str, line: Line) -> dict:
    cells = []
    for stat in STATS:
        percent = line.percent(stat)
        cells.append({
            "stat": stat,
            "text": "–" if percent is None else f"{percent:.0f}%",
            "did": len(line.did[stat]),
            "could": len(line.could[stat]),
        })
    return {"name": name, "position": position, "hands": len(line.hands),
            "net": amount(session, line.net), "adjusted": amount(session, line.adjusted),
            "cells": cells}


@login_required
def review(request):
    source = request.GET.get("source")
    left_out = 0
    if source == "imported":
        samples, left_out = _imported(request)
    elif source == "all":
        dates = {k: v for k, v in request.GET.items() if k in ("since", "until")}
        form = HandFilterForm(dates, tables=[])
        filters = form.filters()
        samples = session_facts.samples(session_facts.all_facts(
            request.user, since=filters.get("since"), until=filters.get("until")))
        left_out = _left_out(request, _imported_filters(request, dates))
    else:
        source = "played"
        samples = _played(request)
    tournaments = session_tournaments.results(
        request.user, {s.tournament for s in samples if s.tournament})
    session = build_session(samples, tournaments)
    query = request.GET.copy()
    for key in ("show", "pos"):
        query.pop(key, None)
    show, pos = request.GET.get("show"), request.GET.get("pos") or None
    keys = session.hands_for(show, pos) if show else []
    shown = keys[-MAX_LISTED:]  # the newest: a link per hand, not a hundred thousand
    found = session_facts.listed(shown)
    listed = [Listed(*found[key]) for key in shown if key in found]
    chart = line_chart({
        "net": [p[0] for p in session.points],
        "adjusted": [p[1] for p in session.points],
        "showdown": [p[2] for p in session.points],
        "non_showdown": [p[3] for p in session.points],
    })
    rows = [_row(session, "All positions", "", session.total)] + [
        _row(session, position, position, line)
        for position, line in session.by_position.items()
    ]
    return render(request, "history/review.html", {
        "session": session,
        "rows": rows,
        "net": amount(session, session.net),
        "tournament_net": f"{session.tournament_net:+,}" if session.tournament_net else "0",
        "adjusted": amount(session, session.adjusted),
        "all_ins": len(session.all_ins),
        "source": source,
        "left_out": left_out,
        "query": query.urlencode(),
        "chart": chart,
        "stats": [(s, STAT_NAMES[s]) for s in STATS],
        "show": show,
        "pos": pos,
        "listed": listed,
        "listed_count": len(keys),
        "show_name": STAT_NAMES.get(show or "", {"allin": "all-in hands"}.get(show or "", "hands")),
    })


"""A club's seasons: a manager starts one (name, first day, last day or number of nights,
currency); every member reads its
cash standings (clubs/standings.py). Past seasons stay listed on the club page."""

from __future__ import annotations

from datetime import date

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from clubs.models import Season
from clubs.money import CURRENCIES, money
from clubs.points import FORMULAS
from clubs.standings import cash_standings, season_nights, tournament_standings
from clubs.views import club_for_member


def _date(text: str, label: str, problems: list[str]) -> date | None:
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        problems.append(f"The {label} date {text.strip()!r} is not a date (for example "
                        "2026-01-31).")
        return None


MAX_NIGHTS = 365


def _end(form, problems: list[str]) -> tuple[date | None, int | None]:
    """How the season ends: its last day, or a number of nights (exactly one of the two)."""
    last, nights = form.get("ends_on", "").strip(), form.get("night_count", "").strip()
    if bool(last) == bool(nights):
        problems.append("Give the season either a last day or a number of nights, not "
                        + ("both." if last else "neither."))
        return None, None
    if last:
        return _date(last, "last", problems), None
    if not nights.isdigit() or not 1 <= int(nights) <= MAX_NIGHTS:
        problems.append(f"The number of nights {nights!r} must be a whole number from 1 to "
                        f"{MAX_NIGHTS}.")
        return None, None
    return None, int(nights)


@login_required
@require_POST
def create(request, club_id: int):
    club, mine = club_for_member(request, club_id)
    if not mine.manages:
        raise Http404("Only the club's owner and managers can do that.")
    problems: list[str] = []
    name = request.POST.get("name", "").strip()
    if not name or len(name) > 60:
        problems.append("Give the season a name of at most 60 characters.")
    starts = _date(request.POST.get("starts_on", ""), "first", problems)
    ends, count = _end(request.POST, problems)
    if starts and ends and ends < starts:
        problems.append("The season's last date comes before its first.")
    currency = request.POST.get("currency", "USD")
    if currency not in CURRENCIES:
        problems.append(f"Unknown currency {currency!r}: pick one of {', '.join(CURRENCIES)}")
    formula = request.POST.get("points", "field")
    if formula not in FORMULAS:
        problems.append(f"Unknown points formula {formula!r}: pick one of "
                        f"{', '.join(FORMULAS)}")
    if problems or starts is None or (ends is None and count is None):
        for problem in problems:
            messages.error(request, problem)
        return redirect("clubs:club", club_id=club.id)
    season = Season.objects.create(club=club, name=name, starts_on=starts, ends_on=ends,
                                   night_count=count, currency=currency, points=formula)
    length = f"to {ends}" if ends else f"for {count} night{'s' if count != 1 else ''}"
    messages.success(request, f"{season.name} runs from {starts} {length}.")
    return redirect("clubs:season", club_id=club.id, season_id=season.id)


def _points_text(value) -> str:
    """Points as people read them: whole, or to one decimal place (a shared tie)."""
    return str(int(value)) if value.denominator == 1 else f"{float(value):.1f}"


@login_required
def season(request, club_id: int, season_id: int):
    club, mine = club_for_member(request, club_id)
    season = get_object_or_404(Season, pk=season_id, club=club)
    rows = [
        (row, money(row.net_cents, season.currency, sign=True), f"{float(row.bb_per_100):+.1f}")
        for row in cash_standings(season)
    ]
    tournament_rows = [(row, _points_text(row.points)) for row in tournament_standings(season)]
    context = {"club": club, "mine": mine, "season": season, "rows": rows,
               "tournament_rows": tournament_rows,
               "nights": season_nights(season)}
    return render(request, "clubs/season.html", context)

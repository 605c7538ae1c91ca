"""A club's seasons: a manager starts one (name, dates, currency); every member reads its
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
    ends = _date(request.POST.get("ends_on", ""), "last", problems)
    if starts and ends and ends < starts:
        problems.append("The season's last date comes before its first.")
    currency = request.POST.get("currency", "USD")
    if currency not in CURRENCIES:
        problems.append(f"Unknown currency {currency!r}: pick one of {', '.join(CURRENCIES)}")
    formula = request.POST.get("points", "field")
    if formula not in FORMULAS:
        problems.append(f"Unknown points formula {formula!r}: pick one of "
                        f"{', '.join(FORMULAS)}")
    if problems or starts is None or ends is None:
        for problem in problems:
            messages.error(request, problem)
        return redirect("clubs:club", club_id=club.id)
    season = Season.objects.create(club=club, name=name, starts_on=starts, ends_on=ends,
                                   currency=currency, points=formula)
    messages.success(request, f"{season.name} runs from {starts} to {ends}.")
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

"""A club night's pages: make a night (what a chip is worth, the currency), add its tables
and tournaments, settle it, mark a transfer paid, download it as CSV or plain text."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from clubs import exports
from clubs.models import Club, Membership, Night, Transfer
from clubs.money import money, parse_money, value_problems
from clubs.settle import is_exact
from clubs.settling import (
    SettleError,
    correct,
    mark_paid,
    open_ious,
    reopen_night,
    settle_night,
)
from clubs.views import club_for_member, told
from games.models import Table, Tournament


def _night(request, club_id: int, night_id: int) -> tuple[Club, Membership, Night]:
    club, mine = club_for_member(request, club_id)
    night = get_object_or_404(Night, pk=night_id, club=club)
    return club, mine, night


def _to_night(back: dict[str, int]):
    return redirect("clubs:night", club_id=back["club_id"], night_id=back["night_id"])


def _refuse_unless_manager(mine: Membership) -> None:
    if not mine.manages:
        raise Http404("Only the club's owner and managers can do that.")


def _download(text: str, name: str, content_type: str) -> HttpResponse:
    response = HttpResponse(text, content_type=f"{content_type}; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def _manager_ids(club: Club) -> list[int]:
    return list(club.memberships.filter(
        role__in=(Membership.Role.OWNER, Membership.Role.MANAGER)).values_list("user_id",
                                                                               flat=True))


def _candidates(club: Club, night: Night):
    """Tables and tournaments a manager may add: hosted by the club's owner or managers,
    not practice, not already in one of the club's nights."""
    hosts = _manager_ids(club)
    tables = (Table.objects.filter(host_id__in=hosts, is_practice=False, is_tournament=False)
              .exclude(club_nights__club=club).order_by("-created_at"))
    tournaments = (Tournament.objects.filter(host_id__in=hosts)
                   .exclude(club_nights__club=club).order_by("-created_at"))
    return tables, tournaments


@login_required
@require_POST
def create(request, club_id: int):
    club, mine = club_for_member(request, club_id)
    _refuse_unless_manager(mine)
    name = request.POST.get("name", "").strip()
    currency = request.POST.get("currency", "USD")
    problems = [] if name else ["Give the night a name (for example Friday 12 June)."]
    if len(name) > 60:
        problems.append("A night's name is at most 60 characters.")
    chips_text = request.POST.get("chips", "").strip().replace(",", "")
    chips = cents = None
    try:
        chips = int(chips_text)
    except ValueError:
        problems.append(f"{chips_text!r} is not a whole number of chips (for example 2000).")
    try:
        cents = parse_money(request.POST.get("money", ""))
    except ValueError as error:
        problems.append(str(error))
    # What is still unchecked: the parsed numbers' ranges and the currency.
    problems += value_problems(1 if chips is None else chips, 0 if cents is None else cents,
                               currency)
    if problems:
        for problem in problems:
            messages.error(request, problem[0].upper() + problem[1:])
        return redirect("clubs:club", club_id=club.id)
    assert chips is not None and cents is not None
    night = Night.objects.create(club=club, name=name, chips=chips, cents=cents,
                                 currency=currency)
    messages.success(request, f"{night.name}: {night.value.describe()}. Add its tables.")
    return redirect("clubs:night", club_id=club.id, night_id=night.id)


@login_required
def night(request, club_id: int, night_id: int):
    club, mine, night = _night(request, club_id, night_id)
    currency = night.currency
    results = list(exports.results(night))
    for row in results:
        row.played = money(row.played_cents, currency, sign=True)
        row.carried = money(row.carried_cents, currency, sign=True)
        row.corrected = money(row.corrected_cents, currency, sign=True)
        row.total = money(row.cents, currency, sign=True)
    transfers = list(exports.transfers(night))
    for t in transfers:
        t.amount = money(t.cents, currency)
        t.status = exports.status(t)
        t.can_mark = t.is_open and request.user.id in (t.payer_id, t.payee_id)
    handles = exports.handles_of(t.payee_id for t in transfers)
    for t in transfers:
        t.ways = handles[t.payee_id]
    tables, tournaments = _candidates(club, night) if mine.manages else ([], [])
    ious = [] if night.settled_at else open_ious(night)
    context = {
        "club": club, "mine": mine, "night": night, "results": results,
        "transfers": transfers, "summary": exports.summary(night) if night.settled_at else "",
        "exact": is_exact({r.user_id: r.cents for r in results}),
        "night_tables": night.tables.all(), "night_tournaments": night.tournaments.all(),
        "table_choices": tables if not night.settled_at else [],
        "tournament_choices": tournaments if not night.settled_at else [],
        "ious": [(iou, money(iou.cents, currency)) for iou in ious],
        "corrections": [(c, money(c.cents, currency)) for c in
                        night.corrections.select_related("loser", "winner", "created_by")],
        "members": (club.memberships.select_related("user").order_by("user__username")
                    if mine.manages and not night.settled_at else []),
    }
    return render(request, "clubs/night.html", context)


def _picked(request, name: str) -> int | None:
    try:
        return int(request.POST.get(name, ""))
    except ValueError:
        return None


@login_required
@require_POST
def add(request, club_id: int, night_id: int):
    """Add one table or tournament (a manager's or the owner's) to a night not yet settled."""
    club, mine, night = _night(request, club_id, night_id)
    _refuse_unless_manager(mine)
    back = {"club_id": club.id, "night_id": night.id}
    if night.settled_at:
        return told(request, ValueError("This night is settled: start a new night for more "
                                        "games."), "clubs:night", **back)
    tables, tournaments = _candidates(club, night)
    table_id, tournament_id = _picked(request, "table"), _picked(request, "tournament")
    if table_id is not None:
        table = tables.filter(pk=table_id).first()
        if table is None:
            return told(request, ValueError("That table is not one of the club managers' "
                                            "tables, or it is already in a night."),
                        "clubs:night", **back)
        night.tables.add(table)
        messages.success(request, f"{table.name} is part of {night.name}.")
    elif tournament_id is not None:
        tournament = tournaments.filter(pk=tournament_id).first()
        if tournament is None:
            return told(request, ValueError("That tournament is not one of the club managers' "
                                            "tournaments, or it is already in a night."),
                        "clubs:night", **back)
        night.tournaments.add(tournament)
        messages.success(request, f"{tournament.name} is part of {night.name}.")
    else:
        return told(request, ValueError("Pick a table or a tournament to add."),
                    "clubs:night", **back)
    return _to_night(back)


@login_required
@require_POST
def settle(request, club_id: int, night_id: int):
    club, mine, night = _night(request, club_id, night_id)
    _refuse_unless_manager(mine)
    back = {"club_id": club.id, "night_id": night.id}
    try:
        settle_night(night.id)
    except SettleError as error:
        return told(request, error, "clubs:night", **back)
    messages.success(request, f"{night.name} is settled: here is who pays whom.")
    return _to_night(back)


@login_required
@require_POST
def paid(request, club_id: int, night_id: int, transfer_id: int):
    club, _, night = _night(request, club_id, night_id)
    transfer = get_object_or_404(Transfer, pk=transfer_id, night=night)
    back = {"club_id": club.id, "night_id": night.id}
    try:
        mark_paid(transfer.id, request.user)
    except SettleError as error:
        return told(request, error, "clubs:night", **back)
    messages.success(request, "Marked paid.")
    return _to_night(back)


@login_required
def results_csv(request, club_id: int, night_id: int):
    _, _, night = _night(request, club_id, night_id)
    return _download(exports.results_csv(night), f"night{night.id}-results.csv", "text/csv")


@login_required
def transfers_csv(request, club_id: int, night_id: int):
    _, _, night = _night(request, club_id, night_id)
    return _download(exports.transfers_csv(night), f"night{night.id}-settle-up.csv",
                     "text/csv")


@login_required
def summary_txt(request, club_id: int, night_id: int):
    _, _, night = _night(request, club_id, night_id)
    return HttpResponse(exports.summary(night), content_type="text/plain; charset=utf-8")



@login_required
@require_POST
def reopen(request, club_id: int, night_id: int):
    club, mine, night = _night(request, club_id, night_id)
    _refuse_unless_manager(mine)
    back = {"club_id": club.id, "night_id": night.id}
    try:
        reopen_night(night.id)
    except SettleError as error:
        return told(request, error, "clubs:night", **back)
    messages.success(request, f"{night.name} is open again: correct it and settle up.")
    return _to_night(back)


@login_required
@require_POST
def correction(request, club_id: int, night_id: int):
    """A manager's correction of the night's result, with a reason, before it is settled."""
    club, mine, night = _night(request, club_id, night_id)
    _refuse_unless_manager(mine)
    back = {"club_id": club.id, "night_id": night.id}
    loser, winner = _picked(request, "loser"), _picked(request, "winner")
    try:
        cents = parse_money(request.POST.get("amount", ""))
        if loser is None or winner is None:
            raise SettleError("Pick who gives and who gets the corrected amount.")
        made = correct(night, request.user, loser, winner, cents,
                       request.POST.get("reason", ""))
    except ValueError as error:
        return told(request, ValueError(str(error)[0].upper() + str(error)[1:]),
                    "clubs:night", **back)
    messages.success(request, f"Corrected: {money(made.cents, night.currency)} from "
                              f"{made.loser.username} to {made.winner.username}.")
    return _to_night(back)

"""Sit-and-go pages: the tournament lobby (registering, running, finished) with the form to
create one, and a tournament's own page (its players, Register, Unregister, Start, a deal
for the players left, and the results). Thin views: each POST calls one service and tells
its sentence back."""

from collections.abc import Callable
from fractions import Fraction
from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from games.access import INVITED_TOURNAMENTS, can_see_tournament
from games.engine.tournament.payouts import prizes
from games.models import Player, Seat, Tournament, TournamentEntry
from games.services import (
    ServiceError,
    tournament_addons,
    tournament_deals,
    tournament_rebuys,
    tournaments,
)
from games.services.tournament_table import level_index
from games.tournament_forms import CreateTournamentForm
from games.tournament_status import page_status

FINISHED_SHOWN = 20  # the lobby shows the latest finished tournaments, not all of them


def _listed(status: str):
    return (
        Tournament.objects.filter(status=status, is_private=False)
        .exclude(club__isnull=False, club_open=False)  # a club's members-only ones
        .annotate(entrants=Count("entries"))
        .select_related("host").order_by("-created_at")
    )


def _with_pools(rows) -> list[Tournament]:
    """The rows, each with its prize pool so far (``pool``): buy-ins, re-entries, rebuys and
    add-ons."""
    rows = list(rows)
    for row in rows:
        row.pool = row.prize_pool(row.entrants)
    return rows


def lobby(request, form=None, status=200):
    context = {
        "registering": _with_pools(_listed(Tournament.Status.REGISTERING)),
        "running": _with_pools(_listed(Tournament.Status.RUNNING)),
        "finished": _with_pools(_listed(Tournament.Status.FINISHED)[:FINISHED_SHOWN]),
        "form": (form or CreateTournamentForm()) if request.user.is_authenticated else None,
    }
    return render(request, "games/tournaments.html", context, status=status)


def _get_goes_to_the_page(view):
    """A POST-only address that a typed URL, a bookmark or a reload reaches by GET: it sends
    the visitor to the page whose form posts there (a tournament's own page; for "new", the
    lobby's "Create a tournament"), not a bare 405."""

    @wraps(view)
    def answer(request, *args, **kwargs):
        if request.method not in ("GET", "HEAD"):
            return view(request, *args, **kwargs)
        if "tournament_id" in kwargs:
            return redirect("tournament", tournament_id=kwargs["tournament_id"])
        return redirect(reverse("tournaments") + "#create")

    return require_http_methods(["GET", "HEAD", "POST"])(answer)


@login_required
@_get_goes_to_the_page
def create(request):
    form = CreateTournamentForm(request.POST)
    tournament = form.create(request.user) if form.is_valid() else None
    if tournament is None:
        return lobby(request, form, status=400)
    _remember_invite(request, tournament.id)
    return redirect("tournament", tournament_id=tournament.id)


def _visible(request, tournament_id: int) -> Tournament:
    """The tournament, or a 404 when it is a private one this visitor was not invited to
    (they look alike, as private tables do)."""
    tournament = get_object_or_404(
        Tournament.objects.select_related("host", "table"), pk=tournament_id)
    if not can_see_tournament(tournament, request.user, request.session):
        raise Http404("No such tournament.")
    return tournament


def invite(request, code: str):
    """A private tournament's invite link: remember it in this session, then open it."""
    tournament = get_object_or_404(Tournament, invite_code=code, is_private=True)
    _remember_invite(request, tournament.id)
    return redirect("tournament", tournament_id=tournament.id)


def _remember_invite(request, tournament_id: int) -> None:
    invited = request.session.get(INVITED_TOURNAMENTS, [])
    if tournament_id not in invited:
        request.session[INVITED_TOURNAMENTS] = [*invited, tournament_id]


def detail(request, tournament_id: int):
    """A tournament's page; once it is over, its results."""
    tournament = _visible(request, tournament_id)
    entries = list(tournament.entries.select_related("user", "tournament"))
    # Those still in first, then those out waiting for a place, then the places.
    entries.sort(key=lambda e: (e.place is not None, e.status == TournamentEntry.Status.BUSTED,
                                e.place or 0, e.registered_at))
    user = request.user
    mine = next((e for e in entries if user.is_authenticated and e.user_id == user.id), None)
    count = len(entries)
    try:
        paid = prizes(tournament.prize_pool(count), tournament.payout, count)
    except ValueError:
        paid = []  # fewer registered than the payout pays places: nothing to show yet
    stacks = dict(Seat.objects.filter(table_id=tournament.table_id).values_list(
        "user_id", "stack")) if tournament.table_id else {}
    for entry in entries:
        # The stack of each player still in, for the page's standings.
        chips = stacks.get(entry.user_id) if entry.status == "playing" else None
        entry.chips = chips  # type: ignore[attr-defined]
    players_left = Seat.objects.filter(table_id=tournament.table_id, stack__gt=0) if (
        tournament.table_id) else Seat.objects.none()
    level = _level_now(tournament)
    late_open = level is not None and tournament.late_registration_open(level)
    out = mine is not None and mine.status == TournamentEntry.Status.BUSTED
    is_host = user.is_authenticated and (user.is_staff or tournament.host_id == user.id)
    invite_url = request.build_absolute_uri(
        reverse("tournament_invite", kwargs={"code": tournament.invite_code})
    ) if tournament.is_private and tournament.status != Tournament.Status.FINISHED else None
    context = {
        "invite_url": invite_url,
        "tournament": tournament, "entries": entries, "mine": mine,
        "status": page_status(tournament, count, user, is_host),
        "prize_pool": tournament.prize_pool(count), "payouts": list(enumerate(paid, start=1)),
        "schedule": tournament.blind_schedule(),
        "is_host": is_host,
        "still_in": user.is_authenticated and players_left.filter(user=user).exists(),
        "deal": tournament.deal,
        "level_now": level,
        "blinds_now": _blinds_text(tournament, level),
        "deal_note": deal_note(tournament.deal),
        "options": tournament.options_text(),
        # Late registration, a re-entry, the add-on: offered while they may be taken (the
        # service says why not, if the page is stale).
        "may_register_late": late_open and mine is None,
        "may_reenter": late_open and out and mine is not None
        and mine.reentries + 1 < tournament.max_entries,
        "out_waiting": out,
        "may_addon": level == tournament.addon_level and mine is not None
        and mine.status == TournamentEntry.Status.PLAYING and not mine.addons,
        # Buy-ins leave and prizes reach the bankroll: the page shows where it stands.
        "bankroll": Player.objects.filter(user_id=user.id).values_list(
            "bankroll", flat=True).first() if user.is_authenticated else None,
        "answered": bool(tournament.deal and user.is_authenticated
                         and user.id in tournament.deal["agreed"]),
    }
    return render(request, "games/tournament.html", context)


def now(request, tournament_id: int):
    """Where the tournament stands for this viewer (``page_status``), as JSON: its page asks
    while it registers, to tell everyone of the start and take its players to their seats."""
    tournament = _visible(request, tournament_id)
    user = request.user
    is_host = user.is_authenticated and (user.is_staff or tournament.host_id == user.id)
    return JsonResponse(page_status(tournament, tournament.entries.count(), user, is_host))


def _blinds_text(tournament: Tournament, level: int | None) -> str:
    """The blinds of the level in force ("blinds 10/20, ante 5"), or "" when not running."""
    if level is None:
        return ""
    blinds = tournament.blind_schedule().levels[level - 1]
    ante = f", ante {blinds.ante:,}" if blinds.ante else ""
    return f"blinds {blinds.small_blind:,}/{blinds.big_blind:,}{ante}"


def deal_note(deal: dict | None) -> str:
    """How a deal's figures become whole chips, in words for its table.

    >>> deal_note({"method": "icm", "pending": False, "players": [
    ...     {"icm": "2090/3", "amount": 697}, {"icm": "1510/3", "amount": 503}]})
    'ICM values are in chips, to two decimals. The deal pays each rounded down, and the 1 \
chip left over goes to the largest remainder (the bigger stack first on a tie).'
    """
    if not deal or deal.get("pending"):
        return ""
    if deal["method"] != "icm":
        return "The prizes left are split equally; the odd chips go to the bigger stacks first."
    floors = sum(Fraction(p["icm"]).numerator // Fraction(p["icm"]).denominator
                 for p in deal["players"])
    odd = sum(p["amount"] for p in deal["players"]) - floors
    left = ("nothing is left over" if odd == 0 else
            "the 1 chip left over goes to the largest remainder" if odd == 1 else
            f"the {odd} chips left over go one each to the largest remainders")
    return (f"ICM values are in chips, to two decimals. The deal pays each rounded down, "
            f"and {left} (the bigger stack first on a tie).")


def _level_now(tournament: Tournament) -> int | None:
    """The level (from 1) of a running tournament's next deal, None when not running."""
    if tournament.status != Tournament.Status.RUNNING or tournament.table is None:
        return None
    return level_index(tournament, timezone.now(), tournament.table.hands_played) + 1


def _run(request, tournament_id: int, action: Callable[[], object], done: str,
         back_to: str | None = None):
    """Carry out ``action`` and tell its sentence on the tournament's page (or ``back_to``,
    the table a deal was proposed from)."""
    try:
        action()
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, done)
    return redirect(back_to or reverse("tournament", kwargs={"tournament_id": tournament_id}))


@login_required
@_get_goes_to_the_page
def register(request, tournament_id: int):
    _visible(request, tournament_id)  # a private one takes its invite link first
    answer = _run(request, tournament_id,
                  lambda: tournaments.register(tournament_id, request.user),
                  "You are registered: your buy-in is in the prize pool.")
    # The entry that filled it started it (or a late one seated you): straight to your seat,
    # not to a page that would only then send you there.
    seat = Seat.objects.filter(table__tournament__id=tournament_id, user=request.user,
                               table__tournament__status=Tournament.Status.RUNNING).first()
    if seat is not None:
        messages.info(request, f"The tournament is on: you are in seat {seat.number}.")
        return redirect("table", table_id=seat.table_id)
    return answer


@login_required
@_get_goes_to_the_page
def unregister(request, tournament_id: int):
    return _run(request, tournament_id,
                lambda: tournaments.unregister(tournament_id, request.user),
                "You are unregistered: your buy-in is back in your bankroll.")


@login_required
@_get_goes_to_the_page
def start(request, tournament_id: int):
    return _run(request, tournament_id, lambda: tournaments.start(tournament_id, request.user),
                "The tournament has started.")


@login_required
@_get_goes_to_the_page
def rebuy(request, tournament_id: int):
    return _run(request, tournament_id,
                lambda: tournament_rebuys.rebuy(tournament_id, request.user),
                "You rebought: your buy-in is in the prize pool and the chips at your seat.")


@login_required
@_get_goes_to_the_page
def addon(request, tournament_id: int):
    return _run(request, tournament_id,
                lambda: tournament_addons.take_addon(tournament_id, request.user),
                "You took the add-on: its price is in the prize pool and its chips at your "
                "seat.")


@login_required
@_get_goes_to_the_page
def propose_deal(request, tournament_id: int):
    method = request.POST.get("method", "")
    table_id = Tournament.objects.filter(pk=tournament_id).values_list(
        "table_id", flat=True).first()
    from_table = request.POST.get("from") == "table" and table_id is not None
    return _run(request, tournament_id,
                lambda: tournament_deals.propose_deal(tournament_id, request.user, method),
                "Deal proposed: everyone left must agree.",
                reverse("table", kwargs={"table_id": table_id}) if from_table else None)


@login_required
@_get_goes_to_the_page
def answer_deal(request, tournament_id: int):
    agree = request.POST.get("answer") == "yes"
    return _run(request, tournament_id,
                lambda: tournament_deals.answer_deal(tournament_id, request.user, agree),
                "You agreed to the deal." if agree else "You declined the deal.")

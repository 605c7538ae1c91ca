"""Club pages: my clubs, a club's page, the invitation link, members and their roles,
payment handles. Thin views: check who may, call one service, tell its sentence back.
A person outside a club gets 404 for everything of it but the invitation page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.db.models import Case, Value, When
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from clubs import member_history
from clubs import membership as members
from clubs.models import Club, JoinRequest, Membership, Night, PaymentHandle, Transfer
from clubs.money import CURRENCIES, money
from clubs.points import FORMULAS
from games.forms import CreateTableForm
from games.models import Table, Tournament
from games.services import ServiceError, hosting
from games.tournament_forms import CreateTournamentForm


def club_for_member(request, club_id: int) -> tuple[Club, Membership]:
    """The club and the visitor's membership; 404 for anyone outside it."""
    club = get_object_or_404(Club, pk=club_id)
    mine = members.membership(club, request.user)
    if mine is None:
        raise Http404("No such club.")
    return club, mine


def told(request, error: ValueError, to: str, **kwargs):
    messages.error(request, str(error))
    return redirect(to, **kwargs)


@login_required
def my_clubs(request):
    mine = (Membership.objects.filter(user=request.user).select_related("club")
            .order_by("club__name"))
    return render(request, "clubs/my_clubs.html", {"memberships": mine})


@login_required
@require_POST
def create(request):
    try:
        club = members.create_club(request.user, request.POST.get("name", ""))
    except members.MembershipError as error:
        return told(request, error, "clubs:mine")
    messages.success(request, f"{club.name} is yours: share its invitation link.")
    return redirect("clubs:club", club_id=club.id)


def _ious(club: Club) -> list[Transfer]:
    return list(
        Transfer.objects.filter(night__club=club, night__settled_at__isnull=False,
                                paid_at__isnull=True, carried_to__isnull=True)
        .select_related("payer", "payee", "night")
    )


# What the club page's forms ask for a club table and a sit-and-go; the rest keep the
# games' defaults.
TABLE_FIELDS = ("name", "small_blind", "big_blind", "max_seats", "min_buy_in", "max_buy_in",
                "action_seconds")
SNG_FIELDS = ("name", "max_players", "buy_in", "starting_stack", "schedule", "level_unit",
              "level_length", "payout", "action_seconds")


def _fields(form, names: tuple[str, ...]) -> list:
    return [form[name] for name in names]


@login_required
def club(request, club_id: int):
    club, mine = club_for_member(request, club_id)
    handles: dict[int, list[PaymentHandle]] = {}
    for handle in PaymentHandle.objects.filter(user__club_memberships__club=club):
        handles.setdefault(handle.user_id, []).append(handle)
    rank = Case(*(When(role=role, then=Value(i)) for i, role in enumerate(Membership.Role)))
    roster = [(row, handles.get(row.user_id, []))
              for row in club.memberships.select_related("user").order_by(rank,
                                                                          "user__username")]
    nights = list(club.nights.all())
    tables = (Night.tables.through.objects.filter(night__club=club)
              .select_related("table", "night").order_by("-table__created_at"))
    tournaments = (Night.tournaments.through.objects.filter(night__club=club)
                   .select_related("tournament", "night").order_by("-tournament__created_at"))
    ious = [(iou, money(iou.cents, iou.night.currency)) for iou in _ious(club)]
    club_tables = (club.tables.exclude(status=Table.Status.CLOSED).filter(is_tournament=False)
                   .order_by("-created_at"))
    context = {
        "club_tables": club_tables,
        "table_fields": _fields(CreateTableForm(auto_id="table_%s"), TABLE_FIELDS),
        "club_tournaments": club.tournaments.exclude(status=Tournament.Status.FINISHED)
        .order_by("-created_at"),
        "tournament_fields": _fields(CreateTournamentForm(auto_id="sng_%s"), SNG_FIELDS),
        "club": club, "mine": mine, "roster": roster, "nights": nights,
        "tables": tables, "tournaments": tournaments, "ious": ious,
        "seasons": club.seasons.all(),
        "requests": (JoinRequest.objects.filter(club=club).select_related("user")
                     if mine.manages else []),
        "invite_url": request.build_absolute_uri(reverse("clubs:join", args=[club.invite_code])),
        "currencies": CURRENCIES, "roles": Membership.Role, "formulas": FORMULAS,
    }
    return render(request, "clubs/club.html", context)


@login_required
@require_POST
def new_table(request, club_id: int):
    """A manager's new club table: open only to the club's members unless "open to all" is
    ticked; the club's managers get the host tools there (games/access.py)."""
    club, mine = club_for_member(request, club_id)
    if not mine.manages:
        raise Http404("Only the club's owner and managers can do that.")
    form = CreateTableForm(request.POST)
    if not form.is_valid():
        messages.error(request, f"The table was not made: {_form_problems(form)}")
        return redirect("clubs:club", club_id=club.id)
    try:
        table = hosting.create_table(
            request.user, club=club, club_open=request.POST.get("club_open") == "on",
            **form.cleaned_data,
        )
    except ServiceError as error:
        return told(request, ValueError(str(error)), "clubs:club", club_id=club.id)
    return redirect("table", table_id=table.id)


def _form_problems(form) -> str:
    """Each problem of a refused form, after the name of the field it is about."""
    return "; ".join(
        str(error) if name == "__all__" else f"{form[name].label}: {error}"
        for name, errors in form.errors.items() for error in errors
    )


@login_required
@require_POST
def new_tournament(request, club_id: int):
    """A manager's new club sit-and-go: open only to the club's members unless "open to all"
    is ticked (games/access.py)."""
    club, mine = club_for_member(request, club_id)
    if not mine.manages:
        raise Http404("Only the club's owner and managers can do that.")
    form = CreateTournamentForm(request.POST)
    tournament = form.create(request.user, club_id=club.id,
                             club_open=request.POST.get("club_open") == "on"
                             ) if form.is_valid() else None
    if tournament is None:
        messages.error(request, f"The sit-and-go was not made: {_form_problems(form)}")
        return redirect("clubs:club", club_id=club.id)
    return redirect("tournament", tournament_id=tournament.id)


@login_required
@require_POST
def table_access(request, club_id: int, table_id: int):
    """The host or a manager opens a club table to everyone, or keeps it to the members."""
    club, _ = club_for_member(request, club_id)
    table = get_object_or_404(Table, pk=table_id, club=club)
    open_to_all = request.POST.get("open") == "yes"
    try:
        hosting.open_club_table(table.id, request.user, open_to_all)
    except ServiceError as error:
        return told(request, ValueError(str(error)), "clubs:club", club_id=club.id)
    messages.success(request, f"{table.name} is open to everyone." if open_to_all
                     else f"{table.name} is open only to the club's members.")
    return redirect("clubs:club", club_id=club.id)


def join(request, code: str):
    """The invitation link: anyone with it sees the club's name and may ask to join."""
    club = get_object_or_404(Club, invite_code=code)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        try:
            members.ask_to_join(club, request.user)
        except members.MembershipError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, f"Asked to join {club.name}: a manager will answer.")
        return redirect("clubs:join", code=code)
    mine = members.membership(club, request.user)
    asked = (request.user.is_authenticated
             and JoinRequest.objects.filter(club=club, user=request.user).exists())
    return render(request, "clubs/join.html", {"club": club, "mine": mine, "asked": asked})


@login_required
@require_POST
def answer(request, club_id: int, request_id: int):
    club, _ = club_for_member(request, club_id)
    approve = request.POST.get("answer") == "approve"
    try:
        asked = members.answer_request(club, request.user, request_id, approve)
    except members.MembershipError as error:
        return told(request, error, "clubs:club", club_id=club.id)
    word = "joined" if approve else "was turned down"
    messages.success(request, f"{asked.user.username} {word}.")
    return redirect("clubs:club", club_id=club.id)


@login_required
@require_POST
def leave(request, club_id: int):
    club, _ = club_for_member(request, club_id)
    try:
        members.leave(club, request.user)
    except members.MembershipError as error:
        return told(request, error, "clubs:club", club_id=club.id)
    messages.success(request, f"You left {club.name}.")
    return redirect("clubs:mine")


def _user_id(request) -> int | None:
    try:
        return int(request.POST.get("user", ""))
    except ValueError:
        return None


@login_required
@require_POST
def remove(request, club_id: int):
    club, _ = club_for_member(request, club_id)
    try:
        gone = members.remove(club, request.user, _user_id(request) or 0)
    except members.MembershipError as error:
        return told(request, error, "clubs:club", club_id=club.id)
    messages.success(request, f"{gone.user.username} is no longer a member.")
    return redirect("clubs:club", club_id=club.id)


@login_required
@require_POST
def role(request, club_id: int):
    club, _ = club_for_member(request, club_id)
    try:
        changed = members.set_role(club, request.user, _user_id(request) or 0,
                                   request.POST.get("role", ""))
    except members.MembershipError as error:
        return told(request, error, "clubs:club", club_id=club.id)
    messages.success(request, f"{changed.user.username} is now a {changed.role}.")
    return redirect("clubs:club", club_id=club.id)


HANDLE_LENGTH = PaymentHandle._meta.get_field("handle").max_length


@login_required
def handles(request):
    """My payment handles: one free-text line per method; an empty line removes it."""
    methods = PaymentHandle.Method
    if request.method == "POST":
        problems = [f"The {label} handle is longer than {HANDLE_LENGTH} characters."
                    for value, label in methods.choices
                    if len(request.POST.get(value, "").strip()) > HANDLE_LENGTH]
        if problems:
            for problem in problems:
                messages.error(request, problem)
            return redirect("clubs:handles")
        for value, _ in methods.choices:
            text = request.POST.get(value, "").strip()
            if text:
                PaymentHandle.objects.update_or_create(
                    user=request.user, method=value, defaults={"handle": text})
            else:
                PaymentHandle.objects.filter(user=request.user, method=value).delete()
        messages.success(request, "Your payment handles are saved.")
        return redirect("clubs:handles")
    mine = dict(PaymentHandle.objects.filter(user=request.user).values_list("method", "handle"))
    rows = [(value, label, mine.get(value, "")) for value, label in methods.choices]
    return render(request, "clubs/handles.html", {"rows": rows})


@login_required
def member(request, club_id: int, user_id: int):
    """A member's history in the club: every settled night's result, a chart of them, the
    best and the worst night. Members only, about members only."""
    club, mine = club_for_member(request, club_id)
    theirs = get_object_or_404(Membership.objects.select_related("user"), club=club,
                               user_id=user_id)
    lines = member_history.night_lines(club, user_id)
    best, worst = member_history.best_and_worst(lines)
    context = {
        "club": club, "mine": mine, "theirs": theirs, "lines": lines, "best": best,
        "worst": worst, "bars": member_history.bars(lines),
        "chart_width": member_history.CHART_WIDTH,
        "chart_height": member_history.CHART_HEIGHT,
    }
    return render(request, "clubs/member.html", context)

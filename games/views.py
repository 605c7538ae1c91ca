"""Pages of the games app: the lobby, creating a table, the table page and invite links.

A private table is seen only by people who came through its invite link (remembered in
their session), its host and the players seated at it; everyone else gets a 404, as if
there were no such table.
"""

from typing import Any

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.db.models import Count
from django.http import Http404
from django.http.request import split_domain_port
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from games.access import INVITED_TABLES, can_see
from games.accounts import GuestForm
from games.forms import CreateTableForm
from games.history.queries import played_at
from games.host_settings import settings_schema
from games.models import Emote, Table
from games.models.chat import MAX_CHAT_LENGTH
from games.outbound import lobby_feed
from games.table_games import game_label
from pokersite.lan import is_loopback, lan_addresses

# Session key: ids of the private tables whose invite link this browser has opened.


def _live_tables():
    return Table.objects.exclude(status=Table.Status.CLOSED)


def _lobby(request, form=None, status=200):
    # The same rows the lobby socket sends, so the page and its live updates agree.
    context = {"tables": lobby_feed.open_rows()}
    if request.user.is_authenticated:
        context["form"] = form or CreateTableForm()
        context["private_tables"] = _live_tables().filter(
            is_private=True, host=request.user
        ).annotate(taken=Count("seats"))
    return render(request, "games/home.html", context, status=status)


def home(request):
    """The lobby: public tables that are not closed, and the form to create one."""
    return _lobby(request)


@login_required
@require_POST
def create_table(request):
    form = CreateTableForm(request.POST)
    if not form.is_valid():
        return _lobby(request, form, status=400)
    table = form.create(request.user)
    _remember_invite(request, table.id)
    return redirect("table", table_id=table.id)


def table(request, table_id: int):
    # A closed table stays viewable (read-only), as the socket allows, to see its last hand.
    table = get_object_or_404(Table, pk=table_id)
    if not can_see(table, request.user, request.session):
        raise Http404("No such table.")
    closed = table.status == Table.Status.CLOSED
    context: dict[str, Any] = {
        "table": table, "host_runs_it": hosts_its_game(table), "game_label": game_label(table.game),
        # A tournament's players propose a deal from the felt too (shown by table.js).
        "deal_url": reverse("tournament_deal", kwargs={"tournament_id": table.tournament.id})
        if table.is_tournament and hasattr(table, "tournament") and not closed else None,
    }
    if request.user.is_authenticated:
        # A closed table asks nobody in; those who played there get its ledger instead. At
        # an open table the link waits hidden, for a close while the page is open (table.js
        # shows it to a viewer who played before, or sat while the page was open).
        context["played_here"] = played_at(table, request.user)
        context["ledger_url"] = (
            reverse("history:ledger", kwargs={"table_id": table.id})
            if context["played_here"] or not closed else None
        )
        context["config"] = {
            "tableId": table.id,
            "tableName": table.name,
            "socketPath": f"/ws/tables/{table.id}/",
            "lobbyUrl": reverse("home"),
            # Only a host's own game asks friends in: a tournament's seats are given at its
            # start, and a practice table is its person's and the bots'.
            **(share_links(request, table) if not closed and hosts_its_game(table) else {}),
            "coachUrl": reverse("coach", kwargs={"table_id": table.id})
            if table.is_practice or table.coach_allowed else None,
            # The host's panel draws its settings form from these (games/host_settings.py):
            # in the page, not in every frame, as they never change while it is open.
            "hostSettings": settings_schema() if hosts_its_game(table) and not closed else [],
            # Your private notes on players, shown on their seats to you only (notes.js).
            "notesUrl": reverse("player_notes"),
            "chatEmotes": Emote.choices,
            "chatMaxLength": MAX_CHAT_LENGTH,
            # Web Push, where the operator set it up (games/outbound/turn_push.py).
            "push": {"publicKey": settings.VAPID_PUBLIC_KEY, "url": reverse("push_subscribe")}
            if settings.WEB_PUSH else None,
        }
    else:
        context["guest_form"] = GuestForm()
        context["next"] = request.path
    return render(request, "games/table.html", context)


def hosts_its_game(table: Table) -> bool:
    """Whether the table is a host's own game, run from the felt (invite link, host tools
    and panel): not a tournament's (the tournament runs it) nor a practice table."""
    return not (table.is_tournament or table.is_practice)


def share_links(request, table: Table) -> dict:
    """The link friends open to join: the invite link of a private table, else the table's
    own, on the address the host reached the site by. When that address only works on this
    machine (127.0.0.1, localhost), the same link on the machine's LAN address too."""
    path = (
        reverse("invite", kwargs={"code": table.invite_code}) if table.is_private
        else reverse("table", kwargs={"table_id": table.id})
    )
    host, port = split_domain_port(request.get_host())
    lan = lan_addresses() if is_loopback(host) else []
    on_port = f":{port}" if port else ""
    return {
        "inviteUrl": request.build_absolute_uri(path),
        "lanInviteUrl": f"{request.scheme}://{lan[0]}{on_port}{path}" if lan else None,
    }


def invite(request, code: str):
    """An invite link: remember the table in this session, then open it."""
    table = get_object_or_404(_live_tables(), invite_code=code)
    _remember_invite(request, table.id)
    return redirect("table", table_id=table.id)


def _remember_invite(request, table_id: int) -> None:
    invited = request.session.get(INVITED_TABLES, [])
    if table_id not in invited:
        request.session[INVITED_TABLES] = [*invited, table_id]

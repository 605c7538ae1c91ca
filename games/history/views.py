"""Pages of the hand history: my hands, the replayer, share links, exports, import, ledger.

Views are thin: check who may see what (queries.py), build the data, render. A hand is seen
by the players dealt in (each with their own cards) and, through a share link, by anyone
with only its public information; everyone else gets a 404, as if there were no such hand.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from games.engine import PHHError
from games.history import ledger, queries
from games.history.export import exports
from games.history.forms import HandFilterForm, ImportForm, UploadForm
from games.history.imports import views as import_views
from games.history.imports.review_a_hand import imported_replay
from games.history.presenters import hand_row, replay_data
from games.history.sharing import share_token, unshare
from games.models import Table

PER_PAGE = 25


def _download(text: str, name: str, content_type: str) -> HttpResponse:
    response = HttpResponse(text, content_type=f"{content_type}; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@login_required
def my_hands(request):
    if request.GET.get("view") == "imported":
        return import_views.imported_list(request)
    tables = list(queries.tables_played(request.user))
    form = HandFilterForm(request.GET or None, tables=tables)
    rows = queries.my_hands(request.user, **form.filters())
    if form.is_bound and not form.is_valid():
        rows = rows.none()
    page = Paginator(rows, PER_PAGE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    context = {
        "form": form,
        "page": page,
        "rows": [hand_row(player) for player in page.object_list],
        "query": query.urlencode(),
        "tables": tables,
        "imported_count": request.user.imported_hands.count(),
    }
    return render(request, "history/my_hands.html", context)


def stakes(review) -> str:
    """The blinds the hand was dealt at (the table's may have changed since).

    Read from the hand's own state, never from its table.
    """
    config = review.full_state.config
    ante = f" · ante {config.ante}" if config.ante else ""
    return f"blinds {config.small_blind}/{config.big_blind}{ante}"


def game_label(review) -> str:
    """The game the hand was dealt in, from its own state: "Pot-limit Omaha"."""
    return review.full_state.config.game.label


@login_required
def hand(request, hand_id: int):
    review = queries.review_for_player(hand_id, request.user)
    previous, following = queries.neighbours(review.hand, request.user)
    share_url = request.build_absolute_uri(
        reverse("history:shared", args=[share_token(review.hand.id)])
    )
    return render(
        request,
        "history/hand.html",
        {
            "hand": review.hand,
            "stakes": stakes(review),
            "game_label": game_label(review),
            "replay": replay_data(review),
            "previous": previous,
            "next": following,
            "share_url": share_url,
            "mode": "player",
        },
    )


def shared(request, token: str):
    hand_id = unshare(token)
    if hand_id is None:
        raise Http404("This share link is not valid.")
    review = queries.public_review(hand_id)
    response = render(
        request,
        "history/hand.html",
        {
            "hand": review.hand, "stakes": stakes(review), "replay": replay_data(review),
            "game_label": game_label(review), "mode": "shared",
        },
    )
    response["Referrer-Policy"] = "no-referrer"
    response["X-Robots-Tag"] = "noindex"
    return response


@login_required
def hand_phh(request, hand_id: int):
    review = queries.review_for_player(hand_id, request.user)
    return _download(exports.phh_text(review), exports.filename(review, "phh"), "application/toml")


@login_required
def hand_pokerstars(request, hand_id: int):
    review = queries.review_for_player(hand_id, request.user)
    text = exports.pokerstars_text(review)
    return _download(text, exports.filename(review, "txt"), "text/plain")


def _my_table_reviews(request, table_id: int) -> tuple[Table, list[queries.Review]]:
    table = get_object_or_404(Table, pk=table_id)
    reviews = queries.table_reviews(table, request.user)
    if not reviews:
        raise Http404("You played no finished hand at this table.")
    return table, reviews


@login_required
def table_phh(request, table_id: int):
    table, reviews = _my_table_reviews(request, table_id)
    name = f"table{table.id}-hands.phhs"
    return _download(exports.phh_file(reviews), name, "application/toml")


@login_required
def table_pokerstars(request, table_id: int):
    table, reviews = _my_table_reviews(request, table_id)
    name = f"table{table.id}-hands.txt"
    return _download(exports.pokerstars_file(reviews), name, "text/plain")


def _ledger_table(request, table_id: int) -> Table:
    table = get_object_or_404(Table, pk=table_id)
    if not queries.played_at(table, request.user):
        raise Http404("No such table.")
    return table


@login_required
def table_ledger(request, table_id: int):
    table = _ledger_table(request, table_id)
    return render(
        request,
        "history/ledger.html",
        {
            "table": table,
            "standings": ledger.standings(table),
            "entries": ledger.entries(table),
        },
    )


@login_required
def table_ledger_csv(request, table_id: int):
    table = _ledger_table(request, table_id)
    return _download(ledger.standings_csv(table), f"table{table.id}-ledger.csv", "text/csv")


@login_required
def table_ledger_entries_csv(request, table_id: int):
    table = _ledger_table(request, table_id)
    name = f"table{table.id}-ledger-entries.csv"
    return _download(ledger.entries_csv(table), name, "text/csv")


@login_required
def import_hand(request):
    """Import hand histories into "My hands" (``import_views.upload``), or paste or upload a
    PHH hand to review it here without storing it."""
    form = ImportForm(request.POST or None, request.FILES or None)
    context = {"form": form, "replay": None, "error": None, "upload_form": UploadForm()}
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                context["replay"] = imported_replay(form.cleaned_data["text"])
            except PHHError as error:
                context["error"] = str(error)
        if context["replay"] is None:
            status = 400
    return render(request, "history/import.html", context, status=status)

"""Pages of imported hands: the upload with its progress, its summary, the list with filters,
one hand in the replayer and its exports.

The upload page posts the file once (``upload``), then asks for the next few hands until the
import is done (``upload_step``), drawing a progress bar; without JavaScript the form posts
and the whole import runs before the summary page answers.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from games.engine import PHHError
from games.history.forms import ImportedFilterForm, ImportForm, UploadForm
from games.history.imports import continuity, uploads
from games.history.imports import owned_hands as imported
from games.history.imports.formats import source_label
from games.models import ImportBatch

PER_PAGE = 25


def _wants_json(request) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def _progress(batch: ImportBatch) -> dict:
    return {
        "id": batch.id,
        "total": batch.total,
        "done": batch.done,
        "imported": batch.imported,
        "duplicates": batch.duplicates,
        "refused": batch.refused if batch.finished else [],
        "refused_count": len(batch.refused),
        # Stacks that do not follow from one hand to the next (games/history/imports/continuity.py).
        "review": batch.review if batch.finished else [],
        "review_note": continuity.NOTE,
        "finished": batch.finished,
        "step_url": reverse("history:upload_step", args=[batch.id]),
        "summary_url": reverse("history:upload_summary", args=[batch.id]),
        "hands_url": reverse("history:my_hands") + f"?view=imported&batch={batch.id}",
        "review_url": reverse("history:review") + f"?source=imported&batch={batch.id}",
    }


def _batch(request, batch_id: int) -> ImportBatch:
    batch = ImportBatch.objects.filter(pk=batch_id, owner=request.user).first()
    if batch is None:
        raise Http404("No such import.")
    return batch


@login_required
@require_POST
def upload(request):
    form = UploadForm(request.POST, request.FILES)
    error = None
    if form.is_valid():
        data = form.cleaned_data
        try:
            batch = uploads.start(request.user, data["text"], filename=data.get("filename", ""),
                                  hero_name=data.get("hero_name", ""))
        except PHHError as problem:
            error = str(problem)
        else:
            if _wants_json(request):
                return JsonResponse(_progress(batch), status=201)
            uploads.run(batch)
            return redirect("history:upload_summary", batch.id)
    else:
        error = " ".join(e for errors in form.errors.values() for e in errors)
    if _wants_json(request):
        return JsonResponse({"error": error}, status=400)
    context = {"upload_form": form, "form": ImportForm(), "replay": None, "error": None,
               "upload_error": error}
    return render(request, "history/import.html", context, status=400)


@login_required
@require_POST
def upload_step(request, batch_id: int):
    size = getattr(settings, "HISTORY_IMPORT_STEP", uploads.STEP)
    batch = uploads.step(_batch(request, batch_id), size)
    return JsonResponse(_progress(batch))


@login_required
def upload_summary(request, batch_id: int):
    batch = _batch(request, batch_id)
    return render(request, "history/upload_summary.html",
                  {"batch": batch, "progress": _progress(batch), "review_note": continuity.NOTE})


def imported_list(request):
    """The imported hands tab of "My hands" (called by ``views.my_hands``)."""
    options = imported.choices(request.user)
    form = ImportedFilterForm(request.GET or None, options=options)
    rows = imported.imported_hands(request.user, **form.filters())
    if form.is_bound and not form.is_valid():
        rows = rows.none()
    page = Paginator(rows, PER_PAGE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    review = query.copy()
    review.pop("view", None)
    return render(
        request,
        "history/imported_list.html",
        {
            "form": form,
            "page": page,
            "rows": [imported.row(hand) for hand in page.object_list],
            "query": query.urlencode(),
            "review_query": review.urlencode(),
            "count": page.paginator.count,
        },
    )


@login_required
def imported_hand(request, hand_id: int):
    hand = imported.Imported(imported.get_for(request.user, hand_id))
    return render(request, "history/imported_hand.html",
                  {"hand": hand.hand, "replay": hand.replay_data(), "money": hand.money,
                   "game_label": hand.state.game.label,
                   "source_label": source_label(hand.hand.source)})


def _download(text: str, name: str, content_type: str) -> HttpResponse:
    response = HttpResponse(text, content_type=f"{content_type}; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def _settled(request, hand_id: int) -> imported.Imported:
    hand = imported.Imported(imported.get_for(request.user, hand_id))
    if not hand.hand.settled:
        raise Http404("This hand stops before its end and cannot be exported.")
    return hand


@login_required
def imported_phh(request, hand_id: int):
    hand = _settled(request, hand_id)
    return _download(hand.phh_text(), hand.filename("phh"), "application/toml")


@login_required
def imported_pokerstars(request, hand_id: int):
    hand = _settled(request, hand_id)
    return _download(hand.stars_text(), hand.filename("txt"), "text/plain")

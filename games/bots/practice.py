"""Pages for bots: "Practise now" (a private table with bots, dealt at once) and a host
seating bots at their own table. Thin views: check, call one service, redirect."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from games import services
from games.access import INVITED_TABLES
from games.bots.players import STRENGTH_CHOICES, seat_bots, start_practice
from games.models import Table
from games.services import hosting

PRACTICE_MOST_BOTS = 8  # a practice table: its person and up to eight bots


class BotsForm(forms.Form):
    """How many bots (at most ``most``), and how strong.

    >>> BotsForm({"bots": 9, "strength": "hard"}).is_valid()
    False
    >>> BotsForm({"bots": 9, "strength": "hard"}, most=9).is_valid()
    True
    """

    bots = forms.IntegerField(label="Bots", min_value=1, initial=3)
    strength = forms.ChoiceField(label="Strength", choices=STRENGTH_CHOICES, initial="mixed")

    def __init__(self, *args, most: int = PRACTICE_MOST_BOTS, **kwargs):
        super().__init__(*args, **kwargs)
        self.most = most
        self.fields["bots"].widget.attrs["max"] = most

    def clean_bots(self) -> int:
        bots = self.cleaned_data["bots"]
        if bots > self.most:
            raise forms.ValidationError(f"At most {self.most} bots can take a seat here.")
        return bots


def practice(request):
    """GET: the form (anyone; a visitor is asked for a nickname first). POST: the table."""
    form = BotsForm(request.POST or None)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"/guest/?next={request.path}")
        if form.is_valid():
            try:
                table = start_practice(request.user, **form.cleaned_data)
            except services.ServiceError as error:
                form.add_error(None, str(error))
            else:
                invited = request.session.get(INVITED_TABLES, [])
                request.session[INVITED_TABLES] = [*invited, table.id]
                return redirect("table", table_id=table.id)
    status = 400 if form.errors else 200
    return render(request, "games/practice.html", {"form": form}, status=status)


@login_required
@require_POST
def add_bots(request, table_id: int):
    """The host fills empty seats of their table with bots: as many as it has seats (the
    service seats them in the empty ones); a refused count is told, never dropped."""
    table = get_object_or_404(Table, pk=table_id, host=request.user)
    form = BotsForm(request.POST, most=table.max_seats)
    if not form.is_valid():
        for errors in form.errors.values():
            messages.error(request, " ".join(str(error) for error in errors))
        return redirect("table", table_id=table.id)
    data = form.cleaned_data
    try:
        seated = seat_bots(table.id, data["bots"], data["strength"])
    except services.ServiceError as error:
        messages.error(request, str(error))
    else:
        short = len(seated) < data["bots"]
        messages.success(request, f"{len(seated)} bot(s) took a seat"
                         + (": every seat is taken now." if short else "."))
    return redirect("table", table_id=table.id)


@login_required
@require_POST
def allow_coach(request, table_id: int):
    """The host lets players open the coach at this table (or stops it)."""
    table = get_object_or_404(Table, pk=table_id, host=request.user)
    if not table.is_practice:
        try:
            allowed = request.POST.get("allowed") == "1"
            hosting.update_settings(table.id, request.user, {"coach_allowed": allowed})
        except services.ServiceError as error:
            messages.error(request, str(error))
    return redirect("table", table_id=table.id)

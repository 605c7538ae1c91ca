"""Pages for bots: "Practise now" (a private table with bots, dealt at once) and a host
seating bots at their own table. Thin views: check, call one service, redirect."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from games import services
from games.access import INVITED_TABLES
from games.bots.players import STRENGTH_CHOICES
from games.models import Table
from games.services import hosting
from games.services.practice import seat_bots, start_practice


class BotsForm(forms.Form):
    """How many bots, and how strong.

    >>> BotsForm({"bots": 9, "strength": "hard"}).is_valid()
    False
    """

    bots = forms.IntegerField(label="Bots", min_value=1, max_value=8, initial=3)
    strength = forms.ChoiceField(label="Strength", choices=STRENGTH_CHOICES, initial="mixed")


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
    """The host fills empty seats of their table with bots."""
    table = get_object_or_404(Table, pk=table_id, host=request.user)
    form = BotsForm(request.POST)
    if form.is_valid():
        try:
            data = form.cleaned_data
            seated = seat_bots(table.id, data["bots"], data["strength"])
            messages.success(request, f"{len(seated)} bot(s) took a seat.")
        except services.ServiceError as error:
            messages.error(request, str(error))
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

"""A player's own settings (their bet buttons) and their private notes on other players.

Notes are served to their author only: ``GET /notes/`` answers the logged-in player's own
notes, keyed by the other player's name (what a seat shows), and nobody's view of a table
carries them, so no other viewer can ever be sent one.
"""

import json

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from games import bet_presets
from games.models import Player, PlayerNote
from games.models.notes import NOTE_MAX_LENGTH

MAX_BODY_BYTES = 4096
NOTE_LENGTH = NOTE_MAX_LENGTH
COLOURS = [value for value, _ in PlayerNote.Colour.choices]


class BetPresetsForm(forms.Form):
    bet_presets = forms.CharField(
        label="Your bet buttons", required=False, max_length=bet_presets.MAX_TEXT,
        help_text="Up to six, e.g. 33%, 50%, 75%, pot, 2.5x (a share of the pot after the "
                  "call, or a multiple of the bet to match). Leave empty for the usual ones.",
    )

    def clean_bet_presets(self) -> str:
        try:
            return bet_presets.normal_text(bet_presets.parse(self.cleaned_data["bet_presets"]))
        except bet_presets.PresetError as problem:
            raise forms.ValidationError(str(problem)) from problem


@login_required
@require_http_methods(["GET", "POST"])
def settings_page(request: HttpRequest) -> HttpResponse:
    player, _ = Player.objects.get_or_create(user=request.user)
    if request.method == "POST":
        form = BetPresetsForm(request.POST)
        if form.is_valid():
            player.bet_presets = form.cleaned_data["bet_presets"]
            player.save(update_fields=["bet_presets"])
            messages.success(request, "Your bet buttons are saved: the table uses them from "
                                      "your next turn.")
            return redirect("player_settings")
    else:
        form = BetPresetsForm(initial={"bet_presets": player.bet_presets})
    return render(request, "games/settings.html", {"form": form})


def _note_json(note: PlayerNote | None) -> dict[str, str]:
    return {"text": note.text, "colour": note.colour} if note else {"text": "", "colour": ""}


@login_required
@require_http_methods(["GET", "POST"])
def notes(request: HttpRequest) -> JsonResponse:
    """GET: the logged-in player's notes, ``{"notes": {name: {"text", "colour"}}}``.
    POST ``{"player": name, "text": ..., "colour": ...}``: keep (or, both empty, drop) the
    note on that player; answers the note as kept."""
    if request.method == "GET":
        mine = PlayerNote.objects.filter(author_id=request.user.pk).values_list(
            "target__username", "text", "colour")
        return JsonResponse({"notes": {name: {"text": text, "colour": colour}
                                       for name, text, colour in mine}})
    try:
        if len(request.body) > MAX_BODY_BYTES:
            raise ValueError("too long")
        body = json.loads(request.body)
        name, text, colour = body["player"], body.get("text", ""), body.get("colour", "")
        if not all(isinstance(v, str) for v in (name, text, colour)):
            raise ValueError("not text")
    except (ValueError, KeyError, TypeError):
        return JsonResponse({"error": "Send the player's name, the note's text and colour."},
                            status=400)
    text = text.strip()
    if len(text) > NOTE_LENGTH:
        return JsonResponse({"error": f"A note holds at most {NOTE_LENGTH} characters "
                                      f"(this one has {len(text)})."}, status=400)
    if colour not in COLOURS:
        return JsonResponse({"error": f'"{colour}" is not a colour tag: one of '
                                      f'{", ".join(c for c in COLOURS if c)}, or none.'},
                            status=400)
    target = get_user_model().objects.filter(username=name).first()
    if target is None:
        return JsonResponse({"error": f"There is no player called {name}."}, status=404)
    if target.pk == request.user.pk:
        return JsonResponse({"error": "Notes are on other players, not on yourself."},
                            status=400)
    if not text and not colour:
        PlayerNote.objects.filter(author_id=request.user.pk, target=target).delete()
        return JsonResponse({"player": name, **_note_json(None)})
    note, _ = PlayerNote.objects.update_or_create(
        author_id=request.user.pk, target=target, defaults={"text": text, "colour": colour})
    return JsonResponse({"player": name, **_note_json(note)})

"""The form a host fills to create a sit-and-go. It parses what a browser sends; the rules
(schedules, payouts, limits) are checked once, by the service, whose sentence the form
shows (games/services/tournaments.py)."""

from typing import Any

from django import forms

from games.engine.tournament.payouts import PayoutPreset
from games.engine.tournament.schedule import Preset
from games.services import ServiceError, tournaments
from games.table_limits import MAX_SEATS, MIN_SEATS

CUSTOM = "custom"


def parse_levels(text: str) -> list[dict[str, int]]:
    """Levels written one a line as small/big or small/big/ante.

    >>> parse_levels("10/20\\n 20/40/5 ")
    [{'small_blind': 10, 'big_blind': 20, 'ante': 0}, {'small_blind': 20, 'big_blind': 40, \
'ante': 5}]
    """
    levels = []
    for number, line in enumerate((t for t in text.splitlines() if t.strip()), start=1):
        parts = [p.strip().replace(",", "") for p in line.split("/")]
        if len(parts) not in (2, 3) or not all(p.isdigit() for p in parts):
            raise forms.ValidationError(
                f"Level {number} ({line.strip()!r}): write small/big or small/big/ante, "
                "in whole chips."
            )
        small, big, *ante = (int(p) for p in parts)
        levels.append({"small_blind": small, "big_blind": big, "ante": ante[0] if ante else 0})
    if not levels:
        raise forms.ValidationError("Write at least one level, or choose a preset.")
    return levels


class CreateTournamentForm(forms.Form):
    name = forms.CharField(label="Tournament name", max_length=60)
    max_players = forms.IntegerField(
        label="Players (it starts when full)", min_value=MIN_SEATS, max_value=MAX_SEATS,
        initial=6,
    )
    buy_in = forms.IntegerField(label="Buy-in (from your bankroll)", min_value=1, initial=500)
    starting_stack = forms.IntegerField(label="Starting stack", min_value=1, initial=1_500)
    schedule = forms.ChoiceField(
        label="Blind schedule",
        choices=[(p.value, p.value.capitalize()) for p in Preset] + [(CUSTOM, "My own levels")],
        initial=Preset.REGULAR.value,
    )
    level_unit = forms.ChoiceField(
        label="Levels last", choices=[("minutes", "minutes"), ("hands", "hands")],
        initial="minutes",
    )
    level_length = forms.IntegerField(
        label="Level length (blank: the preset's)", min_value=1, required=False
    )
    levels = forms.CharField(
        label="My own levels (one a line: small/big or small/big/ante)", required=False,
        widget=forms.Textarea(attrs={"rows": 4, "placeholder": "10/20\n15/30\n25/50/5"}),
    )
    payout = forms.ChoiceField(
        choices=[(p.value, p.value) for p in PayoutPreset],
        initial=PayoutPreset.THREE_PLACES.value,
    )
    action_seconds = forms.IntegerField(label="Seconds to act", initial=30)
    rebuy_levels = forms.IntegerField(
        label="Rebuys during the first levels (0: none)", min_value=0, initial=0, required=False
    )
    late_levels = forms.IntegerField(
        label="Late registration until the end of level (0: none)", min_value=0, initial=0,
        required=False,
    )
    max_entries = forms.IntegerField(
        label="Entries a player (above 1: re-entry during late registration)", min_value=1,
        max_value=tournaments.MAX_ENTRIES, initial=1, required=False,
    )
    addon_level = forms.IntegerField(
        label="Add-on in level (0: none)", min_value=0, initial=0, required=False
    )
    addon_price = forms.IntegerField(
        label="Add-on price (from your bankroll)", min_value=0, initial=0, required=False
    )
    addon_chips = forms.IntegerField(label="Add-on chips", min_value=0, initial=0,
                                     required=False)

    is_private = forms.BooleanField(
        label="Private (only people with the invite link can find it)", required=False
    )

    def service_values(self) -> dict[str, Any]:
        """The keyword arguments of ``create_tournament`` (call on a valid form)."""
        data = self.cleaned_data
        custom = data["schedule"] == CUSTOM
        length = data["level_length"]
        if custom and length is None:
            raise forms.ValidationError("Give the length of your levels.")
        by = {data["level_unit"]: length} if length is not None else {}
        return {
            "name": data["name"], "max_players": data["max_players"], "buy_in": data["buy_in"],
            "starting_stack": data["starting_stack"], "payout": data["payout"],
            "action_seconds": data["action_seconds"],
            "rebuy_levels": data["rebuy_levels"] or 0,
            "late_levels": data["late_levels"] or 0,
            "max_entries": data["max_entries"] or 1,
            "addon_level": data["addon_level"] or 0,
            "addon_price": data["addon_price"] or 0,
            "addon_chips": data["addon_chips"] or 0,
            "is_private": data["is_private"],
            "preset": "" if custom else data["schedule"],
            "levels": parse_levels(data["levels"]) if custom else None,
            **by,
        }

    def create(self, host, **club: Any) -> Any:
        """The tournament, or None with the reason added to the form's errors. ``club``:
        ``club_id`` and ``club_open`` of a club's tournament (clubs/views.py)."""
        try:
            return tournaments.create_tournament(host, **self.service_values(), **club)
        except (forms.ValidationError, ServiceError) as error:
            self.add_error(None, error.messages if isinstance(error, forms.ValidationError)
                           else str(error))
            return None

"""The form field for dealer's choice's games in order (the create-table form and the admin's
table form): one numbered choice per game of the registry, so the host picks the games and
their order with plain selects; an empty slot is skipped.

A form checks the games picked with ``check_rotation`` (a table that does not deal dealer's
choice and had none picked gets every game, as a new table does).

>>> field = RotationField()
>>> field.clean(["PO", "", "NT"] + [""] * (len(field.fields) - 3))
['PO', 'NT']
>>> field.widget.decompress(["FT"])[:2]
['FT', '']
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError

from games.dealers_choice import every_game, rotation_problem
from games.engine.games import GAMES
from games.table_games import DEALERS_CHOICE


def _choices() -> list[tuple[str, str]]:
    return [("", "none"), *((code, game.label) for code, game in GAMES.items())]


class RotationWidget(forms.MultiWidget):
    """A select per game the registry deals, each labelled with its place in the order."""

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        widgets = [
            forms.Select(choices=_choices(), attrs={"aria-label": f"Dealer's choice, game {n}"})
            for n in range(1, len(GAMES) + 1)
        ]
        super().__init__(widgets, attrs)

    def decompress(self, value: Any) -> list[str]:
        codes = [str(code) for code in value or ()]
        return codes + [""] * (len(self.widgets) - len(codes))


class RotationField(forms.MultiValueField):
    """The games picked, in slot order (checked by the form: ``check_rotation``)."""

    widget = RotationWidget

    def __init__(self, **kwargs: Any) -> None:
        fields = [forms.ChoiceField(choices=_choices(), required=False) for _ in GAMES]
        kwargs.setdefault("required", False)  # slots may be empty: the form checks the whole
        super().__init__(fields, require_all_fields=False, **kwargs)

    def compress(self, data_list: list[str]) -> list[str]:
        return [code for code in data_list if code]


def check_rotation(form: forms.BaseForm, data: dict[str, Any]) -> None:
    """Refuse the games picked next to the field, with the rotation's own sentence; none
    picked at a table that does not deal dealer's choice: every game, as a new table has.

    >>> class Form(forms.Form):
    ...     game = forms.CharField()
    ...     dealers_choice_games = RotationField()
    >>> form = Form({"game": "DC", "dealers_choice_games_0": "PO"})
    >>> form.is_valid(), check_rotation(form, form.cleaned_data), form.errors
    (True, None, {'dealers_choice_games': ["Dealer's choice needs at least two games; ..."]})
    >>> form = Form({"game": "PO"})
    >>> form.is_valid(), check_rotation(form, form.cleaned_data), form.cleaned_data
    (True, None, {'game': 'PO', 'dealers_choice_games': ['NT', 'PO', ...]})
    """
    if "dealers_choice_games" not in data:
        return  # its slots were refused one by one already
    if not data["dealers_choice_games"] and data.get("game") != DEALERS_CHOICE:
        data["dealers_choice_games"] = every_game()
        return
    problem = rotation_problem(data["dealers_choice_games"])
    if problem:
        form.add_error("dealers_choice_games", ValidationError(problem))

"""Forms of the hand history: filters for "my hands" and the PHH import."""

from __future__ import annotations

from django import forms

from games.engine import PHHError
from games.history.imports import MAX_CHARS, decode_upload

RESULT_CHOICES = [
    ("", "Any result"),
    ("won", "Won"),
    ("lost", "Lost"),
    ("folded", "Folded"),
]


class HandFilterForm(forms.Form):
    table = forms.TypedChoiceField(required=False, coerce=int, empty_value=None)
    since = forms.DateField(
        required=False, label="From", widget=forms.DateInput(attrs={"type": "date"})
    )
    until = forms.DateField(
        required=False, label="To", widget=forms.DateInput(attrs={"type": "date"})
    )
    result = forms.ChoiceField(required=False, choices=RESULT_CHOICES)

    def __init__(self, *args, tables=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["table"].choices = [("", "All tables")] + [
            (t.id, t.name) for t in tables
        ]

    def clean(self):
        data = super().clean()
        since, until = data.get("since"), data.get("until")
        if since and until and since > until:
            raise forms.ValidationError("The start date is after the end date.")
        return data

    def filters(self) -> dict:
        """Keyword arguments for ``queries.my_hands`` (nothing when the form is invalid)."""
        if not self.is_valid():
            return {}
        data = self.cleaned_data
        return {
            "table_id": data.get("table"),
            "since": data.get("since"),
            "until": data.get("until"),
            "result": data.get("result") or None,
        }


class ImportForm(forms.Form):
    text = forms.CharField(
        required=False,
        label="Paste a PHH hand",
        max_length=MAX_CHARS,
        widget=forms.Textarea(attrs={"rows": 12, "spellcheck": "false"}),
    )
    file = forms.FileField(required=False, label="or upload a .phh file")

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload:
            if upload.size > MAX_CHARS * 4:
                raise forms.ValidationError("The file is too big for one hand history.")
            try:
                data["text"] = decode_upload(upload.read())
            except PHHError as error:
                raise forms.ValidationError(str(error)) from None
        if not (data.get("text") or "").strip():
            raise forms.ValidationError("Paste a hand history or choose a file.")
        return data

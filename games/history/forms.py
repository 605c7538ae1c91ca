"""Forms of the hand history: filters for "my hands" and the PHH import."""

from __future__ import annotations

from django import forms

from games.engine import PHHError
from games.engine.positions import ORDER
from games.history.imports.formats import FORMATS
from games.history.imports.review_a_hand import MAX_CHARS, decode_upload

UPLOAD_BYTES = 20_000_000

RESULT_CHOICES = [
    ("", "Any result"),
    ("won", "Won"),
    ("lost", "Lost"),
    ("folded", "Folded"),
]


class DateRangeForm(forms.Form):
    """A "from" and a "to" date, either optional, in order when both are given."""

    since = forms.DateField(
        required=False, label="From", widget=forms.DateInput(attrs={"type": "date"})
    )
    until = forms.DateField(
        required=False, label="To", widget=forms.DateInput(attrs={"type": "date"})
    )

    def clean(self):
        data = super().clean()
        since, until = data.get("since"), data.get("until")
        if since and until and since > until:
            raise forms.ValidationError("The start date is after the end date.")
        return data


class HandFilterForm(DateRangeForm):
    field_order = ["table", "since", "until", "result"]
    table = forms.TypedChoiceField(required=False, coerce=int, empty_value=None)
    result = forms.ChoiceField(required=False, choices=RESULT_CHOICES)

    def __init__(self, *args, tables=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["table"].choices = [("", "All tables")] + [
            (t.id, t.name) for t in tables
        ]

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


POSITION_ORDER = ORDER  # the engine's one vocabulary, in position order


class ImportedFilterForm(DateRangeForm):
    """Filters of the imported hands: site, stakes, dates, your position and result."""

    field_order = ["site", "stakes", "since", "until", "position", "result", "batch"]

    site = forms.ChoiceField(required=False)
    stakes = forms.ChoiceField(required=False)
    position = forms.ChoiceField(required=False)
    result = forms.ChoiceField(required=False, choices=RESULT_CHOICES)
    batch = forms.IntegerField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, options=None, **kwargs):
        super().__init__(*args, **kwargs)
        options = options or {}
        self.fields["site"].choices = [("", "All sites")] + [
            (s, s) for s in options.get("site", [])
        ]
        self.fields["stakes"].choices = [("", "All stakes")] + [
            (s, s) for s in options.get("stakes", [])
        ]
        known = options.get("position", [])
        ordered = [p for p in POSITION_ORDER if p in known]
        self.fields["position"].choices = [("", "Any position")] + [(p, p) for p in ordered]

    def filters(self) -> dict:
        """Keyword arguments for ``imported.imported_hands`` (nothing when invalid)."""
        if not self.is_valid():
            return {}
        data = self.cleaned_data
        return {
            "site": data.get("site") or None,
            "stakes": data.get("stakes") or None,
            "since": data.get("since"),
            "until": data.get("until"),
            "position": data.get("position") or None,
            "result": data.get("result") or None,
            "batch": data.get("batch"),
        }


# The sites whose text can be imported, as the page names them: one registration in
# ``formats`` adds a site here too.
SITES = ", ".join(site_format.site for site_format in FORMATS)


class UploadForm(forms.Form):
    """Hand histories to import into "My hands": pasted or a file, PHH or a site's text."""

    sites = SITES

    text = forms.CharField(
        required=False,
        label="Paste hand histories",
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
    )
    file = forms.FileField(
        required=False, label="or upload a file (.phh, .phhs, or a site's .txt)"
    )
    hero_name = forms.CharField(
        required=False,
        max_length=100,
        label="Your name in these hands (optional)",
        help_text="The sites' text names you already (\"Dealt to\").",
    )

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("auto_id", "upload_%s")  # the import page has another form too
        super().__init__(*args, **kwargs)

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload:
            if upload.size > UPLOAD_BYTES:
                raise forms.ValidationError(
                    f"The file is too big: at most {UPLOAD_BYTES // 1_000_000} MB at a time."
                )
            try:
                data["text"] = decode_upload(upload.read())
            except PHHError as error:
                raise forms.ValidationError(str(error)) from None
            data["filename"] = upload.name
        if not (data.get("text") or "").strip():
            raise forms.ValidationError("Paste hand histories or choose a file.")
        return data

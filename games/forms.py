"""Forms of the games pages: creating a table."""

from django import forms

from games.models import Table

MIN_ACTION_SECONDS = 5
MAX_ACTION_SECONDS = 300


class CreateTableForm(forms.Form):
    """A new table; every range is checked here so the person gets a sentence, not a 500.

    >>> form = CreateTableForm({"name": "Friday", "small_blind": 2, "big_blind": 1,
    ...     "max_seats": 6, "min_buy_in": 40, "max_buy_in": 200, "action_seconds": 30})
    >>> form.is_valid(), form.errors["big_blind"]
    (False, ['The big blind must be at least the small blind (2).'])
    """

    name = forms.CharField(label="Table name", max_length=60)
    small_blind = forms.IntegerField(min_value=1, initial=1)
    big_blind = forms.IntegerField(min_value=1, initial=2)
    max_seats = forms.IntegerField(
        label="Seats", min_value=2, max_value=10, initial=6,
        error_messages={
            "min_value": "A table has 2 to 10 seats.",
            "max_value": "A table has 2 to 10 seats.",
        },
    )
    min_buy_in = forms.IntegerField(label="Minimum buy-in", min_value=1, initial=40)
    max_buy_in = forms.IntegerField(label="Maximum buy-in", min_value=1, initial=200)
    action_seconds = forms.IntegerField(
        label="Seconds to act", min_value=MIN_ACTION_SECONDS, max_value=MAX_ACTION_SECONDS,
        initial=30,
    )
    is_private = forms.BooleanField(
        label="Private (only people with the invite link can find it)", required=False
    )

    def clean(self):
        data = super().clean()
        small, big = data.get("small_blind"), data.get("big_blind")
        low, high = data.get("min_buy_in"), data.get("max_buy_in")
        if small is not None and big is not None and big < small:
            self.add_error(
                "big_blind", f"The big blind must be at least the small blind ({small})."
            )
        if low is not None and high is not None and low > high:
            self.add_error(
                "max_buy_in",
                f"The maximum buy-in must be at least the minimum buy-in ({low}).",
            )
        if big is not None and low is not None and low < big:
            self.add_error(
                "min_buy_in", f"The minimum buy-in must cover at least one big blind ({big})."
            )
        return data

    def create(self, host) -> Table:
        """Save the table with ``host`` as its host."""
        return Table.objects.create(host=host, **self.cleaned_data)

"""Forms of the games pages: creating a table."""

from django import forms

from games.dealers_choice import every_game
from games.engine.games import GAMES
from games.models import Table
from games.rotation_field import RotationField, check_rotation
from games.services import hosting
from games.table_games import game_choices
from games.table_limits import (
    MAX_ACTION_SECONDS,
    MAX_SEATS,
    MIN_ACTION_SECONDS,
    MIN_SEATS,
    SEATS_RULE,
    limit_problems,
)


class CreateTableForm(forms.Form):
    """A new table; every range is checked here so the person gets a sentence, not a 500.

    >>> form = CreateTableForm({"name": "Friday", "small_blind": 2, "big_blind": 1,
    ...     "max_seats": 6, "min_buy_in": 40, "max_buy_in": 200, "action_seconds": 30})
    >>> form.is_valid(), form.errors["big_blind"]
    (False, ['The big blind must be at least the small blind (2).'])
    >>> form = CreateTableForm({"name": "Friday", "small_blind": 1, "big_blind": 2,
    ...     "max_seats": 6, "min_buy_in": 40, "max_buy_in": 200, "action_seconds": 30,
    ...     "game": "DC", "dealers_choice_games_0": "PO", "dealers_choice_games_1": "PO"})
    >>> form.is_valid(), form.errors["dealers_choice_games"]
    (False, ["Dealer's choice deals each game once an orbit: Pot-limit Omaha is chosen twice."])
    """

    name = forms.CharField(label="Table name", max_length=60)
    small_blind = forms.IntegerField(min_value=1, initial=1)
    big_blind = forms.IntegerField(min_value=1, initial=2)
    max_seats = forms.IntegerField(
        label="Seats", min_value=MIN_SEATS, max_value=MAX_SEATS, initial=6,
        error_messages={"min_value": SEATS_RULE, "max_value": SEATS_RULE},
    )
    min_buy_in = forms.IntegerField(label="Minimum buy-in", min_value=1, initial=40)
    max_buy_in = forms.IntegerField(label="Maximum buy-in", min_value=1, initial=200)
    action_seconds = forms.IntegerField(
        label="Seconds to act", min_value=MIN_ACTION_SECONDS, max_value=MAX_ACTION_SECONDS,
        initial=30,
    )
    # Every game the engine deals, or dealer's choice of the games picked below, in order.
    game = forms.ChoiceField(label="Game", choices=game_choices, initial=next(iter(GAMES)),
                             required=False)
    dealers_choice_games = RotationField(
        label="Dealer's choice: the games in order, an orbit each", initial=every_game,
        help_text="Used when the game is dealer's choice; a game left at \"none\" is not dealt.",
    )
    wait_for_start = forms.BooleanField(
        label="Deal only when I press Start (to wait for everyone)", required=False
    )
    is_private = forms.BooleanField(
        label="Private (only people with the invite link can find it)", required=False
    )

    def clean(self):
        data = super().clean()
        for field, problem in limit_problems(data).items():
            if field not in self.errors:
                self.add_error(field, problem)
        data["game"] = data.get("game") or next(iter(GAMES))  # a form sent without it
        check_rotation(self, data)
        return data

    def create(self, host) -> Table:
        """Save the table with ``host`` as its host (the lobby hears of it if it is public)."""
        return hosting.create_table(host, **self.cleaned_data)

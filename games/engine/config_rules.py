"""The engine's rules for a table's stakes and size, and the sentences that state them.

``TableConfig`` (types.py) raises the first problem found here; the site adds its own limits
on top (games/table_limits.py), so a person reads the same sentence wherever they type a bad
value: a form, the host's settings, the admin.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine.games import GAMES

MIN_SEATS, MAX_SEATS = 2, 10
SEATS_RULE = f"A table has {MIN_SEATS} to {MAX_SEATS} seats."
# The stakes and size a hand is played with, and their words for people.
CONFIG_FIELDS = {
    "small_blind": "small blind",
    "big_blind": "big blind",
    "ante": "ante",
    "max_seats": "number of seats",
    "min_buy_in": "minimum buy-in",
    "max_buy_in": "maximum buy-in",
}


def whole_number_problem(label: str, value: object, *, zero_allowed: bool = False) -> str | None:
    """The sentence for a setting that is not a whole number above zero (with
    ``zero_allowed``: not below zero), or None when it is one.

    >>> whole_number_problem("big blind", 0), whole_number_problem("ante", 2.5, zero_allowed=True)
    ('The big blind must be more than zero.', 'The ante must be a whole number, not 2.5.')
    """
    if not isinstance(value, int) or isinstance(value, bool):
        return f"The {label} must be a whole number, not {value!r}."
    if value < 0 and zero_allowed:
        return f"The {label} cannot be negative."
    if value <= 0 and not zero_allowed:
        return f"The {label} must be more than zero."
    return None


def number_problems(values: Mapping[str, Any]) -> dict[str, str]:
    """Field -> sentence for each stake or size that is not a number it could be: a whole
    number, above zero (an ante: not below zero). Fields absent or None are not checked.

    >>> number_problems({"small_blind": 0, "big_blind": "2", "ante": 0, "max_seats": 0})
    ... # doctest: +NORMALIZE_WHITESPACE
    {'small_blind': 'The small blind must be more than zero.',
     'big_blind': "The big blind must be a whole number, not '2'."}
    """
    problems: dict[str, str] = {}
    for name, label in CONFIG_FIELDS.items():
        value = values.get(name)
        if value is None or (name == "max_seats" and type(value) is int):
            continue  # its range is one sentence, in config_problems
        problem = whole_number_problem(label, value, zero_allowed=name == "ante")
        if problem:
            problems[name] = problem
    return problems


def config_problems(values: Mapping[str, Any]) -> dict[str, str]:
    """Field -> sentence for each stake or size no hand can be played with: the engine's
    rules, stated once (``TableConfig`` raises the first; the site's limits in
    games/table_limits.py add their own on top). Fields absent or None are not checked;
    while a value is not a number (``number_problems``) nothing is compared.

    >>> config_problems({"small_blind": 10, "big_blind": 5, "max_seats": 12})
    ... # doctest: +NORMALIZE_WHITESPACE
    {'big_blind': 'The big blind must be at least the small blind (10).',
     'max_seats': 'A table has 2 to 10 seats.'}
    """
    problems = number_problems(values)
    if problems:
        return problems
    small, big = values.get("small_blind"), values.get("big_blind")
    low, high = values.get("min_buy_in"), values.get("max_buy_in")
    seats = values.get("max_seats")
    if small is not None and big is not None and big < small:
        problems["big_blind"] = f"The big blind must be at least the small blind ({small})."
    if low is not None and high is not None and high < low:
        problems["max_buy_in"] = f"The maximum buy-in must be at least the minimum buy-in ({low})."
    if seats is not None and not MIN_SEATS <= seats <= MAX_SEATS:
        problems["max_seats"] = SEATS_RULE
    return problems


def buy_in_problem(amount: int, low: int, high: int | None) -> str | None:
    """The sentence for a buy-in outside ``low`` to ``high`` chips (no top when None), or
    None when it is inside.

    >>> buy_in_problem(300, 40, 200), buy_in_problem(10, 40, None), buy_in_problem(50, 40, 200)
    ('The buy-in must be between 40 and 200 chips.', 'The buy-in must be at least 40 chips.', None)
    """
    if amount >= low and (high is None or amount <= high):
        return None
    if high is None:
        return f"The buy-in must be at least {low} chips."
    return f"The buy-in must be between {low} and {high} chips."


def unknown_game(value: object) -> str:
    """The sentence for a game code the engine does not play.

    >>> unknown_game("XX")
    "Unknown game 'XX': one of 'NT', 'PO', 'FT', 'NS', 'PO/8', 'PO5', 'PO5/8'."
    """
    codes = ", ".join(repr(code) for code in GAMES)
    return f"Unknown game {value!r}: one of {codes}."

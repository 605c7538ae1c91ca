"""The limits a table's settings must respect: the one place the site's are written down.

The engine's rules come first (``config_problems``: blinds above zero and in order, a buy-in
range that is one, 2 to 10 seats); the site adds its own on top: an ante no bigger than the
big blind, a minimum buy-in of at least one big blind, and the action clock's range.

Used by the create-table form, the host's settings, the admin's table form and
``Table.clean``, so a person gets the same sentence wherever they type a bad value.
"""

from typing import Any

from games.engine.config_rules import (
    MAX_SEATS,
    MIN_SEATS,
    SEATS_RULE,
    config_problems,
    number_problems,
    whole_number_problem,
)

__all__ = [
    "LIMIT_FIELDS", "MAX_ACTION_SECONDS", "MAX_SEATS", "MIN_ACTION_SECONDS", "MIN_SEATS",
    "SEATS_RULE", "limit_problems",
]

MIN_ACTION_SECONDS, MAX_ACTION_SECONDS = 5, 300
# Fields a host (or staff) may change, in the order forms show them.
LIMIT_FIELDS = (
    "small_blind", "big_blind", "ante", "min_buy_in", "max_buy_in", "action_seconds", "max_seats",
)


def limit_problems(values: dict[str, Any]) -> dict[str, str]:
    """Field -> sentence for each setting out of its limits; fields absent are not checked.

    >>> limit_problems({"small_blind": 10, "big_blind": 5, "min_buy_in": 100,
    ...                 "max_buy_in": 200})
    {'big_blind': 'The big blind must be at least the small blind (10).'}
    >>> sorted(limit_problems({"max_seats": 12, "action_seconds": 2}).values())
    ['A table has 2 to 10 seats.', 'The action clock is 5 to 300 seconds.']
    """
    problems = number_problems(values)
    seconds = values.get("action_seconds")
    if seconds is not None:
        problem = whole_number_problem("action clock", seconds)
        if problem:
            problems["action_seconds"] = problem
    if problems:
        return problems  # comparing values that are not numbers would only add noise
    problems = config_problems(values)
    big, ante, low = values.get("big_blind"), values.get("ante"), values.get("min_buy_in")
    if ante is not None and big is not None and ante > big:
        problems["ante"] = f"The ante must not be more than the big blind ({big})."
    if big is not None and low is not None and low < big:
        problems["min_buy_in"] = f"The minimum buy-in must cover at least one big blind ({big})."
    if seconds is not None and not MIN_ACTION_SECONDS <= seconds <= MAX_ACTION_SECONDS:
        problems["action_seconds"] = (
            f"The action clock is {MIN_ACTION_SECONDS} to {MAX_ACTION_SECONDS} seconds."
        )
    return problems

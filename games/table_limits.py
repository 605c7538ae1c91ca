"""The limits a table's settings must respect: the one place they are written down.

Used by the create-table form, the host's settings, the admin's table form and
``Table.clean``, so a person gets the same sentence wherever they type a bad value.
"""

from typing import Any

MIN_SEATS, MAX_SEATS = 2, 10
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
    problems: dict[str, str] = {}
    for name in LIMIT_FIELDS:
        value = values.get(name)
        if value is None:
            continue
        if not isinstance(value, int) or isinstance(value, bool):
            problems[name] = f"The {_label(name)} must be a whole number."
        elif value < 0 or (value == 0 and name != "ante"):
            problems[name] = f"The {_label(name)} must be more than zero."
    if problems:
        return problems
    small, big = values.get("small_blind"), values.get("big_blind")
    low, high = values.get("min_buy_in"), values.get("max_buy_in")
    seconds, seats = values.get("action_seconds"), values.get("max_seats")
    ante = values.get("ante")
    if small is not None and big is not None and big < small:
        problems["big_blind"] = f"The big blind must be at least the small blind ({small})."
    if ante is not None and big is not None and ante > big:
        problems["ante"] = f"The ante must not be more than the big blind ({big})."
    if low is not None and high is not None and low > high:
        problems["max_buy_in"] = f"The maximum buy-in must be at least the minimum buy-in ({low})."
    if big is not None and low is not None and low < big:
        problems["min_buy_in"] = f"The minimum buy-in must cover at least one big blind ({big})."
    if seconds is not None and not MIN_ACTION_SECONDS <= seconds <= MAX_ACTION_SECONDS:
        problems["action_seconds"] = (
            f"The action clock is {MIN_ACTION_SECONDS} to {MAX_ACTION_SECONDS} seconds."
        )
    if seats is not None and not MIN_SEATS <= seats <= MAX_SEATS:
        problems["max_seats"] = f"A table has {MIN_SEATS} to {MAX_SEATS} seats."
    return problems


def _label(name: str) -> str:
    return name.replace("_", " ").replace("min ", "minimum ").replace("max ", "maximum ")

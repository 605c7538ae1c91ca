"""PokerStars' tournament words in a hand's first line, written and read in one place.

A tournament hand's first line names the tournament, its buy-in and the blind level (in
Roman numerals), and its table is named by the tournament's number::

    PokerStars Hand #41: Tournament #7, 100+0 Hold'em No Limit - Level II (20/40) - ...
    Table '7 1' 6-max Seat #2 is the button

The blinds in brackets are read as in a cash hand's line; the stacks are tournament chips,
not money, so whoever reads it back keeps the tournament's number and level with the hand
(PHH's ``level`` and the user-defined ``_tournament``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

TOURNAMENT = re.compile(r": Tournament #(\d+), (\S+) (?:Hold'em|Omaha)")
LEVEL = re.compile(r" - Level ([IVXLCDM]+|\d+) \(")
_NUMERALS = (
    (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"),
    (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
)


@dataclass(frozen=True)
class StarsTournament:
    """A hand's tournament as PokerStars text names it."""

    number: int
    buy_in: str  # as written: "100+0" (the prize pool's part + the fee)
    level: int | None  # counted from 1; None where the text names none (Full Tilt's)

    def game(self) -> str:
        """The first line's words before the game's name: "Tournament #7, 100+0"."""
        return f"Tournament #{self.number}, {self.buy_in}"

    def table(self) -> str:
        """PokerStars' name of a sit-and-go's only table: the tournament's number, table 1."""
        return f"{self.number} 1"


def roman(number: int) -> str:
    """A level as PokerStars writes it.

    >>> roman(1), roman(4), roman(14), roman(49)
    ('I', 'IV', 'XIV', 'XLIX')
    """
    if number < 1:
        raise ValueError(f"Levels count from 1, not {number}.")
    out = []
    for value, letters in _NUMERALS:
        count, number = divmod(number, value)
        out.append(letters * count)
    return "".join(out)


def from_roman(text: str) -> int:
    """A level as written ("XIV", or digits), as a number; ValueError for anything else.

    >>> from_roman("XIV"), from_roman("IX"), from_roman("3")
    (14, 9, 3)
    """
    if text.isdigit():
        return int(text)
    values = dict((letters, value) for value, letters in _NUMERALS if len(letters) == 1)
    total = 0
    for k, letter in enumerate(text):
        if letter not in values:
            raise ValueError(f"{text!r} is not a level number.")
        value = values[letter]
        following = values.get(text[k + 1]) if k + 1 < len(text) else None
        total += -value if following and following > value else value
    if roman(total) != text:
        raise ValueError(f"{text!r} is not a level number.")
    return total


def read_tournament(first_line: str) -> StarsTournament | None:
    """The tournament a hand's first line names, or None for a cash hand.

    >>> read_tournament("PokerStars Hand #41: Tournament #7, 100+0 Hold'em No Limit - "
    ...                 "Level II (20/40) - 2026/01/02 3:04:05 UTC")
    StarsTournament(number=7, buy_in='100+0', level=2)
    >>> read_tournament("PokerStars Hand #41:  Hold'em No Limit (1/2) - 2026/01/02") is None
    True
    """
    found = TOURNAMENT.search(first_line)
    if found is None:
        return None
    level = LEVEL.search(first_line)
    return StarsTournament(
        int(found.group(1)), found.group(2), from_roman(level.group(1)) if level else None
    )

"""Tournament points for a season's standings: the formulas an owner picks from.

Plain Python, no Django. ``place`` counts from 1 (the winner) among ``entrants``.

- ``field``: entrants - place + 1 (the winner of 8 gets 8, the last 1): every player beaten
  is a point.
- ``top_six``: 10, 6, 4, 3, 2, 1 for the first six places, 0 after (like motor racing's old
  table): rewards finishing near the top whatever the field.
- ``root``: 10 x sqrt(entrants / place), to one decimal place: a bigger field is worth more,
  and the gap between places shrinks down the field.

Players tied over places ``place``..``worst`` share those places' points equally.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import isqrt

TOP_SIX = (10, 6, 4, 3, 2, 1)


def _field(entrants: int, place: int) -> Fraction:
    return Fraction(entrants - place + 1)


def _top_six(entrants: int, place: int) -> Fraction:
    return Fraction(TOP_SIX[place - 1] if place <= len(TOP_SIX) else 0)


def _root(entrants: int, place: int) -> Fraction:
    # 10 x sqrt(e / p) to one decimal, computed in integers: sqrt(e x 10^4 / p) / 10.
    tenths = isqrt(entrants * 10_000 // place)
    return Fraction(tenths, 10)


FORMULAS: dict[str, tuple[str, Callable[[int, int], Fraction]]] = {
    "field": ("Entrants minus place plus one", _field),
    "top_six": ("10-6-4-3-2-1 for the first six", _top_six),
    "root": ("10 x square root of entrants / place", _root),
}


def points(formula: str, entrants: int, place: int, worst: int | None = None) -> Fraction:
    """A finish's points; a tie over ``place``..``worst`` shares their points.

    >>> points("field", 8, 1), points("top_six", 8, 7), points("root", 9, 4)
    (Fraction(8, 1), Fraction(0, 1), Fraction(15, 1))
    >>> points("top_six", 6, 2, 3)
    Fraction(5, 1)
    """
    if formula not in FORMULAS:
        raise ValueError(f"unknown points formula {formula!r}: pick one of "
                         f"{', '.join(FORMULAS)}")
    worst = place if worst is None else worst
    if not 1 <= place <= worst <= entrants:
        raise ValueError(f"place {place}-{worst} is not a finish among {entrants} entrants")
    rule = FORMULAS[formula][1]
    return sum((rule(entrants, p) for p in range(place, worst + 1)), Fraction(0)) / (
        worst - place + 1)

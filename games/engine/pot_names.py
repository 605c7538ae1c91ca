"""The names of pots, for people: every page, log line and message names a pot with these.

The main pot is index 0, side pots count up from 1; one result may pay several pots at once
(``PotResult.covers``).
"""

from __future__ import annotations

from collections.abc import Sequence


def pot_name(index: int) -> str:
    """One pot on the felt by its index, main pot first: every page, log line and message
    names a pot with this (lower-cased inside a sentence).

    >>> pot_name(0), pot_name(1), pot_name(2)
    ('Main pot', 'Side pot 1', 'Side pot 2')
    """
    return f"Side pot {index}" if index else "Main pot"


def pots_name(covers: Sequence[int]) -> str:
    """The pots on the felt that one result pays (``covers``: their indices), for people.

    >>> pots_name((0,)), pots_name((2,)), pots_name((0, 1, 2)), pots_name((1, 2))
    ('Main pot', 'Side pot 2', 'Main pot and side pots 1 and 2', 'Side pots 1 and 2')
    """
    if len(covers) == 1:
        return pot_name(covers[0])
    sides = [str(k) for k in covers if k]
    if not sides:
        return pot_name(0)
    listed = sides[0] if len(sides) == 1 else ", ".join(sides[:-1]) + " and " + sides[-1]
    side = f"side pot{'s' if len(sides) > 1 else ''} {listed}"
    return f"{pot_name(0)} and {side}" if 0 in covers else side[0].upper() + side[1:]

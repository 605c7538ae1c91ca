"""Main and side pots from what each player put in, splitting a pot among winners, and the
pots as the table view sends them (named by ``pot_names.pot_name``).

Pots are built by contribution level: every distinct total put in by anyone (folded players
included) closes a level; a level's chips go to the players still in the hand who reached
it. Consecutive levels with the same eligible players are one pot (so an odd chip is never
split twice). The table's antes count like any other chip: a player all-in for part of the
ante wins only what they matched. Antes posted seat by seat (a big-blind ante, imported
hands) are ``dead``: they go into the main pot, which every player still in may win, as
pokerkit does without ante trimming.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engine.pot_names import pot_name


def build_pots(
    contributions: Sequence[int], live: Sequence[bool], dead: int = 0
) -> list[tuple[int, tuple[int, ...]]]:
    """Pots as (amount, eligible player indices), main pot first; ``dead`` chips (antes
    posted seat by seat, not in ``contributions``) go to the main pot.

    >>> build_pots([50, 200, 200, 120], [True, True, True, False])
    [(200, (0, 1, 2)), (370, (1, 2))]
    >>> build_pots([0, 100, 100], [True, True, True], dead=50)
    [(50, (0, 1, 2)), (200, (1, 2))]
    """
    pots: list[tuple[int, tuple[int, ...]]] = []
    if dead:
        pots.append((dead, tuple(i for i, alive in enumerate(live) if alive)))
    previous = 0
    for level in sorted({c for c in contributions if c > 0}):
        amount = sum(min(c, level) - min(c, previous) for c in contributions)
        eligible = tuple(i for i, c in enumerate(contributions) if c >= level and live[i])
        if pots and pots[-1][1] == eligible:
            pots[-1] = (pots[-1][0] + amount, eligible)
        else:
            pots.append((amount, eligible))
        previous = level
    return pots


def pot_views(
    contributions: Sequence[int], live: Sequence[bool], seats: Sequence[int], dead: int = 0
) -> list[dict[str, Any]]:
    """The pots as the table view and the replayer send them: name, amount, eligible seats
    (``seats[i]`` is the seat of player ``i``).

    >>> pot_views([50, 200, 200], [True, True, True], [3, 5, 7])
    ... # doctest: +NORMALIZE_WHITESPACE
    [{'name': 'Main pot', 'amount': 150, 'eligible': [3, 5, 7]},
     {'name': 'Side pot 1', 'amount': 300, 'eligible': [5, 7]}]
    """
    return [
        {"name": pot_name(k), "amount": amount, "eligible": [seats[i] for i in eligible]}
        for k, (amount, eligible) in enumerate(build_pots(contributions, live, dead))
    ]


def split(amount: int, winners: Sequence[int]) -> list[int]:
    """Equal shares; the odd chips all go to the first winner (the first left of the button).

    >>> split(101, [4, 7])
    [51, 50]
    """
    share, odd = divmod(amount, len(winners))
    return [share + (odd if k == 0 else 0) for k in range(len(winners))]

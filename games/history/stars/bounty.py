"""The 7-2 bounty in PokerStars text (games/engine/bounty.py).

PokerStars has no 7-2 bounty (its only bounties are a knockout tournament's, "wins the $X
bounty for eliminating"), so the hand's text is its usual self, its "collected" lines the
pots alone, and one more summary line says the bounty and who paid whom, in the place and
manner of the fair-deal lines (games/history/stars/fair_lines.py)::

    7-2 bounty 10: bob paid alice 10, carol paid alice 10

Readers that do not know the line skip it (pokerkit's does: its stacks are then those before
the payments); ours reads the bounty back (PHH's user-defined ``_seven_deuce_bounty``), so
the imported hand replays the payments and ends with the stacks the table had.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from games.engine import HandState
from games.engine.phh_fields import BOUNTY_FIELD

LINE = re.compile(r"^7-2 bounty (\S+):")


def bounty_lines(state: HandState, names: dict[int, str], money: Callable[[int], str]) -> list[str]:
    """The summary line of a hand with the 7-2 bounty on (none when it is off).

    >>> from games.engine import HandSetup, TableConfig
    >>> from games.engine.hand import PlayerState
    >>> from games.engine.types import BountyPayment, HandResult
    >>> state = HandState(TableConfig(1, 2), [PlayerState(1, "a", 9, 9)], 1, (),
    ...                   HandSetup(bounty=10))
    >>> state.result = HandResult((), {}, bounties=(BountyPayment(1, 2, 10),))
    >>> bounty_lines(state, {1: "alice", 2: "bob"}, str)
    ['7-2 bounty 10: bob paid alice 10']
    """
    if not state.bounty or state.result is None:
        return []
    paid = ", ".join(f"{names.get(b.payer)} paid {names.get(b.collector)} {money(b.amount)}"
                     for b in state.result.bounties) or "nobody paid"
    return [f"7-2 bounty {money(state.bounty)}: {paid}"]


def read_bounty_line(line: str, fields: dict[str, Any],
                     amount: Callable[[str, str], Any], where: str) -> bool:
    """Read the bounty's summary line into ``fields``; False if ``line`` is not one.

    >>> from decimal import Decimal
    >>> fields = {}
    >>> read_bounty_line("7-2 bounty $0.50: bob paid alice $0.50", fields,
    ...                  lambda word, where: Decimal(word.lstrip("$")), "line 30")
    True
    >>> fields
    {'_seven_deuce_bounty': Decimal('0.50')}
    """
    match = LINE.match(line)
    if match is None:
        return False
    fields[BOUNTY_FIELD] = amount(match.group(1), where)
    return True

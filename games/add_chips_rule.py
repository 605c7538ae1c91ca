"""How many chips a seated player may add now ("Add chips" / "Rebuy"): the one rule.

``seating.add_chips`` validates a request with it and the live view offers its range
(``you.add_chips``, games/projection.py), so the dialog never offers what the server refuses.

- Not at a closed table, a tournament's (its chips never change hands), nor while leaving.
- In the hand being played: a top-up is queued for its end; what is queued in all stays
  within the maximum buy-in.
- Out of chips, between hands: a rebuy, within the buy-in range.
- Otherwise a top-up of at least one chip, the stack at most the maximum buy-in.

The amount a dialog offers first is worked out here too (``suggested``): the table's usual
buy-in of a hundred big blinds, or what brings the stack back to it, within the range and
the bankroll; never the maximum by default, so that a click on "Add" spends no more than a
usual buy-in.

Pure (no Django): the callers pass the facts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ChipsRoom:
    """What may be added now: ``low`` to ``high`` chips (both included); ``rebuy``: from no
    chips, within the buy-in range; ``queued``: added when the hand being played ends."""

    low: int
    high: int
    rebuy: bool = False
    queued: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The view's shape: ``{"min", "max", "rebuy", "queued"}`` (built by hand: it goes in
        every seated player's part of every version, and ``asdict`` copies recursively)."""
        return {"min": self.low, "max": self.high, "rebuy": self.rebuy, "queued": self.queued}


def usual_buy_in(big_blind: int, min_buy_in: int, max_buy_in: int) -> int:
    """A hundred big blinds, within the table's buy-in range: what a seat is offered first.

    >>> usual_buy_in(2, 40, 200), usual_buy_in(2, 40, 150), usual_buy_in(1, 120, 300)
    (200, 150, 120)
    """
    return max(min_buy_in, min(max_buy_in, 100 * big_blind))


def suggested_chips(room: ChipsRoom, *, stack: int, usual: int, bankroll: int) -> int:
    """The amount to offer first: a rebuy of the usual buy-in, a top-up back to it (at
    least the least allowed), within the range and the bankroll.

    >>> room = ChipsRoom(1, 150)
    >>> suggested_chips(room, stack=50, usual=200, bankroll=9_000)   # back to 200
    150
    >>> suggested_chips(ChipsRoom(1, 20), stack=180, usual=100, bankroll=9_000)
    1
    >>> suggested_chips(ChipsRoom(40, 200, rebuy=True), stack=0, usual=200, bankroll=90)
    90
    """
    wanted = usual - stack
    return max(room.low, min(wanted, room.high, bankroll))


def add_chips_refusal(*, closed: bool, tournament: bool, leaving: bool) -> str | None:
    """Why no chips may be added at all now (None: they may, within ``add_chips_room``).

    >>> add_chips_refusal(closed=False, tournament=True, leaving=False)
    'This is a tournament: no chips can be added to a stack.'
    """
    if closed:
        return "This table is closed."
    if tournament:
        return "This is a tournament: no chips can be added to a stack."
    if leaving:
        return "You are leaving this table."
    return None


def add_chips_room(
    *, stack: int, in_hand: bool, queued: int, min_buy_in: int, max_buy_in: int
) -> ChipsRoom | None:
    """The chips a seated player may add now; None: none (the stack, or the top-ups queued,
    already reach the maximum buy-in).

    >>> add_chips_room(stack=0, in_hand=False, queued=0, min_buy_in=40, max_buy_in=200)
    ChipsRoom(low=40, high=200, rebuy=True, queued=False)
    >>> add_chips_room(stack=150, in_hand=False, queued=0, min_buy_in=40, max_buy_in=200)
    ChipsRoom(low=1, high=50, rebuy=False, queued=False)
    >>> add_chips_room(stack=150, in_hand=True, queued=120, min_buy_in=40, max_buy_in=200)
    ChipsRoom(low=1, high=80, rebuy=False, queued=True)
    >>> add_chips_room(stack=200, in_hand=False, queued=0, min_buy_in=40, max_buy_in=200)
    """
    if in_hand:  # the stack it will top up is not known before the hand ends
        room = max_buy_in - queued
        return ChipsRoom(1, room, queued=True) if room > 0 else None
    if stack == 0:
        return ChipsRoom(min_buy_in, max_buy_in, rebuy=True)
    room = max_buy_in - stack
    return ChipsRoom(1, room) if room > 0 else None

"""A sit-and-go's prizes: the payout presets, the finishing places, and who is paid what.

Every amount is whole chips and the prizes always add up to the prize pool exactly: a share
that does not divide evenly is rounded down and the chips left over go one each to the
best places first, so a better place is never paid less than a worse one.

Players who bust in the same hand finish in the order of their stacks when the hand began
(more chips, better place); players who began it with the same stack tie, and share the
prizes of the places they take, equally (the odd chips to the first of them in the order
given: seat order from the button's left, as for a split pot).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum


class PayoutPreset(StrEnum):
    WINNER_TAKES_ALL = "winner-takes-all"
    TWO_PLACES = "65-35"
    THREE_PLACES = "50-30-20"


# Percentages of the prize pool, best place first.
PERCENTAGES: dict[PayoutPreset, tuple[int, ...]] = {
    PayoutPreset.WINNER_TAKES_ALL: (100,),
    PayoutPreset.TWO_PLACES: (65, 35),
    PayoutPreset.THREE_PLACES: (50, 30, 20),
}


def prizes(pool: int, preset: PayoutPreset | str, players: int) -> list[int]:
    """Each paid place's prize, best first; never more places than players.

    >>> prizes(1000, "50-30-20", 6)
    [500, 300, 200]
    >>> prizes(1001, "65-35", 6)  # 650.65 and 350.35: the odd chip to first place
    [651, 350]
    """
    try:
        percentages = PERCENTAGES[PayoutPreset(preset)]
    except ValueError:
        names = ", ".join(p.value for p in PayoutPreset)
        raise ValueError(f"There is no payout called {preset!r}: choose {names}.") from None
    if players < len(percentages):
        raise ValueError(
            f"A {PayoutPreset(preset).value} payout pays {len(percentages)} places; "
            f"it needs at least as many players, not {players}."
        )
    return split_exactly(pool, list(percentages))


def split_exactly(total: int, weights: Sequence[int]) -> list[int]:
    """``total`` chips in proportion to ``weights``, rounded down, the chips left over one
    each to the first entries: the parts add up to ``total``.

    >>> split_exactly(10, [1, 1, 1])
    [4, 3, 3]
    """
    if total < 0 or not weights or min(weights) < 0 or sum(weights) == 0:
        raise ValueError("A split needs chips to share and weights that are not all zero.")
    whole = sum(weights)
    parts = [total * w // whole for w in weights]
    for index in range(total - sum(parts)):
        parts[index] += 1
    return parts


@dataclass(frozen=True)
class Bust:
    """A player out of chips at the end of a hand, and the stack they began it with."""

    player: str
    stack_at_start: int


def finishing_places(busted: Sequence[Bust], players_before: int) -> dict[str, tuple[int, int]]:
    """The places of the players busted in one hand: player -> (best, worst) place taken;
    a player alone has best == worst, players who tie share a range.

    ``players_before`` is the number still in the tournament when the hand began. Give
    ``busted`` in seat order from the button's left (the order odd chips follow).

    >>> finishing_places([Bust("ann", 300), Bust("bob", 500)], players_before=5)
    {'bob': (4, 4), 'ann': (5, 5)}
    >>> finishing_places([Bust("ann", 300), Bust("bob", 300)], players_before=5)
    {'ann': (4, 5), 'bob': (4, 5)}
    """
    if len(busted) >= players_before:
        raise ValueError("Somebody must be left: not every player can bust in one hand.")
    if len({b.player for b in busted}) != len(busted):
        raise ValueError("A player can bust only once.")
    places: dict[str, tuple[int, int]] = {}
    next_place = players_before - len(busted) + 1  # the best place the busted take
    for stack in sorted({b.stack_at_start for b in busted}, reverse=True):
        tied = [b.player for b in busted if b.stack_at_start == stack]
        for player in tied:
            places[player] = (next_place, next_place + len(tied) - 1)
        next_place += len(tied)
    return places


def prize_for_places(
    place_prizes: Sequence[int], places: dict[str, tuple[int, int]]
) -> dict[str, int]:
    """What each player is paid for the places they took: a tie shares the prizes of the
    places it spans equally, the odd chips to the first of them (in ``places``' order).

    ``place_prizes[0]`` is first place's prize; places past the paid ones pay nothing.

    >>> prize_for_places([500, 300, 200], {"ann": (2, 3), "bob": (2, 3)})
    {'ann': 250, 'bob': 250}
    >>> prize_for_places([500, 301, 200], {"ann": (2, 3), "bob": (2, 3)})
    {'ann': 251, 'bob': 250}
    """
    paid: dict[str, int] = {}
    groups: dict[tuple[int, int], list[str]] = {}
    for player, span in places.items():
        groups.setdefault(span, []).append(player)
    for (best, worst), players in groups.items():
        total = sum(place_prizes[p - 1] for p in range(best, worst + 1) if p <= len(place_prizes))
        shares = split_exactly(total, [1] * len(players)) if total else [0] * len(players)
        paid.update(zip(players, shares, strict=True))
    return {player: paid[player] for player in places}

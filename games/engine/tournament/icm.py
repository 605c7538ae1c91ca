"""Deals among the players left: the Independent Chip Model, computed exactly, and the
equal split.

ICM (Malmuth-Harville) values a stack as its share of the prizes still to be paid: a player
finishes first with the chance of their share of the chips in play; given who finished
first, second with their share of the chips that are left; and so on. Each chance is a
``Fraction``, so every figure is exact; ``deal_amounts`` rounds the equities to whole chips
that add up to the prizes exactly.

The sum runs over the sets of players who take the places above, not over every order: a
deal among n players costs 2^n x n steps (10 players: about ten thousand), not n!.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from games.engine.tournament.payouts import split_exactly


def icm_equities(stacks: Sequence[int], place_prizes: Sequence[int]) -> list[Fraction]:
    """Each player's expected prize, exactly, in the order of ``stacks``.

    ``place_prizes`` are the prizes still to be paid, best place first (fewer than the
    players when some places pay nothing). Worked by hand for 50/30/20 chips and prizes of
    50/30/20 (the tests show the working):

    >>> [str(e) for e in icm_equities([50, 30, 20], [50, 30, 20])]
    ['1075/28', '131/4', '202/7']
    """
    if not stacks or min(stacks) <= 0:
        raise ValueError("Every player in a deal has chips.")
    if len(place_prizes) > len(stacks):
        raise ValueError("A deal pays at most one place per player left.")
    players = len(stacks)
    total = sum(stacks)
    equities = [Fraction(0)] * players
    # chance[mask]: the chance that the players in ``mask`` took the best places, in any
    # order (as many places as there are players in it).
    chance = {0: Fraction(1)}
    chips_taken = {0: 0}
    for place in range(len(place_prizes)):
        taken_next: dict[int, Fraction] = {}
        for mask, p in chance.items():
            left = total - chips_taken[mask]
            for player in range(players):
                bit = 1 << player
                if mask & bit:
                    continue
                reach = p * Fraction(stacks[player], left)
                equities[player] += reach * place_prizes[place]
                taken_next[mask | bit] = taken_next.get(mask | bit, Fraction(0)) + reach
                chips_taken[mask | bit] = chips_taken[mask] + stacks[player]
        chance = taken_next
    return equities


def deal_amounts(equities: Sequence[Fraction], stacks: Sequence[int]) -> list[int]:
    """The equities in whole chips adding up to their (whole) total: each rounded down, the
    chips left over one each to the largest remainders (the bigger stack first on a tie,
    then the earlier player).

    >>> deal_amounts([Fraction(1075, 28), Fraction(131, 4), Fraction(202, 7)], [50, 30, 20])
    [38, 33, 29]
    """
    total = sum(equities, Fraction(0))
    if total.denominator != 1:
        raise ValueError("The equities of a deal add up to a whole number of chips.")
    floors = [e.numerator // e.denominator for e in equities]
    order = sorted(
        range(len(equities)),
        key=lambda i: (-(equities[i] - floors[i]), -stacks[i], i),
    )
    for index in order[: int(total) - sum(floors)]:
        floors[index] += 1
    return floors


def equal_split(place_prizes: Sequence[int], players: int) -> list[int]:
    """The prizes left shared equally (the odd chips to the first players given: give them
    biggest stack first).

    >>> equal_split([500, 300, 200], 3)
    [334, 333, 333]
    """
    return split_exactly(sum(place_prizes), [1] * players)

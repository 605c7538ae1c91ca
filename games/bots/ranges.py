"""Starting-hand strength and the range an opponent's actions suggest.

Each of the 1,326 two-card hands gets a *percentile*: the share of all hands at least as
strong by the Chen formula (0.0 for aces, 1.0 for the worst). A range is "the top
``p`` of hands": ``p = 1.0`` is any two cards.

>>> round(percentile("As", "Ad"), 4), percentile("7c", "2d") > 0.95
(0.0045, True)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import cache

import numpy as np
import numpy.typing as npt

from evaluator.cards import DECK

CARD_IDS = {str(card): card.id for card in DECK}  # "As" -> the evaluator's card id, 51
# The tightest range any run of actions narrows to, and the share of likelihood left to hands
# outside a range (people bluff and misplay: such a hand is unlikely, not impossible).
TIGHTEST = 0.03
OUTSIDE_SHARE = 0.1


def chen_score(a: int, b: int) -> float:
    """Bill Chen's quick score of two hole cards given as card ids (higher is stronger).

    >>> chen_score(CARD_IDS["As"], CARD_IDS["Ks"]), chen_score(CARD_IDS["7c"], CARD_IDS["2d"])
    (12, -1)
    """
    high, low = max(a // 4, b // 4), min(a // 4, b // 4)
    points = {12: 10.0, 11: 8.0, 10: 7.0, 9: 6.0}.get(high, (high + 2) / 2)
    if high == low:
        points = max(points * 2, 5.0)
    else:
        if a % 4 == b % 4:
            points += 2
        gap = high - low - 1
        points -= (0, 1, 2, 4)[gap] if gap < 4 else 5
        if gap <= 1 and high < 10:
            points += 1
    return math.ceil(points)


@cache
def percentile_table() -> npt.NDArray[np.float64]:
    """A 52x52 array: the percentile of each two-card hand (the diagonal is unused)."""
    ids = range(52)
    scores = {(a, b): chen_score(a, b) for a in ids for b in ids if a < b}
    order = sorted(scores.values(), reverse=True)
    total = len(order)
    at_least: dict[float, float] = {}
    for index, score in enumerate(order):
        at_least[score] = (index + 1) / total  # the last (widest) index of each score
    table = np.ones((52, 52))
    for (a, b), score in scores.items():
        table[a, b] = table[b, a] = at_least[score]
    return table


def percentile(a: str, b: str) -> float:
    """The share of hands at least as strong as ``a b`` (0: the best, 1: the worst)."""
    return float(percentile_table()[CARD_IDS[a], CARD_IDS[b]])


def range_of(actions: Iterable[tuple[str, str]]) -> float:
    """The top share of hands a player's betting actions this hand suggest.

    Calling or raising before the flop narrows a range most; every bet or raise after it
    narrows it again, a call a little. Checks and folds say nothing here.

    >>> range_of([]), range_of([("preflop", "call")]), range_of([("preflop", "raise")])
    (1.0, 0.45, 0.18)
    >>> round(range_of([("preflop", "raise"), ("flop", "bet"), ("turn", "bet")]), 3)
    0.065
    """
    top = 1.0
    preflop_raises = 0
    for street, kind in actions:
        if street == "preflop":
            if kind == "call":
                top = min(top, 0.45)
            elif kind in ("raise", "bet"):
                preflop_raises += 1
                top = min(top, 0.18 if preflop_raises == 1 else 0.07)
        elif kind in ("bet", "raise"):
            top *= 0.6
        elif kind == "call":
            top *= 0.85
    return max(top, TIGHTEST)


def range_weights(
    percentiles: npt.NDArray[np.float64], top: float
) -> npt.NDArray[np.float64]:
    """Weights of hands under a "top ``top``" range: hands inside it weigh 1, the rest
    together hold OUTSIDE_SHARE of the likelihood.

    >>> range_weights(np.array([0.1, 0.5]), 0.2).round(4).tolist()
    [1.0, 0.0278]
    """
    if top >= 1.0:
        return np.ones_like(percentiles)
    outside = OUTSIDE_SHARE * top / ((1 - OUTSIDE_SHARE) * (1 - top))
    return np.where(percentiles <= top, 1.0, outside)

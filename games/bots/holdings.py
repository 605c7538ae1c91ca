"""The 1,326 two-card holdings an opponent may have, as NumPy arrays, and ranges over them.

A range here is a weight per holding (a float array of length 1,326, in the order of
``HOLDINGS``): how likely the opponent is to hold it, relative to the others. The coach
narrows these arrays (by position, betting, the board) and counts outs and equity against
them; the evaluator's batch path scores every holding at once.

>>> len(HOLDINGS), holding_index("As", "Ad") == holding_index("Ad", "As")
(1326, True)
>>> weights = range_weights_of("AA, KK")
>>> float(weights.sum()), float(weights[holding_index("As", "Ad")])
(12.0, 1.0)
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from itertools import combinations
from typing import Final

import numpy as np
import numpy.typing as npt

from evaluator.ranges import parse_range
from games.bots.ranges import CARD_IDS, percentile_table, range_weights

Weights = npt.NDArray[np.float64]

# Every two-card holding, lower card id first, in itertools.combinations order.
HOLDINGS: Final = np.array(list(combinations(range(52), 2)), dtype=np.uint8)
HOLDINGS.setflags(write=False)
_INDEX: Final = {(int(a), int(b)): i for i, (a, b) in enumerate(HOLDINGS)}
# One bit per card (bit = card id) for each holding: overlap tests by bitwise and.
HOLDING_MASKS: Final = (np.uint64(1) << HOLDINGS[:, 0].astype(np.uint64)) | (
    np.uint64(1) << HOLDINGS[:, 1].astype(np.uint64)
)


def holding_index(first: str, second: str) -> int:
    """The row of ``HOLDINGS`` holding these two cards, in either order.

    >>> int(HOLDINGS[holding_index("2c", "2d")][0]), holding_index("2c", "2d")
    (0, 0)
    """
    a, b = sorted((CARD_IDS[first], CARD_IDS[second]))
    return _INDEX[(a, b)]


def card_mask(cards: Iterable[str]) -> np.uint64:
    """The bit mask of some cards (bit = card id).

    >>> int(card_mask(["2c", "2d"]))
    3
    """
    mask = 0
    for card in cards:
        mask |= 1 << CARD_IDS[card]
    return np.uint64(mask)


def without_cards(weights: Weights, cards: Iterable[str]) -> Weights:
    """The weights with every holding that uses one of ``cards`` set to 0 (card removal).

    >>> float(without_cards(range_weights_of("AA"), ["As"]).sum())
    3.0
    """
    blocked = (HOLDING_MASKS & card_mask(cards)) != 0
    return np.where(blocked, 0.0, weights)


@lru_cache(maxsize=256)
def _range_weights_cached(text: str) -> Weights:
    weights = np.zeros(len(HOLDINGS))
    for (first, second), weight in parse_range(text).weights.items():
        weights[holding_index(str(first), str(second))] = weight
    weights.setflags(write=False)
    return weights


def range_weights_of(text: str) -> Weights:
    """The weights of a range in the usual notation (``evaluator.ranges``: ``QQ+, AKs``).

    >>> float(range_weights_of("AKs").sum()), float(range_weights_of("random").sum())
    (4.0, 1326.0)
    """
    return _range_weights_cached(text)


def top_share_weights(top: float) -> Weights:
    """The weights of a "top ``top``" range by the bots' starting-hand order
    (``games.bots.ranges``: inside it 1, outside it the small share people misplay).

    >>> w = top_share_weights(0.18)
    >>> float(w[holding_index("As", "Ad")]), float(w[holding_index("7c", "2d")]) < 0.1
    (1.0, True)
    """
    table = percentile_table()
    return range_weights(table[HOLDINGS[:, 0], HOLDINGS[:, 1]], top)

"""Monte Carlo equity of one player's hand against opponents' ranges (NumPy).

Each trial deals the opponents two cards each and completes the board, all from the cards
this player cannot see; a trial is weighted by how likely each opponent's hand is under the
range their actions suggest (importance weighting, so no trial is thrown away). Equity is
the weighted share of pots won, a tie counting as a share.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from evaluator.batch import evaluate_batch
from games.bots.ranges import CARD_IDS, percentile_table, range_weights

# Trials: more against narrow ranges, whose hands only a few random deals hit.
MIN_SAMPLES, MAX_SAMPLES = 600, 4000


def equity_vs_ranges(
    hole: Sequence[str],
    board: Sequence[str],
    ranges: Sequence[float],
    samples: int | None = None,
    seed: int | None = None,
) -> float:
    """Equity (0..1) of ``hole`` on ``board`` against one opponent per entry of ``ranges``
    (each the top share of hands that opponent holds; 1.0 is any two cards).

    >>> round(equity_vs_ranges(["As", "Ad"], [], [1.0], samples=4000, seed=1), 2)
    0.84
    >>> equity_vs_ranges(["As", "Ad"], ["Ah", "Ac", "2d", "7h", "9c"], [1.0, 1.0], seed=1)
    1.0
    """
    if not ranges:
        return 1.0
    known = [CARD_IDS[c] for c in (*hole, *board)]
    if len(set(known)) != len(known):
        raise ValueError("a card appears twice in the hole cards and board")
    deck = np.array([i for i in range(52) if i not in set(known)], dtype=np.uint8)
    opponents, missing = len(ranges), 5 - len(board)
    need = 2 * opponents + missing
    if samples is None:
        samples = int(min(MAX_SAMPLES, max(MIN_SAMPLES, 150 / float(np.prod(ranges)))))
    rng = np.random.default_rng(seed)
    order = rng.random((samples, len(deck))).argpartition(need, axis=1)[:, :need]
    drawn = deck[order]
    board_ids = np.array([CARD_IDS[c] for c in board], dtype=np.uint8)
    full_board = np.hstack([np.broadcast_to(board_ids, (samples, len(board))), drawn[:, :missing]])
    hole_ids = np.broadcast_to(np.array([CARD_IDS[c] for c in hole], dtype=np.uint8), (samples, 2))
    mine = evaluate_batch(np.hstack([hole_ids, full_board]), check=False)
    table = percentile_table()
    weight = np.ones(samples)
    best = np.full(samples, -1, dtype=np.int16)
    ties = np.zeros(samples)
    for i, top in enumerate(ranges):
        cards = drawn[:, missing + 2 * i : missing + 2 * i + 2]
        weight *= range_weights(table[cards[:, 0], cards[:, 1]], top)
        theirs = evaluate_batch(np.hstack([cards, full_board]), check=False)
        ties = np.where(theirs > best, 0, ties) + (theirs == mine)
        best = np.maximum(best, theirs)
    share = np.where(mine > best, 1.0, np.where(mine == best, 1.0 / (1.0 + ties), 0.0))
    return float(np.sum(weight * share) / np.sum(weight))

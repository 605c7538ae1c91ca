"""Monte Carlo equity of one player's hand against opponents' ranges (NumPy).

Each trial deals the opponents two cards each and completes the board, all from the cards
this player cannot see; a trial is weighted by how likely each opponent's hand is under the
range their actions suggest (importance weighting, so no trial is thrown away). Equity is
the weighted share of pots won, a tie counting as a share.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from evaluator.batch import evaluate_batch
from evaluator.cards import DECK
from games.bots.holdings import HOLDINGS, without_cards
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


def equity_vs_weights(
    hole: Sequence[str],
    board: Sequence[str],
    ranges: Sequence[npt.NDArray[np.float64]],
    samples: int = 3000,
    seed: int | None = None,
) -> float:
    """Equity (0..1) of ``hole`` on ``board`` against one range per opponent, each a weight
    per holding (``games.bots.holdings``). Each trial draws every opponent's holding from
    their weights, drops the trial if two opponents drew the same card, and completes the
    board from the cards left.

    >>> from games.bots.holdings import range_weights_of
    >>> equity_vs_weights(["As", "Ad"], ["Ah", "2c", "7d", "9s", "Kh"],
    ...                   [range_weights_of("KK")], seed=1)
    1.0
    >>> round(equity_vs_weights(["Ks", "Kd"], [], [range_weights_of("AA")], seed=1), 1)
    0.2
    """
    if not ranges:
        return 1.0
    known = [CARD_IDS[c] for c in (*hole, *board)]
    if len(set(known)) != len(known):
        raise ValueError("a card appears twice in the hole cards and board")
    if len(ranges) == 1 and len(board) >= 4:
        return exact_equity(hole, board, ranges[0])
    rng = np.random.default_rng(seed)
    used = np.zeros((samples, 52), dtype=bool)
    used[:, known] = True
    ok = np.ones(samples, dtype=bool)
    opponents = []
    for weights in ranges:
        live = without_cards(np.asarray(weights, dtype=np.float64), [*hole, *board])
        if live.sum() <= 0:
            continue
        picked = HOLDINGS[rng.choice(len(HOLDINGS), size=samples, p=live / live.sum())]
        rows = np.arange(samples)
        ok &= ~used[rows, picked[:, 0]] & ~used[rows, picked[:, 1]]
        used[rows, picked[:, 0]] = used[rows, picked[:, 1]] = True
        opponents.append(picked)
    if not opponents:
        return 1.0
    missing = 5 - len(board)
    keys = np.where(used, 2.0, rng.random((samples, 52)))
    runs = keys.argpartition(missing, axis=1)[:, :missing].astype(np.uint8) if missing else \
        np.empty((samples, 0), dtype=np.uint8)
    board_ids = np.broadcast_to(np.array([CARD_IDS[c] for c in board], dtype=np.uint8),
                                (samples, len(board)))
    full_board = np.hstack([board_ids, runs])
    hole_ids = np.broadcast_to(np.array([CARD_IDS[c] for c in hole], dtype=np.uint8), (samples, 2))
    mine = evaluate_batch(np.hstack([hole_ids, full_board]), check=False)
    best = np.full(samples, -1, dtype=np.int16)
    ties = np.zeros(samples)
    for picked in opponents:
        theirs = evaluate_batch(np.hstack([picked, full_board]), check=False)
        ties = np.where(theirs > best, 0, ties) + (theirs == mine)
        best = np.maximum(best, theirs)
    share = np.where(mine > best, 1.0, np.where(mine == best, 1.0 / (1.0 + ties), 0.0))
    kept = ok.sum()
    return float(share[ok].sum() / kept) if kept else 1.0


def exact_equity(
    hole: Sequence[str], board: Sequence[str], weights: npt.NDArray[np.float64]
) -> float:
    """Equity against one range on the turn or river, by enumeration (every river card,
    every holding, by weight; ties half).

    >>> from games.bots.holdings import range_weights_of
    >>> exact_equity(["As", "Ad"], ["Kh", "7c", "2d", "9s"], range_weights_of("KK"))
    0.0455
    """
    if len(board) < 4:
        raise ValueError("exact equity needs the turn or the river")
    live = without_cards(np.asarray(weights, dtype=np.float64), [*hole, *board])
    if live.sum() <= 0:
        return 1.0
    ids = [CARD_IDS[c] for c in (*hole, *board)]
    rivers: list[list[int]] = [[]] if len(board) == 5 else [
        [c] for c in range(52) if c not in ids]
    won = total = 0.0
    for river in rivers:
        full = [CARD_IDS[c] for c in board] + river
        w = without_cards(live, [str(DECK[c]) for c in river]) if river else live
        rows = np.hstack([HOLDINGS, np.broadcast_to(np.array(full, dtype=np.uint8),
                                                    (len(HOLDINGS), 5))])
        theirs = evaluate_batch(rows, check=False)
        mine = evaluate_batch(np.array([[CARD_IDS[hole[0]], CARD_IDS[hole[1]], *full]],
                                       dtype=np.uint8), check=False)[0]
        won += float((w * ((mine > theirs) + 0.5 * (mine == theirs))).sum())
        total += float(w.sum())
    return round(won / total, 4) if total else 1.0

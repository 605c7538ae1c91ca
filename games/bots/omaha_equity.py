"""Monte Carlo equity of a pot-limit Omaha hand (four hole cards) against random hands.

Hold'em's ranges (games/bots/ranges.py) rank two-card hands, so they say nothing of four:
each trial deals every opponent four cards at random from the cards this player cannot see
and completes the board; equity is the share of pots won, a tie counting as a share.
Strengths come from the evaluator's Omaha batch (exactly two hole cards and three board
cards), so the bots play Omaha by its rules, if not well.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from evaluator.omaha_batch import evaluate_omaha_batch
from games.bots.ranges import CARD_IDS

SAMPLES = 600


def omaha_equity(
    hole: Sequence[str],
    board: Sequence[str],
    opponents: int,
    samples: int = SAMPLES,
    seed: int | None = None,
) -> float:
    """Equity (0..1) of the four cards ``hole`` on ``board`` against ``opponents`` random
    Omaha hands.

    >>> omaha_equity(["As", "Ks", "Qd", "Jd"], ["Qs", "Js", "Ts", "2c", "3h"], 2, seed=1)
    1.0
    >>> 0.5 < omaha_equity(["As", "Ad", "Kh", "Kc"], [], 1, seed=1) < 0.8
    True
    """
    if opponents < 1:
        return 1.0
    return float(omaha_shares(hole, board, opponents, samples, seed).mean())


def omaha_shares(
    hole: Sequence[str],
    board: Sequence[str],
    opponents: int,
    samples: int = SAMPLES,
    seed: int | None = None,
) -> npt.NDArray[np.float64]:
    """The pot share of ``hole`` in each of ``samples`` random deals (1 won, 1/k split k
    ways, 0 lost): their mean is the equity, their spread its standard error.

    >>> omaha_shares(["As", "Ks", "Qd", "Jd"], ["Qs", "Js", "Ts", "2c", "3h"], 1, 3, seed=1)
    array([1., 1., 1.])
    """
    known = [CARD_IDS[c] for c in (*hole, *board)]
    if len(set(known)) != len(known):
        raise ValueError("a card appears twice in the hole cards and board")
    deck = np.array([i for i in range(52) if i not in set(known)], dtype=np.uint8)
    missing = 5 - len(board)
    need = 4 * opponents + missing
    rng = np.random.default_rng(seed)
    drawn = deck[rng.random((samples, len(deck))).argpartition(need, axis=1)[:, :need]]
    board_ids = np.broadcast_to(np.array([CARD_IDS[c] for c in board], dtype=np.uint8),
                                (samples, len(board)))
    full_board = np.hstack([board_ids, drawn[:, :missing]])
    mine = evaluate_omaha_batch(
        np.broadcast_to(np.array(known[:4], dtype=np.uint8), (samples, 4)), full_board,
        check=False,
    )
    best = np.full(samples, -1, dtype=np.int16)
    ties = np.zeros(samples)
    for i in range(opponents):
        theirs = evaluate_omaha_batch(
            drawn[:, missing + 4 * i : missing + 4 * i + 4], full_board, check=False
        )
        ties = np.where(theirs > best, 0, ties) + (theirs == mine)
        best = np.maximum(best, theirs)
    share: npt.NDArray[np.float64] = np.where(
        mine > best, 1.0, np.where(mine == best, 1.0 / (1.0 + ties), 0.0))
    return share

"""One set of dealt-out trials per decision, shared by every option the coach weighs.

Each trial draws every opponent's holding from their range (by weight), drops the trial if
two of them drew the same card, and completes the board from the cards left. Every figure of
one decision (the equity against all of them, the fold share of each size, the equity against
the hands that go on) is read from the same trials, so the figures agree with each other:
heads-up, the equity against the whole range is exactly the fold share times the equity
against the hands that fold plus the rest times the equity against the hands that call.

>>> from games.bots.holdings import range_weights_of
>>> t = deal(("As", "Ad"), ("Kh", "2c", "7d", "9s", "3h"), [range_weights_of("KK, QQ")], 3000)
>>> round(t.mean(t.share(t.everyone())), 3)  # QQ loses (6 combos), KK wins (3)
0.667
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from evaluator.batch import evaluate_batch
from games.bots.holdings import HOLDINGS, Weights, without_cards
from games.bots.ranges import CARD_IDS

Mask = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class Trials:
    """The kept trials: each opponent's holding (row of ``HOLDINGS``) and showdown strength,
    and the deciding player's strength, one row per trial."""

    holdings: npt.NDArray[np.intp]  # trials x opponents
    theirs: npt.NDArray[np.int16]  # trials x opponents
    mine: npt.NDArray[np.int16]  # trials
    weight: npt.NDArray[np.float64]  # each trial's weight (they add up to 1)
    exact: bool = False  # every holding counted once (no sampling error)

    @property
    def count(self) -> int:
        return len(self.mine)

    def mean(self, values: npt.NDArray[np.float64], where: Mask | None = None) -> float:
        """The weighted mean of a per-trial figure (over the trials ``where`` marks)."""
        w = self.weight if where is None else self.weight * where
        return float((values * w).sum() / w.sum()) if w.sum() > 0 else 0.0

    def everyone(self) -> Mask:
        """Every opponent in every trial."""
        return np.ones(self.theirs.shape, dtype=bool)

    def share(self, against: Mask) -> npt.NDArray[np.float64]:
        """The deciding player's share of the pot in each trial at a showdown against the
        opponents marked in ``against`` (ties split; 1 where nobody is marked)."""
        if self.theirs.shape[1] == 0:
            return np.ones(self.count)
        shown = np.where(against, self.theirs, -1)
        best = shown.max(axis=1)
        ties = ((shown == self.mine[:, None]) & against).sum(axis=1)
        return np.where(self.mine > best, 1.0,
                        np.where(self.mine == best, 1.0 / (1.0 + ties), 0.0))


def deal(hole: Sequence[str], board: Sequence[str], ranges: Sequence[Weights],
         samples: int, seed: int = 1) -> Trials:
    """Deal ``samples`` trials (see the module docstring), one column per range; heads-up
    on the river, every holding of the range once, by its weight (exact)."""
    if len(ranges) == 1 and len(board) == 5:
        return _every_holding(hole, board, ranges[0])
    known = [CARD_IDS[c] for c in (*hole, *board)]
    if len(set(known)) != len(known):
        raise ValueError("a card appears twice in the hole cards and board")
    rng = np.random.default_rng(seed)
    used = np.zeros((samples, 52), dtype=bool)
    used[:, known] = True
    ok = np.ones(samples, dtype=bool)
    rows = np.arange(samples)
    picks = []
    for weights in ranges:
        live = without_cards(np.asarray(weights, dtype=np.float64), [*hole, *board])
        if live.sum() <= 0:  # your cards rule their whole range out: any two cards left
            live = without_cards(np.ones(len(HOLDINGS)), [*hole, *board])
        picked = rng.choice(len(HOLDINGS), size=samples, p=live / live.sum())
        cards = HOLDINGS[picked]
        ok &= ~used[rows, cards[:, 0]] & ~used[rows, cards[:, 1]]
        used[rows, cards[:, 0]] = used[rows, cards[:, 1]] = True
        picks.append(picked)
    missing = 5 - len(board)
    keys = np.where(used, 2.0, rng.random((samples, 52)))
    runs = keys.argpartition(missing, axis=1)[:, :missing].astype(np.uint8) if missing else \
        np.empty((samples, 0), dtype=np.uint8)
    board_ids = np.broadcast_to(np.array([CARD_IDS[c] for c in board], dtype=np.uint8),
                                (samples, len(board)))
    full = np.hstack([board_ids, runs])[ok]
    hole_ids = np.broadcast_to(np.array([CARD_IDS[c] for c in hole], dtype=np.uint8),
                               (len(full), 2))
    mine = evaluate_batch(np.hstack([hole_ids, full]), check=False)
    holdings = np.array(picks, dtype=np.intp).reshape(len(picks), samples).T[ok]
    theirs = np.empty(holdings.shape, dtype=np.int16)
    for i in range(holdings.shape[1]):
        theirs[:, i] = evaluate_batch(np.hstack([HOLDINGS[holdings[:, i]], full]), check=False)
    return Trials(holdings, theirs, mine, np.full(len(mine), 1.0 / max(1, len(mine))))


def _every_holding(hole: Sequence[str], board: Sequence[str], weights: Weights) -> Trials:
    live = without_cards(np.asarray(weights, dtype=np.float64), [*hole, *board])
    if live.sum() <= 0:
        live = without_cards(np.ones(len(HOLDINGS)), [*hole, *board])
    picked = np.flatnonzero(live > 0)
    full = np.broadcast_to(np.array([CARD_IDS[c] for c in (*hole, *board)], dtype=np.uint8),
                           (1, 7))
    mine = evaluate_batch(np.array(full), check=False)
    board_ids = np.broadcast_to(np.array([CARD_IDS[c] for c in board], dtype=np.uint8),
                                (len(picked), 5))
    theirs = evaluate_batch(np.hstack([HOLDINGS[picked], board_ids]), check=False)
    return Trials(picked[:, None], theirs[:, None], np.repeat(mine, len(picked)),
                  live[picked] / live[picked].sum(), exact=True)

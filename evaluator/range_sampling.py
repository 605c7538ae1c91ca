"""Monte Carlo range equity: random deals of combos and random boards, with a standard error.

Each player's combo is drawn with probability proportional to its weight; a deal in which
two players hold the same card is drawn again (rejection), so a deal's probability is the
product of its weights, as in exact counting. The board is then completed with random unseen
cards. The standard error of a player's equity is that of the mean of its pot share per
sample (1, 1/k on a k-way split, 0), so the exact value is within about two of them of the
estimate 95% of the time.

>>> from evaluator.range_spot import prepare
>>> run = SampledRun(prepare(["AhAs", "KK, QQ"]), samples=20_000, seed=1)
>>> _ = list(run.steps())
>>> r = run.result()
>>> r.deals, abs(r[0].equity - 0.8166) < 4 * r[0].std_error
(20000, True)
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import numpy as np
import numpy.typing as npt

from evaluator.batch import batch_tables
from evaluator.range_exact import I64, strengths
from evaluator.range_results import RangeEquityResult, build_result
from evaluator.range_spot import F64, Spot
from evaluator.tables import FLUSH_ADD

BATCH = 1 << 15
MAX_EMPTY_BATCHES = 50


class SampledRun:
    """Deals ``samples`` random deals and boards, a batch per step."""

    def __init__(self, spot: Spot, samples: int, seed: int | None) -> None:
        self.spot, self.samples = spot, samples
        self.seed = seed if seed is not None else secrets.randbelow(2**31)
        self.rng = np.random.default_rng(self.seed)
        self.bt = batch_tables()
        self.dealt = 0
        k = spot.players
        self.sums = np.zeros((4, k))  # deals, wins, ties, credit
        self.squares = np.zeros(k)
        self.counts = [np.zeros((4, len(m))) for m in spot.masks]
        self.probs = [w / w.sum() for w in spot.weights]
        self.base_key = FLUSH_ADD + sum(int(self.bt.keys[c.id]) for c in spot.board)
        self.base_bits = 0
        for card in spot.board:
            self.base_bits |= int(self.bt.mask_bits[card.id])
        self.hole_keys = [self.bt.keys[i].sum(axis=1) for i in spot.ids]
        self.hole_bits = [self.bt.mask_bits[i[:, 0]] | self.bt.mask_bits[i[:, 1]]
                          for i in spot.ids]

    def steps(self) -> Iterator[float]:
        """Deal batch after batch, yielding the fraction of samples done."""
        empty = 0
        while self.dealt < self.samples:
            got = self._batch(min(BATCH, self.samples - self.dealt))
            empty = 0 if got else empty + 1
            if empty >= MAX_EMPTY_BATCHES:
                raise ValueError("the ranges almost never fit together without sharing a card:"
                                 " narrow them or count exactly")
            yield self.dealt / self.samples

    def _deals(self, size: int) -> tuple[list[npt.NDArray[np.intp]], npt.NDArray[np.uint64]]:
        """Random compatible deals: combo indices per player, and the cards they use."""
        spot = self.spot
        picks = [self.rng.choice(len(p), size=size, p=p) if len(p) > 1
                 else np.zeros(size, dtype=np.intp) for p in self.probs]
        used = spot.masks[0][picks[0]]
        ok = np.ones(size, dtype=bool)
        for p in range(1, spot.players):
            mask = spot.masks[p][picks[p]]
            ok &= (used & mask) == 0
            used |= mask
        return [pick[ok] for pick in picks], used[ok]

    def _boards(self, used: npt.NDArray[np.uint64]) -> I64:
        """(missing, n) random unseen card ids completing the board for each deal."""
        deck, missing = self.spot.deck, self.spot.missing
        cards = deck[self.rng.integers(0, len(deck), size=(missing, len(used)))]
        while True:
            clash = np.zeros(len(used), dtype=bool)
            for i in range(missing):
                clash |= (used >> cards[i].astype(np.uint64)) & np.uint64(1) == 1
                for j in range(i + 1, missing):
                    clash |= cards[i] == cards[j]
            redo = np.flatnonzero(clash)
            if not len(redo):
                return cards
            cards[:, redo] = deck[self.rng.integers(0, len(deck), size=(missing, len(redo)))]

    def _batch(self, size: int) -> int:
        spot, bt = self.spot, self.bt
        picks, used = self._deals(size)
        n = len(used)
        if not n:
            return 0
        cards = self._boards(used)
        keys = np.full(n, self.base_key, dtype=np.int64)
        bits = np.full(n, self.base_bits, dtype=np.int64)
        for row in cards:
            keys += bt.keys[row]
            bits |= bt.mask_bits[row]
        values = []
        for p in range(spot.players):
            hb = self.hole_bits[p][picks[p]]

            def bits_at(flat: I64, hb: I64 = hb) -> I64:
                return bits[flat] | hb[flat]

            values.append(strengths(bt, keys + self.hole_keys[p][picks[p]], bits_at))
        best = np.maximum.reduce(values)
        top = [v == best for v in values]
        ways = np.add.reduce(top, dtype=np.int64)
        for p in range(spot.players):
            share = np.where(top[p], 1.0 / ways, 0.0)
            outright = top[p] & (ways == 1)
            split = top[p] & (ways > 1)
            parts: list[F64] = [np.ones(n), outright.astype(np.float64),
                                split.astype(np.float64), np.where(split, share, 0.0)]
            for row, part in enumerate(parts):
                self.sums[row, p] += part.sum()
                self.counts[p][row] += np.bincount(picks[p], weights=part,
                                                   minlength=len(spot.masks[p]))
            self.squares[p] += float(np.dot(share, share))
        self.dealt += n
        return n

    def result(self) -> RangeEquityResult:
        """Counts over the samples dealt so far, with each player's standard error."""
        if not self.dealt:
            raise ValueError("no sample was dealt yet")
        n = self.dealt
        errors = []
        for p in range(self.spot.players):
            mean = (self.sums[1, p] + self.sums[3, p]) / n
            variance = max(self.squares[p] / n - mean * mean, 0.0)
            errors.append(float(np.sqrt(variance / max(n - 1, 1))))
        counts = [[c[0], c[1], c[2], c[3]] for c in self.counts]
        return build_result(self.spot, counts,
                            (self.sums[0], self.sums[1], self.sums[2], self.sums[3]),
                            exact=False, deals=n, std_errors=errors)

"""Exact range equity: every deal of combos on every board, counted with NumPy.

Boards are enumerated once, in chunks, from the cards no fixed hand holds. For a chunk, each
combo of each range gets its strength on every board (the board's keys are summed once;
a combo adds its two keys, as in :mod:`evaluator.odds`), and whether the board takes one of
its cards. Then every deal (a compatible tuple of combos) is compared on every board: the
winners of a board form a bit code (bit ``p`` set for each player with the best hand; 0 for
a board that clashes with the deal), and the tally counts each code per deal. How depends
on the players: heads-up, wins and losses per pair of combos by broadcasting (a clashing
board made a loss or a non-loss as needed), splits the rest; three players, each pair of
combos compared once per board as bits and each deal's codes counted from ANDs of its
pairs' words; four, per set of players the boards they all top, then exact sets by
inclusion and exclusion; five or six, a ``bincount`` of codes. Wins, splits and tie credit
per deal follow from the codes; weights multiply in at the end, so unweighted counts stay
exact integers.

>>> from evaluator.range_spot import prepare
>>> spot = prepare(["AsKs", "QQ, AKs"], board="Qh 7d 2c Ah")
>>> found = deals(spot, 100)
>>> found[0].tolist(), found[1].tolist()
([[0, 0], [0, 1], [0, 2], [0, 3], [0, 4]], [1.0, 1.0, 1.0, 1.0, 1.0])
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache

import numpy as np
import numpy.typing as npt

from evaluator.batch import BatchTables, batch_tables
from evaluator.combos import combinations_array
from evaluator.range_results import RangeEquityResult, build_result
from evaluator.range_spot import F64, Spot
from evaluator.range_symmetry import Symmetry
from evaluator.tables import FLUSH_ADD, FLUSH_BITS, SUIT_SHIFT

CELLS = 1 << 20  # elements per NumPy block: about 8 MB of int64
I64 = npt.NDArray[np.int64]
I16 = npt.NDArray[np.int16]


def deals(spot: Spot, limit: int) -> tuple[npt.NDArray[np.int32], F64] | None:
    """Every compatible deal as combo indices (deals x players) and its weight (the product
    of the combos' weights); None when there would be more than ``limit``."""
    index = np.arange(len(spot.masks[0]), dtype=np.int32)[:, None]
    used, weight = spot.masks[0], spot.weights[0]
    for p in range(1, spot.players):
        n = len(spot.masks[p])
        if len(index) * n > max(4 * limit, 1 << 21) or len(index) > limit:
            return None  # (the cross product is built before card clashes are dropped)
        cells = np.arange(len(index) * n)
        rows, cols = cells // n, cells % n  # every (deal so far, combo) pair
        ok = (used[rows] & spot.masks[p][cols]) == 0
        rows, cols = rows[ok], cols[ok]
        index = np.hstack([index[rows], cols[:, None].astype(np.int32)])
        used = used[rows] | spot.masks[p][cols]
        weight = weight[rows] * spot.weights[p][cols]
    if len(index) > limit:
        return None
    return index, weight


def strengths(bt: BatchTables, total: I64, bits_at: Callable[[I64], I64]) -> I16:
    """Seven-card strengths from summed batch keys (any shape; the flush addend included).
    ``bits_at(flat_indices)`` gives the mask bits of all seven cards, for flush rows only."""
    out = np.take(bt.ranks(7), total >> SUIT_SHIFT, mode="wrap")
    flat, flush = out.reshape(-1), (total & FLUSH_BITS).reshape(-1)
    rows = np.flatnonzero(flush)
    if len(rows):
        suit_masks = (bits_at(rows) >> np.take(bt.mask_shift, flush[rows])) & 0x1FFF
        flat[rows] = np.take(bt.flush, suit_masks)
    return out


@cache
def outcome_matrices(players: int) -> tuple[F64, F64, F64]:
    """For each winner code (a bit per player with the best hand): wins, ties and tie credit
    per player, as (codes x players) matrices.

    >>> wins, ties, credit = outcome_matrices(2)
    >>> wins.tolist(), credit.tolist()
    ([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [0.0, 0.0]], [[0.0, 0.0], [0.0, 0.0], [0.0, 0.0], \
[0.5, 0.5]])
    """
    codes = np.arange(1 << players)
    has = (codes[:, None] >> np.arange(players)) & 1
    ways = has.sum(axis=1, keepdims=True)
    wins = (has * (ways == 1)).astype(np.float64)
    ties = (has * (ways > 1)).astype(np.float64)
    credit = np.where(ways > 1, has / np.maximum(ways, 1), 0.0)
    for matrix in (wins, ties, credit):
        matrix.setflags(write=False)  # shared by every call
    return wins, ties, credit


def row_counts(flags: npt.NDArray[np.bool_]) -> npt.NDArray[np.int32]:
    """The true entries along the last axis: the booleans summed as bytes (2-3x faster
    here than ``count_nonzero`` along an axis).

    >>> row_counts(np.array([[True, False, True], [False, False, False]])).tolist()
    [2, 0]
    """
    counts: npt.NDArray[np.int32] = flags.view(np.uint8).sum(axis=-1, dtype=np.int32)
    return counts


def _packed(flags: npt.NDArray[np.bool_]) -> npt.NDArray[np.uint64]:
    """Rows of booleans as rows of 64-bit words (bit ``i % 64`` of word ``i // 64``), the
    last word padded with zeros."""
    packed = np.packbits(flags, axis=1, bitorder="little")
    words = -(-packed.shape[1] // 8)
    out = np.zeros((len(flags), 8 * words), dtype=np.uint8)
    out[:, : packed.shape[1]] = packed
    return out.view(np.uint64)


@cache
def exactly_matrix(players: int) -> I64:
    """Turns counts of boards where *at least* the players of set ``u`` hold the best hand
    (row ``u``) into counts where *exactly* set ``t`` does (column ``t``): the signed sum
    over the supersets of ``t``.

    >>> exactly_matrix(2).tolist()
    [[0, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, -1, -1, 1]]
    """
    size = 1 << players
    matrix = np.zeros((size, size), dtype=np.int64)
    for u in range(1, size):
        for t in range(1, size):
            if u & t == t:
                matrix[u, t] = -1 if (u ^ t).bit_count() % 2 else 1
    matrix.setflags(write=False)
    return matrix


class ExactRun:
    """Counts every deal on every board, a chunk of boards per step."""

    def __init__(
        self, spot: Spot, index: npt.NDArray[np.int32], weight: F64,
        symmetry: Symmetry | None = None, whole: Spot | None = None,
        whole_deals: tuple[npt.NDArray[np.int32], F64, npt.NDArray[np.intp]] | None = None,
    ) -> None:
        """``spot`` is what is counted; with a ``symmetry`` it is the reduced spot and
        ``whole`` the spot the results are for. With ``whole_deals`` (index, weight and,
        per deal, the counted deal it renames) the counted deals are orbit representatives
        (:func:`evaluator.range_symmetry.deal_orbits`)."""
        self.spot, self.index, self.weight = spot, index, weight
        self.symmetry, self.whole, self.whole_deals = symmetry, whole or spot, whole_deals
        self.bt = batch_tables()
        self.tally = np.zeros((len(index), 1 << spot.players), dtype=np.int64)
        self.hole_keys = [self.bt.keys[i].sum(axis=1) for i in spot.ids]
        self.hole_bits = [self.bt.mask_bits[i[:, 0]] | self.bt.mask_bits[i[:, 1]]
                          for i in spot.ids]
        self.base_key = FLUSH_ADD + sum(int(self.bt.keys[c.id]) for c in spot.board)
        self.base_bits = 0
        for card in spot.board:
            self.base_bits |= int(self.bt.mask_bits[card.id])
        # Three players: the pairs of combos the deals hold, per pair of players (ids and,
        # per deal, which pair it holds).
        self.pair_ids: dict[tuple[int, int], tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]]
        self.pair_ids = {}
        if spot.players == 3:
            for p, q in ((0, 1), (0, 2), (1, 2)):
                code = index[:, p].astype(np.intp) * len(spot.masks[q]) + index[:, q]
                self.pair_ids[p, q] = np.unique(code, return_inverse=True)
        sizes = (len(spot.masks[0]), len(spot.masks[-1]) if spot.players == 2 else 0)
        self.pair_wins = np.zeros(sizes, dtype=np.int64)  # heads-up, per pair of combos
        self.pair_losses = np.zeros(sizes, dtype=np.int64)
        combos = max(sum(len(m) for m in spot.masks), len(index))
        self.chunk = max(256, min(1 << 16, CELLS // max(1, combos // 4)))

    def steps(self) -> Iterator[float]:
        """Enumerate the boards chunk by chunk (and deals block by block within a chunk),
        yielding the fraction done, so no step runs long."""
        spot = self.spot
        slots = combinations_array(len(spot.deck), spot.missing)
        total = slots.shape[1]
        for start in range(0, total, self.chunk):
            chunk = slots[:, start : start + self.chunk]
            for done in self._chunk(chunk):
                yield (start + done * chunk.shape[1]) / total

    def _chunk(self, slots: npt.NDArray[np.uint8]) -> Iterator[float]:
        spot, bt = self.spot, self.bt
        cards = spot.deck[slots]  # (missing, C) card ids
        size = slots.shape[1]
        keys = np.full(size, self.base_key, dtype=np.int64)
        bits = np.full(size, self.base_bits, dtype=np.int64)
        taken = np.zeros(size, dtype=np.uint64)
        for row in cards:
            keys += bt.keys[row]
            bits |= bt.mask_bits[row]
            taken |= np.uint64(1) << row.astype(np.uint64)
        values: list[I16] = []
        clear: list[npt.NDArray[np.bool_] | None] = []
        for p in range(spot.players):
            values.append(self._strengths(keys, bits, p))
            clear.append(None if spot.fixed[p]
                         else (taken[None, :] & spot.masks[p][:, None]) == 0)
        if spot.players == 2:
            yield from self._heads_up(values, clear, size)
            return
        if spot.players == 3:
            yield from self._three_packed(values, clear, size)
            return
        block = max(1, CELLS // size)
        deals = len(self.index)
        for start in range(0, deals, block):
            rows = self.index[start : start + block]
            self.tally[start : start + len(rows)] += self._codes(rows, values, clear)
            if start + block < deals and (start // block) % 16 == 15:
                yield (start + block) / deals
        yield 1.0

    def _heads_up(
        self, values: list[I16], clear: list[npt.NDArray[np.bool_] | None], size: int,
    ) -> Iterator[float]:
        """Heads-up: on a board that takes one of its cards a combo gets a strength below
        every hand where it must not win and above every hand where it must not lose, so
        wins and losses are one comparison each, done for every pair of combos at once by
        broadcasting (no gather per deal); :meth:`result` reads the deals off the pairs, a
        deal's splits being the rest of its boards (as many for every deal)."""
        low = [v if c is None else np.where(c, v, np.int16(-1))
               for v, c in zip(values, clear, strict=True)]
        high = [v if c is None else np.where(c, v, np.int16(np.iinfo(np.int16).max))
                for v, c in zip(values, clear, strict=True)]
        step = max(1, CELLS // (len(values[1]) * size))
        for start in range(0, len(values[0]), step):
            part = slice(start, start + step)
            self.pair_wins[part] += row_counts(low[0][part][:, None, :] > high[1][None])
            self.pair_losses[part] += row_counts(low[1][None] > high[0][part][:, None, :])
        yield 1.0

    def _three_packed(
        self, values: list[I16], clear: list[npt.NDArray[np.bool_] | None], size: int,
    ) -> Iterator[float]:
        """Three players: compare each pair of combos that some deal holds once per board,
        kept as bits (64 boards a word), then each deal's winner sets are ANDs of its three
        pairs' words, counted with a popcount: a deal costs a few word operations per 64
        boards instead of several array passes per board."""
        ones = np.ones((1, size), dtype=np.bool_)
        ok = [_packed(ones if c is None else c) for c in clear]
        pairs = {}
        for (p, q), (combos, inverse) in self.pair_ids.items():
            n = len(values[q])
            every = len(values[p]) * n
            if 2 * len(combos) >= every and every * size <= 4 * CELLS:  # no gather
                first, second = values[p][:, None, :], values[q][None, :, :]
                held = self.index[:, p].astype(np.intp) * n + self.index[:, q]
                pairs[p, q] = (_packed((first > second).reshape(-1, size)),
                               _packed((first == second).reshape(-1, size)), held)
                continue
            above = np.empty((len(combos), -(-size // 64)), dtype=np.uint64)
            level = np.empty_like(above)
            step = max(1, CELLS // size)  # a block of pairs at a time: bounded memory
            for start in range(0, len(combos), step):
                part = combos[start : start + step]
                first, second = values[p][part // n], values[q][part % n]
                above[start : start + len(part)] = _packed(first > second)
                level[start : start + len(part)] = _packed(first == second)
            pairs[p, q] = (above, level, inverse)
        block = max(1, CELLS // 8 // ok[0].shape[1])  # some 20 arrays of words alive at once
        deals = len(self.index)
        for start in range(0, deals, block):
            rows = slice(start, start + block)
            index = self.index[rows]
            fine = ok[0][index[:, 0]] & ok[1][index[:, 1]] & ok[2][index[:, 2]]
            words = {}
            for (p, q), (above, level, inverse) in pairs.items():
                chosen = inverse[rows]
                words[p, q] = (above[chosen], level[chosen])
            (a01, e01), (a02, e02), (a12, e12) = words[0, 1], words[0, 2], words[1, 2]
            b01, b02, b12 = ~(a01 | e01), ~(a02 | e02), ~(a12 | e12)  # the second beats
            sets = {1: a01 & a02, 2: b01 & a12, 4: b02 & b12, 3: e01 & a02, 5: e02 & a01,
                    6: e12 & b01, 7: e01 & e02}
            tally = self.tally[rows]
            for code, word in sets.items():
                word &= fine
                tally[:, code] += np.bitwise_count(word).sum(axis=1, dtype=np.int64)
            if start + block < deals and (start // block) % 16 == 15:
                yield (start + block) / deals
        yield 1.0

    def _strengths(self, keys: I64, bits: I64, p: int) -> I16:
        hole_keys, hole_bits = self.hole_keys[p], self.hole_bits[p]
        out = np.empty((len(hole_keys), len(keys)), dtype=np.int16)
        block = max(1, CELLS // len(keys))
        for start in range(0, len(hole_keys), block):
            hk, hb = hole_keys[start : start + block], hole_bits[start : start + block]
            total = keys[None, :] + hk[:, None]

            def bits_at(flat: I64, hb: I64 = hb) -> I64:
                return bits[flat % len(keys)] | hb[flat // len(keys)]

            out[start : start + len(hk)] = strengths(self.bt, total, bits_at)
        return out

    def _codes(
        self, rows: npt.NDArray[np.int32], values: list[I16],
        clear: list[npt.NDArray[np.bool_] | None],
    ) -> I64:
        """Winner-code counts (deals x codes) for a block of deals on this chunk."""
        players = self.spot.players
        held = [values[p] if len(values[p]) == 1 else values[p][rows[:, p]]
                for p in range(players)]  # a fixed hand broadcasts: (1, C)
        ok: npt.NDArray[np.bool_] | None = None
        for p, c in enumerate(clear):
            if c is not None:
                ok = c[rows[:, p]] if ok is None else ok & c[rows[:, p]]
        width = 1 << players
        best = np.maximum(held[0], held[1])
        if best.shape[0] != len(rows):  # two fixed hands: (1, C)
            best = np.broadcast_to(best, (len(rows), best.shape[1])).copy()
        for h in held[2:]:
            np.maximum(best, h, out=best)
        if players <= 4:
            return self._few(held, best, ok)
        shape = best.shape
        code = np.zeros(shape, dtype=np.uint8)
        for p, h in enumerate(held):
            code |= np.left_shift(np.equal(h, best).view(np.uint8), p)
        if ok is not None:
            code *= ok
        flat = code.astype(np.int64)
        flat += (np.arange(len(rows), dtype=np.int64) * width)[:, None]
        counts = np.bincount(flat.reshape(-1), minlength=len(rows) * width)
        return counts.reshape(len(rows), width)

    def _few(self, held: list[I16], best: I16, ok: npt.NDArray[np.bool_] | None) -> I64:
        """Three or four players: for each set of players, the boards where all of them hold
        the best hand (a count per set, intersecting as the sets grow), then the boards
        where exactly that set does, by inclusion and exclusion (:func:`exactly_matrix`)."""
        players = len(held)
        top: dict[int, npt.NDArray[np.bool_]] = {}
        at_least = np.zeros((best.shape[0], 1 << players), dtype=np.int64)
        for group in range(1, 1 << players):
            low = group & -group
            if group == low:
                mine = np.equal(held[low.bit_length() - 1], best)
                top[group] = mine if ok is None else np.logical_and(mine, ok, out=mine)
            else:
                top[group] = top[group ^ low] & top[low]
            at_least[:, group] = row_counts(top[group])
        return at_least @ exactly_matrix(players)

    def result(self) -> RangeEquityResult:
        """Weighted wins, ties and tie credit per player and per combo."""
        tally = self.tally
        if self.spot.players == 2:  # from the pairs; splits: the rest (see _heads_up)
            first, second = self.index[:, 0], self.index[:, 1]
            tally[:, 1] = self.pair_wins[first, second]
            tally[:, 2] = self.pair_losses[first, second]
            tally[:, 3] = self.spot.boards - tally[:, 1] - tally[:, 2]
        if self.whole_deals is not None:
            index, weight, inverse = self.whole_deals
            return tally_result(self.whole, index, weight, tally[inverse])
        return tally_result(self.spot, self.index, self.weight, tally, self.symmetry,
                            self.whole)


def tally_result(
    spot: Spot, index: npt.NDArray[np.int32], weight: F64, tally: I64,
    symmetry: Symmetry | None = None, whole: Spot | None = None,
) -> RangeEquityResult:
    """The exact result from winner-code counts per deal (deals x codes, see the module):
    weighted wins, ties and tie credit per player and per combo."""
    wins_m, ties_m, credit_m = outcome_matrices(spot.players)
    counted = tally.astype(np.float64)
    boards = counted[:, 1:].sum(axis=1)  # boards that did not clash with the deal
    per_deal = [counted @ m for m in (wins_m, ties_m, credit_m)]  # deals x players
    columns = [[boards, *(x[:, p] for x in per_deal)] for p in range(spot.players)]
    if symmetry is not None:
        whole = whole or spot
        counts, totals, deals = symmetry.expand(whole, index, weight, columns)
        return build_result(whole, counts, (totals[0], totals[1], totals[2], totals[3]),
                            exact=True, deals=deals)
    totals = np.zeros((4, spot.players))
    counts = []
    for p in range(spot.players):
        n = len(spot.masks[p])
        combo = index[:, p]
        weighted: list[F64] = [
            np.bincount(combo, weights=weight * c, minlength=n).astype(np.float64)
            for c in columns[p]]
        counts.append(weighted)
        totals[:, p] = [float(np.dot(weight, c)) for c in columns[p]]
    return build_result(spot, counts, (totals[0], totals[1], totals[2], totals[3]),
                        exact=True, deals=int(boards.sum()))

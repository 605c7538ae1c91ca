"""What a showdown and a fold are worth to each hand, against the other player's reach.

For player ``p``'s hand ``i`` and the other player's reach ``r`` (one number per hand: the
range weight times how often the hand took the line):

- ``fold(p, r)[i]`` sums ``r[j]`` over the other's hands ``j`` that share no card with ``i``;
- ``showdown(p, r)[i]`` sums ``r[j]`` over those that ``i`` beats, minus those it loses to
  (ties count zero).

The stake (what changes hands) multiplies them in :mod:`evaluator.solver.cfr`.
:class:`SortedPayoffs` does it in time linear in the hands: both ranges sorted by strength,
one running sum for all hands and one per card, so a hand's sums are a few gathers (its
cards' sums are taken out, and an identical combo, which shares both cards, is added back
once). :class:`DensePayoffs` multiplies by whole matrices: it describes toy games (Kuhn
poker, clairvoyance) and is the check and the baseline for the sorted sweep.
"""

from __future__ import annotations

from typing import Protocol

import numpy as np
import numpy.typing as npt

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]


class Payoffs(Protocol):
    """The terminal sums of a game: see the module's docstring."""

    weights: tuple[F64, F64]
    counts: tuple[F64, F64]  # how many hands each row stands for (1 without suit symmetry)

    def fold(self, player: int, reach: F64) -> F64: ...

    def showdown(self, player: int, reach: F64) -> F64: ...


class DensePayoffs:
    """Payoffs from matrices: ``wins[i, j]`` is +1 when player 0's hand ``i`` beats player
    1's hand ``j``, -1 when it loses, 0 on a tie; ``compatible[i, j]`` says whether the
    two hands can be dealt together.

    >>> kuhn = DensePayoffs(np.sign(np.subtract.outer(range(3), range(3))), 1 - np.eye(3))
    >>> kuhn.showdown(0, np.ones(3)).tolist(), kuhn.fold(1, np.ones(3)).tolist()
    ([-2.0, 0.0, 2.0], [2.0, 2.0, 2.0])
    """

    def __init__(self, wins: npt.ArrayLike, compatible: npt.ArrayLike,
                 weights: tuple[npt.ArrayLike, npt.ArrayLike] | None = None) -> None:
        self.compatible = np.asarray(compatible, dtype=np.float64)
        given = np.asarray(wins, dtype=np.float64)
        if given.shape != self.compatible.shape or given.ndim != 2:
            raise ValueError(f"wins {given.shape} and compatible {self.compatible.shape} "
                             "must be matrices of one shape")
        self.wins = given * self.compatible
        rows, columns = self.wins.shape
        if weights is None:
            weights = (np.ones(rows), np.ones(columns))
        self.weights = (np.asarray(weights[0], dtype=np.float64),
                        np.asarray(weights[1], dtype=np.float64))
        if self.weights[0].shape != (rows,) or self.weights[1].shape != (columns,):
            raise ValueError("one weight per hand is needed for each player")
        self.counts = (np.ones(rows), np.ones(columns))

    def fold(self, player: int, reach: F64) -> F64:
        """Sums of the other player's compatible reach."""
        return self.compatible @ reach if player == 0 else self.compatible.T @ reach

    def showdown(self, player: int, reach: F64) -> F64:
        """Reach beaten minus reach lost to."""
        return self.wins @ reach if player == 0 else -(self.wins.T @ reach)


class Sweep:
    """The precomputed gathers for one player's hands against the other's.

    One prefix sum covers both sweeps: ``C`` is the running sum of the other's reach laid
    out as their hands by strength, then their hands once per card they hold (by card, then
    strength), with a zero in front. Every sum a hand needs is a difference of two entries
    of ``C``, so a terminal costs one gather, one prefix sum, one gather of a few rows per
    hand and one signed sum over those rows.
    """

    def __init__(self, mine: tuple[I64, I64], theirs: tuple[I64, I64]) -> None:
        strength, cards = mine
        their_strength, their_cards = theirs
        n = len(their_strength)
        # Their hands by strength: hands below mine are a prefix, above mine a suffix.
        order = np.argsort(their_strength, kind="stable")
        ranked = their_strength[order]
        below = np.searchsorted(ranked, strength, side="left")
        above = np.searchsorted(ranked, strength, side="right")
        # Their hands listed once per card they hold, by card then strength.
        entry_card = their_cards.ravel()  # hand j's cards at 2j, 2j + 1
        entry_hand = np.repeat(np.arange(n), 2)
        entry_order = np.lexsort((their_strength[entry_hand], entry_card))
        entries = entry_hand[entry_order]
        # Within a card's group strengths ascend: offset them by the card, so one
        # searchsorted over all groups finds where my strength falls in my card's group.
        key = entry_card[entry_order] * 65536 + their_strength[entries]
        group_start = np.searchsorted(key, cards * 65536, side="left")
        group_end = np.searchsorted(key, cards * 65536 + 65536, side="left")
        card_below = np.searchsorted(key, cards * 65536 + strength[:, None], side="left")
        card_above = np.searchsorted(key, cards * 65536 + strength[:, None], side="right")
        self.layout = np.concatenate((order, entries))
        by_card = n  # where the per-card part starts in C (C[0] is the zero)
        # Their hand with exactly my two cards: its own entry C[k + 1] - C[k] is added back
        # to the fold sum, which took it out once per shared card (zero when absent).
        position = np.empty(n, dtype=np.int64)
        position[order] = np.arange(n)
        index = {(int(a), int(b)): j for j, (a, b) in enumerate(np.sort(their_cards, axis=1))}
        same = np.array([index.get((int(a), int(b)), -1) for a, b in np.sort(cards, axis=1)],
                        dtype=np.int64)
        hit = same >= 0  # (a turn's river can leave one player no hand at all)
        same_hi = np.zeros(len(same), dtype=np.int64)
        same_lo = np.zeros(len(same), dtype=np.int64)
        same_lo[hit] = position[same[hit]]
        same_hi[hit] = same_lo[hit] + 1
        # fold = total - held by card 0 - held by card 1 + the identical combo
        self.fold_rows = np.stack([
            np.full(len(strength), n), group_start[:, 0] + by_card, group_start[:, 1] + by_card,
            group_end[:, 0] + by_card, group_end[:, 1] + by_card, same_hi, same_lo])
        self.fold_signs = np.array([1.0, 1.0, 1.0, -1.0, -1.0, 1.0, -1.0])
        # showdown = beaten - lost to, each without the hands holding one of my cards
        self.showdown_rows = np.stack([
            below, above, np.full(len(strength), n),
            card_below[:, 0] + by_card, card_below[:, 1] + by_card,
            group_start[:, 0] + by_card, group_start[:, 1] + by_card,
            group_end[:, 0] + by_card, group_end[:, 1] + by_card,
            card_above[:, 0] + by_card, card_above[:, 1] + by_card])
        self.showdown_signs = np.array([1.0, 1.0, -1.0, -1.0, -1.0, 1.0, 1.0, 1.0, 1.0,
                                        -1.0, -1.0])
        self.prefix = np.zeros(len(self.layout) + 1)

    def _prefix(self, reach: F64) -> F64:
        np.cumsum(reach[self.layout], out=self.prefix[1:])
        return self.prefix

    def fold(self, reach: F64) -> F64:
        result: F64 = self.fold_signs @ self._prefix(reach)[self.fold_rows]
        return result

    def showdown(self, reach: F64) -> F64:
        result: F64 = self.showdown_signs @ self._prefix(reach)[self.showdown_rows]
        return result


class SortedPayoffs:
    """Payoffs of hold'em hands on one board, in linear time over strength-sorted hands.

    ``strengths[p]`` holds each hand's strength (higher is stronger, as
    :func:`evaluator.batch.evaluate_batch` gives), ``cards[p]`` its two card ids.

    >>> s = SortedPayoffs((np.array([5, 9]), np.array([7])),
    ...                   (np.array([[0, 1], [2, 3]]), np.array([[1, 4]])))
    >>> s.showdown(0, np.ones(1)).tolist(), s.fold(1, np.ones(2)).tolist()
    ([0.0, 1.0], [1.0])
    """

    def __init__(self, strengths: tuple[npt.ArrayLike, npt.ArrayLike],
                 cards: tuple[npt.ArrayLike, npt.ArrayLike],
                 weights: tuple[npt.ArrayLike, npt.ArrayLike] | None = None) -> None:
        s = (np.asarray(strengths[0], dtype=np.int64), np.asarray(strengths[1], dtype=np.int64))
        c = (np.asarray(cards[0], dtype=np.int64), np.asarray(cards[1], dtype=np.int64))
        for p in range(2):
            if c[p].shape != (len(s[p]), 2):
                raise ValueError(f"player {p}: one strength and two card ids per hand needed")
        if weights is None:
            weights = (np.ones(len(s[0])), np.ones(len(s[1])))
        self.weights = (np.asarray(weights[0], dtype=np.float64),
                        np.asarray(weights[1], dtype=np.float64))
        self.sides = (Sweep((s[0], c[0]), (s[1], c[1])), Sweep((s[1], c[1]), (s[0], c[0])))
        self.counts = (np.ones(len(s[0])), np.ones(len(s[1])))
        self.strengths, self.cards = s, c

    def fold(self, player: int, reach: F64) -> F64:
        """Sums of the other player's reach over hands sharing no card."""
        return self.sides[player].fold(reach)

    def showdown(self, player: int, reach: F64) -> F64:
        """Reach beaten minus reach lost to, over hands sharing no card."""
        return self.sides[player].showdown(reach)

    def dense(self) -> DensePayoffs:
        """The same payoffs as matrices (combos by combos): the baseline and the check."""
        s0, s1 = self.strengths
        c0, c1 = self.cards
        wins = np.sign(np.subtract.outer(s0, s1))
        shared = (c0[:, None, :, None] == c1[None, :, None, :]).any(axis=(2, 3))
        return DensePayoffs(wins, ~shared, self.weights)


class StackedSweep:
    """Many sweeps side by side, one per board (a turn's rivers), in one prefix sum: each
    board's hands are a segment of the stacked reach and of the stacked answer. A board's
    sums are differences within its own segment of the prefix, so each gather also takes
    out the prefix where the segment starts (as often as the signs add up to)."""

    def __init__(self, sweeps: list[Sweep], their_sizes: list[int],
                 cards: tuple[list[I64], list[I64]] | None = None) -> None:
        hand_start = np.cumsum([0, *their_sizes[:-1]])
        layout_sizes = [len(s.layout) for s in sweeps]
        layout_start = np.cumsum([0, *layout_sizes[:-1]])
        self.layout = np.concatenate([s.layout + h for s, h in zip(sweeps, hand_start,
                                                                    strict=True)])
        self.prefix = np.zeros(len(self.layout) + 1)
        self.fold_rows, self.fold_signs = self._stack(
            [(s.fold_rows, s.fold_signs) for s in sweeps], layout_start)
        self.showdown_rows, self.showdown_signs = self._stack(
            [(s.showdown_rows, s.showdown_signs) for s in sweeps], layout_start)
        self.by_card = None if cards is None else CardSums(cards[0], cards[1])
        if self.by_card is not None:
            self._tables(self.by_card)

    def _tables(self, sums: CardSums) -> None:
        """The showdown's rows that depend only on the board and a card (where the card's
        group and the board's segment start and end) as small tables read per hand: six
        gathers over the whole prefix per showdown instead of eleven."""
        rows = self.showdown_rows
        size = sums.boards * 52
        self.group_start = np.zeros(size, dtype=np.int64)
        self.group_end = np.zeros(size, dtype=np.int64)
        for c in (0, 1):
            self.group_start[sums.my_keys[c]] = rows[5 + c]
            self.group_end[sums.my_keys[c]] = rows[7 + c]
        self.segment_end = np.zeros(sums.boards, dtype=np.int64)
        self.segment_start = np.zeros(sums.boards, dtype=np.int64)
        self.segment_end[sums.my_board] = rows[2]
        self.segment_start[sums.my_board] = rows[11]
        self.ranked = (rows[0], rows[1], rows[3], rows[4], rows[9], rows[10])

    @staticmethod
    def _stack(parts: list[tuple[I64, F64]], starts: I64) -> tuple[I64, F64]:
        signs = parts[0][1]
        rows = [np.vstack([r + start, np.full(r.shape[1], start)])
                for (r, _), start in zip(parts, starts, strict=True)]
        return np.hstack(rows), np.append(signs, -signs.sum())

    def _prefix(self, reach: F64) -> F64:
        np.cumsum(reach[self.layout], out=self.prefix[1:])
        return self.prefix

    def fold(self, reach: F64) -> F64:
        if self.by_card is not None:
            return self.by_card.fold(reach)
        result: F64 = self.fold_signs @ self._prefix(reach)[self.fold_rows]
        return result

    def showdown(self, reach: F64) -> F64:
        prefix = self._prefix(reach)
        if self.by_card is None:
            answer: F64 = self.showdown_signs @ prefix[self.showdown_rows]
            return answer
        # beaten - lost to = C[below] + C[above] - C[end] - C[start] (the board's own
        # segment) - the card groups' entries below and above mine + their groups' ends
        below, above, below0, below1, above0, above1 = self.ranked
        groups = prefix[self.group_start] + prefix[self.group_end]
        segments = prefix[self.segment_end] + prefix[self.segment_start]
        result: F64 = prefix[below] + prefix[above]
        for rows in (below0, below1, above0, above1):
            result -= prefix[rows]
        result += groups[self.by_card.my_keys[0]]
        result += groups[self.by_card.my_keys[1]]
        result -= segments[self.by_card.my_board]
        return result


class CardSums:
    """Folds over many boards side by side without sorting: a fold needs no strengths, so
    each board's total reach and its reach per card come from two bincounts into a small
    table (boards x 52, in cache) instead of a prefix sum over three entries per hand and
    a gather of seven rows of it (the turn's largest cost after the showdowns).

    ``mine[k]`` and ``theirs[k]`` are the two players' card ids (hands x 2) on board ``k``;
    the reach and the answer are every board's hands one after the other.

    >>> sums = CardSums([np.array([[0, 1], [2, 3]])], [np.array([[0, 1], [1, 4], [5, 6]])])
    >>> sums.fold(np.array([1.0, 10.0, 100.0])).tolist()  # [0, 1] shares a card with two
    [100.0, 111.0]
    """

    def __init__(self, mine: list[I64], theirs: list[I64]) -> None:
        boards = len(mine)
        their_board = np.repeat(np.arange(boards), [len(t) for t in theirs])
        my_board = np.repeat(np.arange(boards), [len(m) for m in mine])
        their_cards = np.concatenate([np.asarray(t, dtype=np.int64).reshape(-1, 2)
                                      for t in theirs])
        my_cards = np.concatenate([np.asarray(m, dtype=np.int64).reshape(-1, 2) for m in mine])
        self.boards = boards
        self.their_board = their_board
        self.their_keys = (their_board * 52 + their_cards[:, 0],
                           their_board * 52 + their_cards[:, 1])
        self.my_board = my_board
        self.my_keys = (my_board * 52 + my_cards[:, 0], my_board * 52 + my_cards[:, 1])
        # Their hand with exactly my two cards on my board: taken out once per card, so
        # added back once (the same rule as :class:`Sweep`).
        def combo(board: I64, cards: I64) -> I64:
            ordered = np.sort(cards, axis=1)
            key: I64 = (board * 52 + ordered[:, 0]) * 52 + ordered[:, 1]
            return key
        their_combo, my_combo = combo(their_board, their_cards), combo(my_board, my_cards)
        order = np.argsort(their_combo, kind="stable")
        found = np.searchsorted(their_combo[order], my_combo)
        found = np.minimum(found, max(len(order) - 1, 0))
        hit = (their_combo[order[found]] == my_combo) if len(order) else np.zeros(0, bool)
        self.twin_rows = np.flatnonzero(hit)
        self.twins = order[found[hit]]

    def fold(self, reach: F64) -> F64:
        size = self.boards * 52
        per_card = (np.bincount(self.their_keys[0], weights=reach, minlength=size)
                    + np.bincount(self.their_keys[1], weights=reach, minlength=size))
        total = np.bincount(self.their_board, weights=reach, minlength=self.boards)
        result: F64 = total[self.my_board] - per_card[self.my_keys[0]]
        result -= per_card[self.my_keys[1]]
        result[self.twin_rows] += reach[self.twins]
        return result


class StackedPayoffs:
    """Several boards' :class:`SortedPayoffs` as one game whose hands are every board's
    hands one after the other: one array operation per node serves every board."""

    def __init__(self, parts: list[SortedPayoffs], card_tables: bool = True) -> None:
        self.parts = parts
        self.sizes = [[len(p.weights[q]) for p in parts] for q in (0, 1)]
        self.weights = (np.concatenate([p.weights[0] for p in parts]),
                        np.concatenate([p.weights[1] for p in parts]))
        self.counts = (np.ones(len(self.weights[0])), np.ones(len(self.weights[1])))
        cards = ([p.cards[0] for p in parts], [p.cards[1] for p in parts])
        # card_tables=False keeps the plain prefix gathers (the bench's earlier layout)
        self.sides = (StackedSweep([p.sides[0] for p in parts], self.sizes[1],
                                   (cards[0], cards[1]) if card_tables else None),
                      StackedSweep([p.sides[1] for p in parts], self.sizes[0],
                                   (cards[1], cards[0]) if card_tables else None))

    def fold(self, player: int, reach: F64) -> F64:
        return self.sides[player].fold(reach)

    def showdown(self, player: int, reach: F64) -> F64:
        return self.sides[player].showdown(reach)

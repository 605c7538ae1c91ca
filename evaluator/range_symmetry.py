"""Suit symmetry: count one combo per orbit of a range and infer the rest, exactly.

Renaming the suits (spades to hearts and so on) changes no result. When a renaming ``s``
leaves the board, the dead cards and every range (with its weights, after card removal) as
they were, the deals whose player ``r`` holds ``s(c)`` are the renamed deals whose player
``r`` holds ``c``, with the same weight and the same outcome on the renamed boards. So for
player ``r`` only one *representative* combo per orbit (the combos the renamings reach from
it) is enumerated; player totals take each representative's deals as many times as its orbit
has combos, and each other player's per-combo counts are gathered through the renaming that
carries the representative to each member. Preflop with ranges written by class (``QQ+,
AKs``) all 24 renamings qualify: each pair counts once instead of six times, and each
suited class once instead of four.

When the spot's deals are few enough to list (:data:`evaluator.range_equity.WHOLE_DEALS`),
:func:`deal_orbits` goes further: one deal per orbit of whole deals, each deal's results
copied to the deals it renames (preflop three-way, TT+,AQ+ vs QQ+,AK vs TT: 418 deals
counted instead of 1,204 with one player's orbits).

>>> from evaluator.range_spot import prepare
>>> sym = find_symmetry(prepare(["AKs", "QQ+, AKs"]))
>>> sym.player, len(sym.group), [len(o) for o in sym.orbits]
(1, 24, [6, 6, 6, 4])
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import permutations

import numpy as np
import numpy.typing as npt

from evaluator.cards import DECK, Card
from evaluator.range_spot import F64, Spot
from evaluator.ranges import Combo, Range

Renaming = tuple[int, int, int, int]  # suit -> suit


def _rename(card: Card, s: Renaming) -> Card:
    return DECK[4 * card.rank + s[card.suit]]


def _rename_combo(combo: Combo, s: Renaming) -> Combo:
    a, b = _rename(combo[0], s), _rename(combo[1], s)
    return (a, b) if a.id > b.id else (b, a)


def _keeps(spot: Spot, s: Renaming, board: set[int], deck: set[int]) -> bool:
    """Whether renaming ``s`` leaves the spot as it was (``board`` and ``deck`` as ids)."""
    if {i - i % 4 + s[i % 4] for i in board} != board:
        return False
    if {i - i % 4 + s[i % 4] for i in deck} != deck:  # so dead and fixed cards stay put
        return False
    for r in spot.ranges:
        for combo, w in r.weights.items():
            if r.weights.get(_rename_combo(combo, s)) != w:
                return False
    return True


@dataclass
class Symmetry:
    """The renamings that change nothing, the player reduced and its orbits.

    ``orbits[i]`` lists player ``player``'s combo indices in orbit ``i`` (the representative
    first) with the renaming carrying the representative to each; ``maps[p][k]`` maps player
    ``p``'s combo index ``j`` to the index of the combo renamed back by ``group[k]``."""

    group: list[Renaming]
    player: int
    orbits: list[list[tuple[int, int]]]  # (combo index, renaming index)
    maps: list[list[npt.NDArray[np.intp]]]

    def reduced(self, spot: Spot) -> Spot:
        """The spot with player ``player`` holding only the representatives."""
        p, reps = self.player, [orbit[0][0] for orbit in self.orbits]
        combos = [spot.combos[p][i] for i in reps]
        return replace(
            spot,
            ranges=[*spot.ranges[:p], Range({c: spot.ranges[p].weights[c] for c in combos}),
                    *spot.ranges[p + 1 :]],
            combos=[*spot.combos[:p], combos, *spot.combos[p + 1 :]],
            ids=[*spot.ids[:p], spot.ids[p][reps], *spot.ids[p + 1 :]],
            weights=[*spot.weights[:p], spot.weights[p][reps], *spot.weights[p + 1 :]],
            masks=[*spot.masks[:p], spot.masks[p][reps], *spot.masks[p + 1 :]],
        )

    def expand(
        self, spot: Spot, index: npt.NDArray[np.int32], weight: F64, columns: list[list[F64]]
    ) -> tuple[list[list[F64]], F64, int]:
        """Per-combo counts, player totals and the deal count of the whole spot, from the
        reduced deals: ``index`` (deals x players, reduced indices), their ``weight`` and
        ``columns[p]`` = per-deal (boards, wins, ties, credit) of player ``p``."""
        r = self.player
        sizes = np.array([len(o) for o in self.orbits], dtype=np.float64)
        times = sizes[index[:, r]]
        totals = np.array([[float(np.dot(weight * times, c)) for c in columns[p]]
                           for p in range(spot.players)]).T
        deals = int(round(float(np.dot(times, columns[0][0]))))
        counts: list[list[F64]] = []
        reps = len(self.orbits)
        for p in range(spot.players):
            n = len(spot.masks[p])
            rows: list[F64] = []
            for c in columns[p]:
                if p == r:
                    per_rep = np.bincount(index[:, r], weights=weight * c, minlength=reps)
                    out = np.zeros(n)
                    for i, orbit in enumerate(self.orbits):
                        out[[j for j, _ in orbit]] = per_rep[i]
                else:
                    table = np.bincount(index[:, r] * n + index[:, p], weights=weight * c,
                                        minlength=reps * n).reshape(reps, n)
                    out = np.zeros(n)
                    for i, orbit in enumerate(self.orbits):
                        for _, k in orbit:
                            out += table[i][self.maps[p][k]]
                rows.append(out)
            counts.append(rows)
        return counts, totals, deals


def find_symmetry(spot: Spot) -> Symmetry | None:
    """The suit renamings that keep the spot, and the player whose combos fall into the
    fewest orbits for its size; None when no renaming but the identity keeps it, or when
    no range gets shorter."""
    renamings: list[Renaming] = [(a, b, c, d) for a, b, c, d in permutations(range(4))]
    board, deck = {c.id for c in spot.board}, {int(i) for i in spot.deck}
    group = [s for s in renamings if s == (0, 1, 2, 3) or _keeps(spot, s, board, deck)]
    if len(group) < 2:
        return None
    position = [{c: j for j, c in enumerate(cs)} for cs in spot.combos]
    best: tuple[float, int, list[list[tuple[int, int]]]] | None = None
    for p, combos in enumerate(spot.combos):
        if spot.fixed[p]:
            continue
        seen: set[int] = set()
        orbits: list[list[tuple[int, int]]] = []
        for j, combo in enumerate(combos):
            if j in seen:
                continue
            orbit: list[tuple[int, int]] = []
            for k, s in enumerate(group):
                member = position[p][_rename_combo(combo, s)]
                if member not in seen:
                    seen.add(member)
                    orbit.append((member, k))
            orbits.append(orbit)
        gain = len(combos) / len(orbits)
        if gain > 1 and (best is None or gain > best[0]):
            best = (gain, p, orbits)
    if best is None:
        return None
    inverse: list[Renaming] = [(s.index(0), s.index(1), s.index(2), s.index(3)) for s in group]
    maps = [[np.array([position[p][_rename_combo(c, inv)] for c in spot.combos[p]],
                      dtype=np.intp) for inv in inverse] for p in range(spot.players)]
    return Symmetry(group, best[1], best[2], maps)


@dataclass
class DealOrbits:
    """Deals counted once per orbit under the suit renamings (a deal renamed is a deal with
    the same weight and the same outcome for each seat): ``counted`` is the spot cut to the
    combos the representative deals hold, ``index`` those deals in its combo indices, and
    ``inverse[d]`` the representative of whole deal ``d``."""

    counted: Spot
    index: npt.NDArray[np.int32]
    weight: F64
    inverse: npt.NDArray[np.intp]


def deal_orbits(spot: Spot, symmetry: Symmetry, index: npt.NDArray[np.int32],
                weight: F64) -> DealOrbits:
    """Group the whole spot's deals (``index``, deals x players, with their ``weight``) into
    orbits; each deal's representative is its renamed copy whose combo indices, read as one
    number with player ``symmetry.player`` as the leading digit, are smallest.

    >>> from evaluator.range_spot import prepare
    >>> from evaluator.range_exact import deals
    >>> spot = prepare(["AA", "KK", "QQ"])
    >>> index, weight = deals(spot, 10**6)
    >>> orbits = deal_orbits(spot, find_symmetry(spot), index, weight)
    >>> len(index), len(orbits.index), [len(c) for c in orbits.counted.combos]
    (216, 12, [1, 3, 6])
    """
    sizes = [len(m) for m in spot.masks]
    order = [symmetry.player, *(p for p in range(spot.players) if p != symmetry.player)]
    position = [{c: j for j, c in enumerate(cs)} for cs in spot.combos]
    code = np.zeros(len(index), dtype=np.int64)
    best = np.full(len(index), np.iinfo(np.int64).max, dtype=np.int64)
    for s in symmetry.group:
        code[:] = 0
        for p in order:
            image = np.array([position[p][_rename_combo(c, s)] for c in spot.combos[p]],
                             dtype=np.int64)
            code = code * sizes[p] + image[index[:, p]]
        np.minimum(best, code, out=best)
    reps, first, inverse = np.unique(best, return_index=True, return_inverse=True)
    rep_index = np.empty((len(reps), spot.players), dtype=np.int64)
    rest = reps.copy()
    for p in reversed(order):
        rest, rep_index[:, p] = np.divmod(rest, sizes[p])
    kept = [np.unique(rep_index[:, p]) for p in range(spot.players)]
    local = np.stack([np.searchsorted(kept[p], rep_index[:, p]) for p in range(spot.players)],
                     axis=1).astype(np.int32)
    counted = replace(
        spot,
        ranges=[Range({spot.combos[p][j]: spot.ranges[p].weights[spot.combos[p][j]]
                       for j in kept[p]}) for p in range(spot.players)],
        combos=[[spot.combos[p][j] for j in kept[p]] for p in range(spot.players)],
        ids=[spot.ids[p][kept[p]] for p in range(spot.players)],
        weights=[spot.weights[p][kept[p]] for p in range(spot.players)],
        masks=[spot.masks[p][kept[p]] for p in range(spot.players)],
    )
    # A deal's weight is its first member's: renaming keeps every weight.
    return DealOrbits(counted, local, weight[first], inverse.astype(np.intp))

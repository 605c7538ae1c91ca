"""Heads-up preflop equities, precomputed: every combo against every combo, exactly.

Two hands preflop, no dead cards: each matchup is played on all ``C(48, 5) = 1,712,304``
boards. Renaming suits changes no count, so one *representative* hand per class (169) is
counted against each of the 1,225 combos it does not touch: the whole table, 207,025
matchups. They are counted by board shape (:func:`count_by_ranks`: rank multisets, then the
boards where a flush is possible), about 12x fewer visits than board by board, with this
package's own rank and flush tables; tests check it against board-by-board enumeration.

The counts ship in ``evaluator/data/headsup_preflop.npz`` (the README there says how it
was built, its size and build time); ``python -m evaluator.range_table 2`` rebuilds it with
two processes. With the table, heads-up preflop range against range is one lookup per deal
(a pair of combos ``a``, ``b``): the renaming ``s`` carrying ``a`` to its class's
representative, then that representative's row at ``s(b)``.

>>> table = headsup_table()
>>> a, b = combo_index("AhAs"), combo_index("KdKc")
>>> wins, ties, losses = table.counts(np.array([a]), np.array([b]))
>>> int(wins[0]), int(ties[0]), int(losses[0]), BOARDS
(1388072, 6538, 317694, 1712304)
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import combinations, permutations
from math import comb
from pathlib import Path

import numpy as np
import numpy.typing as npt

from evaluator.batch import batch_tables
from evaluator.cards import DECK, parse_cards
from evaluator.range_exact import I16, I64, tally_result
from evaluator.range_results import RangeEquityResult
from evaluator.range_spot import F64, Spot
from evaluator.tables import RANK_KEYS, rank_multisets, tables

BOARDS = comb(48, 5)  # boards of every heads-up preflop matchup
COMBOS = 1326
CLASSES = 169
DATA = Path(__file__).parent / "data" / "headsup_preflop.npz"
U32 = npt.NDArray[np.uint32]
INT = npt.NDArray[np.intp]

PAIRS: list[tuple[int, int]] = [(high, low) for high in range(52) for low in range(high)]
"""Combo index -> card ids, the higher first; index ``high * (high - 1) // 2 + low``."""
SUIT_RENAMINGS: list[tuple[int, ...]] = list(permutations(range(4)))


def combo_index(text: str) -> int:
    """Index (0..1325) of a two-card combo given as text: ``combo_index("3c2s") == 9``.

    >>> combo_index("3c2s"), combo_index("AsAh")
    (9, 1325)
    """
    cards = parse_cards(text)
    if len(cards) != 2:
        raise ValueError(f"a combo is two cards, got {len(cards)}")
    high, low = max(c.id for c in cards), min(c.id for c in cards)
    return high * (high - 1) // 2 + low


def class_index(high_id: int, low_id: int) -> int:
    """Class (0..168) of two cards: ``13 * high + low`` suited or paired, else transposed."""
    high, low = high_id // 4, low_id // 4
    if high_id % 4 == low_id % 4 or high == low:
        return 13 * high + low
    return 13 * low + high


def representative(klass: int) -> int:
    """The combo counted for a class: a pair in clubs and diamonds, a suited hand in clubs,
    an offsuit hand with its high card in diamonds and its low card in clubs."""
    first, second = divmod(klass, 13)
    if first == second:
        return combo_index(f"{DECK[4 * first + 1]}{DECK[4 * first]}")
    if first > second:
        return combo_index(f"{DECK[4 * first]}{DECK[4 * second]}")
    return combo_index(f"{DECK[4 * second + 1]}{DECK[4 * first]}")


@cache
def _structure() -> tuple[INT, INT, INT, INT]:
    """Class of each combo, each class's representative, each renaming's image of each combo
    (24 x 1326) and, per combo, a renaming that carries it to its representative."""
    ids = np.array(PAIRS, dtype=np.intp)
    klass = np.array([class_index(h, lo) for h, lo in PAIRS], dtype=np.intp)
    reps = np.array([representative(k) for k in range(CLASSES)], dtype=np.intp)
    image = np.empty((len(SUIT_RENAMINGS), COMBOS), dtype=np.intp)
    for k, s in enumerate(SUIT_RENAMINGS):
        moved = 4 * (ids // 4) + np.array(s)[ids % 4]
        high, low = moved.max(axis=1), moved.min(axis=1)
        image[k] = high * (high - 1) // 2 + low
    hits = image == reps[klass][None, :]
    to_rep = np.argmax(hits, axis=0)
    assert hits.any(axis=0).all()
    return klass, reps, image, to_rep


@cache
def _board_classes() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.uint8], BoardSuited]:
    """The board shapes the count runs over (see :func:`count_by_ranks`): every rank
    multiset of five cards (rank-key sums, per-rank counts), and every board with three or
    more cards of one suit as (that suit's ranks, the other cards' ranks), five of the suit
    first, then four, then three."""
    sums, counts = rank_multisets(5)
    keys = np.asarray(RANK_KEYS, dtype=np.int64)
    masks, rank_sums, first, second, size = [], [], [], [], []
    for k in (5, 4, 3):
        for suited in combinations(range(13), k):
            rest: list[tuple[int, int]] = (
                [(-1, -1)] if k == 5 else [(r, -1) for r in range(13)] if k == 4
                else [(r, q) for r in range(13) for q in range(r, 13)])
            for r, q in rest:
                masks.append(sum(1 << x for x in suited))
                rank_sums.append(sum(RANK_KEYS[x] for x in suited)
                                 + (RANK_KEYS[r] if r >= 0 else 0)
                                 + (RANK_KEYS[q] if q >= 0 else 0))
                first.append(r)
                second.append(q)
                size.append(k)
    suited_boards = BoardSuited(
        np.array(masks, dtype=np.int64), np.array(rank_sums, dtype=np.int64),
        np.array(first, dtype=np.intp), np.array(second, dtype=np.intp),
        {k: int(np.count_nonzero(np.array(size) >= k)) for k in (3, 4, 5)})
    assert int(keys.max()) > 0
    return sums, counts, suited_boards


@dataclass(frozen=True)
class BoardSuited:
    """Boards with three or more cards of one suit: that suit's 13-bit rank mask, the
    board's rank-key sum, the other cards' ranks (-1 for none) and, by how many cards of
    the suit at least, how many lead the list."""

    mask: npt.NDArray[np.int64]
    rank_sum: npt.NDArray[np.int64]
    first: npt.NDArray[np.intp]
    second: npt.NDArray[np.intp]
    prefix: dict[int, int]


CHOOSE = np.array([[comb(a, m) for m in range(5)] for a in range(5)], dtype=np.int64)


def count_by_ranks(hero: tuple[int, int], villains: npt.NDArray[np.intp]) -> tuple[I64, I64]:
    """Hero wins and ties against each villain (an (n, 2) array of card ids sharing no card
    with the hero) over all boards, counted by board shape instead of board by board.

    Without three cards of a suit on the board nobody has a flush, and the winner depends
    on the board's ranks only: each rank multiset counts once, weighted by the boards that
    have it (the product over ranks of C(cards of that rank left, times it appears)). The
    boards with three or more cards of one suit (at most one suit can) are then counted
    again by (suit, its ranks, the other cards' ranks), the outcome with flushes replacing
    the ranks-only outcome counted before; only the shapes where hero or villain can reach
    five of the suit differ, so only those are visited.

    >>> wins, ties = count_by_ranks((50, 49), np.array([[47, 46]]))  # AhAd vs KsKh
    >>> int(wins[0]), int(ties[0])
    (1399204, 7923)
    """
    sums, counts, suited = _board_classes()
    ranks7, flush = batch_tables().ranks(7), tables().flush
    keys = np.asarray(RANK_KEYS, dtype=np.int64)
    hero_ids = np.array(hero, dtype=np.intp)
    n = len(villains)
    hole = np.concatenate([np.broadcast_to(hero_ids, (n, 2)), villains], axis=1)  # (n, 4)
    rank, suit = hole // 4, hole % 4
    left = 4 - np.stack([np.count_nonzero(rank == r, axis=1) for r in range(13)], axis=1)
    boards = np.ones((n, len(sums)), dtype=np.int64)
    for r in range(13):
        boards *= CHOOSE[left[:, r][:, None], counts[:, r].astype(np.intp)[None, :]]
    hero_sum = int(keys[hero_ids // 4].sum())
    villain_sum = keys[villains // 4].sum(axis=1)
    # (a multiset holding more of a rank than is left has no board: clip, weight 0)
    hero_plain = np.take(ranks7, hero_sum + sums, mode="clip")
    villain_plain = np.take(ranks7, villain_sum[:, None] + sums[None, :], mode="clip")
    wins = (boards * (hero_plain > villain_plain)).sum(axis=1)
    ties = (boards * (hero_plain == villain_plain)).sum(axis=1)
    for s in range(4):
        hero_mask = sum(1 << (c // 4) for c in hero if c % 4 == s)
        in_suit = suit[:, 2:] == s
        villain_mask = ((1 << rank[:, 2:]) * in_suit).sum(axis=1)
        villain_held = np.count_nonzero(in_suit, axis=1)
        # cards of each rank outside suit s not in anyone's hand
        other = 3 - np.stack([np.count_nonzero((rank == r) & (suit != s), axis=1)
                              for r in range(13)], axis=1)
        for held in range(3):
            rows = np.flatnonzero(villain_held == held)
            reach = max(held, hero_mask.bit_count())
            if not len(rows):
                continue
            length = suited.prefix[5 - reach]
            w, t = _suited_correction(
                suited, length, hero_mask, hero_sum, villain_mask[rows],
                villain_sum[rows], other[rows], ranks7, flush)
            wins[rows] += w
            ties[rows] += t
    return wins, ties


def _suited_correction(
    suited: BoardSuited, length: int, hero_mask: int, hero_sum: int,
    villain_mask: I64, villain_sum: I64, other: I64, ranks7: I16, flush: I16,
) -> tuple[I64, I64]:
    """Wins and ties to add for the first ``length`` suited shapes: with flushes minus
    ranks only, for villains holding ``villain_mask`` in the suit, ``other`` cards of each
    rank left outside it."""
    mask, rank_sum = suited.mask[:length], suited.rank_sum[:length]
    first, second = suited.first[:length], suited.second[:length]
    hero_plain = np.take(ranks7, hero_sum + rank_sum, mode="clip")
    hero_full = np.maximum(flush[mask | hero_mask], hero_plain)
    padded = np.concatenate([other, np.ones((len(other), 1), dtype=other.dtype)], axis=1)
    wins = np.zeros(len(other), dtype=np.int64)
    ties = np.zeros(len(other), dtype=np.int64)
    step = max(1, (1 << 20) // length)
    pair = (first == second) & (first >= 0)
    for start in range(0, len(other), step):
        part = slice(start, start + step)
        a, b = padded[part][:, first], padded[part][:, second]  # -1: the padded 1
        boards = np.where(pair, a * (a - 1) // 2, a * b)
        boards *= (mask & (hero_mask | villain_mask[part][:, None])) == 0
        plain = np.take(ranks7, villain_sum[part][:, None] + rank_sum, mode="clip")
        full = np.maximum(flush[mask | villain_mask[part][:, None]], plain)
        won = (hero_full > full).view(np.int8) - (hero_plain > plain).view(np.int8)
        tied = (hero_full == full).view(np.int8) - (hero_plain == plain).view(np.int8)
        wins[part] = (boards * won).sum(axis=1)
        ties[part] = (boards * tied).sum(axis=1)
    return wins, ties


class HeadsUpTable:
    """Hero wins and ties of each class representative against each combo (169 x 1326)."""

    def __init__(self, wins: U32, ties: U32) -> None:
        self.wins, self.ties = wins, ties

    def counts(self, a: INT, b: INT) -> tuple[U32, U32, U32]:
        """Wins, ties and losses over the boards of combo ``a[i]`` against ``b[i]`` (combo
        indices; the combos must not share a card)."""
        klass, _, image, to_rep = _structure()
        moved = image[to_rep[a], b]
        rows = klass[a]
        wins, ties = self.wins[rows, moved], self.ties[rows, moved]
        return wins, ties, np.uint32(BOARDS) - wins - ties


def table_applies(spot: Spot) -> bool:
    """Whether the table counts this spot: two players, no board and no dead card."""
    held = 2 * sum(spot.fixed)
    return spot.players == 2 and spot.missing == 5 and len(spot.deck) + held == 52


class TableRun:
    """Heads-up preflop by lookup: each deal's wins, ties and losses come from the table."""

    def __init__(self, spot: Spot, index: npt.NDArray[np.int32], weight: F64,
                 table: HeadsUpTable) -> None:
        self.spot, self.index, self.weight, self.table = spot, index, weight, table
        self.tally: I64 = np.zeros((len(index), 4), dtype=np.int64)

    def steps(self) -> Iterator[float]:
        """One step: look every deal up (codes 1, 2 and 3: first wins, second wins, split)."""
        ids = [np.sort(i, axis=1) for i in self.spot.ids]
        combo = [(i[:, 1] * (i[:, 1] - 1) // 2 + i[:, 0]).astype(np.intp) for i in ids]
        a, b = combo[0][self.index[:, 0]], combo[1][self.index[:, 1]]
        wins, ties, losses = self.table.counts(a, b)
        self.tally[:, 1], self.tally[:, 2], self.tally[:, 3] = wins, losses, ties
        yield 1.0

    def result(self) -> RangeEquityResult:
        """The same result enumeration gives (see :func:`evaluator.range_exact.tally_result`)."""
        return tally_result(self.spot, self.index, self.weight, self.tally)


def _count_class(klass: int) -> tuple[int, U32, U32]:  # a top-level function: pickled
    """Hero wins and ties of one class's representative against every combo that shares
    no card with it (:func:`count_by_ranks`)."""
    rep = PAIRS[representative(klass)]
    villains = np.array([p for p in PAIRS if not set(p) & set(rep)], dtype=np.intp)
    wins, ties = count_by_ranks(rep, villains)
    rows = villains.max(axis=1) * (villains.max(axis=1) - 1) // 2 + villains.min(axis=1)
    out_wins, out_ties = np.zeros(COMBOS, dtype=np.uint32), np.zeros(COMBOS, dtype=np.uint32)
    out_wins[rows], out_ties[rows] = wins, ties
    return klass, out_wins, out_ties


def build_table(path: Path = DATA, workers: int = 1) -> float:
    """Count every representative against every combo and save the counts (compressed
    NumPy arrays ``wins`` and ``ties``, 169 x 1326, zero where the combos share a card);
    the seconds it took. Finished classes are kept beside ``path`` until the end, so an
    interrupted build resumes."""
    started = time.perf_counter()
    parts = path.with_suffix(".parts")
    parts.mkdir(parents=True, exist_ok=True)
    todo = [k for k in range(CLASSES) if not (parts / f"{k}.npy").exists()]

    def keep(klass: int, wins: U32, ties: U32) -> None:
        np.save(parts / f"{klass}.npy", np.stack([wins, ties]))

    if workers > 1:
        from multiprocessing import Pool

        with Pool(workers) as pool:
            for klass, w, t in pool.imap_unordered(_count_class, todo):
                keep(klass, w, t)
    else:
        for klass in todo:
            keep(*_count_class(klass))
    rows = np.stack([np.load(parts / f"{k}.npy") for k in range(CLASSES)])
    np.savez_compressed(path, wins=rows[:, 0], ties=rows[:, 1])
    for k in range(CLASSES):
        (parts / f"{k}.npy").unlink()
    parts.rmdir()
    return time.perf_counter() - started


@cache
def headsup_table() -> HeadsUpTable | None:
    """The shipped table (about 2 MB in memory); None if the file is missing."""
    if not DATA.exists():
        return None
    with np.load(DATA) as data:
        return HeadsUpTable(data["wins"], data["ties"])


if __name__ == "__main__":  # python -m evaluator.range_table [workers]: rebuild the data file
    import sys

    seconds = build_table(workers=int(sys.argv[1]) if len(sys.argv) > 1 else 1)
    print(f"built {DATA} in {seconds:.0f} s, {DATA.stat().st_size} bytes")

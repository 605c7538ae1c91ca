"""Equity of ranges: hand vs range and range vs range, 2 to 6 players, exact or Monte Carlo.

What is counted (Equilab's semantics): a *deal* gives each player one combo of their range,
no card twice and none of the board or dead cards; its probability is the product of the
combos' weights. Each deal is played out on every remaining board (exact) or on random ones
(Monte Carlo), the pot going to the best hand and split evenly on a tie. A player's equity is
``(wins + tie_credit) / deals``, all counted by deal weight; ``tie_credit`` adds ``1/k`` for
each board split ``k`` ways. A range of one combo is a hand: its cards leave the other ranges
and the deck (card removal between players).

Heads-up preflop with no dead card, every deal is looked up in a precomputed table of exact
hand-against-hand counts (:mod:`evaluator.range_table`). Otherwise exact enumeration
(:mod:`evaluator.range_exact`) is chosen when its work, about deals times boards, fits
``exact_limit``; otherwise Monte Carlo (:mod:`evaluator.range_sampling`)
deals ``samples`` random deals and reports a standard error. Both run in steps, so a caller can
show progress and stop between steps:

>>> calc = RangeCalculation(["AsKs", "QQ+, AKs"], board="Qh 7d 2c")
>>> fractions = list(calc.steps())
>>> result = calc.result()
>>> result.exact, result.deals, fractions[-1]
(True, 11880, 1.0)
>>> round(result[0].equity, 4), len(result[1].combos)
(0.164, 12)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from math import comb, prod
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from evaluator.cards import DECK, Card, to_cards
from evaluator.hands import CardInput
from evaluator.ranges import Combo, Range, parse_range

if TYPE_CHECKING:
    from evaluator.range_exact import ExactRun
    from evaluator.range_sampling import SampledRun
    from evaluator.range_table import TableRun

MAX_PLAYERS = 6
EXACT_LIMIT = 400_000_000
"""Default cap on exact work, in units of about 5-10 ns here (a few seconds): combos x boards
(strengths) plus deals x boards x ``DEAL_COST`` (comparing them)."""
DEAL_COST = {2: 1, 3: 3, 4: 3, 5: 4, 6: 5}  # per deal and board, by players (measured)
DEFAULT_SAMPLES = 200_000
WHOLE_DEALS = 1 << 22  # deals listed whole to find their orbits under suit renamings
TALLY_LIMIT = 1 << 24  # deals x winner codes counted at once (128 MB); past it, Monte Carlo
U64 = npt.NDArray[np.uint64]
F64 = npt.NDArray[np.float64]


@dataclass(frozen=True)
class ComboEquity:
    """One combo of a player's range: its weight and results over the deals holding it."""

    cards: Combo
    weight: float
    deals: float
    wins: float
    ties: float
    tie_credit: float

    @property
    def equity(self) -> float:
        """Share of the pot this combo takes on average."""
        return (self.wins + self.tie_credit) / self.deals if self.deals else 0.0

    @property
    def text(self) -> str:
        """The combo as text: ``"AhKh"``."""
        return f"{self.cards[0]}{self.cards[1]}"


@dataclass(frozen=True)
class PlayerEquity:
    """One player's results, counted by deal weight, with a per-combo breakdown."""

    range: Range
    deals: float
    wins: float
    ties: float
    tie_credit: float
    std_error: float | None
    combos: tuple[ComboEquity, ...]

    @property
    def equity(self) -> float:
        """Expected share of the pot: ``(wins + tie_credit) / deals``."""
        return (self.wins + self.tie_credit) / self.deals

    @property
    def win(self) -> float:
        """Share of deals won outright."""
        return self.wins / self.deals

    @property
    def tie(self) -> float:
        """Share of deals split."""
        return self.ties / self.deals


@dataclass(frozen=True)
class RangeEquityResult:
    """Per-player results in input order. ``deals`` counts (deal, board) pairs, unweighted:
    every one when ``exact``, else the Monte Carlo samples."""

    players: tuple[PlayerEquity, ...]
    exact: bool
    deals: int
    boards: int

    def __getitem__(self, index: int) -> PlayerEquity:
        return self.players[index]

    def __len__(self) -> int:
        return len(self.players)

    def __iter__(self) -> Iterator[PlayerEquity]:
        return iter(self.players)


@dataclass
class Spot:
    """Ranges after card removal, as arrays: what both methods start from."""

    ranges: list[Range]
    combos: list[list[Combo]]
    ids: list[npt.NDArray[np.int64]]  # (n, 2) card ids per player
    weights: list[F64]
    masks: list[U64]  # one bit per card of each combo
    fixed: list[bool]  # a single combo: its cards left the deck
    board: list[Card]
    deck: npt.NDArray[np.int64]  # cards the board may still take
    missing: int
    given: list[Range]  # the ranges as given, before card removal

    @property
    def players(self) -> int:
        """How many players."""
        return len(self.ranges)

    @cached_property
    def boards(self) -> int:
        """Boards each deal is played on: every completion of the board by unseen cards."""
        unseen = len(self.deck) - 2 * sum(not f for f in self.fixed)
        return comb(unseen, self.missing)


def _read_range(value: Range | str, number: int, suits: str) -> Range:
    if isinstance(value, Range):
        return value
    try:
        return parse_range(value, suits=suits)
    except ValueError as error:
        raise ValueError(f"player {number}: {error}") from None


def prepare(
    ranges: Sequence[Range | str], board: CardInput = (), dead: CardInput = (), suits: str = "en"
) -> Spot:
    """Check the input and remove cards: board and dead cards from every range, and the
    cards of a one-combo range (a hand) from the others, until nothing changes.

    >>> spot = prepare(["AhAd", "AA, KK"], board="Ks 7c 2d")
    >>> [len(r) for r in spot.ranges], spot.fixed, len(spot.deck), spot.boards
    ([1, 4], [True, False], 47, 990)
    """
    if isinstance(ranges, str) or not 2 <= len(ranges) <= MAX_PLAYERS:
        count = "a text" if isinstance(ranges, str) else len(ranges)
        raise ValueError(f"range equity takes 2 to {MAX_PLAYERS} ranges, got {count}")
    parsed = [_read_range(r, i, suits) for i, r in enumerate(ranges, 1)]
    known = to_cards(board) if not isinstance(board, str) or suits == "en" else _es(board)
    gone = to_cards(dead) if not isinstance(dead, str) or suits == "en" else _es(dead)
    if len(known) > 5:
        raise ValueError(f"board: a board has at most 5 cards, got {len(known)}")
    if set(known) & set(gone):
        raise ValueError(f"duplicate card {sorted(set(known) & set(gone))[0]}: on the board "
                         "and among the dead cards")
    for i, r in enumerate(parsed, 1):
        if not len(r):
            raise ValueError(f"player {i}: the range is empty")
    current = [r.without([*known, *gone]) for r in parsed]
    fixed = [False] * len(current)
    while True:
        for i, r in enumerate(current, 1):
            if not len(r):
                raise ValueError(f"player {i}: no hand of the range is left once the board, "
                                 "the dead cards and the other players' hands are removed")
        single = [i for i, r in enumerate(current) if len(r) == 1 and not fixed[i]]
        if not single:
            break
        for i in single:
            fixed[i] = True
            cards = next(iter(current[i]))
            current = [r if j == i else r.without(cards) for j, r in enumerate(current)]
    held = {card for i, r in enumerate(current) if fixed[i] for card in next(iter(r))}
    removed = {*known, *gone} | held
    deck = np.array([c.id for c in DECK if c not in removed], dtype=np.int64)
    combos = [list(r) for r in current]
    ids = [np.array([[a.id, b.id] for a, b in cs], dtype=np.int64) for cs in combos]
    one = np.uint64(1)
    masks = [(one << i[:, 0].astype(np.uint64)) | (one << i[:, 1].astype(np.uint64))
             for i in ids]
    weights = [np.array([r.weights[c] for c in cs], dtype=np.float64)
               for r, cs in zip(current, combos, strict=True)]
    spot = Spot(current, combos, ids, weights, masks, fixed, known, deck, 5 - len(known),
                parsed)
    unseen = len(deck) - 2 * sum(not f for f in fixed)
    if unseen < spot.missing:
        raise ValueError(f"only {unseen} cards are left, too few to deal "
                         f"{spot.missing} more to the board")
    if not _some_deal(spot):
        raise ValueError("no deal is possible: the ranges cannot all hold different cards")
    return spot


def _es(text: str) -> list[Card]:
    from evaluator.cards import parse_cards

    return parse_cards(text, suits="es")


def _some_deal(spot: Spot) -> bool:
    """Whether the ranges can hold disjoint combos at once (a depth-first search)."""
    order = sorted(range(spot.players), key=lambda p: len(spot.masks[p]))
    lists = [sorted({int(m) for m in spot.masks[p]}) for p in order]

    def search(level: int, used: int) -> bool:
        if level == len(lists):
            return True
        return any(not used & m and search(level + 1, used | m) for m in lists[level])

    return search(0, 0)


class RangeCalculation:
    """One equity run, exact or Monte Carlo, done step by step (see the module's example).

    ``samples`` forces Monte Carlo; otherwise it is exact when the work (see
    :data:`EXACT_LIMIT`) is at most ``exact_limit``, else Monte Carlo with ``default_samples``.
    Exact counting uses suit symmetry (:mod:`evaluator.range_symmetry`) unless
    ``symmetric=False``; heads-up preflop with no dead card, it looks every deal up in the
    precomputed table (:mod:`evaluator.range_table`) unless ``precomputed=False``. The
    counts are the same every way.
    """

    def __init__(
        self,
        ranges: Sequence[Range | str],
        board: CardInput = (),
        dead: CardInput = (),
        *,
        samples: int | None = None,
        seed: int | None = None,
        exact_limit: int = EXACT_LIMIT,
        default_samples: int = DEFAULT_SAMPLES,
        suits: str = "en",
        symmetric: bool = True,
        precomputed: bool = True,
    ) -> None:
        from evaluator.range_sampling import SampledRun

        if samples is not None and samples < 1:
            raise ValueError(f"samples must be a positive number, got {samples}")
        self.spot = prepare(ranges, board, dead, suits=suits)
        self.work = 0
        run: ExactRun | TableRun | SampledRun | None = None
        if samples is None and precomputed:
            run = self._table_run()
        if samples is None and run is None:
            run = self._exact_run(exact_limit, symmetric)
        if run is None:
            self.samples = samples if samples is not None else default_samples
            run = SampledRun(self.spot, self.samples, seed)
        self._run = run
        self.exact = not isinstance(run, SampledRun)
        self.seed = run.seed if isinstance(run, SampledRun) else None

    def _table_run(self) -> TableRun | None:
        """Heads-up preflop with no dead card: every deal looked up in the precomputed
        table (:mod:`evaluator.range_table`), when it is there."""
        from evaluator.range_exact import deals
        from evaluator.range_table import TableRun, headsup_table, table_applies

        table = headsup_table() if table_applies(self.spot) else None
        found = deals(self.spot, TALLY_LIMIT >> 2) if table is not None else None
        if table is None or found is None:
            return None
        self.work = len(found[1])
        return TableRun(self.spot, *found, table=table)

    def _exact_run(self, exact_limit: int, symmetric: bool) -> ExactRun | None:
        """The exact count, if its work fits ``exact_limit`` (``self.work`` tells it)."""
        from evaluator.range_exact import ExactRun, deals
        from evaluator.range_symmetry import deal_orbits, find_symmetry

        spot = self.spot
        if prod(len(m) for m in spot.masks) * spot.boards > 24 * exact_limit:
            return None  # even 24 suit renamings would not bring it under the limit
        symmetry = find_symmetry(spot) if symmetric else None
        # (24 renamings divide the deals at most 24-fold: list no more than could fit)
        most = min(WHOLE_DEALS, 24 * (exact_limit // max(spot.boards, 1)))
        whole = deals(spot, most) if symmetry else None
        if symmetry and whole is not None:  # one deal per orbit: the most symmetry gives
            orbits = deal_orbits(spot, symmetry, *whole)
            self.work = (len(orbits.index) * DEAL_COST[spot.players]
                         + sum(len(m) for m in orbits.counted.masks)) * spot.boards
            if self.work > exact_limit:
                return None
            return ExactRun(orbits.counted, orbits.index, orbits.weight, whole=spot,
                            whole_deals=(*whole, orbits.inverse))
        counted = symmetry.reduced(spot) if symmetry else spot
        found = deals(counted, min(TALLY_LIMIT >> spot.players,
                                   exact_limit // max(spot.boards, 1)))
        if found is None:
            return None
        compare = len(found[1]) * DEAL_COST[spot.players]
        self.work = (compare + sum(len(m) for m in counted.masks)) * spot.boards
        if self.work > exact_limit:
            return None
        return ExactRun(counted, *found, symmetry=symmetry, whole=spot)

    def steps(self) -> Iterator[float]:
        """Do the work a chunk at a time, yielding the fraction done (last 1.0)."""
        return self._run.steps()

    def result(self) -> RangeEquityResult:
        """The result; for Monte Carlo stopped early, over the samples dealt so far."""
        return self._run.result()


def range_equity(
    ranges: Sequence[Range | str],
    board: CardInput = (),
    dead: CardInput = (),
    *,
    samples: int | None = None,
    seed: int | None = None,
    exact_limit: int = EXACT_LIMIT,
    progress: Callable[[float], object] | None = None,
    suits: str = "en",
    symmetric: bool = True,
    precomputed: bool = True,
) -> RangeEquityResult:
    """Equity of 2 to 6 ranges (a hand is a range of one combo); see the module's docstring.

    >>> r = range_equity(["AhAd", "KK"], board="Ks 7c 2d Qh 3s")
    >>> r.exact, r.deals, round(r[0].equity, 4), [c.text for c in r[1].combos]
    (True, 3, 0.0, ['KdKc', 'KhKc', 'KhKd'])
    """
    calc = RangeCalculation(ranges, board, dead, samples=samples, seed=seed,
                            exact_limit=exact_limit, suits=suits, symmetric=symmetric,
                            precomputed=precomputed)
    for fraction in calc.steps():
        if progress is not None:
            progress(fraction)
    return calc.result()


def build_result(
    spot: Spot,
    counts: list[list[F64]],
    totals: tuple[F64, F64, F64, F64],
    *,
    exact: bool,
    deals: int,
    std_errors: list[float] | None = None,
) -> RangeEquityResult:
    """Assemble results from per-player totals (deals, wins, ties, credit) and per-combo
    arrays ``counts[p] = [deals, wins, ties, credit]``, each of length ``n_p``."""
    players = []
    for p in range(spot.players):
        columns = zip(spot.combos[p], spot.weights[p].tolist(),
                      *(np.asarray(c, dtype=np.float64).tolist() for c in counts[p]),
                      strict=True)  # lists: floats without a conversion per item
        breakdown = tuple(ComboEquity(combo, w, d, wins, ties, credit)
                          for combo, w, d, wins, ties, credit in columns if d > 0)
        players.append(PlayerEquity(
            range=spot.ranges[p], deals=float(totals[0][p]), wins=float(totals[1][p]),
            ties=float(totals[2][p]), tie_credit=float(totals[3][p]),
            std_error=None if std_errors is None else std_errors[p], combos=breakdown,
        ))
    return RangeEquityResult(tuple(players), exact=exact, deals=deals, boards=spot.boards)

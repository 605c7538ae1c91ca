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

Every method starts from the ranges after card removal (:mod:`evaluator.range_spot`) and
returns the same results (:mod:`evaluator.range_results`); this module only chooses one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from math import prod

from evaluator.hands import CardInput
from evaluator.range_exact import ExactRun, deals
from evaluator.range_results import RangeEquityResult
from evaluator.range_sampling import SampledRun
from evaluator.range_spot import prepare
from evaluator.range_symmetry import deal_orbits, find_symmetry
from evaluator.range_table import TableRun, headsup_table, table_applies
from evaluator.ranges import Range

EXACT_LIMIT = 400_000_000
"""Default cap on exact work, in units of about 5-10 ns here (a few seconds): combos x boards
(strengths) plus deals x boards x ``DEAL_COST`` (comparing them)."""
DEAL_COST = {2: 1, 3: 3, 4: 3, 5: 4, 6: 5}  # per deal and board, by players (measured)
DEFAULT_SAMPLES = 200_000
WHOLE_DEALS = 1 << 22  # deals listed whole to find their orbits under suit renamings
TALLY_LIMIT = 1 << 24  # deals x winner codes counted at once (128 MB); past it, Monte Carlo


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
        table = headsup_table() if table_applies(self.spot) else None
        found = deals(self.spot, TALLY_LIMIT >> 2) if table is not None else None
        if table is None or found is None:
            return None
        self.work = len(found[1])
        return TableRun(self.spot, *found, table=table)

    def _exact_run(self, exact_limit: int, symmetric: bool) -> ExactRun | None:
        """The exact count, if its work fits ``exact_limit`` (``self.work`` tells it)."""
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

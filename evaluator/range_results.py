"""The results of a range equity run: per player, and per combo of each player's range.

Counted by deal weight (see :mod:`evaluator.range_equity` for what a deal is); exact runs and
Monte Carlo ones give the same shape, the latter with a standard error per player.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from evaluator.range_spot import F64, Spot
from evaluator.ranges import Combo, Range


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

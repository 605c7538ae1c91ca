"""The preflop order of the 169 hand classes, for top-n% ranges (``15%``, ``top 15%``).

The order is PokerStove's: each class's all-in equity against one random hand, best first.
It was measured with this project's own Monte Carlo
(:func:`evaluator.preflop_measure.equity_vs_random`, 1,000,000 deals per class, seed 15;
standard error about 0.05 points, so classes closer than about 0.1 point may come in either
order) and is written below by ``python -m evaluator.preflop_measure`` (about four minutes).
A top-n% range takes classes in this order until it holds at least n% of the 1,326 combos
(:func:`evaluator.ranges.top_classes`). This module is data only: the range notation reads
it, and the measurement, which needs range equity, lives apart.
"""

from __future__ import annotations

from typing import Final

ORDER: Final[tuple[str, ...]] = (
    "AA", "KK", "QQ", "JJ", "TT", "99", "88", "AKs", "77", "AQs", "AJs", "AKo", "ATs", "AQo",
    "AJo", "KQs", "66", "A9s", "ATo", "KJs", "A8s", "KTs", "KQo", "A7s", "A9o", "KJo", "55",
    "QJs", "A6s", "K9s", "A5s", "A8o", "KTo", "QTs", "A4s", "A7o", "K8s", "A3s", "QJo", "K9o",
    "A5o", "Q9s", "A6o", "K7s", "JTs", "A2s", "QTo", "44", "A4o", "K6s", "Q8s", "K8o", "A3o",
    "K5s", "J9s", "Q9o", "JTo", "K7o", "A2o", "K4s", "Q7s", "K6o", "J8s", "T9s", "K3s", "Q8o",
    "33", "Q6s", "K5o", "J9o", "K2s", "Q5s", "T8s", "J7s", "K4o", "Q4s", "Q7o", "T9o", "K3o",
    "J8o", "Q6o", "Q3s", "98s", "T7s", "J6s", "K2o", "22", "Q2s", "Q5o", "J5s", "T8o", "J7o",
    "97s", "Q4o", "J4s", "T6s", "J3s", "Q3o", "98o", "87s", "T7o", "J6o", "96s", "J2s", "Q2o",
    "T5s", "J5o", "T4s", "86s", "97o", "J4o", "T6o", "95s", "T3s", "76s", "J3o", "87o", "T2s",
    "85s", "96o", "J2o", "T5o", "94s", "75s", "T4o", "86o", "93s", "65s", "84s", "T3o", "95o",
    "92s", "76o", "74s", "T2o", "85o", "54s", "64s", "83s", "94o", "75o", "82s", "73s", "93o",
    "65o", "53s", "63s", "84o", "92o", "43s", "74o", "72s", "54o", "64o", "52s", "62s", "83o",
    "82o", "42s", "73o", "53o", "63o", "32s", "43o", "72o", "52o", "62o", "42o", "32o",
)

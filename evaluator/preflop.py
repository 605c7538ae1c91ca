"""The preflop order of the 169 hand classes, for top-n% ranges (``15%``, ``top 15%``).

The order is PokerStove's: each class's all-in equity against one random hand, best first.
It was measured with this project's own Monte Carlo (:func:`equity_vs_random`, 1,000,000
deals per class, seed 15; standard error about 0.05 points, so classes closer than about
0.1 point may come in either order) and is written below by
``python -m evaluator.preflop`` (about four minutes). A top-n% range takes classes in this order
until it holds at least n% of the 1,326 combos.
"""

from __future__ import annotations

from typing import Final

from evaluator.ranges import ALL_CLASSES, COMBO_COUNT, class_combos

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


def top_classes(percent: float) -> list[str]:
    """The first classes of :data:`ORDER` holding at least ``percent`` % of all combos.

    >>> top_classes(2)
    ['AA', 'KK', 'QQ', 'JJ', 'TT']
    >>> len(top_classes(100)), top_classes(0)
    (169, [])
    """
    if not 0 <= percent <= 100:
        raise ValueError(f"a top range is 0% to 100%, got {percent:g}%")
    target = percent / 100 * COMBO_COUNT
    chosen: list[str] = []
    held = 0
    for name in ORDER:
        if held >= target - 1e-9:
            break
        chosen.append(name)
        held += len(class_combos(name))
    return chosen


def equity_vs_random(
    samples: int, seed: int, classes: tuple[str, ...] = ALL_CLASSES
) -> dict[str, float]:
    """Each class's equity against one random hand, by Monte Carlo (one combo per class:
    the suits do not matter preflop).

    >>> round(equity_vs_random(20_000, 1, classes=("AA",))["AA"], 2)
    0.85
    """
    from evaluator.range_equity import range_equity

    out: dict[str, float] = {}
    for name in classes:
        first, second = class_combos(name)[0]
        result = range_equity([f"{first}{second}", "random"], samples=samples, seed=seed)
        out[name] = result[0].equity
    return out


if __name__ == "__main__":
    found = equity_vs_random(1_000_000, 15)
    ranked = sorted(found, key=lambda name: -found[name])
    for name in ranked:
        print(f"{name} {found[name]:.5f}")

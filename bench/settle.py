"""Settle-up speed (issue 44, goal: under 100 ms for 15 players), beside two bare
baselines in the same run:

    .venv/bin/python bench/settle.py            # best of 5 per case

- ours: ``clubs.settle.settle`` (the exact minimum by a NumPy DP over the 2**n subsets).
- plain DP: the same recurrence over subsets in plain Python loops (no NumPy).
- search: the usual depth-first search that settles the first open balance against each
  opposite one (tests/clubs/test_settle.py's oracle), on the sizes it finishes.

The cases: 15 players with no zero-sum group but everyone (the DP does all its work and the
search has nothing to prune), 15 players in pairs and triples (many groups to read back),
and 10 and 12 players of random nets. Each figure is the best of the rounds, in ms; the
ratios are the baseline's time over ours.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from clubs.settle import settle  # noqa: E402
from tests.clubs.test_settle import fewest_by_search  # noqa: E402


def plain_dp(values: list[int]) -> int:
    """The fewest transfers by the subset DP in plain Python."""
    n = len(values)
    size = 1 << n
    sums = [0] * size
    best = [0] * size
    for mask in range(1, size):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + values[low]
        top = 0
        rest = mask
        while rest:
            bit = rest & -rest
            top = max(top, best[mask ^ bit])
            rest ^= bit
        best[mask] = top + (sums[mask] == 0)
    return n - best[size - 1]


def best_of(rounds: int, work) -> tuple[float, object]:
    times, answer = [], None
    for _ in range(rounds):
        start = time.perf_counter()
        answer = work()
        times.append(time.perf_counter() - start)
    return min(times) * 1000, answer


def cases(rng: random.Random) -> dict[str, list[int]]:
    # Powers of two and one balancing loss: no proper subset sums to zero.
    lonely = [1 << i for i in range(14)]
    lonely.append(-sum(lonely))
    groups: list[int] = []
    while len(groups) < 13:
        a, b = rng.randint(1, 900), rng.randint(1, 900)
        groups += [a, -a] if len(groups) % 5 else [a, b, -(a + b)]
    groups = groups[:13]
    groups += [7, -7 - sum(groups)] if sum(groups) else [7, -7]

    def night(n: int) -> list[int]:
        values = [rng.randint(-50_000, 50_000) for _ in range(n - 1)]
        return [*values, -sum(values)]

    return {"15, one group": lonely, "15, pairs and triples": groups,
            "12, random": night(12), "10, random": night(10)}


def main() -> None:
    rng = random.Random(44)
    print(f"{'case':24} {'ours ms':>9} {'plain DP ms':>12} {'ratio':>6} {'search ms':>10} "
          f"{'ratio':>6}")
    for name, values in cases(rng).items():
        nets = dict(enumerate(values))
        ours, transfers = best_of(5, lambda nets=nets: settle(nets))
        plain, fewest = best_of(2, lambda values=values: plain_dp(values))
        assert len(transfers) == fewest, name  # type: ignore[arg-type]
        search_cell = ratio_cell = "-"
        if len(values) <= 12:
            searched, count = best_of(2, lambda values=values: fewest_by_search(values))
            assert count == fewest, name
            search_cell, ratio_cell = f"{searched:10.1f}", f"{searched / ours:6.1f}"
        print(f"{name:24} {ours:9.1f} {plain:12.1f} {plain / ours:6.1f} {search_cell:>10} "
              f"{ratio_cell:>6}")


if __name__ == "__main__":
    main()

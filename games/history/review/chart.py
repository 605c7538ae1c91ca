"""A line chart as SVG path data, drawn on the server: the session's cumulative net and all-in
adjusted net over its hands. No script is needed to see it.

A long session has more hands than the chart has pixels: past ``MAX_STEPS`` hands each line
keeps, for each of ``MAX_STEPS`` runs of hands, the lowest and highest points of the run and
its last one, so every swing still shows and a hundred thousand hands draw as fast as a few
hundred."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

WIDTH, HEIGHT, PAD = 640, 240, 36
MAX_STEPS = 600  # about one run of hands per pixel of the chart's width


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    lines: dict[str, str]  # name -> SVG path data
    zero: float  # y of the zero line
    top: Decimal
    bottom: Decimal
    count: int


def _nice(low: Decimal, high: Decimal) -> tuple[Decimal, Decimal]:
    if low == high:
        return low - 1, high + 1
    return low, high


def line_chart(series: dict[str, Sequence[Decimal]]) -> Chart:
    """Paths for each series over the same hands (x: hand number, y: value), starting at 0.

    >>> chart = line_chart({"net": [Decimal(2), Decimal(-1)]})
    >>> chart.lines["net"]
    'M36.0,148.0 L320.0,36.0 L604.0,204.0'
    """
    lows = [Decimal(0), *(min(s) for s in series.values() if s)]
    highs = [Decimal(0), *(max(s) for s in series.values() if s)]
    bottom, top = _nice(min(lows), max(highs))
    count = max((len(s) for s in series.values()), default=0)
    inner_w, inner_h = WIDTH - 2 * PAD, HEIGHT - 2 * PAD

    def x(k: int) -> float:
        return PAD + (inner_w * k / count if count else 0)

    def y(v: Decimal) -> float:
        return PAD + float((top - v) / (top - bottom)) * inner_h

    lines = {}
    for name, points in series.items():
        coords = [(x(0), y(Decimal(0)))] + [(x(k + 1), y(points[k])) for k in kept(points)]
        lines[name] = " ".join(
            f"{'M' if k == 0 else 'L'}{cx:.1f},{cy:.1f}" for k, (cx, cy) in enumerate(coords)
        )
    return Chart(WIDTH, HEIGHT, lines, round(y(Decimal(0)), 1), top, bottom, count)


def kept(points: Sequence[Decimal], steps: int = MAX_STEPS) -> list[int]:
    """Indices of the points a line draws: all of them up to ``steps``, else for each run of
    hands its lowest, its highest and its last point, in order.

    >>> kept([Decimal(v) for v in (1, 5, -3, 2, 0, 4)], steps=2)
    [1, 2, 4, 5]
    """
    count = len(points)
    if count <= steps:
        return list(range(count))
    chosen: list[int] = []
    for step in range(steps):
        start, end = count * step // steps, count * (step + 1) // steps
        if start == end:
            continue
        run = points[start:end]
        low = start + run.index(min(run))
        high = start + run.index(max(run))
        chosen.extend(sorted({low, high, end - 1}))
    return chosen

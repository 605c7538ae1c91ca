"""A member's history in a club: each settled night's result, in money, oldest first, and
the bars of a chart of it (drawn by the page as given: the numbers are worked out here)."""

from __future__ import annotations

from dataclasses import dataclass

from clubs.models import Club, NightResult
from clubs.money import money

CHART_WIDTH, CHART_HEIGHT = 600, 160


@dataclass(frozen=True)
class NightLine:
    night_id: int
    name: str
    currency: str
    chips: int
    played_cents: int

    @property
    def amount(self) -> str:
        return money(self.played_cents, self.currency, sign=True)


@dataclass(frozen=True)
class Bar:
    x: int
    y: int
    width: int
    height: int
    won: bool
    label: str


def night_lines(club: Club, user_id: int) -> list[NightLine]:
    """The member's result at each settled night of the club, oldest first (one query)."""
    rows = (
        NightResult.objects.filter(night__club=club, user_id=user_id,
                                   night__settled_at__isnull=False)
        .select_related("night").order_by("night__settled_at", "night_id")
    )
    return [NightLine(r.night_id, r.night.name, r.night.currency, r.chips, r.played_cents)
            for r in rows]


def best_and_worst(lines: list[NightLine]) -> tuple[NightLine | None, NightLine | None]:
    """The night won most and the night lost most (the first of equals)."""
    if not lines:
        return None, None
    best = max(lines, key=lambda line: line.played_cents)
    worst = min(lines, key=lambda line: line.played_cents)
    return best, worst


def bars(lines: list[NightLine]) -> list[Bar]:
    """One bar a night around a middle line: up for a win, down for a loss, the biggest
    result reaching the edge.

    >>> [(b.y, b.height, b.won) for b in bars([NightLine(1, "a", "USD", 0, 300),
    ...                                        NightLine(2, "b", "USD", 0, -150)])]
    [(0, 80, True), (80, 40, False)]
    """
    if not lines:
        return []
    biggest = max(abs(line.played_cents) for line in lines) or 1
    half = CHART_HEIGHT // 2
    step = CHART_WIDTH // len(lines)
    drawn = []
    for i, line in enumerate(lines):
        height = abs(line.played_cents) * half // biggest
        y = half - height if line.played_cents >= 0 else half
        drawn.append(Bar(i * step + step // 8, y, max(step - step // 4, 1), height,
                         line.played_cents >= 0, f"{line.name}: {line.amount}"))
    return drawn

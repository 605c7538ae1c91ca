"""A sit-and-go's blind schedule: its levels, how long each lasts, and the presets.

A level lasts a number of minutes or a number of hands (one or the other for the whole
schedule); after the last level the last one holds. The rules every schedule keeps,
checked by ``schedule_problems``: the big blind is at least the small blind, an ante is
never above the small blind, and no amount ever goes down from one level to the next.

The presets (``preset_schedule``) start from the starting stack and grow about a third a
level (regular), half (turbo) or a quarter (deep), on amounts players know from the felt:
small blinds of 1, 1.5, 2, 2.5, 3, 4, 5, 6, 7.5 or 8 times a power of ten, big blinds twice
that (10/20, 15/30, 25/50, 50/100, 75/150, ..., 1,500/3,000), antes from the fifth level at
about an eighth of the big blind on the same round numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

# Small blinds players expect, as mantissas of a power of ten (x10: 10, 15, 20, 25, ...).
ROUND_SMALL_BLINDS = (10, 15, 20, 25, 30, 40, 50, 60, 75, 80)
# Antes on round numbers too: 1, 2, 2.5 and 5 times a power of ten (as tenths, like above).
ROUND_ANTES = (10, 20, 25, 50)
PRESET_LEVELS = 20
ANTES_FROM_LEVEL = 5  # the first level with an ante (1-based), as home-game presets do


@dataclass(frozen=True)
class BlindLevel:
    small_blind: int
    big_blind: int
    ante: int = 0

    def to_dict(self) -> dict[str, int]:
        return {"small_blind": self.small_blind, "big_blind": self.big_blind, "ante": self.ante}


@dataclass(frozen=True)
class BlindSchedule:
    """Levels, and each level's length: ``minutes`` or ``hands`` (exactly one is set).

    >>> s = BlindSchedule((BlindLevel(10, 20), BlindLevel(15, 30)), minutes=10)
    >>> s.level_index(elapsed_seconds=599), s.level_index(elapsed_seconds=600)
    (0, 1)
    >>> s.level_index(elapsed_seconds=10**6)  # the last level holds
    1
    """

    levels: tuple[BlindLevel, ...]
    minutes: int | None = None
    hands: int | None = None

    def level_index(
        self, *, elapsed_seconds: float | None = None, hands_played: int | None = None
    ) -> int:
        """The level in force after this long (a timed schedule) or this many hands."""
        if self.minutes is not None:
            if elapsed_seconds is None:
                raise ValueError("A schedule by minutes needs the time elapsed.")
            index = int(max(0.0, elapsed_seconds) // (self.minutes * 60))
        else:
            if hands_played is None or self.hands is None:
                raise ValueError("A schedule by hands needs the number of hands played.")
            index = max(0, hands_played) // self.hands
        return min(index, len(self.levels) - 1)

    def seconds_to_next_level(self, elapsed_seconds: float) -> float | None:
        """Seconds left in the current level of a timed schedule; None at the last level."""
        if self.minutes is None:
            raise ValueError("Only a schedule by minutes has a time to the next level.")
        index = self.level_index(elapsed_seconds=elapsed_seconds)
        if index == len(self.levels) - 1:
            return None
        return (index + 1) * self.minutes * 60 - max(0.0, elapsed_seconds)

    def to_dict(self) -> dict[str, Any]:
        return {
            "levels": [level.to_dict() for level in self.levels],
            "minutes": self.minutes,
            "hands": self.hands,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BlindSchedule:
        levels = tuple(BlindLevel(**level) for level in data["levels"])
        return cls(levels, minutes=data.get("minutes"), hands=data.get("hands"))


def schedule_problems(schedule: BlindSchedule) -> list[str]:
    """Everything wrong with a schedule, as sentences for the host; empty when it is fine.

    >>> schedule_problems(BlindSchedule((BlindLevel(10, 20, 15), BlindLevel(5, 20, 15)), hands=8))
    ['Level 1: the ante (15) is above the small blind (10).', \
'Level 2: the ante (15) is above the small blind (5).', \
'Level 2: the small blind goes down from 10 to 5.']
    """
    problems = []
    if (schedule.minutes is None) == (schedule.hands is None):
        problems.append("A level lasts a number of minutes or a number of hands: choose one.")
    for name, length in (("minutes", schedule.minutes), ("hands", schedule.hands)):
        if length is not None and (not _whole(length) or length < 1):
            problems.append(f"A level's {name} must be a whole number of at least 1.")
    if not schedule.levels:
        problems.append("A schedule needs at least one level.")
    previous: BlindLevel | None = None
    for number, level in enumerate(schedule.levels, start=1):
        amounts = (level.small_blind, level.big_blind, level.ante)
        if not all(_whole(a) for a in amounts):
            problems.append(f"Level {number}: the blinds and the ante must be whole chips.")
            continue
        if level.small_blind < 1:
            problems.append(f"Level {number}: the small blind must be at least 1.")
        if level.big_blind < level.small_blind:
            problems.append(
                f"Level {number}: the big blind ({level.big_blind}) is below the small blind "
                f"({level.small_blind})."
            )
        if level.ante < 0:
            problems.append(f"Level {number}: the ante cannot be negative.")
        elif level.ante > level.small_blind:
            problems.append(
                f"Level {number}: the ante ({level.ante}) is above the small blind "
                f"({level.small_blind})."
            )
        if previous is not None:
            for label, was, now in (
                ("small blind", previous.small_blind, level.small_blind),
                ("big blind", previous.big_blind, level.big_blind),
                ("ante", previous.ante, level.ante),
            ):
                if now < was:
                    problems.append(f"Level {number}: the {label} goes down from {was} to {now}.")
        previous = level
    return problems


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Preset(StrEnum):
    TURBO = "turbo"
    REGULAR = "regular"
    DEEP = "deep"


@dataclass(frozen=True)
class PresetShape:
    minutes: int  # each level's length
    starting_big_blinds: int  # the starting stack, in big blinds of the first level
    growth: float  # each level's blinds over the last's, before rounding


PRESETS = {
    Preset.TURBO: PresetShape(minutes=5, starting_big_blinds=50, growth=1.5),
    Preset.REGULAR: PresetShape(minutes=10, starting_big_blinds=75, growth=1.33),
    Preset.DEEP: PresetShape(minutes=15, starting_big_blinds=150, growth=1.25),
}


def round_amounts(mantissas: tuple[int, ...]) -> list[int]:
    """Whole chip amounts of ``mantissas`` / 10 times a power of ten, from 1 up to about a
    hundred million, in order: below 10, only the whole ones (1.5 and 7.5 are not chips).

    >>> round_amounts(ROUND_SMALL_BLINDS)[:12]
    [1, 2, 3, 4, 5, 6, 8, 10, 15, 20, 25, 30]
    """
    found = set()
    for power in range(9):
        for mantissa in mantissas:
            value, rest = divmod(mantissa * 10**power, 10)
            if rest == 0:
                found.add(value)
    return sorted(found)


def _round_above(value: float, choices: list[int], above: int) -> int:
    """The round number nearest ``value`` (the lower on a tie) that is more than ``above``."""
    candidates = [c for c in choices if c > above]
    return min(candidates, key=lambda c: (abs(c - value), c))


def _round_ante(value: float, small_blind: int, at_least: int) -> int:
    """The round ante nearest ``value`` between ``at_least`` and the small blind."""
    fitting = [a for a in round_amounts(ROUND_ANTES) if at_least <= a <= small_blind]
    if not fitting:
        return min(at_least, small_blind)
    return min(fitting, key=lambda a: (abs(a - value), a))


def preset_schedule(preset: Preset | str, starting_stack: int) -> BlindSchedule:
    """The preset's levels for this starting stack (timed levels, as home games play them).

    >>> s = preset_schedule("regular", 1500)
    >>> [(l.small_blind, l.big_blind, l.ante) for l in s.levels[:6]], s.minutes
    ([(10, 20, 0), (15, 30, 0), (20, 40, 0), (25, 50, 0), (30, 60, 5), (40, 80, 10)], 10)
    """
    try:
        shape = PRESETS[Preset(preset)]
    except ValueError:
        names = ", ".join(p.value for p in Preset)
        raise ValueError(f"There is no preset called {preset!r}: choose {names}.") from None
    if not _whole(starting_stack) or starting_stack < 2 * shape.starting_big_blinds:
        raise ValueError(
            f"A {Preset(preset).value} schedule needs a starting stack of at least "
            f"{2 * shape.starting_big_blinds} chips, not {starting_stack}."
        )
    choices = round_amounts(ROUND_SMALL_BLINDS)
    small = _round_above(starting_stack / shape.starting_big_blinds / 2, choices, 0)
    levels: list[BlindLevel] = []
    ante = 0
    for number in range(1, PRESET_LEVELS + 1):
        if number > 1:
            small = _round_above(levels[-1].small_blind * shape.growth, choices, small)
        if number >= ANTES_FROM_LEVEL:
            ante = _round_ante(small * 2 / 8, small, max(ante, 1))
        levels.append(BlindLevel(small, 2 * small, ante))
    return BlindSchedule(tuple(levels), minutes=shape.minutes)

"""A player's own bet buttons ("33%, 50%, 75%, pot, 2.5x"), kept in their settings
(``Player.bet_presets``) and turned into amounts by the server (games/bet_sizes.py).

Each preset is one of:

- ``N%``: N per cent of the pot, measured after the call (as "½ pot" always was): the
  actor's bet becomes what calling makes it plus N% of the pot once they have called;
- ``pot``: the same with 100%;
- ``Nx``: N times the bet to match on this street (a "2.5x" raise); with no bet yet, N big
  blinds.

N may have one decimal (``2.5x``, ``12.5%``). Amounts are rounded down to a whole chip and
kept within the legal range.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

MAX_PRESETS = 6
MAX_TEXT = 80  # the stored text's length (Player.bet_presets)
_PRESET = re.compile(r"^(?:(?P<pct>\d{1,4}(?:\.\d)?)%|(?P<times>\d{1,2}(?:\.\d)?)x|(?P<pot>pot))$")


@dataclass(frozen=True)
class Preset:
    """One button: ``kind`` is "pct" or "times", ``value`` its N."""

    kind: str
    value: Fraction

    @property
    def label(self) -> str:
        if self.kind == "pct" and self.value == 100:
            return "Pot"
        number = f"{float(self.value):g}"
        return f"{number}%" if self.kind == "pct" else f"{number}x"

    def amount(self, *, before: int, pot_after_call: int, to_match: int, big_blind: int) -> int:
        """The "to" amount: ``before`` is the actor's bet once they have called (the
        street's bet to match), ``pot_after_call`` the pot then."""
        if self.kind == "pct":
            return before + int(pot_after_call * self.value / 100)
        return int((to_match or big_blind) * self.value)


class PresetError(ValueError):
    """Text that is not a list of presets; its message names the problem."""


def parse(text: str) -> list[Preset]:
    """The presets in ``text`` (comma or space separated), in order, without repeats.

    >>> [p.label for p in parse("33%, 50%,75% pot 2.5x")]
    ['33%', '50%', '75%', 'Pot', '2.5x']
    >>> parse("")
    []
    >>> parse("40 %")
    Traceback (most recent call last):
    ...
    games.bet_presets.PresetError: "40" is not a bet button: write it as 50%, pot or 2.5x.
    """
    if len(text) > MAX_TEXT:
        raise PresetError(f"At most {MAX_TEXT} characters, please (this is {len(text)}).")
    presets: list[Preset] = []
    for word in re.split(r"[\s,;]+", text.strip().lower()):
        if not word:
            continue
        match = _PRESET.match(word)
        if match is None:
            raise PresetError(f'"{word}" is not a bet button: write it as 50%, pot or 2.5x.')
        if match["pot"]:
            preset = Preset("pct", Fraction(100))
        elif match["pct"]:
            preset = Preset("pct", Fraction(match["pct"]))
            if not 1 <= preset.value <= 1000:
                raise PresetError(f'"{word}": a share of the pot from 1% to 1000%, please.')
        else:
            preset = Preset("times", Fraction(match["times"]))
            if not 1 < preset.value <= 20:
                raise PresetError(f'"{word}": a multiple above 1x and at most 20x, please.')
        if preset not in presets:
            presets.append(preset)
    if len(presets) > MAX_PRESETS:
        raise PresetError(f"At most {MAX_PRESETS} bet buttons, please ({len(presets)} given).")
    return presets


def normal_text(presets: list[Preset]) -> str:
    """How the settings store and show them: "33%, 50%, pot, 2.5x".

    >>> normal_text(parse("POT  2.5X"))
    'pot, 2.5x'
    """
    return ", ".join("pot" if p.label == "Pot" else p.label for p in presets)


def stored(text: str) -> tuple[Preset, ...]:
    """The presets of a stored text; nothing if it no longer parses (the settings page
    stores only text that does)."""
    try:
        return tuple(parse(text or ""))
    except PresetError:
        return ()

"""The review queue's themes: each drill's, and one per street for the decisions of your own
hands that the coach graded Wrong or Blunder (``learning.mistakes`` files them)."""

from __future__ import annotations

from typing import Final

from learning.drills import DRILLS, drill_choices

# A street's mistake theme and its title (the progress page's rows).
MISTAKE_THEMES: Final = {
    "preflop": ("hand-preflop", "Your hands: before the flop"),
    "flop": ("hand-flop", "Your hands: on the flop"),
    "turn": ("hand-turn", "Your hands: on the turn"),
    "river": ("hand-river", "Your hands: on the river"),
}
MISTAKE_TITLES: Final = dict(MISTAKE_THEMES.values())


def card_choices() -> list[tuple[str, str]]:
    """Every theme a card may have: the drills' then the streets' (a callable for the
    model's ``choices``, so a new drill needs no migration).

    >>> ("hand-river", "Your hands: on the river") in card_choices()
    True
    """
    return [*drill_choices(), *MISTAKE_THEMES.values()]


def title(theme: str) -> str:
    """A theme's name for people.

    >>> title("outs"), title("hand-flop")
    ('Count the outs', 'Your hands: on the flop')
    """
    return DRILLS[theme].title if theme in DRILLS else MISTAKE_TITLES[theme]

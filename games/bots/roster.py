"""The bots a room seats, each style one declaration (``BotStyle`` in ``BOT_STYLES``), and the
strengths a person picks from (``Strength`` in ``STRENGTHS``).

A style says how it decides (a function of games/bots/styles.py or the coach's), what it is
called for people, and the names its bots play under. A new style is one declaration here;
``games/bots/checks.py`` fails ``manage.py check`` (and every server's start) when one is
incomplete: too few names for the largest table, a name used twice, a strength naming a
style that does not exist.

>>> decide("calling_station", Situation(1, ("7c", "2d"), (), "flop", 4, 0, 100, 2, (),
...        None, 0), random.Random(0))
Traceback (most recent call last):
...
ValueError: it is not this player's turn
>>> BOT_STYLES["tight_aggressive"].names[0], bot_name("calling_station", 0)
('Tess', 'Cal (bot)')
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from games.bots.coach_bot import coach_style
from games.bots.decision import Decision
from games.bots.situation import Situation
from games.bots.styles import Style, calling_station, random_legal, tight_aggressive
from games.felt import BOT_NAME_SUFFIX


def coach_where_modelled(situation: Situation, rng: random.Random) -> Decision:
    """The coach's play where its advice models the game (hold'em); elsewhere (short deck)
    the tight-aggressive style, whose equity is against random hands of the game's deck."""
    if situation.holdem_modelled:
        return coach_style(situation, rng)
    return tight_aggressive(situation, rng)


@dataclass(frozen=True)
class BotStyle:
    """One way of playing: ``key`` is what a bot's ``Player.bot_style`` stores."""

    key: str
    label: str
    decide: Style
    names: tuple[str, ...]  # one bot user each; at least as many as the largest table's seats


@dataclass(frozen=True)
class Strength:
    """A choice of bots for a table: its styles take the seats in turn."""

    key: str
    label: str
    styles: tuple[str, ...]


BOT_STYLES: Final[dict[str, BotStyle]] = {style.key: style for style in (
    BotStyle("tight_aggressive", "Tight-aggressive", tight_aggressive,
             ("Tess", "Toby", "Tara", "Theo", "Tina", "Tariq", "Thea", "Ted", "Tilda", "Tomas")),
    BotStyle("calling_station", "Calling station", calling_station,
             ("Cal", "Cora", "Cody", "Cleo", "Carl", "Cass", "Chip", "Cyd", "Cilla", "Cyrus")),
    BotStyle("random", "Random", random_legal,
             ("Randy", "Rita", "Rex", "Rosa", "Rudi", "Rae", "Ron", "Ruby", "Rolf", "Rena")),
    BotStyle("coach", "Coach", coach_where_modelled,
             ("Coco", "Cosmo", "Coral", "Colm", "Connie", "Conrad", "Coby", "Corin", "Corey",
              "Colby")),
)}

STRENGTHS: Final[dict[str, Strength]] = {strength.key: strength for strength in (
    Strength("easy", "Easy: calling stations", ("calling_station",)),
    Strength("mixed", "Mixed: some tight, some loose", ("tight_aggressive", "calling_station")),
    Strength("hard", "Hard: tight-aggressive", ("tight_aggressive",)),
    Strength("coach", "Coach: plays by the coach's own advice", ("coach",)),
    Strength("random", "Random: any legal action (for testing)", ("random",)),
)}


def decide(style: str, situation: Situation, rng: random.Random) -> Decision:
    """The decision of a bot of ``style`` (a key of BOT_STYLES) in its own ``situation``."""
    return BOT_STYLES[style].decide(situation, rng)


def bot_name(style: str, index: int) -> str:
    """The name a bot plays under: ends in " (bot)", which no person's nickname can (they
    are letters, digits, dots, dashes and underscores).

    >>> bot_name("coach", 1)
    'Cosmo (bot)'
    """
    return f"{BOT_STYLES[style].names[index]}{BOT_NAME_SUFFIX}"

"""The coach bot: a bot that plays by the coach's own advice.

Before the flop it plays the seat's chart (``games.bots.preflop``) at the chart's sizes;
after it, the option the coach's EV model rates best (``games.bots.weighing.best_option``). If
this bot lost to the calling station, the advice would be wrong, not the bot: ``make bench-bots``
measures it against the others.

>>> import random
>>> from games.engine import FULL_DECK, SeatInput, TableConfig, start_hand
>>> state = start_hand(TableConfig(1, 2), [SeatInput(1, "a", 200), SeatInput(2, "b", 200)],
...                    FULL_DECK, button=1)
>>> coach_style(Situation.from_view(state.view(1), 1, big_blind=2), random.Random(1))
Decision(kind=<ActionKind.RAISE: 'raise'>, amount=6)
"""

from __future__ import annotations

import random

from games.bots.decision import Decision
from games.bots.grading import Option, chart_pick, options
from games.bots.situation import Situation
from games.bots.weighing import best_option
from games.engine.types import ActionKind

KINDS = {"fold": ActionKind.FOLD, "check": ActionKind.CHECK, "call": ActionKind.CALL,
         "bet": ActionKind.BET, "raise": ActionKind.RAISE}


def _decision(situation: Situation, option: Option) -> Decision:
    legal = situation.legal
    assert legal is not None
    kind = KINDS[option.kind]
    if kind is ActionKind.CALL and kind not in legal.kinds:
        return Decision(ActionKind.ALL_IN)  # calling takes every chip
    if kind is ActionKind.FOLD and ActionKind.CHECK in legal.kinds:
        return Decision(ActionKind.CHECK)
    if kind in (ActionKind.BET, ActionKind.RAISE):
        return Decision(kind, option.to)
    return Decision(kind)


def coach_style(situation: Situation, rng: random.Random) -> Decision:
    """The coach's best play in this situation (see the module docstring)."""
    if situation.legal is None:
        raise ValueError("it is not this player's turn")
    found = options(situation)
    charted = chart_pick(situation, found)  # before the flop: the chart's play and size
    return _decision(situation, charted or best_option(found))

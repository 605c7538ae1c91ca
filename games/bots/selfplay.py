"""Bots playing a hand among themselves on the pure engine (no server): for tests and bench.

>>> import random
>>> from games.engine import FULL_DECK, SeatInput, TableConfig
>>> seats = [SeatInput(1, "a", 200), SeatInput(2, "b", 200)]
>>> state = play_hand(TableConfig(1, 2), seats, {1: "calling_station", 2: "calling_station"},
...                   FULL_DECK, button=1, rng=random.Random(0))
>>> state.is_complete, sum(state.result.finishing_stacks.values())
(True, 400)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from games.bots.decision import Decision
from games.bots.roster import decide
from games.bots.situation import Situation
from games.engine import Action, HandState, SeatInput, TableConfig, start_hand

Watcher = Callable[[int, Situation, Decision], None]


def bot_decision(
    state: HandState, style: str, big_blind: int, rng: random.Random
) -> tuple[Situation, Decision]:
    """The actor's decision, made from the actor's own view only (``state.view(actor)``)."""
    seat = state.actor
    if seat is None:
        raise ValueError("nobody is to act")
    situation = Situation.from_view(state.view(seat), seat, big_blind)
    return situation, decide(style, situation, rng)


def play_hand(
    config: TableConfig,
    seats: Sequence[SeatInput],
    styles: Mapping[int, str],
    deck: Sequence[str],
    button: int,
    rng: random.Random,
    watch: Watcher | None = None,
) -> HandState:
    """Deal one hand and let the bot of each seat (``styles``: seat -> style) play it out;
    ``watch(seat, situation, decision)`` sees every decision."""
    state = start_hand(config, seats, deck, button)
    while state.actor is not None:
        seat = state.actor
        situation, decision = bot_decision(state, styles[seat], config.big_blind, rng)
        if watch is not None:
            watch(seat, situation, decision)
        state.apply(Action(seat, decision.kind, decision.amount))
    return state

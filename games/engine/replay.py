"""Replaying a hand from what started it and the actions taken."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from games.engine.setup import HandSetup
from games.engine.state import HandState, start_hand
from games.engine.types import Action, Entry, SeatInput, TableConfig


def replay(
    config: TableConfig,
    seats: Sequence[SeatInput],
    deck: Sequence[str],
    actions: Iterable[Action],
    button: int,
    setup: HandSetup | None = None,
    *,
    runout_votes: Iterable[tuple[int, bool]] = (),
    shown_by_choice: Iterable[int] = (),
    **options: Any,
) -> HandState:
    """Start the hand (``setup``, or its fields as ``options``: see ``start_hand``) and
    apply ``actions`` in order, then the ``runout_votes``, then the shows by choice after
    the hand (``shown_by_choice``); the result equals the original.

    >>> from games.engine import ActionKind, FULL_DECK
    >>> seats = [SeatInput(1, "a", 100), SeatInput(2, "b", 100)]
    >>> s = replay(TableConfig(1, 2), seats, FULL_DECK, [Action(1, ActionKind.FOLD)], button=1)
    >>> s.result.finishing_stacks
    {2: 101, 1: 99}
    """
    state = start_hand(config, seats, deck, button, setup, **options)
    for action in actions:
        state.apply(action)
    for seat, agree in runout_votes:
        state.choose_runouts(seat, agree)
    for seat in shown_by_choice:
        state.show_cards(seat)
    return state


def seat_inputs(state: HandState) -> list[SeatInput]:
    """The seats a hand was dealt to, as ``start_hand`` took them.

    >>> from games.engine import FULL_DECK
    >>> s = start_hand(TableConfig(1, 2), [SeatInput(1, "a", 100), SeatInput(2, "b", 90)],
    ...                FULL_DECK, button=1)
    >>> seat_inputs(s)[0]
    SeatInput(seat=2, player_id='b', stack=90, entry=<Entry.PLAYING: 'playing'>)
    """
    return [
        SeatInput(p.seat, p.player_id, p.starting_stack,
                  Entry.POST_BB if p.posts_to_play else Entry.PLAYING)
        for p in state.players
    ]


def replay_state(state: HandState) -> HandState:
    """Replay a state's own hand from its start; equal to ``state`` when all is well."""
    return replay(state.config, seat_inputs(state), state.deck, state.actions, state.button,
                  state.setup, runout_votes=state.runout_votes,
                  shown_by_choice=state.shown_by_choice)

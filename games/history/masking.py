"""What one viewer may know of a finished hand, as an engine state that knows nothing more.

Everything a client gets about a stored hand (the replayer's steps, the equity chart, PHH and
PokerStars exports) is built from ``masked_state(state, seat)``: the hand replayed through the
engine from a deck in which every card this viewer may not know is "??". The viewer knows
their own hole cards, the board that was dealt, and the hands shown at showdown; folded and
mucked hands of others, burn cards and cards never dealt stay unknown. Seats that mucked are
told to muck (as PHH import does), so the engine never needs their cards.

Because the masked state simply does not hold the hidden cards, no later step can leak them.
"""

from __future__ import annotations

from dataclasses import replace

from games.engine import UNKNOWN, HandState, replay
from games.engine.deal_order import deck_that_deals
from games.engine.replay import seat_inputs
from games.engine.visibility import visible_seats

__all__ = ["MaskError", "masked_deck", "masked_state", "seat_inputs", "visible_seats"]


class MaskError(RuntimeError):
    """The masked replay disagrees with the stored hand (a bug, never the viewer's fault)."""


def masked_deck(state: HandState, visible: frozenset[int]) -> list[str]:
    """The hand's deck with every card outside ``visible`` hole cards and the boards (both,
    when it was run twice) unknown."""
    hidden = (UNKNOWN,) * state.game.hole_cards  # as many as the game deals
    holes = [p.hole if p.seat in visible else hidden for p in state.players]
    return deck_that_deals(holes, state.board, len(state.deck), runs=state.runs)


def masked_state(state: HandState, seat: int | None) -> HandState:
    """The finished hand replayed knowing only what the player in ``seat`` may know.

    >>> from games.engine import TableConfig, SeatInput, Action, ActionKind, replay, FULL_DECK
    >>> s = replay(TableConfig(1, 2), [SeatInput(1, "a", 100), SeatInput(2, "b", 100)],
    ...            FULL_DECK, [Action(1, ActionKind.FOLD)], button=1)
    >>> [p.hole for p in masked_state(s, 2).players]
    [('2c', '2h'), ('??', '??')]
    """
    if state.result is None:
        raise ValueError("Only a finished hand can be reviewed.")
    deck = masked_deck(state, visible_seats(state, seat))
    mucks = frozenset(p.seat for p in state.players if p.mucked) | state.mucks
    try:
        masked = replay(state.config, seat_inputs(state), deck, state.actions, state.button,
                        replace(state.setup, mucks=mucks), runout_votes=state.runout_votes,
                        shown_by_choice=state.shown_by_choice)
    except Exception as error:  # the engine refused its own hand: report, never guess
        raise MaskError(f"The hand cannot be replayed: {error}") from error
    if masked.result is None or masked.result.finishing_stacks != state.result.finishing_stacks:
        raise MaskError("The masked replay ends with different stacks than the hand.")
    return masked

"""Replaying a hand from what started it and the actions taken."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from games.engine.state import HandState, start_hand
from games.engine.types import Action, Entry, SeatInput, TableConfig


def replay(
    config: TableConfig,
    seats: Sequence[SeatInput],
    deck: Sequence[str],
    actions: Iterable[Action],
    button: int,
    *,
    mucks: Iterable[int] = (),
    blinds: Mapping[int, int] | None = None,
    shows: Iterable[int] = (),
    antes: Mapping[int, int] | None = None,
    runouts: int = 1,
    ask_runouts: bool = False,
    runout_votes: Iterable[tuple[int, bool]] = (),
    bomb_pot: bool = False,
    bounty: int = 0,
    boards: int = 1,
) -> HandState:
    """Start the hand and apply ``actions`` in order; the result equals the original state.

    >>> from games.engine import ActionKind, FULL_DECK
    >>> seats = [SeatInput(1, "a", 100), SeatInput(2, "b", 100)]
    >>> s = replay(TableConfig(1, 2), seats, FULL_DECK, [Action(1, ActionKind.FOLD)], button=1)
    >>> s.result.finishing_stacks
    {2: 101, 1: 99}
    """
    state = start_hand(config, seats, deck, button, mucks=mucks, blinds=blinds, shows=shows,
                       antes=antes, runouts=runouts, ask_runouts=ask_runouts,
                       bomb_pot=bomb_pot, bounty=bounty, boards=boards)
    for action in actions:
        state.apply(action)
    for seat, agree in runout_votes:
        state.choose_runouts(seat, agree)
    return state


def replay_state(state: HandState) -> HandState:
    """Replay a state's own hand from its start; equal to ``state`` when all is well."""
    seats = [
        SeatInput(p.seat, p.player_id, p.starting_stack, _entry(p.posts_to_play))
        for p in state.players
    ]
    return replay(
        state.config,
        seats,
        state.deck,
        state.actions,
        state.button,
        mucks=state.mucks,
        blinds=state.blinds,
        shows=state.shows,
        antes=state.antes,
        runouts=state.runouts,
        ask_runouts=state.ask_runouts,
        runout_votes=state.runout_votes,
        bomb_pot=state.bomb_pot,
        bounty=state.bounty,
        boards=state.boards,
    )


def _entry(posts_to_play: bool) -> Entry:
    return Entry.POST_BB if posts_to_play else Entry.PLAYING

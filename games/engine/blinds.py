"""Forced bets given seat by seat, as hand histories from other sites record them.

A live table posts one small and one big blind (``TableConfig``). A hand played elsewhere
may have had no small blind, a straddle, or extra posts from players who came in late. Such a
hand gives ``start_hand`` its ``blinds``: seat -> chips, following PHH and pokerkit:

- Every amount is a live bet posted before the cards (a short stack posts what it has).
- A positive amount is a blind or straddle; a negative one is a post (its size is the
  absolute value) that is live but does not decide who speaks first.
- Preflop the first to act is the player after the biggest blind or straddle (posts left
  out); with a tie, the later player's counts.

Event kinds: a blind of the big blind's size is the big blind, a smaller one the small blind,
a bigger one a straddle; posts are ``POST_TO_PLAY``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from games.engine.types import EventKind

if TYPE_CHECKING:
    from games.engine.state import HandState


def check_blinds(blinds: Mapping[int, int], seats: Sequence[int]) -> dict[int, int]:
    """Validated seat -> amount, zero amounts left out; ValueError names what is wrong.

    >>> check_blinds({1: 0, 2: 4, 3: -4}, [1, 2, 3])
    {2: 4, 3: -4}
    >>> check_blinds({7: 2}, [1, 2])
    Traceback (most recent call last):
    ...
    ValueError: Seat 7 posts a blind but is not in this hand.
    """
    clean: dict[int, int] = {}
    for seat, amount in blinds.items():
        if seat not in seats:
            raise ValueError(f"Seat {seat} posts a blind but is not in this hand.")
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise ValueError(f"The blind of seat {seat} must be a whole number, not {amount!r}.")
        if amount:
            clean[seat] = amount
    return clean


def blind_kind(amount: int, big_blind: int) -> EventKind:
    """The event of a forced bet of ``amount`` (negative: a post) at a ``big_blind`` game.

    >>> blind_kind(1, 2).value, blind_kind(2, 2).value, blind_kind(4, 2).value
    ('post_small_blind', 'post_big_blind', 'post_straddle')
    >>> blind_kind(-2, 2).value
    'post_to_play'
    """
    if amount < 0:
        return EventKind.POST_TO_PLAY
    if amount < big_blind:
        return EventKind.POST_SMALL_BLIND
    if amount == big_blind:
        return EventKind.POST_BIG_BLIND
    return EventKind.POST_STRADDLE


def post_blinds(state: HandState) -> None:
    """Post every seat's forced bet, in position order (antes are already in)."""
    assert state.blinds is not None
    for p in state.players:
        amount = state.blinds.get(p.seat, 0)
        if amount:
            state._post(p, abs(amount), blind_kind(amount, state.config.big_blind))


def preflop_opener(state: HandState) -> int:
    """Index of the first player to act preflop: the one after the biggest blind.

    As pokerkit does: the biggest of (chips posted x sign of the blind), the later player
    on a tie; posts (negative) never count, and without any blind the first player opens.
    """
    assert state.blinds is not None
    blinds = state.blinds

    def key(i: int) -> tuple[int, int]:
        p = state.players[i]
        amount = blinds.get(p.seat, 0)
        sign = (amount > 0) - (amount < 0)
        return (p.bet * sign, i)

    top = max(range(len(state.players)), key=key)
    return (top + 1) % len(state.players)

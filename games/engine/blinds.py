"""Forced bets: antes, blinds and posts, put in before the cards are dealt.

Antes come first, from everyone (an imported hand may give ``antes`` seat by seat instead:
a big-blind ante; such antes are dead money, see pots.py). A live table then posts one small
and one big blind (``TableConfig``), and a new player who chose to play at once posts a big
blind out of position (``Entry.POST_BB``). A hand played elsewhere may have had no small blind, a
straddle, or extra posts from players who came in late. Such a hand gives ``start_hand``
its ``blinds``: seat -> chips, following PHH and pokerkit:

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

from games.engine.hand import HandData, PlayerState
from games.engine.types import EventKind


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


def check_antes(antes: Mapping[int, int], seats: Sequence[int]) -> dict[int, int]:
    """Validated seat -> ante, zero antes left out; ValueError names what is wrong.

    >>> check_antes({1: 0, 2: 50}, [1, 2])
    {2: 50}
    >>> check_antes({2: -5}, [1, 2])
    Traceback (most recent call last):
    ...
    ValueError: The ante of seat 2 must be a whole number, not below zero: -5.
    """
    clean: dict[int, int] = {}
    for seat, amount in antes.items():
        if seat not in seats:
            raise ValueError(f"Seat {seat} posts an ante but is not in this hand.")
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            raise ValueError(
                f"The ante of seat {seat} must be a whole number, not below zero: {amount!r}.")
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


def post_forced_bets(hand: HandData) -> None:
    """Antes from everyone, then the blinds, then new players' posts (short: all-in)."""
    config = hand.config
    if hand.antes is not None:
        for p in hand.players:
            _post(hand, p, hand.antes.get(p.seat, 0), EventKind.POST_ANTE)
    elif config.ante:
        for p in hand.players:
            _post(hand, p, config.ante, EventKind.POST_ANTE)
    if hand.blinds is not None:
        for p in hand.players:
            amount = hand.blinds.get(p.seat, 0)
            if amount:
                _post(hand, p, abs(amount), blind_kind(amount, config.big_blind))
        return
    sb, bb = (1, 0) if hand.heads_up else (0, 1)
    _post(hand, hand.players[sb], config.small_blind, EventKind.POST_SMALL_BLIND)
    _post(hand, hand.players[bb], config.big_blind, EventKind.POST_BIG_BLIND)
    for i, p in enumerate(hand.players):
        if p.posts_to_play and i not in (sb, bb):
            _post(hand, p, config.big_blind, EventKind.POST_TO_PLAY)


def _post(hand: HandData, p: PlayerState, amount: int, kind: EventKind) -> None:
    """Move up to ``amount`` from the stack into the pot; an ante is not a bet in front."""
    chips = min(amount, p.stack)
    if chips <= 0:
        return
    ante = kind is EventKind.POST_ANTE
    p.stack -= chips
    p.committed += chips
    if not ante:
        p.bet += chips
    hand.record(kind, p.seat, chips, None if ante else p.bet, all_in=p.stack == 0)


def preflop_opener(hand: HandData) -> int:
    """Index of the first player to act preflop: the one after the biggest blind.

    As pokerkit does: the biggest of (chips posted x sign of the blind), the later player
    on a tie; posts (negative) never count, and without any blind the first player opens.
    """
    assert hand.blinds is not None
    blinds = hand.blinds

    def key(i: int) -> tuple[int, int]:
        p = hand.players[i]
        amount = blinds.get(p.seat, 0)
        sign = (amount > 0) - (amount < 0)
        return (p.bet * sign, i)

    top = max(range(len(hand.players)), key=key)
    return (top + 1) % len(hand.players)

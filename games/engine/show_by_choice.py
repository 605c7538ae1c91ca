"""Showing one's cards by choice after taking the pot uncontested ("Show cards").

Everyone else folded, so the winner never has to show; once the hand is over they may turn
their cards up anyway, for all to see, as long as the next hand is not dealt. The show is an
event at the end of the hand (after the win, and after any 7-2 bounty paid), described with
the board there is; the hand's result lists the hand as shown. A live hand records the
seats that showed so (``hand.shown_by_choice``), and a replay shows them again after the
last action, in the same order (replay.py), so a stored hand still equals its replay.

An imported hand's show after an uncontested win is the site's record, not a choice made
later: it comes in ``setup.shows`` and is turned up with the win (showdown.py).
"""

from __future__ import annotations

from dataclasses import replace

from games.engine.cards import UNKNOWN
from games.engine.hand import HandData
from games.engine.hand_values import hand_value
from games.engine.types import Event, EventKind, IllegalAction, ShownHand


def why_not(hand: HandData, seat: int) -> str | None:
    """Why ``seat`` may not show its cards by choice now, or None when it may."""
    result = hand.result
    if result is None:
        return "Cards are shown by choice once the hand is over."
    if result.showdown or len(result.pots) != 1 or result.pots[0].winners != (seat,):
        return "Only the player who took the pot uncontested may show their cards."
    player = next(p for p in hand.players if p.seat == seat)
    if player.shown:
        return "Your cards are already shown."
    if UNKNOWN in player.hole:
        return "Those cards are not known."
    return None


def show_by_choice(hand: HandData, seat: int) -> list[Event]:
    """Turn ``seat``'s cards up after its uncontested win; IllegalAction says why not."""
    reason = why_not(hand, seat)
    if reason is not None:
        raise IllegalAction(reason)
    assert hand.result is not None  # why_not checked it
    player = next(p for p in hand.players if p.seat == seat)
    text, best_five = "", ()  # type: tuple[str, tuple[str, ...]]
    if len(hand.board) >= 3 and UNKNOWN not in hand.board:  # a hand to name with the flop
        _strength, text, best_five = hand_value(hand.config.game, player.hole, hand.board)
    player.shown = True
    hand.shown_by_choice.append(seat)
    hand.result = replace(
        hand.result, shown=(*hand.result.shown, ShownHand(seat, player.hole, text, best_five)))
    return [hand.record(EventKind.SHOW, seat, cards=player.hole, best_five=best_five,
                        text=text)]

"""Preflop advice by position: the seat's chart (``games.bots.charts``) for the spot it faces.

``position(situation)`` names the seat in the engine's one vocabulary (games/engine/
positions.py: UTG, HJ, CO, BTN, SB, BB; LJ and UTG+1.. at 7 to 10 players);
``preflop_advice(situation)`` reads the action before this decision (first in,
limpers, a raise, a re-raise, more) and says what the chart does with these two cards;
``preflop_verdict`` words a decision against it. Limping first in is never the chart's play
(the small blind raises or folds); over-limping behind limpers with a small pair or a suited
connector is "fine", never "good".

>>> from games.bots.situation import Legal
>>> from games.engine.types import ActionKind
>>> legal = Legal(frozenset({ActionKind.FOLD, ActionKind.CALL, ActionKind.RAISE}), 2,
...               None, None, 200)
>>> s = Situation(3, ("Kh", "Qd"), (), "preflop", 3, 0, 200, 2, (), legal, 0,
...               button=6, blinds=(1, 2), seats=(1, 2, 3, 4, 5, 6))
>>> advice = preflop_advice(s)
>>> position(s), advice.hand, advice.spot, advice.best
('UTG', 'KQo', 'first in', 'raise')
>>> preflop_verdict("fold", s, advice)
'KQo from UTG, first in: the chart raises; you folded: a mistake (too tight)'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from evaluator.cards import Card
from evaluator.ranges import class_of, parse_range
from games.bots.charts import (
    BIG_BLIND_RAISE,
    CALL_FOUR_BET,
    CALL_RAISE,
    CALL_THREE_BET,
    FOUR_BET,
    OPEN,
    OVER_LIMP,
    THREE_BET,
)
from games.bots.situation import Situation
from games.engine.positions import names_for


def position(situation: Situation) -> str:
    """The seat's name, in the engine's one vocabulary (games/engine/positions.py): BTN, CO,
    HJ, LJ from seven players on, UTG, UTG+1..; SB and BB. Heads-up the button is ``BTN``.

    >>> def at(seat):
    ...     return position(Situation(seat, ("As", "Ad"), (), "preflop", 3, 0, 200, 2, (),
    ...                               None, 0, button=6, blinds=(7, 8), seats=tuple(range(1, 10))))
    >>> [at(seat) for seat in (9, 1, 2, 3, 4, 5, 6, 7, 8)]
    ['UTG', 'UTG+1', 'UTG+2', 'LJ', 'HJ', 'CO', 'BTN', 'SB', 'BB']
    """
    seats, button = situation.seats, situation.button
    if not seats or button is None:
        raise ValueError("this situation does not say where everyone sits")
    if len(seats) == 2:
        return "BTN" if situation.seat == button else "BB"
    if situation.blinds and situation.seat == situation.blinds[-1]:
        return "BB"
    if len(situation.blinds) == 2 and situation.seat == situation.blinds[0]:
        return "SB"
    ordered = sorted(seats)
    back = (ordered.index(button) - ordered.index(situation.seat)) % len(ordered)
    # Counted back from the button, the last name of the table's order is the button's.
    return names_for(len(ordered))[-1 - back]


def chart_seat(name: str, players: int) -> str:
    """The chart a seat opens by (see ``games.bots.charts``: the same distance from the
    button plays the same chart; seats further out than the lowjack use ``EP``).

    >>> chart_seat("LJ", 9), chart_seat("UTG", 6), chart_seat("UTG", 9), chart_seat("BTN", 2)
    ('UTG', 'UTG', 'EP', 'BTN heads-up')
    """
    if players == 2 and name == "BTN":
        return "BTN heads-up"
    if name == "LJ" or (name == "UTG" and players <= 6):
        return "UTG"
    if name.startswith("UTG"):
        return "EP"
    return name


@dataclass(frozen=True)
class PreflopAdvice:
    """What the chart does with this hand in this spot."""

    seat: str  # the position's name
    hand: str  # the hand's class: AKs, KQo, 77
    spot: str  # first in, facing 2 limpers, facing a raise, facing a 3-bet, facing a 4-bet
    best: str  # raise, call, check or fold
    fine: frozenset[str]  # other plays that are not a mistake (over-limping a small pair)
    chart: str  # the range the decision came from, in the usual notation


@cache
def _classes(range_text: str) -> frozenset[str]:
    """The hand classes a chart's range holds (the charts name whole classes)."""
    return frozenset(parse_range(range_text).classes())


def _holds(range_text: str, hole: tuple[str, ...]) -> bool:
    return class_of((Card(hole[0]), Card(hole[1]))) in _classes(range_text)


def _spot(situation: Situation) -> tuple[int, int]:
    """(raises, limpers) before this decision: limpers are calls before the first raise."""
    raises = limpers = 0
    for _seat, kind in situation.preflop:
        if kind in ("raise", "bet"):
            raises += 1
        elif kind == "call" and raises == 0:
            limpers += 1
    return raises, limpers


def preflop_advice(situation: Situation) -> PreflopAdvice:
    """The chart's play for the deciding seat's two cards in the spot it faces."""
    name = position(situation)
    chart_name = chart_seat(name, len(situation.seats))
    hand = class_of((Card(situation.hole[0]), Card(situation.hole[1])))
    raises, limpers = _spot(situation)
    if raises >= 2:
        spot = "facing a 3-bet" if raises == 2 else f"facing a {raises + 1}-bet"
        call = CALL_THREE_BET if raises == 2 else CALL_FOUR_BET
        if raises == 2 and _holds(FOUR_BET, situation.hole):
            return PreflopAdvice(name, hand, spot, "raise", frozenset({"call"}), FOUR_BET)
        best = "call" if _holds(call, situation.hole) else "fold"
        return PreflopAdvice(name, hand, spot, best, frozenset(), call)
    if raises == 1:
        seat = "BB" if name == "BB" else chart_name.replace(" heads-up", "")
        if _holds(THREE_BET[seat], situation.hole):
            return PreflopAdvice(name, hand, "facing a raise", "raise", frozenset(),
                                 THREE_BET[seat])
        best = "call" if _holds(CALL_RAISE[seat], situation.hole) else "fold"
        return PreflopAdvice(name, hand, "facing a raise", best, frozenset(), CALL_RAISE[seat])
    if name == "BB":
        spot = "nobody raised" if limpers else "the small blind completed"
        best = "raise" if _holds(BIG_BLIND_RAISE, situation.hole) else "check"
        return PreflopAdvice(name, hand, spot, best, frozenset({"check"}), BIG_BLIND_RAISE)
    if limpers:
        spot = f"facing {limpers} limper" + ("s" if limpers > 1 else "")
        tighter = {"BTN": "CO", "CO": "HJ", "HJ": "UTG", "SB": "CO"}.get(chart_name, "EP")
        if _holds(OPEN[tighter], situation.hole):
            return PreflopAdvice(name, hand, spot, "raise", frozenset(), OPEN[tighter])
        fine = frozenset({"call"}) if _holds(OVER_LIMP, situation.hole) else frozenset()
        return PreflopAdvice(name, hand, spot, "fold", fine, OPEN[tighter])
    best = "raise" if _holds(OPEN[chart_name], situation.hole) else "fold"
    return PreflopAdvice(name, hand, "first in", best, frozenset(), OPEN[chart_name])


def played(kind: str, situation: Situation) -> str:
    """A decision as the chart speaks of it: all in is a raise unless it only calls.

    >>> from games.bots.situation import Legal
    >>> from games.engine.types import ActionKind
    >>> s = Situation(1, ("As", "Ad"), (), "preflop", 3, 0, 200, 2, (), Legal(
    ...     frozenset({ActionKind.CALL}), 2, None, None, 200), 0)
    >>> played("all_in", s), played("bet", s), played("call", s)
    ('raise', 'raise', 'call')
    """
    if kind == "all_in":
        legal = situation.legal
        return "call" if legal is not None and legal.call >= situation.stack else "raise"
    return "raise" if kind == "bet" else kind


CHART_WORDS: Final = {"raise": "raises", "call": "calls", "check": "checks", "fold": "folds"}
PLAYED_WORDS: Final = {"raise": "raised", "call": "called", "check": "checked",
                       "fold": "folded"}


def preflop_verdict(kind: str, situation: Situation, advice: PreflopAdvice) -> str:
    """The decision against the chart: "good" when it is the chart's play, "fine" when it is
    an accepted alternative, otherwise "a mistake" and which way.

    A limp (calling the big blind first in) is never good: the charts raise or fold.
    """
    did = played(kind, situation)
    first_in_limp = advice.spot == "first in" and did == "call"
    if did == advice.best:
        word = "good"
    elif did in advice.fine:
        word = "fine"
    elif first_in_limp:
        word = "a mistake (a limp: raise or fold)"
    elif did == "fold" and advice.best in ("raise", "call", "check"):
        word = "a mistake (too tight)"
    elif advice.best == "fold" or (did == "raise" and advice.best in ("call", "check")):
        word = "a mistake (too loose)"
    else:
        word = "a mistake (too passive)"
    head = f"{advice.hand} from {advice.seat}, {advice.spot}"
    return f"{head}: the chart {CHART_WORDS[advice.best]}; you {PLAYED_WORDS[did]}: {word}"

"""The bots' decision functions: ``(Situation, random.Random) -> Decision``.

A decision function sees only a ``Situation`` (one player's own view, games/bots/situation.py)
and a random source; it never sees the deck or another player's hidden cards. Styles:

- ``calling_station`` (loose-passive): checks when it can, calls any bet, never bets.
- ``tight_aggressive``: equity against the ranges the opponents' actions suggest, set against
  the pot odds; bets and raises its strong hands, calls when the price is right, else folds.
- ``random_legal``: any legal action, any legal amount, uniformly; for tests.
- ``coach``: plays by the coach's own advice (``games.bots.coach_bot``).

Each is declared, with its name for people and its bots' names, in games/bots/roster.py.

>>> import random
>>> from games.engine import FULL_DECK, SeatInput, TableConfig, start_hand
>>> state = start_hand(TableConfig(1, 2), [SeatInput(1, "a", 100), SeatInput(2, "b", 100)],
...                    FULL_DECK, button=1)
>>> situation = Situation.from_view(state.view(1), 1, big_blind=2)
>>> calling_station(situation, random.Random(1))
Decision(kind=<ActionKind.CALL: 'call'>, amount=None)
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.bots.decision import Decision
from games.bots.equity import equity_vs_ranges
from games.bots.omaha_equity import omaha_equity
from games.bots.ranges import range_of
from games.bots.short_deck_equity import short_deck_equity
from games.bots.situation import Legal, Situation
from games.engine.types import ActionKind

Style = Callable[[Situation, random.Random], Decision]


def _legal(situation: Situation) -> Legal:
    if situation.legal is None:
        raise ValueError("it is not this player's turn")
    return situation.legal


def calling_station(situation: Situation, rng: random.Random) -> Decision:
    """Check when free, call otherwise (all in when calling takes every chip).

    >>> from games.engine.types import AmountRange
    >>> legal = Legal(frozenset({ActionKind.FOLD, ActionKind.CHECK, ActionKind.BET}), 0,
    ...               AmountRange(2, 100), None, 100)
    >>> s = Situation(1, ("7c", "2d"), (), "flop", 4, 0, 100, 2, (), legal, 0)
    >>> calling_station(s, random.Random(0)).kind
    <ActionKind.CHECK: 'check'>
    """
    legal = _legal(situation)
    for kind in (ActionKind.CHECK, ActionKind.CALL, ActionKind.ALL_IN):
        if kind in legal.kinds:
            return Decision(kind)
    return Decision(ActionKind.FOLD)


def random_legal(situation: Situation, rng: random.Random) -> Decision:
    """Any legal action with a uniformly random legal amount."""
    legal = _legal(situation)
    kind = rng.choice(sorted(legal.kinds))
    span = legal.bet if kind is ActionKind.BET else legal.raise_to
    if kind in (ActionKind.BET, ActionKind.RAISE) and span is not None:
        return Decision(kind, rng.randint(span.min, span.max))
    return Decision(kind)


def opponent_ranges(situation: Situation) -> list[float]:
    """The top share of hands each live opponent is likely to hold, from their actions."""
    return [range_of(o.actions) for o in situation.opponents]


def value_line(opponents: int) -> float:
    """The equity worth betting for value against this many opponents.

    >>> value_line(1), round(value_line(3), 2)
    (0.65, 0.35)
    """
    return 1.2 / (opponents + 1) + 0.05


def tight_aggressive(
    situation: Situation, rng: random.Random, samples: int | None = None
) -> Decision:
    """Bet or raise with equity above the value line, call when the equity beats the pot
    odds, otherwise check or fold. Sizes: 3 big blinds (plus one per limper) to open, three
    times the bet to re-raise, two thirds of the pot after the flop."""
    legal = _legal(situation)
    if len(situation.hole) != 2:  # Omaha: hold'em's ranges do not apply
        equity = omaha_equity(
            situation.hole, situation.board, len(situation.opponents),
            seed=rng.getrandbits(63), high_low=situation.high_low,
        )
    elif not situation.holdem_modelled:  # short deck: against random hands of its deck
        equity = short_deck_equity(situation, seed=rng.getrandbits(63))
    else:
        equity = equity_vs_ranges(
            situation.hole, situation.board, opponent_ranges(situation), samples,
            seed=rng.getrandbits(63),
        )
    line = value_line(max(1, len(situation.opponents)))
    if legal.call == 0:
        if equity >= line and (legal.bet or legal.raise_to):
            return _sized(situation, legal)
        return Decision(ActionKind.CHECK)
    if equity >= line + 0.1 and legal.raise_to is not None:
        return _sized(situation, legal)
    if equity >= situation.pot_odds + 0.02:
        return Decision(ActionKind.CALL if ActionKind.CALL in legal.kinds else ActionKind.ALL_IN)
    return Decision(ActionKind.FOLD)


def _sized(situation: Situation, legal: Legal) -> Decision:
    span = legal.bet or legal.raise_to
    assert span is not None
    kind = ActionKind.BET if legal.bet else ActionKind.RAISE
    bb, top = situation.big_blind, situation.max_bet
    if situation.street == "preflop":
        if situation.raises_this_street == 0:  # nobody raised: open, plus one per limper
            limpers = sum(1 for o in situation.opponents if o.bet >= bb) - 1
            target = 3 * bb + max(0, limpers) * bb
        else:
            target = 3 * top
    elif kind is ActionKind.BET:
        target = situation.bet + (2 * situation.pot) // 3
    else:
        target = 3 * top
    return Decision(kind, min(span.max, max(span.min, target)))

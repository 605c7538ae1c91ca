"""The coach's figures for an Omaha hand (four or five cards, high or hi/lo), from one
player's own view (no Django).

The hold'em coach (``games.bots.advice``) reads the opponents' likely ranges, counts outs
against them and grades each decision by EV; all of that models two-card hands, so none of
it is claimed for Omaha. What the coach does say: the equity of your cards against random
hands of as many cards (in hi/lo: your share of the pot, halves and quarters counted; Monte
Carlo over the cards you cannot see, seeded, so the same spot gives the same figure, with
its standard error), the pot odds when facing a bet, and one
line on each decision comparing the two. Random hands are weaker than the hands people
bet with, which each line says.

>>> from games.engine.types import ActionKind
>>> from games.bots.situation import Legal
>>> s = Situation(1, ("As", "Ad", "Kh", "Kc"), (), "preflop", 100, 0, 200, 2, (), Legal(
...     frozenset({ActionKind.CALL, ActionKind.FOLD}), 40, None, None, None), 1)
>>> omaha_verdict("call", None, s, OmahaFigures(0.65, 0.01, 4000, 0.286, 40, 100))
'you called 40 into 100 needing 29% with about 65% against a random hand: fine'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import sqrt

from games.bots.omaha_equity import omaha_shares
from games.bots.situation import Situation

SAMPLES = 4000  # the standard error is then at most 0.8 percentage points
RANDOM_NOTE = ("Pot-limit Omaha: the coach gives your equity against random four-card "
               "hands and the pot odds. It has no Omaha ranges, outs or grades: people who "
               "bet hold better than random hands.")


def random_note(label: str, hole_cards: int, high_low: bool) -> str:
    """What the coach says of its Omaha figures, plainly, for the game dealt.

    >>> random_note("Pot-limit Omaha", 4, False) == RANDOM_NOTE
    True
    >>> random_note("Five-card pot-limit Omaha hi/lo", 5, True)[:93]
    'Five-card pot-limit Omaha hi/lo: the coach gives your share of the pot (high and low halves) '
    """
    words = ("four", "five", "six")[hole_cards - 4] if 4 <= hole_cards <= 6 else str(hole_cards)
    share = "share of the pot (high and low halves) " if high_low else "equity "
    return (f"{label}: the coach gives your {share}against random {words}-card hands and the "
            "pot odds. It has no Omaha ranges, outs or grades: people who bet hold better than "
            "random hands.")


@dataclass(frozen=True)
class OmahaFigures:
    equity: float  # against random four-card hands
    standard_error: float  # of that Monte Carlo figure
    samples: int
    pot_odds: float | None  # when facing a bet: the equity a call needs
    to_call: int
    pot: int


@lru_cache(maxsize=1024)
def omaha_figures(situation: Situation, samples: int = SAMPLES) -> OmahaFigures:
    """The coach's Omaha numbers for this situation (the same situation, the same figures).

    >>> s = Situation(1, ("As", "Ks", "Qd", "Jd"), ("Qs", "Js", "Ts", "2c", "3h"), "river",
    ...               100, 0, 200, 2, (), None, 1)
    >>> f = omaha_figures(s)
    >>> f.equity, f.standard_error, f.pot_odds
    (1.0, 0.0, None)
    """
    opponents = max(1, len(situation.opponents))
    shares = omaha_shares(situation.hole, situation.board, opponents, samples, seed=1,
                          high_low=situation.high_low)
    mean = float(shares.mean())
    error = sqrt(max(float((shares**2).mean()) - mean * mean, 0.0) / samples)
    call = situation.to_call
    return OmahaFigures(mean, error, samples, situation.pot_odds if call else None, call,
                        situation.pot)


def _pct(share: float) -> str:
    return f"{round(share * 100)}%"


def omaha_verdict(kind: str, amount: int | None, situation: Situation, f: OmahaFigures) -> str:
    """One line on an Omaha decision: the equity against random hands, and for a call or a
    fold the pot odds it is held against."""
    against = "a random hand" if len(situation.opponents) <= 1 else "random hands"
    about = f"about {_pct(f.equity)} against {against}"
    if kind in ("call", "fold") and f.to_call:
        need = f.pot_odds or 0.0
        if kind == "call":
            word = "fine" if f.equity >= need else "short of the price"
            return f"you called {f.to_call} into {f.pot} needing {_pct(need)} with {about}: {word}"
        word = "fine" if f.equity < need else "the price was there"
        return f"you folded to {f.to_call} into {f.pot} needing {_pct(need)} with {about}: {word}"
    if kind == "fold":
        return "you folded when checking was free: never fold for nothing"
    what = {"check": "checked", "bet": "bet", "raise": "raised to", "all_in": "went all in"}
    size = f" {amount}" if amount and kind in ("bet", "raise") else ""
    return f"you {what.get(kind, kind)}{size} with {about}"

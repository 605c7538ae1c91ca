"""Each decision graded by the EV it loses, in big blinds, against the coach's range model,
with the model's own error beside it.

The model (one street, stated plainly; docs/coach.md, "Grades", repeats it):

- Every option's EV is counted in chips *relative to folding now* (chips already in the pot
  are gone either way): fold 0; check ``e * P``; call ``e * (P + C) - C``, where ``P`` is the
  pot (every chip in, bets in front included), ``C`` the chips to call and ``e`` your equity
  against every opponent's range at once (``games.bots.villains``). The hand is taken to the
  end at this price: later betting, implied odds and position are left out.
- A bet or raise: each opponent goes on (calls; a raise counts as a call) with the holdings
  of their range whose equity against *your* range (as they see it, this bet included) is at
  least the price the size offers them (``games.bots.responses``); a bigger bet is called by
  fewer, stronger hands. When everyone folds you win ``P``; otherwise every opponent who goes
  on puts in their call and the showdown is against them all. Every figure of one decision
  comes from one set of dealt trials (``games.bots.trials``), so the equity against the whole
  range, the fold share and the equity against the hands that call agree.
- Sizes tried: ``POT_SHARES`` of the pot (after calling), before the flop also the chart's
  size, and all in; each inside the legal range and the stack.
- The model's *error* of an option: twice the trials' standard error, plus ``EQUITY_ERROR``
  of the pot at showdown (the ranges are guesses), plus for a bet ``FOLD_ERROR`` of what
  folds change (the fold share is a guess too; for an all-in bigger than the largest size
  tried, an overbet, times ``overbet_doubt``: who calls it is extrapolated). An overbet is
  the best play only when its EV beats the best other size by more than the larger error of
  the two; before the flop the chart's play is made at a size, never as an overbet.
- The loss of a decision is the best option's EV minus the played one's, in big blinds; its
  class is that of the loss *beyond the model's error* (the larger error of the two options),
  so a loss within the error is at worst Correct and never a Blunder.
  Before the flop the seat's chart (``games.bots.preflop``) names the best play (at the
  chart's size): the chart's play is Best, its accepted alternatives at worst Correct, any
  other play at least an Inaccuracy.

Classes (loss in big blinds; GTO Wizard's names, PokerSnowie's 2 bb blunder line):
Best < 0.05 <= Correct < 0.3 <= Inaccuracy < 1 <= Wrong < 2 <= Blunder.

>>> label(0.0), label(0.2), label(0.5), label(1.5), label(2.0)
('Best', 'Correct', 'Inaccuracy', 'Wrong', 'Blunder')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from games.bots.grade_words import reasons
from games.bots.holdings import Weights
from games.bots.preflop import CHART_WORDS, preflop_advice
from games.bots.preflop import played as chart_played
from games.bots.situation import Situation
from games.bots.villains import opponent_ranges
from games.bots.weighing import Option, Weigher, best_option, call_ev, chart_size

__all__ = ["CLASSES", "Grade", "Option", "call_ev", "grade", "graded", "label", "options"]

CLASSES: Final = (("Best", 0.05), ("Correct", 0.3), ("Inaccuracy", 1.0), ("Wrong", 2.0))


def label(loss_bb: float) -> str:
    """The class of a decision that loses ``loss_bb`` big blinds (see the module docstring)."""
    for name, below in CLASSES:
        if loss_bb < below:
            return name
    return "Blunder"


def label_with_error(loss_bb: float, error_bb: float) -> str:
    """The class of the loss beyond the model's error; a loss within it is at worst Correct.

    >>> label_with_error(3.0, 2.5), label_with_error(3.0, 0.5), label_with_error(0.01, 1.0)
    ('Inaccuracy', 'Blunder', 'Best')
    """
    name = label(max(0.0, loss_bb - error_bb))
    return "Correct" if name == "Best" and loss_bb >= CLASSES[0][1] else name


@dataclass(frozen=True)
class Grade:
    """A decision, the best option, the loss, the class and the reasons in words."""

    played: Option
    best: Option
    options: tuple[Option, ...]
    loss_bb: float
    label: str
    equity: float
    reasons: tuple[str, ...]
    bb: int = 1  # the big blind the chips were counted in
    error_bb: float = 0.0  # the model's error of the loss (the larger of the two options')


def options(situation: Situation, ranges: list[Weights] | None = None) -> list[Option]:
    """Every option the model weighs in this situation (its own view; it must be its turn)."""
    if situation.legal is None:
        raise ValueError("it is not this player's turn")
    ranges = opponent_ranges(situation) if ranges is None else ranges
    return Weigher(situation, ranges).options()


def _played_option(situation: Situation, weigher: Weigher, found: list[Option],
                   kind: str, amount: int | None) -> Option:
    """The option of the decision taken (all in is the biggest bet, or a call)."""
    if kind == "all_in":
        legal = situation.legal
        if legal is not None and (legal.raise_to or legal.bet):
            kind, amount = ("bet" if legal.bet else "raise"), situation.bet + situation.stack
        else:
            kind = "call"
    if kind in ("bet", "raise"):
        same = [o for o in found if o.kind == kind and o.to == amount]
        return same[0] if same else weigher.bet(kind, amount or 0)
    if kind == "fold" and not situation.to_call:
        return found[0]
    return next(o for o in found if o.kind == kind)


def chart_pick(situation: Situation, found: list[Option]) -> Option | None:
    """Before the flop, the chart's play at the chart's size (another size of it only when
    better by more than the model's error); None when the seats are unknown."""
    if situation.street != "preflop" or not situation.seats or situation.button is None:
        return None
    best = preflop_advice(situation).best
    pick = [o for o in found if chart_played(o.kind, situation) == best]
    if not pick and best == "check":
        pick = [o for o in found if o.kind == "call"]  # nothing to check: complete
    pick = [o for o in pick if not o.overbet]  # the chart's raise is a size, not a shove
    if not pick:
        return None
    size = chart_size(situation)
    reference = min(pick, key=lambda o: abs((o.to or 0) - size))
    return best_option(pick, reference)


def grade(situation: Situation, kind: str, amount: int | None,
          ranges: list[Weights] | None = None) -> Grade:
    """Grade the decision ``kind`` (``amount``: the total of a bet or raise) taken in
    ``situation`` (the deciding player's own view, before acting)."""
    if situation.legal is None:
        raise ValueError("it is not this player's turn")
    ranges = opponent_ranges(situation) if ranges is None else ranges
    weigher = Weigher(situation, ranges)
    found = weigher.options()
    mine = _played_option(situation, weigher, found, kind, amount)
    best = best_option(found)
    bb = situation.big_blind
    chart_line = None
    charted = chart_pick(situation, found)
    if charted is not None:
        best = charted
    loss = max(0.0, best.ev - mine.ev) / bb
    error = max(best.error, mine.error) / bb
    name = label_with_error(loss, error)
    if charted is not None:
        advice = preflop_advice(situation)
        did = chart_played(kind, situation)
        if did == advice.best and mine.to == best.to:
            loss, name, best = 0.0, "Best", mine
        elif did == advice.best:  # the chart's play at another size: graded by its EV
            pass
        elif did in advice.fine:
            name = "Best" if name == "Best" else "Correct"
        else:
            name = label(max(loss - error, CLASSES[1][1]))
        chart_line = (f"{advice.hand} from {advice.seat}, {advice.spot}: the chart "
                      f"{CHART_WORDS[advice.best]}")
    lines = reasons(situation, ranges, found, mine, best, loss, error, name, chart_line)
    return Grade(mine, best, tuple(found), round(loss, 2), name, weigher.equity, lines, bb,
                 round(error, 2))


@lru_cache(maxsize=4096)
def graded(situation: Situation, kind: str, amount: int | None) -> Grade:
    """``grade`` against the range model, remembered: the coach panel asks again on every
    new version of the table, and the same decision gets the same grade."""
    return grade(situation, kind, amount)

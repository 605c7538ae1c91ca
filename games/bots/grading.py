"""Each decision graded by the EV it loses, in big blinds, against the coach's range model.

The model (one street, stated plainly; docs/architecture.md repeats it):

- Every option's EV is counted in chips *relative to folding now* (chips already in the pot
  are gone either way): fold 0; check ``e * P``; call ``e * (P + C) - C``, where ``P`` is the
  pot (every chip in, bets in front included), ``C`` the chips to call and ``e`` your equity
  against the opponents' ranges (``games.bots.villains``). The hand is taken to the end at
  this price: later betting, implied odds and position are left out.
- A bet or raise that adds ``A`` chips wins ``P`` at once when everyone folds (a pure bluff
  needs them to fold ``A / (P + A)`` of the time: that is "what the bet needs to work");
  called, the caller adds ``A - C`` and you have ``e_c``, your equity against the hands that
  call. ``EV = F * P + (1 - F) * (e_c * (P + 2A - C) - A)``. Who calls: after the flop each
  opponent defends with the strongest ``1 - A / (P + A)`` of *all* holdings on this board
  (the minimum defence frequency, applied to every hand so that a weak range folds more;
  never less than ``DEFEND_FLOOR`` of them, however big the bet: people over-call);
  before the flop with their seat's chart for the spot (call or re-raise). ``F`` is the chance
  that every opponent folds; called, one caller is assumed (the likeliest), the others fold.
- The loss of a decision is the best option's EV minus the played one's, in big blinds.
  Before the flop the seat's chart (``games.bots.preflop``) names the best play: the chart's
  play is Best, its accepted alternatives at worst Correct, any other play at least an
  Inaccuracy, the loss the model's EV of the chart's play minus the played one's.

Classes (loss in big blinds; GTO Wizard's names, PokerSnowie's 2 bb blunder line):
Best < 0.05 <= Correct < 0.3 <= Inaccuracy < 1 <= Wrong < 2 <= Blunder.

>>> label(0.0), label(0.2), label(0.5), label(1.5), label(2.0)
('Best', 'Correct', 'Inaccuracy', 'Wrong', 'Blunder')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

import numpy as np

from games.bots.charts import (
    CALL_FOUR_BET,
    CALL_RAISE,
    CALL_THREE_BET,
    FOUR_BET,
    THREE_BET,
)
from games.bots.equity import equity_vs_weights
from games.bots.holdings import Weights, top_share_weights
from games.bots.preflop import CHART_WORDS, preflop_advice
from games.bots.preflop import played as chart_played
from games.bots.situation import Situation
from games.bots.villains import board_strength, chart_weights, opponent_ranges, seat_chart

CLASSES: Final = (("Best", 0.05), ("Correct", 0.3), ("Inaccuracy", 1.0), ("Wrong", 2.0))
SAMPLES: Final = 2000
# However big the bet, people call with at least this share of hands (they over-call).
DEFEND_FLOOR: Final = 0.3


def label(loss_bb: float) -> str:
    """The class of a decision that loses ``loss_bb`` big blinds (see the module docstring)."""
    for name, below in CLASSES:
        if loss_bb < below:
            return name
    return "Blunder"


@dataclass(frozen=True)
class Option:
    """One play and what the model says it is worth."""

    kind: str  # fold, check, call, bet, raise
    to: int | None  # the total bet for a bet or raise
    ev: float  # chips, relative to folding now
    equity: float  # against their ranges (a bet: against the hands that call)
    fold_share: float | None = None  # a bet: the chance everyone folds, by the model
    needs: float | None = None  # a bet: the fold share a pure bluff needs; a call: pot odds

    def words(self) -> str:
        """The play in a few words: "bet 40", "call 10", "check".

        >>> Option("raise", 60, 0.0, 0.5).words(), Option("fold", None, 0.0, 0.5).words()
        ('raise to 60', 'fold')
        """
        if self.kind == "bet":
            return f"bet {self.to}"
        if self.kind == "raise":
            return f"raise to {self.to}"
        return self.kind


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


def call_ev(pot: int, to_call: int, equity: float) -> float:
    """EV of calling, in chips relative to folding.

    >>> call_ev(30, 10, 0.5)
    10.0
    """
    return equity * (pot + to_call) - to_call


def bet_ev(pot: int, to_call: int, added: int, folds: float, equity_called: float,
           caller_adds: int | None = None) -> float:
    """EV of a bet or raise that adds ``added`` chips (see the module docstring).

    >>> bet_ev(20, 0, 20, 0.0, 1.0), bet_ev(20, 0, 20, 1.0, 0.0), bet_ev(20, 0, 20, 0.5, 0.0)
    (40.0, 20.0, 0.0)
    """
    extra = added - to_call if caller_adds is None else caller_adds
    return folds * pot + (1 - folds) * (equity_called * (pot + added + extra) - added)


def _continuing_preflop(situation: Situation, seat: int, raises: int) -> Weights:
    """The hands with which ``seat`` goes on when facing a raise number ``raises`` (1: an
    open, 2: a 3-bet, more: a 4-bet), by its seat's charts."""
    if not situation.seats or situation.button is None:
        return (top_share_weights(0.25) >= 1.0).astype(np.float64)
    if raises == 1:
        text = ", ".join(seat_chart(situation, seat, chart) for chart in (THREE_BET, CALL_RAISE))
    elif raises == 2:
        text = f"{FOUR_BET}, {CALL_THREE_BET}"
    else:
        text = CALL_FOUR_BET
    return (chart_weights(text) >= 1.0).astype(np.float64)


def _preflop_raises(situation: Situation) -> int:
    return sum(1 for _seat, kind in situation.preflop if kind in ("raise", "bet"))


def _callers(situation: Situation, ranges: list[Weights], added: int) -> list[Weights]:
    """Each opponent's calling hands (0/1 per holding) against a bet that adds ``added``."""
    if situation.street == "preflop":
        raises = _preflop_raises(situation) + 1
        return [_continuing_preflop(situation, o.seat, raises) for o in situation.opponents]
    strength = board_strength(tuple(situation.board))
    defend = max(DEFEND_FLOOR, 1 - added / (situation.pot + added))
    live = strength > 0
    cut = np.quantile(strength[live], 1 - defend) if live.any() else 0.0
    return [(strength >= cut).astype(np.float64) for _ in ranges]


def _bet_option(situation: Situation, ranges: list[Weights], kind: str, to: int) -> Option:
    pot, call = situation.pot, situation.to_call
    added = min(to - situation.bet, situation.stack)
    biggest = max((o.stack + o.bet for o in situation.opponents), default=0)
    caller_adds = max(0, min(to, biggest) - situation.max_bet)
    added = min(added, call + caller_adds)  # chips nobody can call come back
    callers = _callers(situation, ranges, added)
    folds, goes_on = 1.0, []
    for weights, calls in zip(ranges, callers, strict=True):
        total = weights.sum()
        stays = weights * calls
        share = float(stays.sum() / total) if total > 0 else 0.0
        folds *= 1 - share
        goes_on.append((share, stays))
    likeliest = max(goes_on, key=lambda item: item[0]) if goes_on else (0.0, None)
    if likeliest[1] is not None and likeliest[1].sum() > 0:
        eq = equity_vs_weights(situation.hole, situation.board, [likeliest[1]], SAMPLES, seed=3)
    else:
        eq = 1.0
    ev = bet_ev(pot, call, added, folds, eq, caller_adds)
    return Option(kind, to, ev, eq, folds, added / (pot + added))


def _sizes(situation: Situation) -> list[tuple[str, int]]:
    """The bets and raises the model tries: a third, two thirds and the whole pot (before
    the flop the chart's sizes: 3 big blinds plus one per limper, three times a raise), and
    all in; each inside the legal range."""
    legal = situation.legal
    if legal is None:
        return []
    span, kind = (legal.bet, "bet") if legal.bet else (legal.raise_to, "raise")
    if span is None:
        return []
    top, pot, bb = situation.max_bet, situation.pot, situation.big_blind
    if situation.street == "preflop":
        limpers = sum(1 for _s, k in situation.preflop if k == "call")
        wanted = [3 * bb + limpers * bb] if _preflop_raises(situation) == 0 else [3 * top]
    else:
        after_call = pot + situation.to_call
        wanted = [top + after_call // 3, top + (2 * after_call) // 3, top + after_call]
    wanted.append(span.max)
    sizes = sorted({min(span.max, max(span.min, w)) for w in wanted})
    return [(kind, size) for size in sizes]


def options(situation: Situation, ranges: list[Weights] | None = None) -> list[Option]:
    """Every option the model weighs in this situation (its own view; it must be its turn)."""
    if situation.legal is None:
        raise ValueError("it is not this player's turn")
    ranges = opponent_ranges(situation) if ranges is None else ranges
    eq = equity_vs_weights(situation.hole, situation.board, ranges, SAMPLES, seed=1)
    call = min(situation.to_call, situation.stack)
    found = [Option("fold", None, 0.0, eq)]
    if call:
        found.append(Option("call", None, call_ev(situation.pot, call, eq), eq,
                            needs=call / (situation.pot + call)))
    else:
        found.append(Option("check", None, eq * situation.pot, eq))
    found += [_bet_option(situation, ranges, kind, to) for kind, to in _sizes(situation)]
    return found


def _played_option(situation: Situation, ranges: list[Weights], found: list[Option],
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
        return same[0] if same else _bet_option(situation, ranges, kind, amount or 0)
    if kind == "fold" and not situation.to_call:
        return found[0]
    return next(o for o in found if o.kind == kind)


def grade(situation: Situation, kind: str, amount: int | None,
          ranges: list[Weights] | None = None) -> Grade:
    """Grade the decision ``kind`` (``amount``: the total of a bet or raise) taken in
    ``situation`` (the deciding player's own view, before acting)."""
    ranges = opponent_ranges(situation) if ranges is None else ranges
    found = options(situation, ranges)
    mine = _played_option(situation, ranges, found, kind, amount)
    best = max(found, key=lambda o: o.ev)
    bb = situation.big_blind
    loss = max(0.0, best.ev - mine.ev) / bb
    name = label(loss)
    chart_line = None
    if situation.street == "preflop" and situation.seats and situation.button is not None:
        advice = preflop_advice(situation)
        did = chart_played(kind, situation)
        pick = [o for o in found if chart_played(o.kind, situation) == advice.best]
        best = max(pick, key=lambda o: o.ev) if pick else best
        loss = max(0.0, best.ev - mine.ev) / bb
        if did == advice.best:
            loss, name, best = 0.0, "Best", mine
        elif did in advice.fine:
            name = "Best" if label(loss) == "Best" else "Correct"
        else:
            name = label(max(loss, CLASSES[1][1]))
        chart_line = (f"{advice.hand} from {advice.seat}, {advice.spot}: the chart "
                      f"{CHART_WORDS[advice.best]}")
    reasons = _reasons(situation, found, mine, best, loss, name, chart_line)
    return Grade(mine, best, tuple(found), round(loss, 2), name, found[0].equity, reasons,
                 situation.big_blind)


def _pct(share: float) -> str:
    return f"{round(share * 100)}%"


def _bb(chips: float, bb: int) -> str:
    return f"{chips / bb:+.1f} bb"


def _reasons(situation: Situation, found: list[Option], mine: Option, best: Option,
             loss: float, name: str, chart_line: str | None) -> tuple[str, ...]:
    bb = situation.big_blind
    lines = [f"your equity against their likely hands: {_pct(found[0].equity)}"]
    call = next((o for o in found if o.kind == "call"), None)
    if call is not None and call.needs is not None:
        lines.append(f"calling {situation.to_call} into {situation.pot} needs "
                     f"{_pct(call.needs)} (pot odds): a call is worth {_bb(call.ev, bb)}")
    for option in (mine, best):
        if option.fold_share is not None and option.needs is not None:
            lines.append(
                f"{option.words()}: as a bluff it needs folds {_pct(option.needs)} of the "
                f"time; they fold about {_pct(option.fold_share)}; called, you have "
                f"{_pct(option.equity)} against the hands that call: worth {_bb(option.ev, bb)}")
            if option is best:
                break
    if chart_line:
        lines.append(chart_line)
    if mine == best:
        lines.append(f"{mine.words()} is the best play here ({_bb(mine.ev, bb)}): {name}")
    else:
        lines.append(f"best: {best.words()} ({_bb(best.ev, bb)}); yours: {mine.words()} "
                     f"({_bb(mine.ev, bb)}); you gave up about {loss:.1f} bb: {name}")
    return tuple(lines)


@lru_cache(maxsize=4096)
def graded(situation: Situation, kind: str, amount: int | None) -> Grade:
    """``grade`` against the range model, remembered: the coach panel asks again on every
    new version of the table, and the same decision gets the same grade."""
    return grade(situation, kind, amount)

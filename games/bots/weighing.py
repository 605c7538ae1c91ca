"""Every option of one decision and what the model says it is worth (``games.bots.grading``
states the model; this module does the counting).

>>> Option("raise", 60, 0.0, 0.5).words(), Option("fold", None, 0.0, 0.5).words()
('raise to 60', 'fold')
>>> sizes_wanted(pot=20, to_call=0, top=0)
[5, 7, 10, 15, 20, 30]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from games.bots.holdings import HOLDINGS, Weights
from games.bots.responses import bettor_range, goes_on, holding_equities, price, size_keeps
from games.bots.situation import Opponent, Situation
from games.bots.trials import Mask, Trials, deal

# The sizes people bet, as shares of the pot after calling (a quarter to one and a half).
POT_SHARES: Final = (0.25, 0.33, 0.5, 0.75, 1.0, 1.5)
SAMPLES: Final = 2000
EQUITY_ERROR: Final = 0.05  # the ranges are guesses: equity is known to about 5 points
FOLD_ERROR: Final = 0.1  # and so is the fold share, to about 10 points


@dataclass(frozen=True)
class Answer:
    """How one opponent answers a bet, by the model: how often they go on, and your equity
    against them alone (their whole range, and the hands of it that go on)."""

    seat: int
    calls: float  # the share of the trials in which they go on
    equity_whole: float  # against their whole range
    equity_called: float  # against the hands of it that go on


@dataclass(frozen=True)
class Option:
    """One play and what the model says it is worth."""

    kind: str  # fold, check, call, bet, raise
    to: int | None  # the total bet for a bet or raise
    ev: float  # chips, relative to folding now
    equity: float  # against every opponent's range (a bet: against the hands that call)
    fold_share: float | None = None  # a bet: the chance everyone folds, by the model
    needs: float | None = None  # a bet: the fold share a pure bluff needs; a call: pot odds
    error: float = 0.0  # chips: the model's error of ``ev`` (grading's docstring)
    equity_all: float | None = None  # a bet: against their whole ranges (the same trials)
    callers: float | None = None  # a bet: how many go on, on average, when someone does
    pot_share: float | None = None  # a bet: its size as a share of the pot after calling
    overbet: bool = False  # an all-in bigger than the largest size tried
    answers: tuple[Answer, ...] = ()  # a bet: each opponent's answer (``Weigher.answers``)

    def words(self) -> str:
        """The play in a few words: "bet 40", "call", "check"."""
        if self.kind == "bet":
            return f"bet {self.to}"
        if self.kind == "raise":
            return f"raise to {self.to}"
        return self.kind


def call_ev(pot: int, to_call: int, equity: float) -> float:
    """EV of calling, in chips relative to folding.

    >>> call_ev(30, 10, 0.5)
    10.0
    """
    return equity * (pot + to_call) - to_call


def sizes_wanted(pot: int, to_call: int, top: int) -> list[int]:
    """The totals of a bet or raise of each of ``POT_SHARES`` of the pot after calling
    (``top``: the highest bet now)."""
    after_call = pot + to_call
    return [top + round(share * after_call) for share in POT_SHARES]


def overbet_doubt(share_of_pot: float | None, overbet: bool) -> float:
    """How much less sure the fold share is for an all-in beyond the sizes tried: who calls
    an all-in of ten pots is extrapolated from who calls the sizes people bet, so its error
    grows as the square root of the size over the largest share tried (1 for other sizes).

    >>> overbet_doubt(1.0, False), overbet_doubt(6.0, True)
    (1.0, 2.0)
    """
    if not overbet or share_of_pot is None:
        return 1.0
    return max(1.0, float(np.sqrt(share_of_pot / POT_SHARES[-1])))


def chart_size(situation: Situation) -> int:
    """Before the flop, the charts' raise: 3 big blinds plus one per limper first in,
    three times the raise after one."""
    raises = sum(1 for _s, kind in situation.preflop if kind in ("raise", "bet"))
    limpers = sum(1 for _s, kind in situation.preflop if kind == "call")
    bb = situation.big_blind
    return 3 * bb + limpers * bb if raises == 0 else 3 * situation.max_bet


def sizes(situation: Situation) -> list[tuple[str, int]]:
    """The bets or raises weighed: ``POT_SHARES`` of the pot, the chart's size before the
    flop, and all in; each inside the legal range."""
    legal = situation.legal
    if legal is None:
        return []
    span, kind = (legal.bet, "bet") if legal.bet else (legal.raise_to, "raise")
    if span is None:
        return []
    wanted = sizes_wanted(situation.pot, situation.to_call, situation.max_bet)
    if situation.street == "preflop":
        wanted.append(chart_size(situation))
    wanted.append(span.max)
    return [(kind, size) for size in sorted({min(span.max, max(span.min, w)) for w in wanted})]


class Weigher:
    """The options of one decision, all read from one set of trials."""

    def __init__(self, situation: Situation, ranges: list[Weights]) -> None:
        self.situation = situation
        self.ranges = ranges
        self.trials: Trials = deal(situation.hole, situation.board, ranges, SAMPLES)
        self.share_all = self.trials.share(self.trials.everyone())
        self._equities: dict[tuple[str, float], Weights] = {}

    @property
    def equity(self) -> float:
        """Equity against every opponent's range at once."""
        return self.trials.mean(self.share_all) if self.trials.count else 1.0

    def passive(self) -> list[Option]:
        """Fold, and check or call."""
        s, eq = self.situation, self.equity
        call = min(s.to_call, s.stack)
        found = [Option("fold", None, 0.0, eq)]
        if call:
            payoff = self.share_all * (s.pot + call) - call
            found.append(Option("call", None, call_ev(s.pot, call, eq), eq,
                                needs=call / (s.pot + call),
                                error=self._error(payoff, s.pot + call)))
        else:
            found.append(Option("check", None, eq * s.pot, eq,
                                error=self._error(self.share_all * s.pot, s.pot)))
        return found

    def _error(self, payoff: npt.NDArray[np.float64], showdown_pot: float,
               folds_change: float = 0.0) -> float:
        t = self.trials
        spread = np.sqrt(t.mean((payoff - t.mean(payoff)) ** 2))
        sampling = 0.0 if t.exact else 2 * spread * np.sqrt(float((t.weight ** 2).sum()))
        return float(sampling + EQUITY_ERROR * showdown_pot + FOLD_ERROR * folds_change)

    def _ratio(self, to: int) -> float:
        """A size against the standard one (the chart's raise before the flop, the pot
        after it)."""
        s = self.situation
        if s.street == "preflop":
            return (to - s.max_bet) / max(1, chart_size(s) - s.max_bet)
        return (to - s.max_bet) / max(1, s.pot + s.to_call)

    def _holding_equities(self, kind: str, to: int) -> Weights:
        keep = round(size_keeps(self._ratio(to)), 3)  # sizes that keep as much share one
        if (kind, keep) not in self._equities:
            against = bettor_range(self.situation, kind, self._ratio(to))
            self._equities[kind, keep] = holding_equities(tuple(self.situation.board), against)
        return self._equities[kind, keep]

    def _answer_price(self, opponent: Opponent, to: int) -> tuple[int, float]:
        """The chips ``opponent`` adds to call a bet to ``to`` (capped by their stack) and the
        price that call gets: what they can win is the pot and the part of the bet they can
        match (the rest comes back), so above their stack a bigger bet offers the same."""
        s = self.situation
        add = max(0, min(to, opponent.bet + opponent.stack) - opponent.bet)
        mine = max(0, min(to - s.bet, s.stack, opponent.bet + add - s.bet))
        return add, price(add, s.pot + mine)

    def _going_on(self, kind: str, to: int, opponent: Opponent) -> Mask:
        """The holdings with which ``opponent`` goes on against a bet to ``to``; a hand that
        folds to a smaller size tried folds to this one too."""
        _add, need = self._answer_price(opponent, to)
        flags = goes_on(self._holding_equities(kind, to), need)
        for _kind, smaller in sizes(self.situation):
            if smaller < to:
                less, asks = self._answer_price(opponent, smaller)
                if less:
                    flags &= goes_on(self._holding_equities(kind, smaller), asks)
        return flags

    def _adds(self, to: int) -> npt.NDArray[np.int64]:
        """The chips each opponent adds to call a bet to ``to`` (capped by their stack)."""
        return np.array([self._answer_price(o, to)[0] for o in self.situation.opponents],
                        dtype=np.int64)

    def continuing(self, kind: str, to: int) -> list[Mask]:
        """Per opponent, the holdings that go on against a bet or raise to ``to``."""
        return [self._going_on(kind, to, o) if add else
                np.ones(len(HOLDINGS), dtype=bool)  # all in already: they see the showdown
                for o, add in zip(self.situation.opponents, self._adds(to), strict=True)]

    def answers(self, on: Mask) -> tuple[Answer, ...]:
        """Each opponent's answer to a bet, from the trials: ``on`` marks, per trial and
        opponent, who goes on. Every figure of one opponent is against that opponent alone,
        so the equity against the hands that call and against the whole range are against
        hands of the same player, from the same trials."""
        t, found = self.trials, []
        for i, opponent in enumerate(self.situation.opponents):
            alone = np.zeros(t.theirs.shape, dtype=bool)
            alone[:, i] = True
            share = t.share(alone)
            calls = t.mean(on[:, i].astype(float))
            whole = t.mean(share)
            called = t.mean(share, on[:, i]) if on[:, i].any() else whole
            found.append(Answer(opponent.seat, calls, whole, called))
        return tuple(found)

    def bet(self, kind: str, to: int) -> Option:
        """A bet or raise to ``to`` (see grading's docstring)."""
        s, trials = self.situation, self.trials
        added = max(0, min(to - s.bet, s.stack))
        pot_after = s.pot + added
        # Each opponent: the chips a call adds (capped by their stack) and whether each
        # trial's holding goes on at that price.
        adds = self._adds(to)
        levels = np.array([o.bet + a for o, a in zip(s.opponents, adds, strict=True)])
        on = np.zeros(trials.theirs.shape, dtype=bool)
        for i, flags in enumerate(self.continuing(kind, to)):
            on[:, i] = flags[trials.holdings[:, i]]
        called: Mask = np.asarray(on.any(axis=1), dtype=bool)
        matched = np.where(on, levels[None, :], 0).max(axis=1, initial=0)
        mine_in = np.minimum(added, np.maximum(matched - s.bet, s.to_call))  # the rest returns
        showdown = s.pot + mine_in + (on * adds[None, :]).sum(axis=1)
        share = trials.share(on)
        payoff = np.where(called, share * showdown - mine_in, s.pot)
        folds = 1.0 - trials.mean(called.astype(float)) if trials.count else 1.0
        some = bool(called.any())
        eq_called = trials.mean(share, called) if some else self.equity
        callers = trials.mean(on.sum(axis=1).astype(float), called) if some else 0.0
        called_ev = trials.mean(payoff, called) if some else float(s.pot)
        ev = trials.mean(payoff) if trials.count else float(s.pot)
        after_call = s.pot + s.to_call
        share_of_pot = (to - s.max_bet) / after_call if after_call else None
        biggest = sizes_wanted(s.pot, s.to_call, s.max_bet)[-1]
        legal = s.legal
        all_in = to >= s.bet + s.stack or (legal is not None and legal.all_in == to)
        overbet = all_in and to > biggest
        error = self._error(payoff, trials.mean(np.where(called, showdown, 0.0)),
                            abs(s.pot - called_ev) * overbet_doubt(share_of_pot, overbet))
        return Option(kind, to, ev, eq_called, folds, added / pot_after if pot_after else 0.0,
                      error, self.equity, callers, share_of_pot, overbet, self.answers(on))

    def options(self) -> list[Option]:
        """Every option weighed (see ``sizes``)."""
        return self.passive() + [self.bet(kind, to) for kind, to in sizes(self.situation)]


def best_option(found: list[Option], reference: Option | None = None) -> Option:
    """The model's best play: the best EV among the sensible options (or ``reference``,
    the chart's play), replaced by another only when its EV is better by more than the
    larger error of the two; an overbet never is the reference."""
    sensible = [o for o in found if not o.overbet]
    best = reference or max(sensible or found, key=lambda o: o.ev)
    for option in found:
        if option.ev - best.ev > max(option.error, best.error):
            best = option
    return best

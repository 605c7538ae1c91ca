"""A grade's reasons in words: each equity says against which hands it was counted.

>>> from games.bots.situation import Opponent
>>> who(Opponent(3, 100, 0, False, (("preflop", "raise"), ("flop", "bet"))))
'seat 3 (raised before the flop, bet the flop)'
>>> who(Opponent(4, 100, 0, False, ()))
'seat 4 (no action yet)'
"""

from __future__ import annotations

import numpy as np

from games.bots.holdings import Weights, without_cards
from games.bots.situation import Opponent, Situation
from games.bots.weighing import Option

PAST: dict[str, str] = {"bet": "bet", "raise": "raised", "call": "called", "check": "checked"}


def _pct(share: float) -> str:
    return f"{round(share * 100)}%"


def _bb(chips: float, bb: int) -> str:
    return f"{chips / bb:+.1f} bb"


def who(opponent: Opponent) -> str:
    """An opponent and what they did, the facts their range is modelled from."""
    done = [f"{PAST[kind]} {'before the flop' if street == 'preflop' else 'the ' + street}"
            for street, kind in opponent.actions if kind in PAST]
    return f"seat {opponent.seat} ({', '.join(done) or 'no action yet'})"


def range_size(weights: Weights, situation: Situation) -> float:
    """The share of the possible holdings a range amounts to (weight over its largest)."""
    live = without_cards(np.asarray(weights, dtype=np.float64), [*situation.hole,
                                                                  *situation.board])
    top = float(live.max()) if live.size else 0.0
    possible = float((without_cards(np.ones(len(live)), [*situation.hole,
                                                          *situation.board]) > 0).sum())
    return float(live.sum()) / (top * possible) if top > 0 and possible else 0.0


def against_whom(situation: Situation, ranges: list[Weights]) -> str:
    """The ranges an equity was counted against, named."""
    parts = [f"{who(o)}: about {_pct(range_size(w, situation))} of hands"
             for o, w in zip(situation.opponents, ranges, strict=True)]
    if len(parts) == 1:
        return f"the likely hands of {parts[0]}"
    return f"all {len(parts)} opponents' likely hands at once ({'; '.join(parts)})"


def bet_line(option: Option, opponents: int, bb: int) -> str:
    """A bet's figures, every equity from the same trials and named: heads-up, against the
    hands that call and the whole range; multiway, against whoever calls, then each player
    alone (the hands of theirs that call, their whole range)."""
    size = f" ({_pct(option.pot_share)} of the pot)" if option.pot_share is not None else ""
    fold = option.fold_share or 0.0
    start = (f"{option.words()}{size}: as a bluff it needs folds {_pct(option.needs or 0.0)} "
             f"of the time; ")
    worth = f"worth {_bb(option.ev, bb)} (± {option.error / bb:.1f} bb)"
    if opponents == 1:
        return (f"{start}they fold about {_pct(fold)} (they call with the hands that have the "
                f"equity its price asks against your betting range); called, you have "
                f"{_pct(option.equity)} against the hands that call, "
                f"{_pct(option.equity_all or 0.0)} against their whole likely range: {worth}")
    each = "; ".join(
        f"seat {a.seat} calls about {_pct(a.calls)}: you have {_pct(a.equity_called)} against "
        f"the hands of theirs that call, {_pct(a.equity_whole)} against their whole likely "
        f"range" for a in option.answers)
    return (f"{start}they all fold about {_pct(fold)} (each calls with the hands that have the "
            f"equity its price asks against your betting range); called (by "
            f"{option.callers or 0.0:.1f} of {opponents} on average), you have "
            f"{_pct(option.equity)} at showdown against the players who call, with the hands "
            f"they call with: {worth}. Each player alone: {each}")


def reasons(situation: Situation, ranges: list[Weights], found: list[Option], mine: Option,
            best: Option, loss: float, error: float, name: str,
            chart_line: str | None) -> tuple[str, ...]:
    """The reasons shown beside a grade."""
    bb = situation.big_blind
    lines = [f"your equity against {against_whom(situation, ranges)}: "
             f"{_pct(found[0].equity)}"]
    call = next((o for o in found if o.kind == "call"), None)
    if call is not None and call.needs is not None:
        lines.append(f"calling {situation.to_call} into {situation.pot} needs "
                     f"{_pct(call.needs)} (pot odds): a call is worth {_bb(call.ev, bb)}")
    for option in (mine, best):
        if option.fold_share is not None:
            lines.append(bet_line(option, len(situation.opponents), bb))
            if option is best or option == best:
                break
    if chart_line:
        lines.append(chart_line)
    if mine == best:
        lines.append(f"{mine.words()} is the best play here ({_bb(mine.ev, bb)}): {name}")
    else:
        lines.append(f"best: {best.words()} ({_bb(best.ev, bb)}); yours: {mine.words()} "
                     f"({_bb(mine.ev, bb)}); you gave up about {loss:.1f} bb, the model's "
                     f"error ± {error:.1f} bb: {name}")
    return tuple(lines)

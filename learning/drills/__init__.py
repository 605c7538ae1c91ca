"""The drills: each theme's question maker and judge, pure (no Django).

>>> sorted(DRILLS)
['bluff', 'nuts', 'outs', 'pot-odds', 'preflop', 'range-equity', 'showdown']
>>> question = make_question("showdown", 12)
>>> judge_answer(question, question.spot["best"]).right
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from learning.drills import bluff, nuts, outs, pot_odds, preflop, range_equity, showdown
from learning.drills.question import AnswerError, Question, Verdict, read_answer


@dataclass(frozen=True)
class Drill:
    """A theme: its name for people, and its two functions."""

    theme: str
    title: str
    make: Callable[[int], Question]
    judge: Callable[[Question, str], Verdict]


DRILLS: Final = {
    drill.theme: drill for drill in (
        Drill(showdown.THEME, "Which hand wins", showdown.make, showdown.judge),
        Drill(outs.THEME, "Count the outs", outs.make, outs.judge),
        Drill(preflop.THEME, "Open or fold by seat", preflop.make, preflop.judge),
        Drill(range_equity.THEME, "Equity against a range", range_equity.make,
              range_equity.judge),
        Drill(pot_odds.THEME, "Pot odds: call or fold", pot_odds.make, pot_odds.judge),
        Drill(bluff.THEME, "How often must a bluff work", bluff.make, bluff.judge),
        Drill(nuts.THEME, "Find the nuts", nuts.make, nuts.judge),
    )
}


def make_question(theme: str, seed: int) -> Question:
    """The question of this theme and seed (the same every time)."""
    return DRILLS[theme].make(seed)


def judge_answer(question: Question, text: str) -> Verdict:
    """Read ``text`` strictly (:class:`AnswerError` when it is no answer) and judge it."""
    return DRILLS[question.theme].judge(question, read_answer(question, text))


__all__ = ["DRILLS", "AnswerError", "Drill", "Question", "Verdict", "judge_answer",
           "make_question"]


def drill_choices() -> list[tuple[str, str]]:
    """Each drill's theme and title: the choices of the learning models' ``theme`` (a
    callable, so a new drill needs no migration).

    >>> ("outs", "Count the outs") in drill_choices()
    True
    """
    return [(theme, drill.title) for theme, drill in DRILLS.items()]

"""What every drill shares: a question built from a seed, an answer read strictly, a verdict.

A drill is a pair of pure functions: ``make(seed) -> Question`` (the same seed always gives
the same question, so the server rebuilds it instead of trusting what the page sends back)
and ``judge(question, answer) -> Verdict`` (the exact answer, computed by the evaluator or
the coach's arithmetic, and why). ``read_answer`` turns the posted text into a valid answer
or raises :class:`AnswerError` with a sentence naming the problem.

>>> q = Question("demo", 1, "Pick one", (), choices=(("a", "A"), ("b", "B")))
>>> read_answer(q, " a ")
'a'
>>> read_answer(q, "c")
Traceback (most recent call last):
learning.drills.question.AnswerError: answer 'c' is not one of the choices (a, b)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from evaluator.cards import Card


class AnswerError(ValueError):
    """A posted answer that is not an answer to this question (nothing is recorded)."""


@dataclass(frozen=True)
class Question:
    """One drill question: words, the cards to show, and how it is answered.

    ``choices`` are (value, label) pairs; a question without choices takes a whole number
    from ``low`` to ``high`` (``unit`` says what it counts). ``spot`` keeps what ``judge``
    needs (plain data), never shown before the answer.
    """

    theme: str
    seed: int
    prompt: str
    cards: tuple[tuple[str, tuple[Card, ...]], ...]
    choices: tuple[tuple[str, str], ...] = ()
    low: int = 0
    high: int = 0
    unit: str = ""
    facts: tuple[str, ...] = ()  # lines shown with the cards: pot, bet, seat
    spot: dict[str, Any] = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class Verdict:
    """The judged answer: right or not, the exact answer in words and why."""

    right: bool
    answer: str
    why: tuple[str, ...]


def read_answer(question: Question, text: str) -> str:
    """The posted answer, checked against the question's form (choices or a number range)."""
    text = (text or "").strip()
    if not text:
        raise AnswerError("no answer was given")
    if question.choices:
        values = [value for value, _label in question.choices]
        if text not in values:
            raise AnswerError(f"answer {text!r} is not one of the choices ({', '.join(values)})")
        return text
    if not (text.isascii() and text.isdigit()) or not question.low <= int(text) <= question.high:
        raise AnswerError(f"answer {text!r} is not a whole number from {question.low} to "
                          f"{question.high}")
    return str(int(text))


def percent(share: float) -> str:
    """A share as people read it: ``percent(0.19148)`` is ``'19.1%'``."""
    return f"{100 * share:.1f}%"


def lower_first(text: str) -> str:
    """A hand's description inside a sentence: ``'pair of eights'``."""
    return text[:1].lower() + text[1:]


def cards_text(cards: tuple[Card, ...] | list[Card]) -> str:
    """``'Ah Kd'``."""
    return " ".join(str(card) for card in cards)

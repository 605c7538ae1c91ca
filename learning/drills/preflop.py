"""Preflop open or fold by seat at a 6-max table, everyone before you folded (first in),
100 big blinds deep: the coach's opening charts (``games.bots.charts.OPEN``; where they come
from is written there).

Half the hands come from the seat's chart and half from outside it, the outside ones mostly
hands a looser seat opens (the close calls that teach position).

>>> q = make(1)
>>> q.choices
(('raise', 'Raise'), ('fold', 'Fold'))
>>> judge(q, q.spot["best"]).right
True
"""

from __future__ import annotations

import random
from functools import cache

from evaluator.cards import Card
from evaluator.ranges import class_combos, grid_classes, parse_range
from games.bots.charts import OPEN
from learning.drills.question import Question, Verdict

THEME = "preflop"
SEATS = ("UTG", "HJ", "CO", "BTN", "SB")  # the big blind is never first in
SEAT_NAMES = {"UTG": "under the gun (first to act)", "HJ": "the hijack", "CO": "the cutoff",
              "BTN": "the button", "SB": "the small blind"}
LOOSER = {"UTG": "CO", "HJ": "BTN", "CO": "BTN", "BTN": "BTN", "SB": "BTN"}
ALL_CLASSES = tuple(name for row in grid_classes() for name in row)


@cache
def chart_classes(seat: str) -> frozenset[str]:
    """The hand classes a seat opens."""
    return frozenset(parse_range(OPEN[seat]).classes())


def _share(seat: str) -> float:
    return parse_range(OPEN[seat]).combo_count / 1326


def make(seed: int) -> Question:
    """A seat and two cards; the answer is the seat's chart."""
    rng = random.Random(seed)
    seat = rng.choice(SEATS)
    inside = sorted(chart_classes(seat))
    near = sorted(chart_classes(LOOSER[seat]) - chart_classes(seat))
    outside = sorted(set(ALL_CLASSES) - chart_classes(seat))
    if rng.random() < 0.5:
        hand = rng.choice(inside)
    else:
        hand = rng.choice(near if near and rng.random() < 0.7 else outside)
    first, second = rng.choice(class_combos(hand))
    best = "raise" if hand in chart_classes(seat) else "fold"
    return Question(
        THEME, seed,
        f"Six-handed, 100 big blinds deep. Everyone before you folded and you are "
        f"{SEAT_NAMES[seat]}. Open (raise) or fold?",
        (("Your hand", (Card(str(first)), Card(str(second)))),),
        choices=(("raise", "Raise"), ("fold", "Fold")),
        facts=(f"Your seat: {seat}",),
        spot={"seat": seat, "hand": hand, "best": best, "chart": OPEN[seat],
              "share": _share(seat)},
    )


def judge(question: Question, answer: str) -> Verdict:
    """Right when the answer is the chart's play."""
    s = question.spot
    why = (f"The {s['seat']} chart opens {s['chart']}: about {100 * s['share']:.0f}% of hands.",
           f"{s['hand']} is {'in' if s['best'] == 'raise' else 'not in'} it: "
           f"{s['best']}.",
           "The later your seat, the fewer players are left to wake up with a hand behind "
           "you, and the more often you act last after the flop: later seats open wider.")
    return Verdict(answer == s["best"], s["best"].capitalize(), why)

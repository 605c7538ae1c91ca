"""Equity of a hand against a range, within 5 points: your hand against a seat's opening
range (``games.bots.charts``) on a flop, counted exactly by the evaluator's ``range_equity``
(every combo of the range that your cards and the board leave, on every turn and river).

>>> q = make(4)
>>> q.unit, q.low, q.high
('%', 0, 100)
>>> judge(q, str(round(q.spot["equity"] * 100))).right
True
"""

from __future__ import annotations

import random

from evaluator.cards import DECK
from evaluator.range_equity import range_equity
from evaluator.ranges import parse_range
from games.bots.charts import OPEN, THREE_BET
from learning.drills.question import Question, Verdict, cards_text, percent

THEME = "range-equity"
TOLERANCE = 5  # points either way
RANGES = (  # what they hold, in words, and the chart it comes from
    ("opened from UTG", OPEN["UTG"]),
    ("opened from the cutoff", OPEN["CO"]),
    ("opened from the button", OPEN["BTN"]),
    ("re-raised (3-bet) from the big blind", THREE_BET["BB"]),
)


def make(seed: int) -> Question:
    """Your two cards and a flop against one of ``RANGES``."""
    rng = random.Random(seed)
    words, text = rng.choice(RANGES)
    dealt = rng.sample(DECK, 5)
    hole, board = dealt[:2], dealt[2:]
    result = range_equity([cards_text(hole).replace(" ", ""), text], board=board)
    combos = parse_range(text).combo_count
    return Question(
        THEME, seed,
        f"They {words}. What is your equity against that range on this flop, in percent "
        f"(within {TOLERANCE} points is right)?",
        (("Your hand", tuple(hole)), ("Board", tuple(board))),
        low=0, high=100, unit="%",
        facts=(f"Their range: {text} ({combos:g} combos before card removal)",),
        spot={"equity": result[0].equity, "live": result[1].range.combo_count,
              "range": text, "exact": result.exact},
    )


def judge(question: Question, answer: str) -> Verdict:
    """Right within ``TOLERANCE`` points of the exact equity."""
    s = question.spot
    exact = 100 * s["equity"]
    off = int(answer) - exact
    why = (f"Exact equity: {percent(s['equity'])}, over the {s['live']:g} combos of their range "
           "that your cards and the board leave, on every turn and river.",
           f"Your answer was {abs(off):.1f} points {'above' if off > 0 else 'below'} it."
           if abs(off) >= 0.05 else "Your answer was spot on.",
           "Count what you beat now, then what your draws add: a range is many hands, not "
           "the one you fear.")
    return Verdict(abs(off) <= TOLERANCE, percent(s["equity"]), why)

"""The lessons: short pages that teach one idea each and end in the drill of that idea.

Each lesson's text is its template, ``templates/learning/lessons/<slug>.html``; its drill
is one of ``learning.drills.DRILLS``, and its score is that drill's score.

>>> [lesson.theme for lesson in LESSONS][:3]
['showdown', 'outs', 'preflop']
>>> LESSONS_BY_SLUG["pot-odds"].title
'Pot odds'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from evaluator.ranges import parse_range
from games.bots.charts import OPEN


@dataclass(frozen=True)
class Lesson:
    slug: str
    title: str
    idea: str  # the one idea, in a sentence (the lesson list shows it)
    theme: str  # the drill it ends in

    @property
    def template(self) -> str:
        return f"learning/lessons/{self.slug}.html"


LESSONS: Final = (
    Lesson("hand-rankings", "Hand rankings",
           "The best five of your seven cards decides; kickers break ties, suits never do.",
           "showdown"),
    Lesson("outs-and-odds", "Outs and odds",
           "An out is a card that makes you the best hand, not just a better one.", "outs"),
    Lesson("position", "Position",
           "The later you act, the more hands you can open.", "preflop"),
    Lesson("ranges", "Ranges",
           "Put your opponent on a range of hands, and measure your equity against all of it.",
           "range-equity"),
    Lesson("pot-odds", "Pot odds",
           "Call when your equity is more than the share of the final pot you pay.", "pot-odds"),
    Lesson("bet-sizing", "Bet sizing",
           "The size of a bet sets the price: what the caller needs, and how often a bluff "
           "must work.", "bluff"),
    Lesson("reading-the-board", "Reading the board",
           "Know the best hand the board allows before you value your own.", "nuts"),
)
# The seats of a six-handed table that can open, in the order they act.
SIX_MAX_OPENERS: Final = ("UTG", "HJ", "CO", "BTN", "SB")


def opening_charts() -> list[dict[str, str]]:
    """The coach's opening chart of each 6-max seat and its share of the 1,326 hands.

    >>> opening_charts()[0]["name"], opening_charts()[0]["percent"]
    ('UTG', '15.5%')
    """
    return [{"name": seat, "range": OPEN[seat],
             "percent": f"{100 * parse_range(OPEN[seat]).combo_count / 1326:.1f}%"}
            for seat in SIX_MAX_OPENERS]


LESSONS_BY_SLUG: Final = {lesson.slug: lesson for lesson in LESSONS}
LESSON_OF_THEME: Final = {lesson.theme: lesson for lesson in LESSONS}

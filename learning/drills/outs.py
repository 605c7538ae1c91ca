"""Count the outs: you are behind a stated hand on the flop or turn; how many of the unseen
cards put you ahead on the next card?

Counted by the coach's enumeration (``games.bots.outs.count_outs``, against their one
holding as a range of one combo). Spots where some next card only ties are skipped, so an
out means a card after which you win outright.

>>> q = make(7)
>>> q.theme, q.unit, len(q.cards)
('outs', 'outs', 3)
>>> judge(q, str(q.spot["outs"])).right
True
"""

from __future__ import annotations

import random

from evaluator.cards import DECK, Card
from evaluator.hands import evaluate
from games.bots.holdings import range_weights_of
from games.bots.outs import OutsReport, count_outs
from learning.drills.question import Question, Verdict, lower_first, percent

THEME = "outs"
MAX_OUTS = 21  # a draw with more is rare and teaches nothing new


def _names(cards: list[Card]) -> list[str]:
    return [str(card) for card in cards]


def outs_against(hole: list[Card], theirs: list[Card], board: list[Card]) -> OutsReport | None:
    """The coach's count against one holding (a range of one combo); None before the flop.

    >>> from evaluator.cards import parse_cards
    >>> report = outs_against(parse_cards("7s 2d"), parse_cards("9c 9d"), parse_cards("Ts Js 8s"))
    >>> len(report.outs), "7h" in report.outs
    (10, False)
    """
    theirs_range = range_weights_of("".join(_names(theirs)))
    return count_outs(_names(hole), _names(board), [theirs_range])


def make(seed: int) -> Question:
    """A spot where you are behind their hand with 1 to ``MAX_OUTS`` clean outs."""
    rng = random.Random(seed)
    while True:
        board_size = rng.choice((3, 3, 4))
        dealt = rng.sample(DECK, 4 + board_size)
        hole, theirs, board = dealt[:2], dealt[2:4], dealt[4:]
        report = outs_against(hole, theirs, board)
        if report is None or report.ahead or not 1 <= len(report.outs) <= MAX_OUTS:
            continue
        if _some_card_ties(hole, theirs, board):
            continue
        street = "flop" if board_size == 3 else "turn"
        return Question(
            THEME, seed,
            f"On the {street} you are behind. How many of the unseen cards put you ahead "
            "on the next card?",
            (("Your hand", tuple(hole)), ("Their hand", tuple(theirs)), ("Board", tuple(board))),
            low=0, high=52 - 4 - board_size, unit="outs",
            spot={"outs": len(report.outs), "cards": list(report.outs),
                  "unseen": 52 - 4 - board_size, "street": street,
                  "now": lower_first(evaluate(hole + board).describe()),
                  "theirs": lower_first(evaluate(theirs + board).describe())},
        )


def _some_card_ties(hole: list[Card], theirs: list[Card], board: list[Card]) -> bool:
    used = set(hole + theirs + board)
    return any(evaluate(hole + board + [card]) == evaluate(theirs + board + [card])
               for card in DECK if card not in used)


def judge(question: Question, answer: str) -> Verdict:
    """Right when the count is exact."""
    spot = question.spot
    outs, unseen = spot["outs"], spot["unseen"]
    why = [
        f"You have {spot['now']}; they have {spot['theirs']}.",
        f"The {outs} outs: {' '.join(spot['cards'])}.",
        f"{outs} of the {unseen} unseen cards is {percent(outs / unseen)} to hit on the next "
        f"card (rule of thumb: outs x 2 = {2 * outs}% per card"
        + (f", outs x 4 = {4 * outs}% by the river from the flop)." if spot["street"] == "flop"
           else ")."),
        "A card that pairs you but still leaves you behind is no out.",
    ]
    return Verdict(int(answer) == outs, f"{outs} outs", tuple(why))

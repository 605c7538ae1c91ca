"""Pot odds against equity: they move all in on the turn; call or fold?

The equity is exact: your hand against their shown hand over every river (the evaluator's
``hand_equity``). Calling ``bet`` to win ``pot + bet`` needs ``bet / (pot + 2 bet)`` of the
final pot; nothing is left to bet on the river, so there are no implied odds. Spots within
two points of the line are skipped (a real decision, but a coin flip to drill).

>>> q = make(3)
>>> q.choices
(('call', 'Call'), ('fold', 'Fold'))
>>> judge(q, q.spot["best"]).right
True
"""

from __future__ import annotations

import random

from evaluator.cards import DECK
from evaluator.hands import evaluate
from evaluator.odds import hand_equity
from learning.drills.question import Question, Verdict, lower_first, percent

THEME = "pot-odds"
SIZES = (0.33, 0.5, 0.75, 1.0, 1.5, 2.0)  # the bet as a share of the pot
MARGIN = 0.02  # skip spots closer than this to the line


def make(seed: int) -> Question:
    """A turn spot with an exact equity at least ``MARGIN`` away from the price."""
    rng = random.Random(seed)
    while True:
        dealt = rng.sample(DECK, 8)
        hole, theirs, board = dealt[:2], dealt[2:4], dealt[4:]
        pot = rng.randrange(4, 41)
        bet = max(1, round(pot * rng.choice(SIZES)))
        need = bet / (pot + 2 * bet)
        result = hand_equity([hole, theirs], board=board)
        equity = result[0].equity
        if abs(equity - need) < MARGIN:
            continue
        return Question(
            THEME, seed,
            "On the turn they move all in and show their hand. Do you call or fold?",
            (("Your hand", tuple(hole)), ("Their hand", tuple(theirs)), ("Board", tuple(board))),
            choices=(("call", "Call"), ("fold", "Fold")),
            facts=(f"Pot before their bet: {pot} bb", f"Their all-in bet: {bet} bb",
                   "You have enough chips to call"),
            spot={"pot": pot, "bet": bet, "need": need, "equity": equity,
                  "wins": result[0].wins, "ties": result[0].ties, "rivers": result.boards,
                  "best": "call" if equity > need else "fold",
                  "now": lower_first(evaluate(hole + board).describe()),
                  "theirs": lower_first(evaluate(theirs + board).describe())},
        )


def judge(question: Question, answer: str) -> Verdict:
    """Right when the answer is the play with the higher expected value."""
    s = question.spot
    final = s["pot"] + 2 * s["bet"]
    ev_call = s["equity"] * final - s["bet"]
    why = (
        f"You call {s['bet']} bb to win a final pot of {final} bb: you need "
        f"{s['bet']}/{final} = {percent(s['need'])} equity.",
        f"You have {s['now']}, they have {s['theirs']}: you win on {s['wins']} of "
        f"{s['rivers']} rivers and tie on {s['ties']}, an equity of {percent(s['equity'])}.",
        f"Calling is worth {ev_call:+.1f} bb against folding (0 bb): "
        + ("call." if s["best"] == "call" else "fold."),
    )
    return Verdict(answer == s["best"], s["best"].capitalize(), why)

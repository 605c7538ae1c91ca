"""Bet sizing: how often must a bluff work? Betting ``bet`` into ``pot`` risks ``bet`` to
win ``pot``, so it breaks even when they fold ``bet / (pot + bet)`` of the time.

The wrong choices are the usual slips: the caller's price ``bet / (pot + 2 bet)``, the bet
over the pot, the pot over the pot and bet.

>>> q = make(2)
>>> judge(q, q.spot["best"]).right
True
"""

from __future__ import annotations

import random

from learning.drills.question import Question, Verdict, percent

THEME = "bluff"
SIZES = ((1, 4), (1, 3), (1, 2), (2, 3), (3, 4), (1, 1), (3, 2), (2, 1))  # of the pot


def make(seed: int) -> Question:
    """A pot and a bet of one of ``SIZES``; four distinct percentages to pick from."""
    rng = random.Random(seed)
    while True:
        top, bottom = rng.choice(SIZES)
        pot = bottom * rng.randrange(2, 16)
        bet = pot * top // bottom
        right = bet / (pot + bet)
        slips = [bet / (pot + 2 * bet), bet / pot, pot / (pot + bet)]
        shown = [percent(right)] + [percent(slip) for slip in slips if slip <= 1]
        if len(set(shown)) == len(shown) >= 3:
            break
    choices = sorted(set(shown), key=lambda text: float(text[:-1]))
    return Question(
        THEME, seed,
        f"You bluff {bet} bb into a pot of {pot} bb. How often must they fold for the bluff "
        "to break even?",
        (), choices=tuple((text, text) for text in choices),
        facts=(f"Pot: {pot} bb", f"Your bet: {bet} bb"),
        spot={"pot": pot, "bet": bet, "best": percent(right)},
    )


def judge(question: Question, answer: str) -> Verdict:
    """Right when the pick is ``bet / (pot + bet)``."""
    s = question.spot
    why = (f"You risk {s['bet']} bb to win the {s['pot']} bb in the pot: the bluff breaks even "
           f"when they fold {s['bet']}/({s['pot']} + {s['bet']}) = {s['best']} of the time.",
           "A bigger bet needs more folds but, when you have it, gets more from worse hands: "
           "size the bet for what you want them to do.")
    return Verdict(answer == s["best"], s["best"], why)

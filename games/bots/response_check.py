"""The coach's response model (``games.bots.responses``) set beside the bots' own answers.

Spots come from heads-up hands the bots play (blinds 1/2, 100 big blinds): every time a
player may bet or raise after the flop, each size the coach weighs (``weighing.sizes``) is
put in on a copy of the hand, and the opponent's own view of it is handed to a bot style
with ``HOLDINGS_PER_SIZE`` holdings drawn from the range the coach gives that opponent
(by weight). The bot's *observed* fold share is the share of those holdings it folds; the
model's *predicted* one is the share of the same holdings it says fold
(``Weigher.continuing``). Raises count as going on, as in the model.

``bench/responses.py`` prints the figures; ``tests/bots/test_response_check.py`` holds the
model to the tolerance docs/coach.md states.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

import numpy as np

from games.bots.holdings import HOLDINGS
from games.bots.ranges import CARD_IDS
from games.bots.roster import decide
from games.bots.situation import Situation
from games.bots.villains import opponent_range
from games.bots.weighing import Weigher, sizes
from games.engine import Action, HandState, SeatInput, TableConfig, shuffled_deck, start_hand
from games.engine.types import ActionKind

CONFIG: Final = TableConfig(small_blind=1, big_blind=2)
STACK: Final = 200
HOLDINGS_PER_SIZE: Final = 60
NAMES: Final = {card_id: name for name, card_id in CARD_IDS.items()}
# The sizes are told apart in bands of their share of the pot (the last: all-in overbets).
BANDS: Final = ((0.0, 0.4), (0.4, 0.8), (0.8, 1.2), (1.2, 2.0), (2.0, float("inf")))


@dataclass(frozen=True)
class Spot:
    """A hand stopped where ``situation.seat`` may bet: the engine's state and its view."""

    state: HandState
    situation: Situation


@dataclass(frozen=True)
class SizeCheck:
    """One size in one spot: what the model and the bot said over the same holdings."""

    street: str
    pot_share: float  # the bet or raise over the pot after calling
    predicted: float  # the model's fold share
    observed: float  # the bot's fold share
    agreement: float  # the share of the holdings both say the same of


def bet_spots(count: int, seed: int, styles: Sequence[str] = ("tight_aggressive",
              "calling_station")) -> list[Spot]:
    """``count`` spots after the flop where the player to act may bet or raise, from
    heads-up hands between ``styles`` (seats swapped at random)."""
    deals, rng = random.Random(seed), random.Random(seed + 1)
    found: list[Spot] = []
    while len(found) < count:
        seats = [SeatInput(1, "one", STACK), SeatInput(2, "two", STACK)]
        state = start_hand(CONFIG, seats, shuffled_deck(deals), button=1)
        playing = dict(zip((1, 2), rng.sample(list(styles), 2) if len(styles) > 1
                           else (styles[0], styles[0]), strict=True))
        while state.actor is not None:
            seat = state.actor
            situation = Situation.from_view(state.view(seat), seat, CONFIG.big_blind)
            legal = situation.legal
            if (situation.street != "preflop" and legal is not None
                    and (legal.bet or legal.raise_to) and len(found) < count):
                found.append(Spot(copy.deepcopy(state), situation))
            decision = decide(playing[seat], situation, rng)
            state.apply(Action(seat, decision.kind, decision.amount))
    return found


def check_spot(spot: Spot, style: str, rng: random.Random,
               per_size: int = HOLDINGS_PER_SIZE) -> list[SizeCheck]:
    """Every size of ``spot``: the model's fold share and the ``style`` bot's, over the
    same ``per_size`` holdings drawn from the coach's range of the opponent."""
    s = spot.situation
    opponent = s.opponents[0]
    weights = opponent_range(s, opponent)
    weigher = Weigher(s, [weights])
    draw = np.random.default_rng(rng.getrandbits(32))
    found = []
    for kind, to in sizes(s):
        state = copy.deepcopy(spot.state)
        state.apply(Action(s.seat, ActionKind(kind), to))
        if state.actor != opponent.seat:
            continue  # the opponent is all in already: nothing to answer
        view = Situation.from_view(state.view(opponent.seat), opponent.seat, CONFIG.big_blind)
        on = weigher.continuing(kind, to)[0]
        picks = draw.choice(len(HOLDINGS), size=per_size, p=weights / weights.sum())
        said = np.array([not on[h] for h in picks])
        did = np.array([decide(style, replace(view, hole=(NAMES[int(HOLDINGS[h, 0])],
                                                          NAMES[int(HOLDINGS[h, 1])])),
                               rng).kind is ActionKind.FOLD for h in picks])
        share = (to - s.max_bet) / max(1, s.pot + s.to_call)
        found.append(SizeCheck(s.street, share, float(said.mean()), float(did.mean()),
                               float((said == did).mean())))
    return found


def band_of(share: float) -> int:
    return next(i for i, (low, high) in enumerate(BANDS) if low <= share < high)


def by_band(checks: Sequence[SizeCheck]) -> list[tuple[int, float, float, int]]:
    """Per band of sizes: its index, the mean predicted and observed fold shares, and how
    many sizes it holds (bands with none left out)."""
    rows = []
    for index in range(len(BANDS)):
        inside = [c for c in checks if band_of(c.pot_share) == index]
        if inside:
            rows.append((index, float(np.mean([c.predicted for c in inside])),
                         float(np.mean([c.observed for c in inside])), len(inside)))
    return rows

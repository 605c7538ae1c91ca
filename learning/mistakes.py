"""Every decision the coach graded Wrong or Blunder becomes a card in its player's review
queue, one per decision, showing the same spot again (``file_cards``); ``judge`` grades the
learner's new answer to it.

The spot is stored with the card as plain data from that seat's own view (its hole cards,
the board, the pot, the stacks, the actions so far) with the options the coach weighed.
Filing costs no grading beyond the review's own; an answer is graded when it is given (one
option, about 0.1 s), by the coach as it is then, from the same view replayed.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import fsrs
from django.db import IntegrityError, transaction

from games.bots.grading import Option, graded
from games.bots.review import Graded
from games.bots.situation import Situation
from games.engine import HandState, start_hand
from games.engine.replay import seat_inputs
from games.models import Hand
from learning.card_themes import MISTAKE_THEMES
from learning.models import Review
from learning.schedule import new_card, rating

MISTAKES = ("Wrong", "Blunder")
RIGHT = ("Best", "Correct")  # a new answer graded so is right; Correct is a close second


@dataclass(frozen=True)
class Judged:
    """A new answer to a card's spot."""

    option: dict[str, Any]  # the option chosen, as the spot stores it, and its "label"
    right: bool
    rating: fsrs.Rating
    best: str  # the best option in words
    reasons: tuple[str, ...]  # the coach's reasons for the option chosen


def file_cards(user: Any, hand: Hand, seat: int, decisions: list[Graded],
               now: datetime) -> int:
    """File a card for each of ``decisions`` graded Wrong or Blunder that has none yet;
    the count filed."""
    if not getattr(user, "is_authenticated", False):
        return 0
    wanted = {d.index: d for d in decisions
              if d.grade.label in MISTAKES and d.street in MISTAKE_THEMES}
    if not wanted:
        return 0
    wanted = {i: d for i, d in wanted.items() if i not in set(
        Review.objects.filter(user=user, hand=hand).values_list("decision", flat=True))}
    if not wanted:
        return 0
    filed = 0
    for index, (situation, actions) in _spots(HandState.from_dict(hand.state), seat,
                                              set(wanted)).items():
        decision = wanted[index]
        card = Review(user=user, theme=MISTAKE_THEMES[decision.street][0], hand=hand,
                      decision=index, spot=spot_of(hand, situation, actions, decision))
        new_card(card, now)
        try:
            with transaction.atomic():  # another tab may have filed it meanwhile
                card.save()
            filed += 1
        except IntegrityError:
            pass
    return filed


def _spots(state: HandState, seat: int, wanted: set[int]
           ) -> dict[int, tuple[Situation, list[dict[str, Any]]]]:
    """Replay the hand: at each wanted action of ``seat``, what the seat saw (its own view)
    and the actions before it."""
    replayed = start_hand(state.config, seat_inputs(state), state.deck, state.button,
                          state.setup)
    found: dict[int, tuple[Situation, list[dict[str, Any]]]] = {}
    before: list[dict[str, Any]] = []
    for index, action in enumerate(state.actions):
        if index in wanted and action.seat == seat:
            situation = Situation.from_view(replayed.view(seat), seat, state.config.big_blind)
            found[index] = situation, list(before)
        before.append({"street": replayed.street.value, "seat": action.seat,
                       "kind": action.kind.value, "amount": action.amount,
                       "you": action.seat == seat})
        replayed.apply(action)
    return found


def spot_of(hand: Hand, situation: Situation, actions: list[dict[str, Any]],
            decision: Graded) -> dict[str, Any]:
    """The card's spot: what the seat saw, the options graded, the decision's grade."""
    marked = decision.grade
    bb = max(1, marked.bb)
    options = list(marked.options)
    if not any(_same(o, marked.played) for o in options):
        options.append(marked.played)
    return {
        "table": hand.table.name, "hand_number": hand.number, "street": situation.street,
        "seat": situation.seat, "button": situation.button,
        "hole": list(situation.hole), "board": list(situation.board),
        "pot": situation.pot, "to_call": situation.to_call, "bet": situation.bet,
        "stack": situation.stack, "big_blind": situation.big_blind,
        "opponents": [{"seat": o.seat, "stack": o.stack, "bet": o.bet, "all_in": o.all_in}
                      for o in situation.opponents],
        "actions": actions,
        "options": [{"kind": o.kind, "to": o.to, "words": o.words(),
                     "ev_bb": round(o.ev / bb, 2)} for o in options],
        "played": {"words": marked.played.words(), "label": marked.label,
                   "loss_bb": marked.loss_bb},
        "best": marked.best.words(),
        "reasons": list(marked.reasons),
    }


def _same(a: Option, b: Option) -> bool:
    return a.kind == b.kind and a.to == b.to


def judge(card: Review, choice: str, elapsed: timedelta | None) -> Judged:
    """Grade a new answer to the card's spot (``choice``: an option's number, from 0) as the
    coach grades that play there; ValueError naming the problem when it is no option."""
    options = card.spot.get("options") or []
    if not choice.strip().isdigit() or not 0 <= int(choice) < len(options):
        raise ValueError(f"answer {choice!r} is not one of the options (0 to "
                         f"{len(options) - 1})")
    option = options[int(choice)]
    assert card.hand is not None and card.decision is not None  # a card of a decision
    seat = card.spot["seat"]
    situation, _before = _spots(HandState.from_dict(card.hand.state), seat,
                                {card.decision})[card.decision]
    marked = graded(situation, option["kind"], option["to"])
    right = marked.label in RIGHT
    return Judged({**option, "label": marked.label}, right,
                  rating(right, elapsed, close=marked.label == RIGHT[1]),
                  marked.best.words(), marked.reasons)

"""A hand's and a session's review: every decision of one seat graded by the EV it lost.

``review_hand(state, seat)`` replays the hand and grades each decision of ``seat`` from that
seat's own view (``advice.decision_points``: never another player's hidden cards);
``summarize`` adds up any number of graded decisions: the error rate is the EV lost per
decision, in big blinds (PokerSnowie's measure), beside the count of each class and the
biggest mistakes.

>>> summarize([]).error_rate
0.0
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from games.bots.advice import decision_points
from games.bots.grading import CLASSES, Grade, graded
from games.engine import HandState
from games.engine.games import Game, Limit

NAMES = (*(name for name, _below in CLASSES), "Blunder")


@dataclass(frozen=True)
class Graded:
    """One decision of a hand and its grade; ``hand`` is the caller's key (an id, a label)."""

    hand: int | None  # the hand's id, when the caller gives it
    index: int  # the decision's place in the hand's actions (0: the first action)
    street: str
    action: str
    amount: int | None
    grade: Grade


@dataclass(frozen=True)
class Summary:
    """Graded decisions added up."""

    decisions: int
    lost_bb: float
    error_rate: float  # EV lost per decision, in big blinds
    counts: dict[str, int] = field(default_factory=dict)  # decisions per class, every class
    worst: tuple[Graded, ...] = ()  # the biggest mistakes, biggest first (loss > 0 only)


def grades_game(game: Game) -> bool:
    """Whether the coach grades decisions in ``game``: its charts, ranges and sizes model
    no-limit hold'em, two hole cards any of which play, from a full deck.

    >>> from games.engine import FIXED_LIMIT_HOLDEM, NO_LIMIT_HOLDEM
    >>> grades_game(NO_LIMIT_HOLDEM), grades_game(FIXED_LIMIT_HOLDEM)
    (True, False)
    >>> from games.engine.games import SHORT_DECK_HOLDEM
    >>> grades_game(SHORT_DECK_HOLDEM)
    False
    """
    return (game.hole_cards == 2 and game.hole_cards_used is None and len(game.deck) == 52
            and game.ranking == "high" and game.betting.limit is Limit.NO_LIMIT)


def review_hand(state: HandState, seat: int, hand: int | None = None) -> list[Graded]:
    """Every decision of ``seat`` in the hand, graded (see the module docstring); none in
    a game the coach does not grade (``grades_game``)."""
    if not grades_game(state.game):
        return []
    found = []
    places = [i for i, action in enumerate(state.actions) if action.seat == seat]
    for index, (situation, action) in zip(places, decision_points(state, seat), strict=True):
        found.append(Graded(hand, index, situation.street, action.kind.value, action.amount,
                            graded(situation, action.kind.value, action.amount)))
    return found


def summarize(decisions: Iterable[Graded], worst: int = 5) -> Summary:
    """The totals of ``decisions``: EV lost, the error rate, each class's count and the
    ``worst`` biggest mistakes."""
    items = list(decisions)
    lost = round(sum(d.grade.loss_bb for d in items), 2)
    counts = Counter(d.grade.label for d in items)
    mistakes = sorted((d for d in items if d.grade.loss_bb > 0),
                      key=lambda d: -d.grade.loss_bb)[:worst]
    return Summary(len(items), lost, round(lost / len(items), 3) if items else 0.0,
                   {name: counts.get(name, 0) for name in NAMES}, tuple(mistakes))

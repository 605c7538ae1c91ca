""""Solve this spot": a link to ``/learn/solver/`` for a player's turn or river decision,
with the board, the pot and the stack behind at the start of that street, both ranges as
the coach models them then (``games.bots.villains``: preflop by the charts, each earlier
street's action on its board; the player's own range the same way, as the others see it),
the line before the decision, the player's hand and what they played.

Only heads-up streets the solver's tree can hold get a link: no raise before the decision
(the line is none, ``check``, ``bet X`` or ``check, bet X``), and hold'em as the coach grades
it. A bet faced or made joins the sizes (as a percentage of the pot) so the tree has it.

>>> first_to_act(button=3, seats=(1, 3))
1
>>> first_to_act(button=1, seats=(1, 3))
3
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final
from urllib.parse import urlencode

from evaluator.cards import Card
from evaluator.ranges import Range, format_range
from games.bots.advice import decision_points
from games.bots.holdings import HOLDINGS, Weights, holding_index, without_cards
from games.bots.review import grades_game
from games.bots.situation import Situation
from games.bots.villains import STREET_CARDS, after_street, preflop_range
from games.engine import HandState
from games.engine.types import Action

STREETS: Final = ("turn", "river")
SIZES: Final = (33.0, 75.0)
MIN_WEIGHT: Final = 0.02  # lighter holdings are left out of the link: they hardly play


def first_to_act(button: int, seats: Iterable[int]) -> int:
    """The seat that acts first after the flop: the first after the button."""
    ordered = sorted(seats)
    after = [s for s in ordered if s > button]
    return (after or ordered)[0]


def range_at_street(situation: Situation, seat: int,
                    actions: Iterable[tuple[str, str]]) -> Weights:
    """A seat's range at the start of this street: preflop, then each earlier street."""
    weights = preflop_range(situation, seat)
    for street, kind in actions:
        size = STREET_CARDS.get(street)
        if street == situation.street or size is None or len(situation.board) < size:
            continue
        weights = after_street(weights, tuple(situation.board[:size]), kind)
    return without_cards(weights, situation.board)


def range_text(weights: Weights) -> str:
    """The weights as range notation, scaled so the heaviest is 1, to two places."""
    top = float(weights.max()) if len(weights) else 0.0
    if top <= 0:
        return ""
    chosen: dict[tuple[Card, Card], float] = {}
    for (a, b), w in zip(HOLDINGS.tolist(), (weights / top).tolist(), strict=True):
        w = round(w, 2)
        if w >= MIN_WEIGHT:
            chosen[(Card(max(a, b)), Card(min(a, b)))] = min(w, 1.0)
    return format_range(Range(chosen))


def _street_actions(situation: Situation, seat: int, opponent: int, first: int) -> list[str]:
    """The kinds taken on this street so far, in turn order (first to act first)."""
    own = [k for s, k in situation.own_actions if s == situation.street]
    theirs = [k for s, k in next(o for o in situation.opponents if o.seat == opponent).actions
              if s == situation.street]
    line: list[str] = []
    order = [(own, theirs), (theirs, own)][seat != first]
    for i in range(max(len(own), len(theirs))):
        for kinds in order:
            if i < len(kinds):
                line.append(kinds[i])
    return line


def solve_query(situation: Situation, action: Action) -> dict[str, object] | None:
    """The solver's query for one decision, or None where the solver cannot show it."""
    if situation.street not in STREETS or len(situation.opponents) != 1 \
            or not situation.holdem_modelled or situation.button is None \
            or not situation.seats:
        return None
    opponent = situation.opponents[0]
    seat = situation.seat
    pot = situation.pot - situation.bet - opponent.bet  # the pot when the street began
    behind = min(situation.stack + situation.bet, opponent.stack + opponent.bet)
    if pot <= 0 or behind <= 0:
        return None
    first = first_to_act(situation.button, (seat, opponent.seat))
    kinds = _street_actions(situation, seat, opponent.seat, first)
    sizes = set(SIZES)
    faced = opponent.bet - situation.bet
    if kinds in ([], ["check"]):
        line = ", ".join(kinds)
    elif kinds in (["bet"], ["check", "bet"], ["all_in"], ["check", "all_in"]) and faced > 0:
        line = ", ".join([*kinds[:-1], f"bet {opponent.bet}"])
        sizes.add(round(100 * opponent.bet / pot, 2))
    else:
        return None  # a raise before the decision: the tree holds one raise, after a bet
    kind = action.kind.value
    amount = action.amount or 0
    if kind == "all_in":
        kind = "raise" if faced > 0 else "bet"
        amount = situation.stack + situation.bet
    played = f"{kind} {amount}" if kind in ("bet", "raise") else kind
    if kind == "bet":
        sizes.add(round(100 * amount / pot, 2))
    ranges = [range_at_street(situation, s, acts) for s, acts in
              ((seat, situation.own_actions), (opponent.seat, opponent.actions))]
    # The hand played stays in its own range, however unlikely the model finds it.
    held = holding_index(*situation.hole)
    ranges[0][held] = max(ranges[0][held], MIN_WEIGHT * float(ranges[0].max()))
    if first != seat:
        ranges.reverse()
    texts = [range_text(w) for w in ranges]
    if not all(texts):
        return None
    hero = "".join(situation.hole)
    board = " ".join(situation.board)
    return {"board": board, "range": texts, "pot": str(pot), "stack": str(behind),
            "bets": ",".join(f"{s:g}" for s in sorted(sizes)[:4]), "raises": "100",
            "allin": "1", "line": line, "hero": hero, "played": played}


def solve_links(state: HandState, seat: int, base: str) -> dict[int, str]:
    """``base`` (the solver page's address) with each solvable decision's query, by the
    decision's place in the hand's actions."""
    if not grades_game(state.game):
        return {}
    links = {}
    places = [i for i, action in enumerate(state.actions) if action.seat == seat]
    for index, (situation, action) in zip(places, decision_points(state, seat), strict=True):
        if situation.street not in STREETS:
            continue
        query = solve_query(situation, action)
        if query is not None:
            links[index] = f"{base}?{urlencode(query, doseq=True)}"
    return links


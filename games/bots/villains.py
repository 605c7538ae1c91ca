"""The coach's model of each opponent's range: weights over the 1,326 holdings, narrowed by
seat, preflop action and each street's betting, weighted on the board.

The model, step by step (docs/coach.md, "The range model", says the same):

1. **Preflop, by the charts** (``games.bots.charts``, sources named there): an opponent who
   raised first in holds their seat's opening chart; one who called a raise, their seat's
   calling chart; who re-raised, their seat's 3-bet chart; who called a re-raise or 4-bet,
   those charts; a limper the top 45% of hands (Chen order), the big blind who checked any
   two cards. Hands outside the chart keep a small weight, together ``OUTSIDE_SHARE`` of the
   likelihood: people do not play by the chart, so such a hand is unlikely, not impossible.
2. **After the flop, by the board**: each holding gets a *strength* on the board of the street
   where they acted: its rank among all holdings (1 the best, 0 the worst), averaged over
   every next card on the flop and turn (so a flush draw counts for what it can become), its
   rank now on the river. Their action then reweighs their range by that strength, ranked
   *within their range* (by weight):

   - a bet or raise: the strongest ``BET_KEEPS`` of the range keeps its weight, the rest
     drops to ``BET_REST`` (bluffs happen, less often);
   - a call: the strongest ``CALL_KEEPS`` keeps it, the rest drops to ``CALL_REST``;
   - a check: the strongest ``CHECK_TOP`` drops to ``CHECK_REST`` (most players bet their
     best hands), the rest keeps its weight.
3. Cards you can see (your hole cards, the board) are removed from every range.

Every number here is a modelling choice, stated so a reader can disagree with it.

>>> from games.bots.holdings import holding_index
>>> w = after_street(range_weights_of("AA, 72o"), ("Kd", "7h", "2c"), "bet")
>>> round(float(w[holding_index("7s", "2d")]), 2), float(w[holding_index("As", "Ah")])
(1.0, 0.25)
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Final

import numpy as np

from evaluator.batch import evaluate_batch
from games.bots.charts import (
    CALL_FOUR_BET,
    CALL_RAISE,
    CALL_THREE_BET,
    FOUR_BET,
    OPEN,
    THREE_BET,
)
from games.bots.holdings import (
    HOLDING_MASKS,
    HOLDINGS,
    Weights,
    range_weights_of,
    top_share_weights,
    without_cards,
)
from games.bots.preflop import chart_seat, position
from games.bots.ranges import CARD_IDS, OUTSIDE_SHARE, range_of
from games.bots.situation import Opponent, Situation

BET_KEEPS: Final = 0.5
BET_REST: Final = 0.25
CALL_KEEPS: Final = 0.75
CALL_REST: Final = 0.3
CHECK_TOP: Final = 0.15
CHECK_REST: Final = 0.5
LIMP_TOP: Final = 0.45
STREET_CARDS: Final = {"flop": 3, "turn": 4, "river": 5}


def chart_weights(text: str) -> Weights:
    """A chart as weights: its hands weigh 1, every other hand a small weight so that
    together they hold ``OUTSIDE_SHARE`` of the likelihood.

    >>> w = chart_weights("AA")
    >>> round(float(w.sum() - 6) / float(w.sum()), 3)
    0.1
    """
    inside = range_weights_of(text) > 0
    count = int(inside.sum())
    rest = len(inside) - count
    if rest == 0 or count == 0:
        return np.ones(len(inside))
    outside = OUTSIDE_SHARE * count / ((1 - OUTSIDE_SHARE) * rest)
    return np.where(inside, 1.0, outside)


def seat_chart(situation: Situation, seat: int, table: dict[str, str]) -> str:
    name = position(replace(situation, seat=seat))
    if name == "BB" and "BB" in table:
        return table["BB"]
    key = chart_seat(name, len(situation.seats))
    if key not in table:
        key = key.replace(" heads-up", "")
    return table.get(key, table.get("EP", ""))


def preflop_range(situation: Situation, seat: int) -> Weights:
    """The range ``seat``'s preflop actions suggest, by its seat's charts (step 1 above).

    >>> from games.bots.holdings import holding_index
    >>> s = Situation(2, ("Kh", "Qd"), (), "preflop", 9, 0, 200, 2, (), None, 1, button=6,
    ...               blinds=(1, 2), seats=(1, 2, 3, 4, 5, 6), preflop=((3, "raise"),))
    >>> w = preflop_range(s, 3)
    >>> float(w[holding_index("As", "Ks")]), float(w[holding_index("7c", "2d")]) < 0.1
    (1.0, True)
    """
    if not situation.seats or situation.button is None:
        theirs = [("preflop", kind) for s, kind in situation.preflop if s == seat]
        return top_share_weights(range_of(theirs))
    raises = 0
    text: str | None = None
    limped = False
    for actor, kind in situation.preflop:
        if actor == seat:
            if kind in ("raise", "bet"):
                text = (seat_chart(situation, seat, OPEN) if raises == 0 else
                        seat_chart(situation, seat, THREE_BET) if raises == 1 else FOUR_BET)
            elif kind == "call":
                if raises == 0:
                    limped = True
                elif raises == 1:
                    text = seat_chart(situation, seat, CALL_RAISE)
                else:
                    text = CALL_THREE_BET if raises == 2 else CALL_FOUR_BET
        if kind in ("raise", "bet"):
            raises += 1
    if text:
        return chart_weights(text)
    if limped:
        return top_share_weights(LIMP_TOP)
    return np.ones(len(HOLDINGS))


@lru_cache(maxsize=256)
def board_strength(board: tuple[str, ...]) -> Weights:
    """Each holding's strength on ``board`` (step 2 above): 1 the best, 0 the worst; on the
    flop and turn the average over every next card. Holdings that use a board card get 0.

    >>> from games.bots.holdings import holding_index
    >>> s = board_strength(("Ad", "7h", "2c", "Kd", "9s"))
    >>> float(s[holding_index("As", "Ah")]), float(s[holding_index("3c", "4d")]) < 0.2
    (1.0, True)
    """
    ids = [CARD_IDS[c] for c in board]
    unseen = [c for c in range(52) if c not in ids] if len(board) < 5 else [None]
    total = np.zeros(len(HOLDINGS))
    for card in unseen:
        full = ids if card is None else [*ids, card]
        mask = np.uint64(sum(1 << c for c in full))
        rows = np.hstack([HOLDINGS, np.broadcast_to(np.array(full, dtype=np.uint8),
                                                    (len(HOLDINGS), len(full)))])
        strength = evaluate_batch(rows, check=False).astype(np.float64)
        strength[(HOLDING_MASKS & mask) != 0] = -1.0
        # Rank among the holdings possible on this board: ties share the lower rank.
        order = np.sort(strength)
        rank = np.searchsorted(order, strength, side="right")
        live = (strength >= 0).sum()
        total += np.where(strength >= 0, (rank - (len(strength) - live)) / max(live, 1), 0.0)
    result = total / len(unseen)
    result.setflags(write=False)
    return result


def strongest(weights: Weights, strength: Weights, share: float) -> np.ndarray:
    """The holdings in the strongest ``share`` of a range, by weight."""
    order = np.argsort(-strength, kind="stable")
    above = np.cumsum(weights[order]) - weights[order]  # weight stronger than each holding
    keep = np.zeros(len(weights), dtype=bool)
    keep[order] = above < share * weights.sum()
    return keep


def after_street(weights: Weights, board: tuple[str, ...], kind: str) -> Weights:
    """The range after one action (bet, raise, call or check) on the street of ``board``."""
    live = without_cards(np.asarray(weights, dtype=np.float64), board)
    if live.sum() <= 0:
        return live
    strength = board_strength(board)
    if kind in ("bet", "raise"):
        return np.where(strongest(live, strength, BET_KEEPS), live, live * BET_REST)
    if kind == "call":
        return np.where(strongest(live, strength, CALL_KEEPS), live, live * CALL_REST)
    if kind == "check":
        return np.where(strongest(live, strength, CHECK_TOP), live * CHECK_REST, live)
    return live


def opponent_range(situation: Situation, opponent: Opponent) -> Weights:
    """One opponent's range now: preflop by the charts, then each later action on its board,
    then without the cards the deciding player can see."""
    weights = preflop_range(situation, opponent.seat)
    for street, kind in opponent.actions:
        size = STREET_CARDS.get(street)
        if size is None or len(situation.board) < size:
            continue
        weights = after_street(weights, tuple(situation.board[:size]), kind)
    return without_cards(weights, [*situation.hole, *situation.board])


def opponent_ranges(situation: Situation) -> list[Weights]:
    """Every live opponent's range (see ``opponent_range``)."""
    return [opponent_range(situation, o) for o in situation.opponents]

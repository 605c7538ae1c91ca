"""Monte Carlo equity of a short-deck hand (two hole cards, the 36 cards six up) against
random hands, and the coach's figures from it (no Django).

Hold'em's ranges, outs, charts and grades (games/bots/ranges.py, advice.py...) model two
cards dealt from 52 and hold'em's ranking; none of that is claimed for short deck. Each
trial deals every opponent two cards at random from the short-deck cards this player cannot
see and completes the board; strengths come from the evaluator's short-deck batch in the
table's order, so the bots play short deck by its rules (a flush over a full house), if
not well. Equity is the share of pots won, a tie counting as a share.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from math import sqrt

import numpy as np
import numpy.typing as npt

from evaluator.short_deck import ORDER_BY_RANKING, SHORT_DECK, ShortDeckOrder
from evaluator.short_deck_odds import evaluate_short_deck_batch
from games.bots.omaha_coach import OmahaFigures
from games.bots.ranges import CARD_IDS
from games.bots.situation import Situation

SAMPLES = 600  # a bot's decision
COACH_SAMPLES = 4000  # the coach's figure: a standard error of at most 0.8 points
NOTE = ("Short-deck hold'em: the coach gives your equity against random hands dealt from the "
        "36 cards six up, ranked as short deck ranks them, and the pot odds. Its ranges, "
        "outs, charts and grades model hold'em dealt from 52 cards, so it gives none here: "
        "people who bet hold better than random hands.")
ORDERS = ORDER_BY_RANKING
_SHORT_IDS = np.array([c.id for c in SHORT_DECK], dtype=np.int64)


def short_deck_shares(
    hole: Sequence[str],
    board: Sequence[str],
    opponents: int,
    samples: int = SAMPLES,
    seed: int | None = None,
    order: ShortDeckOrder = ShortDeckOrder.STRAIGHT_OVER_TRIPS,
) -> npt.NDArray[np.float64]:
    """The pot share of ``hole`` in each of ``samples`` random deals (1 won, 1/k split k
    ways, 0 lost).

    >>> short_deck_shares(["As", "Ks"], ["Qs", "Js", "Ts", "6c", "7h"], 2, 3, seed=1)
    array([1., 1., 1.])
    """
    known = [CARD_IDS[c] for c in (*hole, *board)]
    if len(set(known)) != len(known):
        raise ValueError("a card appears twice in the hole cards and board")
    if any(c not in set(_SHORT_IDS.tolist()) for c in known):
        raise ValueError("a card below six is not in the short deck")
    deck = np.array([c for c in _SHORT_IDS.tolist() if c not in set(known)], dtype=np.int64)
    missing = 5 - len(board)
    need = 2 * opponents + missing
    rng = np.random.default_rng(seed)
    drawn = deck[rng.random((samples, len(deck))).argpartition(need, axis=1)[:, :need]]
    board_ids = np.broadcast_to(np.array(known[2:], dtype=np.int64), (samples, len(board)))
    full_board = np.hstack([board_ids, drawn[:, :missing]])
    mine_ids = np.broadcast_to(np.array(known[:2], dtype=np.int64), (samples, 2))
    mine = evaluate_short_deck_batch(np.hstack([mine_ids, full_board]), order)
    best = np.full(samples, -1, dtype=np.int16)
    ties = np.zeros(samples)
    for i in range(opponents):
        theirs = evaluate_short_deck_batch(
            np.hstack([drawn[:, missing + 2 * i: missing + 2 * i + 2], full_board]), order)
        ties = np.where(theirs > best, 0, ties) + (theirs == mine)
        best = np.maximum(best, theirs)
    share: npt.NDArray[np.float64] = np.where(
        mine > best, 1.0, np.where(mine == best, 1.0 / (1.0 + ties), 0.0))
    return share


def short_deck_equity(situation: Situation, samples: int = SAMPLES,
                      seed: int | None = None) -> float:
    """Equity (0..1) of the situation's hand against one random hand per live opponent.

    >>> s = Situation(1, ("As", "Ks"), ("Qs", "Js", "Ts", "6c", "7h"), "river", 100, 0, 200,
    ...               2, (), None, 1, game="NS")
    >>> short_deck_equity(s, seed=1)
    1.0
    """
    opponents = max(1, len(situation.opponents))
    order = ORDERS.get(situation.ranking, ShortDeckOrder.STRAIGHT_OVER_TRIPS)
    return float(short_deck_shares(situation.hole, situation.board, opponents, samples, seed,
                                   order).mean())


@lru_cache(maxsize=1024)
def short_deck_figures(situation: Situation, samples: int = COACH_SAMPLES) -> OmahaFigures:
    """The coach's figures in short deck: equity against random hands (seeded: the same
    situation, the same figures), its standard error, the pot odds when facing a bet."""
    opponents = max(1, len(situation.opponents))
    order = ORDERS.get(situation.ranking, ShortDeckOrder.STRAIGHT_OVER_TRIPS)
    shares = short_deck_shares(situation.hole, situation.board, opponents, samples, 1, order)
    mean = float(shares.mean())
    error = sqrt(max(float((shares**2).mean()) - mean * mean, 0.0) / samples)
    call = situation.to_call
    return OmahaFigures(mean, error, samples, situation.pot_odds if call else None, call,
                        situation.pot)

"""Outs counted against the opponents' likely holdings, by enumeration (no patterns).

Definitions (the tests count the same things their own way, card by card):

- *Beating a range*: your share of a range is the weight of the holdings you beat, ties
  counting half, over the weight of the holdings still possible (none of your cards or the
  board's). Against several opponents the shares multiply (each range on its own: card
  removal between opponents is left out).
- *Ahead*: that share is more than ``AHEAD`` (you win more of their likely hands than you
  lose; a share of exactly one half is as many wins as losses, every tie included).
- *An out*: when you are behind, an unseen card after which you are ahead. A card that pairs
  your low card but still loses to most of their hands is no out.
- *A split*: when you are behind, a card that is no out but after which you tie at least half
  of their likely hands (by weight): it saves half the pot, it does not put you ahead.
- *Tainted* (reverse implied odds): an out that also lifts at least ``TAINT`` of their likely
  hands (by weight) from below your new hand to above it: the card that makes your flush
  gives a set a full house.
- *Danger cards*: when you are ahead, the unseen cards after which you are behind.
- A card that every holding of a range uses cannot come (the range says they hold it): it
  is neither an out nor a danger card.
- *Drawing dead*: a holding of theirs that beats you on every way the board can finish;
  ``dead_share`` is the weight of such holdings (against several opponents: the chance that
  at least one holds one).

>>> from games.bots.holdings import range_weights_of
>>> report = count_outs(["Ah", "Qh"], ["Kh", "7h", "2c"], [range_weights_of("77")])
>>> len(report.outs), report.tainted, report.ahead
(8, (), False)
>>> report.sentence()
'8 outs put you ahead of their likely hands'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Final

import numpy as np
import numpy.typing as npt

from evaluator.batch import evaluate_batch
from evaluator.cards import DECK
from games.bots.holdings import HOLDING_MASKS, HOLDINGS, Weights, without_cards
from games.bots.ranges import CARD_IDS

AHEAD: Final = 0.5  # you beat at least half of their likely hands (by weight)
TAINT: Final = 0.1  # an out that gives a better hand to one in ten of their hands or more
EPSILON: Final = 1e-9  # shares are sums of weights: one half is one half within this
Strengths = npt.NDArray[np.int16]


@dataclass(frozen=True)
class OutsReport:
    """Where you stand against their likely holdings and what the next card does to it."""

    share_now: float  # the share of their likely hands you beat now (ties half)
    outs: tuple[str, ...]  # behind: the next cards that put you ahead
    tainted: tuple[str, ...]  # the outs that also give them a better hand (TAINT or more)
    danger: tuple[str, ...]  # ahead: the next cards that put you behind
    dead_share: float  # the weight of their hands that beat you on every runout
    splits: tuple[str, ...] = ()  # behind: the next cards that only tie most of their hands

    @property
    def ahead(self) -> bool:
        return self.share_now > AHEAD + EPSILON

    def sentence(self) -> str:
        """The report in words, for the coach panel.

        >>> for part in OutsReport(0.2, ("9c", "9d"), ("9d",), (), 0.3).sentence().split("; "):
        ...     print(part)
        2 outs put you ahead of their likely hands
        of these, 9d also gives them a better hand at least one time in ten
        against 30% of their likely hands you are drawing dead
        """
        if self.ahead:
            words = f"you are ahead of their likely hands ({round(self.share_now * 100)}%)"
            if self.danger:
                words += f"; {len(self.danger)} next cards would put you behind"
        elif self.outs:
            words = (f"{len(self.outs)} outs put you ahead of their likely hands"
                     if len(self.outs) > 1 else "1 out puts you ahead of their likely hands")
            if self.tainted:
                verb = "gives" if len(self.tainted) == 1 else "give"
                words += (f"; of these, {' '.join(self.tainted)} also {verb} them a better"
                          " hand at least one time in ten")
        else:
            words = "no next card puts you ahead of their likely hands"
        if self.splits and not self.ahead:
            count = len(self.splits)
            words += (f"; {count} {'card' if count == 1 else 'cards'} ({' '.join(self.splits)})"
                      f" only {'splits' if count == 1 else 'split'} the pot with them")
        if self.dead_share >= 0.995:
            words += "; you are drawing dead: nothing can win against their likely hands"
        elif self.dead_share >= 0.05:
            words += (f"; against {round(self.dead_share * 100)}% of their likely hands"
                      " you are drawing dead")
        return words


def _ids(cards: Sequence[str]) -> list[int]:
    return [CARD_IDS[c] for c in cards]


def _name(card_id: int) -> str:
    return str(DECK[card_id])


def _strength_of(cards: Sequence[int]) -> int:
    return int(evaluate_batch(np.array([cards], dtype=np.uint8), check=False)[0])


@lru_cache(maxsize=512)  # bounded: a server sees millions of different boards
def _holdings_on(board: tuple[int, ...]) -> Strengths:
    """Every holding's strength on this board (rows that reuse a board card are meaningless:
    the caller weighs them 0)."""
    rows = np.hstack([HOLDINGS, np.broadcast_to(np.array(board, dtype=np.uint8),
                                                 (len(HOLDINGS), len(board)))])
    return evaluate_batch(rows, check=False)


def _runouts(
    hole: list[int], board: list[int], unseen: list[int], size: int
) -> tuple[npt.NDArray[np.uint64], Strengths, Strengths]:
    """For every way to add ``size`` unseen cards to the board: its card mask, your strength,
    and every holding's strength (runouts x holdings)."""
    runs = np.array(list(combinations(unseen, size)), dtype=np.uint8).reshape(-1, size)
    masks = np.bitwise_or.reduce(np.uint64(1) << runs.astype(np.uint64), axis=1)
    fixed = np.array(board, dtype=np.uint8)
    mine_rows = np.hstack([np.broadcast_to(np.array(hole, dtype=np.uint8), (len(runs), 2)),
                           np.broadcast_to(fixed, (len(runs), len(board))), runs])
    mine = evaluate_batch(mine_rows, check=False)
    count, width = len(HOLDINGS), 2 + len(board) + size
    rows = np.empty((len(runs), count, width), dtype=np.uint8)
    rows[:, :, :2] = HOLDINGS
    rows[:, :, 2 : 2 + len(board)] = fixed
    rows[:, :, 2 + len(board) :] = runs[:, None, :]
    theirs = evaluate_batch(rows.reshape(-1, width), check=False).reshape(len(runs), count)
    return masks, mine, theirs


def _tied(mine: Strengths | int, theirs: Strengths, weights: Weights) -> npt.NDArray[np.float64]:
    """The share of ``weights`` that ties you (last axis: holdings); 0 where none is left."""
    total = weights.sum(axis=-1)
    tied = ((mine == theirs) * weights).sum(axis=-1)
    return np.asarray(np.where(total > 0, tied / np.where(total > 0, total, 1.0), 0.0))


def _share(mine: Strengths | int, theirs: Strengths, weights: Weights) -> npt.NDArray[np.float64]:
    """Your share against ``weights`` (last axis: holdings), ties half; NaN where no holding
    is left (a card their range says cannot come: neither an out nor a danger card)."""
    score = (mine > theirs) + 0.5 * (mine == theirs)
    total = weights.sum(axis=-1)
    won = (score * weights).sum(axis=-1)
    return np.asarray(np.where(total > 0, won / np.where(total > 0, total, 1.0), np.nan))


def count_outs(
    hole: Sequence[str], board: Sequence[str], ranges: Sequence[Weights]
) -> OutsReport | None:
    """Outs, danger cards and drawing-dead share against one range per opponent (weights over
    ``HOLDINGS``); None before the flop. On the river there is no next card, only where
    you stand.

    >>> from games.bots.holdings import range_weights_of
    >>> report = count_outs(["9d", "7c"], ["Ts", "Js", "8s", "2s"], [range_weights_of("AsKs")])
    >>> report.outs, report.dead_share
    ((), 1.0)
    """
    if len(board) < 3:
        return None
    known = [*hole, *board]
    hole_ids, board_ids = _ids(hole), _ids(board)
    unseen = [i for i in range(52) if i not in set(_ids(known))]
    live = [without_cards(np.asarray(w, dtype=np.float64), known) for w in ranges]
    theirs_now = _holdings_on(tuple(board_ids))
    mine_now = _strength_of([*hole_ids, *board_ids])
    # A range that your cards rule out entirely leaves nothing that beats you.
    share_now = float(np.nan_to_num(np.prod([_share(mine_now, theirs_now, w) for w in live]),
                                    nan=1.0))
    if len(board) == 5:
        dead = [float((w * (theirs_now > mine_now)).sum() / max(w.sum(), 1e-300))
                for w in live]
        return OutsReport(share_now, (), (), (), _at_least_one(dead))
    masks, mine, theirs = _runouts(hole_ids, board_ids, unseen, 1)
    blocked = (masks[:, None] & HOLDING_MASKS[None, :]) != 0  # the holding uses the card
    after = np.ones(len(unseen))
    clean = np.ones(len(unseen))
    ties = np.ones(len(unseen))
    for w in live:
        w_next = np.where(blocked, 0.0, w)
        after *= _share(mine[:, None], theirs, w_next)
        ties *= _tied(mine[:, None], theirs, w_next)
        lifted = (theirs > mine[:, None]) & (theirs_now[None, :] <= mine[:, None])
        total = np.maximum(w_next.sum(axis=1), 1e-300)
        clean *= 1 - (w_next * lifted).sum(axis=1) / total
    names = [_name(c) for c in unseen]
    ahead_after = after > AHEAD + EPSILON  # NaN (a card that cannot come) is neither
    splits: tuple[str, ...] = ()
    if share_now > AHEAD + EPSILON:
        outs: tuple[str, ...] = ()
        tainted: tuple[str, ...] = ()
        danger = tuple(n for n, a in zip(names, after, strict=True) if a <= AHEAD + EPSILON)
    else:
        outs = tuple(n for n, a in zip(names, ahead_after, strict=True) if a)
        tainted = tuple(n for n, a, c in zip(names, ahead_after, clean, strict=True)
                        if a and 1 - c >= TAINT)
        splits = tuple(n for n, a, t, x in zip(names, ahead_after, ties, after, strict=True)
                       if not a and t >= AHEAD - EPSILON and not np.isnan(x))
        danger = ()
    if len(board) == 3:
        masks, mine, theirs = _runouts(hole_ids, board_ids, unseen, 2)
        blocked = (masks[:, None] & HOLDING_MASKS[None, :]) != 0
    can_win = ((theirs <= mine[:, None]) & ~blocked).any(axis=0)
    dead = [float((w * ~can_win).sum() / max(w.sum(), 1e-300)) for w in live]
    return OutsReport(share_now, outs, tainted, danger, _at_least_one(dead), splits)


def _at_least_one(shares: list[float]) -> float:
    """The chance that at least one of independent events of these chances happens."""
    return 1.0 - float(np.prod([1.0 - s for s in shares]))

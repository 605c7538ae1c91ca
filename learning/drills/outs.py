"""Count the outs: you are behind on the flop or turn; how many of the unseen cards put you
ahead on the next card? Against their shown hand, or one time in three against a stated
range of two overpairs (``KK, QQ``).

Counted by the coach's enumeration (``games.bots.outs.count_outs``: against one holding as
a range of one combo, or against the range). Spots where some next card only ties are
skipped, and a range spot is kept only when the same cards are outs against every pair they
can hold, so an out is a card after which you win outright, whatever they hold.

>>> q = make(0)
>>> q.theme, q.unit, [label for label, _cards in q.cards]
('outs', 'outs', ['Your hand', 'Their hand', 'Board'])
>>> judge(q, str(q.spot["outs"])).right
True
>>> make(1).facts
('They hold QQ, JJ: a pair of queens or jacks (12 combinations your cards and the board leave).',)
"""

from __future__ import annotations

import random

from evaluator.cards import DECK, Card, Rank
from evaluator.hands import evaluate
from evaluator.ranges import parse_range
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
    """A spot where you are behind with 1 to ``MAX_OUTS`` clean outs: against their shown
    hand, or (one time in three) against a range of two overpairs."""
    rng = random.Random(seed)
    against_range = rng.random() < 1 / 3
    while True:
        board_size = rng.choice((3, 3, 4))
        made = (_range_spot if against_range else _holding_spot)(rng, board_size)
        if made is not None:
            hole, board, shown, facts, outs, theirs, range_text = made
            break
    street = "flop" if board_size == 3 else "turn"
    unseen = 52 - 2 - board_size - sum(len(cards) for _label, cards in shown)
    return Question(
        THEME, seed,
        f"On the {street} you are behind. How many of the unseen cards put you ahead on the "
        "next card?",
        (("Your hand", tuple(hole)), *shown, ("Board", tuple(board))),
        low=0, high=unseen, unit="outs", facts=facts,
        spot={"outs": len(outs), "cards": list(outs), "unseen": unseen, "street": street,
              "now": lower_first(evaluate(hole + board).describe()), "theirs": theirs,
              "range": range_text},
    )


# (your hand, board, their cards shown, facts, the outs, their hand in words, their range)
Spot = tuple[list[Card], list[Card], tuple[tuple[str, tuple[Card, ...]], ...], tuple[str, ...],
             tuple[str, ...], str, str | None]


def _holding_spot(rng: random.Random, board_size: int) -> Spot | None:
    """Their hand is shown; you are behind it."""
    dealt = rng.sample(DECK, 4 + board_size)
    hole, theirs, board = dealt[:2], dealt[2:4], dealt[4:]
    if _quick_outs(hole, theirs, board) is None:
        return None
    report = outs_against(hole, theirs, board)
    if report is None or report.ahead or not 1 <= len(report.outs) <= MAX_OUTS:
        return None
    return (hole, board, (("Their hand", tuple(theirs)),), (), report.outs,
            lower_first(evaluate(theirs + board).describe()), None)


def _quick_outs(hole: list[Card], theirs: list[Card], board: list[Card]
                ) -> frozenset[Card] | None:
    """A cheap first look (one evaluation per card) that throws away most spots before the
    coach's count: the cards that win outright, or None when you are not behind now or some
    next card only ties (an out must be plain)."""
    if evaluate(hole + board) >= evaluate(theirs + board):
        return None
    used = set(hole + theirs + board)
    wins = set()
    for card in DECK:
        if card in used:
            continue
        mine, other = evaluate(hole + board + [card]), evaluate(theirs + board + [card])
        if mine == other:
            return None
        if mine > other:
            wins.add(card)
    return frozenset(wins)


def _range_spot(rng: random.Random, board_size: int) -> Spot | None:
    """They hold one of two pocket pairs above the board (an overpair). Kept only when the
    same cards are outs against every combination they can hold, so the count is one number
    (the coach's count against the range, checked combination by combination)."""
    dealt = rng.sample(DECK, 2 + board_size)
    hole, board = dealt[:2], dealt[2:]
    top = max(card.rank for card in board)
    above = [rank for rank in Rank if rank > top]
    if len(above) < 2:
        return None
    low = rng.randrange(len(above) - 1)
    ranks = (above[low + 1], above[low])
    text = ", ".join(f"{rank.char}{rank.char}" for rank in ranks)
    combos = [[a, b] for a, b in parse_range(text).weights if not {a, b} & set(hole + board)]
    each = {_quick_outs(hole, combo, board) for combo in combos}
    if not combos or None in each or len(each) != 1:
        return None  # ahead of some, a tie, or a card that is an out against some pairs only
    report = count_outs(_names(hole), _names(board), [range_weights_of(text)])
    if report is None or report.ahead or not 1 <= len(report.outs) <= MAX_OUTS:
        return None
    if {str(card) for card in each.pop() or ()} != set(report.outs):
        return None
    words = f"a pair of {ranks[0].plural} or {ranks[1].plural}"
    return (hole, board, (), (f"They hold {text}: {words} ({len(combos)} combinations your "
                              "cards and the board leave).",), report.outs, words, text)


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

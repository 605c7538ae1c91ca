"""What a player's cards are worth at the showdown, in the game the hand is dealt in.

The game says how many hole cards must play (``Game.hole_cards_used``): none fixed (hold'em:
the best five of the hole cards and the board, in any mix; past seven cards, the best of
every seven), exactly two (Omaha:
``evaluator.omaha``, table-driven), or any other number (the best of every choice of that
many hole cards and the rest from the board). All give strengths on the one scale of
``evaluator.evaluate`` (higher is stronger), so pots are awarded the same way. A game ranked
another way (``Game.ranking``: short deck's, evaluator/short_deck.py) gives strengths on its
own scale: they compare within the hand, which is all a showdown asks. A hi/lo game
(``Game.high_low``) also values each hand's eight-or-better low (``low_value``: exactly two
hole cards and three board cards, as Omaha hi/lo plays it; ``evaluator.low``).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from evaluator import HandValue, evaluate
from evaluator.low import evaluate_omaha_low
from evaluator.omaha import BOARD_SIZES, HOLE_SIZES, evaluate_omaha
from evaluator.short_deck import (
    ORDER_BY_RANKING,
    ShortDeckOrder,
    ShortDeckValue,
    evaluate_short_deck,
)
from games.engine.games import Game


def hand_value(
    game: Game, hole: Sequence[str], board: Sequence[str]
) -> tuple[int, str, tuple[str, ...]]:
    """Strength (higher is stronger), description and best five of a player's cards.

    >>> from games.engine.games import NO_LIMIT_HOLDEM, POT_LIMIT_OMAHA
    >>> hand_value(NO_LIMIT_HOLDEM, ["As", "2d"], ["Kh", "Qh", "Jh", "Th", "5h"])[1]
    'Flush, king-queen-jack-ten-five'
    >>> hand_value(POT_LIMIT_OMAHA, ["As", "2d", "3c", "4d"],
    ...            ["Kh", "Qh", "Jh", "Th", "5h"])[1]
    'High card, ace, king-queen-jack-four'
    >>> from games.engine.games import SHORT_DECK_HOLDEM
    >>> hand_value(SHORT_DECK_HOLDEM, ["Ah", "Kd"], ["Kh", "Ks", "Jh", "Th", "6h"])[1]
    'Flush, ace-king-jack-ten-six'
    """
    order = ORDER_BY_RANKING.get(game.ranking.value)
    if order is not None:
        short = _short_deck_value(order, [*hole, *board])
        return short.strength, short.describe(), tuple(str(c) for c in short.best_five)
    value = _value(game.hole_cards_used, hole, board)
    return value.strength, value.describe(), tuple(str(c) for c in value.best_five)


def _value(used: int | None, hole: Sequence[str], board: Sequence[str]) -> HandValue:
    if used is None:
        cards = [*hole, *board]
        if len(cards) <= 7:  # the evaluator's own best five of up to seven
            return evaluate("".join(cards))
        return max((evaluate("".join(seven)) for seven in combinations(cards, 7)),
                   key=lambda value: value.strength)
    if used == 2 and len(hole) in HOLE_SIZES and len(board) in BOARD_SIZES:
        return evaluate_omaha("".join(hole), "".join(board))  # the fast path
    # Exactly ``used`` hole cards with the rest of five from the board.
    return max(
        (evaluate("".join([*mine, *theirs]))
         for mine in combinations(hole, used) for theirs in combinations(board, 5 - used)),
        key=lambda value: value.strength,
    )


def _short_deck_value(order: ShortDeckOrder, cards: Sequence[str]) -> ShortDeckValue:
    """The best five of a short-deck hand's cards (hold'em's way: any mix)."""
    if len(cards) <= 7:
        return evaluate_short_deck(cards, order)
    return max((evaluate_short_deck(seven, order) for seven in combinations(cards, 7)),
               key=lambda value: value.strength)
def low_value(
    game: Game, hole: Sequence[str], board: Sequence[str]
) -> tuple[int, str, tuple[str, ...]] | None:
    """A hi/lo game's eight-or-better low (strength, description, the five cards used), or
    None when the cards make no low or the game has no low half.

    >>> from games.engine.games import POT_LIMIT_OMAHA, POT_LIMIT_OMAHA_HI_LO
    >>> hole, board = ["As", "2d", "Kc", "Kd"], ["3h", "6c", "8s", "Qd", "4h"]
    >>> low_value(POT_LIMIT_OMAHA_HI_LO, hole, board)[1]
    '6-4-3-2-A low'
    >>> low_value(POT_LIMIT_OMAHA, hole, board) is None
    True
    """
    if not game.high_low:
        return None
    value = evaluate_omaha_low(list(hole), list(board))
    if value is None:
        return None
    return value.strength, value.describe(), tuple(str(c) for c in value.best_five)

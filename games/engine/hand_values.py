"""What a player's cards are worth at the showdown, in the game the hand is dealt in.

Hold'em plays the best five of the hole cards and the board, in any mix; Omaha exactly two
hole cards with three board cards (``evaluator.omaha``). Both give strengths on the one
scale of ``evaluator.evaluate`` (higher is stronger), so pots are awarded the same way.
"""

from __future__ import annotations

from collections.abc import Sequence

from evaluator import HandValue, evaluate
from evaluator.omaha import evaluate_omaha
from games.engine.variants import Variant


def hand_value(
    variant: Variant, hole: Sequence[str], board: Sequence[str]
) -> tuple[int, str, tuple[str, ...]]:
    """Strength (higher is stronger), description and best five of a player's cards.

    >>> hand_value(Variant.NO_LIMIT_HOLDEM, ["As", "2d"], ["Kh", "Qh", "Jh", "Th", "5h"])[1]
    'Flush, king-queen-jack-ten-five'
    >>> hand_value(Variant.POT_LIMIT_OMAHA, ["As", "2d", "3c", "4d"],
    ...            ["Kh", "Qh", "Jh", "Th", "5h"])[1]
    'High card, ace, king-queen-jack-four'
    """
    value: HandValue
    if variant.omaha:
        value = evaluate_omaha("".join(hole), "".join(board))
    else:
        value = evaluate("".join([*hole, *board]))
    return value.strength, value.describe(), tuple(str(c) for c in value.best_five)

"""The hand evaluator: cards, hand values, batches, equity and ranges. The core imports no
Django.

>>> from evaluator import evaluate, parse_cards
>>> evaluate(parse_cards("Kh Kd Ks 4c 4d")).describe()
'Full house, kings full of fours'

Importing this package is light: lookup tables are built on first use, and NumPy is loaded
only by the batch and equity functions (and the table build).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from evaluator.cards import DECK, Card, Rank, Suit, format_cards, parse_cards, to_cards
from evaluator.hands import HandValue, compare, evaluate, winners
from evaluator.omaha import OmahaValue, evaluate_omaha
from evaluator.ranges import Range, format_range, parse_range
from evaluator.tables import Category

if TYPE_CHECKING:
    from evaluator.batch import evaluate_batch
    from evaluator.odds import EquityResult, HandEquity, hand_equity
    from evaluator.omaha_batch import evaluate_omaha_batch
    from evaluator.omaha_odds import omaha_hand_equity
    from evaluator.range_equity import range_equity
    from evaluator.range_results import RangeEquityResult

__all__ = [
    "DECK",
    "Card",
    "Category",
    "EquityResult",
    "HandEquity",
    "HandValue",
    "OmahaValue",
    "Range",
    "RangeEquityResult",
    "Rank",
    "Suit",
    "compare",
    "evaluate",
    "evaluate_batch",
    "evaluate_omaha",
    "evaluate_omaha_batch",
    "format_cards",
    "format_range",
    "omaha_hand_equity",
    "hand_equity",
    "parse_cards",
    "parse_range",
    "range_equity",
    "to_cards",
    "winners",
]

# The NumPy-backed parts live in modules whose names differ from the functions they export
# (odds.py for ``hand_equity``): a submodule named like a package attribute would replace it
# once imported.
_LAZY = {
    "evaluate_batch": "evaluator.batch",
    "evaluate_omaha_batch": "evaluator.omaha_batch",
    "hand_equity": "evaluator.odds",
    "omaha_hand_equity": "evaluator.omaha_odds",
    "EquityResult": "evaluator.odds",
    "HandEquity": "evaluator.odds",
    "range_equity": "evaluator.range_equity",
    "RangeEquityResult": "evaluator.range_results",
}


def __getattr__(name: str) -> Any:
    """Load the NumPy-backed parts (batch, equity) on first access."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'evaluator' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value

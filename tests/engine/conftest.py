"""Engine test setup.

TEMPORARY: until evaluator.evaluate exists, showdowns are scored with pokerkit's lookup
(test-only). Remove once the evaluator lands.
"""

import pytest

try:
    from evaluator import evaluate  # noqa: F401

    HAVE_EVALUATOR = True
except ImportError:
    HAVE_EVALUATOR = False


def _pokerkit_evaluate(cards: list[str]) -> tuple[int, str, tuple[str, ...]]:
    from pokerkit import StandardHighHand

    hand = StandardHighHand.from_game("".join(cards[:2]), "".join(cards[2:]))
    return hand.entry.index, hand.entry.label.value, tuple(repr(c) for c in hand.cards)


@pytest.fixture(autouse=True)
def _evaluator_stand_in(monkeypatch):
    if not HAVE_EVALUATOR:
        monkeypatch.setattr("games.engine.showdown.evaluate_cards", _pokerkit_evaluate)

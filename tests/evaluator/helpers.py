"""Shared helpers for the evaluator tests: random hands and failure messages with cards."""

from __future__ import annotations

import numpy as np

from evaluator import DECK, format_cards


def random_hands(rng: np.random.Generator, count: int, size: int) -> np.ndarray:
    """``count`` uniform random hands of ``size`` distinct card ids, shape (count, size)."""
    hands = rng.integers(0, 52, size=(count, size), dtype=np.int64)
    while True:
        ordered = np.sort(hands, axis=1)
        clash = np.flatnonzero((np.diff(ordered, axis=1) == 0).any(axis=1))
        if not len(clash):
            return hands
        hands[clash] = rng.integers(0, 52, size=(len(clash), size), dtype=np.int64)


def show(ids) -> str:
    """Card ids as text: ``show([51, 47]) == "As Ks"``."""
    return format_cards(DECK[int(i)] for i in ids)


def first_mismatch(hands, expected, actual, label: str = "") -> str:
    """A failure message naming the first hand whose expected and actual values differ."""
    expected, actual = np.asarray(expected), np.asarray(actual)
    bad = np.flatnonzero(expected != actual)
    if not len(bad):
        return ""
    i = int(bad[0])
    return (
        f"{len(bad)} of {len(expected)} hands differ{label}; first: {show(hands[i])} "
        f"expected {expected[i]}, got {actual[i]}"
    )

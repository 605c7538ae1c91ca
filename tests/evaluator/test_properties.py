"""Properties that hold for every hand, checked by Hypothesis on generated hands."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from evaluator import DECK, evaluate, format_cards

hands = st.lists(st.sampled_from(DECK), min_size=5, max_size=7, unique=True)


@settings(max_examples=500, deadline=None)
@given(hands, st.randoms(use_true_random=False))
def test_the_order_of_the_cards_does_not_matter(cards, shuffler):
    shuffled = list(cards)
    shuffler.shuffle(shuffled)
    assert evaluate(shuffled) == evaluate(cards), format_cards(cards)


@settings(max_examples=500, deadline=None)
@given(hands)
def test_the_best_five_come_from_the_hand_and_are_worth_the_hand(cards):
    value = evaluate(cards)
    assert set(value.best_five) <= set(cards) and len(value.best_five) == 5
    assert evaluate(value.best_five) == value, format_cards(cards)
    assert value == max(evaluate(five) for five in combinations(cards, 5))


@settings(max_examples=300, deadline=None)
@given(hands.filter(lambda c: len(c) < 7), st.sampled_from(DECK))
def test_another_card_never_makes_a_hand_worse(cards, extra):
    if extra not in cards:
        assert evaluate([*cards, extra]) >= evaluate(cards), format_cards([*cards, extra])


@settings(max_examples=300, deadline=None)
@given(hands)
def test_the_description_names_the_category(cards):
    value = evaluate(cards)
    described = value.describe().lower()
    label = value.category.label.lower()
    assert described.startswith(label.replace("one pair", "pair")), (format_cards(cards), described)

"""evaluate, HandValue, compare, winners: categories, ordering, descriptions, best five."""

import pytest

from evaluator import Card, Category, HandValue, compare, evaluate, parse_cards, winners

DESCRIBED = [
    ("As Ks Qs Js Ts", Category.ROYAL_FLUSH, "Royal flush"),
    ("9s 8s 7s 6s 5s", Category.STRAIGHT_FLUSH, "Straight flush, nine high"),
    ("5h 4h 3h 2h Ah", Category.STRAIGHT_FLUSH, "Straight flush, five high"),
    ("9h 9d 9c 9s 2h", Category.FOUR_OF_A_KIND, "Four of a kind, nines with a two kicker"),
    ("Kh Kd Ks 4c 4d", Category.FULL_HOUSE, "Full house, kings full of fours"),
    ("4h 4d 4s Kc Kd Ks 2c", Category.FULL_HOUSE, "Full house, kings full of fours"),
    ("As Ad Tc Th 5s 5d Qs", Category.TWO_PAIR, "Two pair, aces and tens with a queen kicker"),
    ("As Ad Tc Th 5s 5d 2s", Category.TWO_PAIR, "Two pair, aces and tens with a five kicker"),
    ("9c 9d 9h 9s 2h 2d 2c", Category.FOUR_OF_A_KIND, "Four of a kind, nines with a two kicker"),
    ("Ah Kh Qh Jh Th 9h 8h", Category.ROYAL_FLUSH, "Royal flush"),
    ("6c 5d 4h 3s 2c Ac 7d", Category.STRAIGHT, "Straight, seven high"),
    ("Ah Kh 9h 5h 3h", Category.FLUSH, "Flush, ace-king-nine-five-three"),
    ("5c 4d 3h 2s Ac", Category.STRAIGHT, "Straight, five high"),
    ("Ac Kd Qh Js Tc", Category.STRAIGHT, "Straight, ace high"),
    ("7h 7d 7c 2s 9h", Category.THREE_OF_A_KIND, "Three of a kind, sevens, nine-two"),
    ("As Ad Tc Th Qs", Category.TWO_PAIR, "Two pair, aces and tens with a queen kicker"),
    ("6s 6d 3c 3h As", Category.TWO_PAIR, "Two pair, sixes and threes with an ace kicker"),
    ("Jh Jd 2c 5s 9h", Category.ONE_PAIR, "Pair of jacks, nine-five-two"),
    ("Ah 9d 7c 5s 3h", Category.HIGH_CARD, "High card, ace, nine-seven-five-three"),
]


@pytest.mark.parametrize(("text", "category", "sentence"), DESCRIBED)
def test_it_names_the_category_and_describes_the_hand(text, category, sentence):
    value = evaluate(text)
    assert (value.category, value.describe()) == (category, sentence), text


def test_best_five_of_seven_picks_the_cards_that_make_the_hand():
    value = evaluate("Kh Kd Ks 4c 4d 9s 2h")
    assert value.best_five == tuple(parse_cards("Ks Kh Kd 4d 4c"))


def test_the_wheel_is_the_lowest_straight():
    assert evaluate("5c 4d 3h 2s Ac") < evaluate("6c 5d 4h 3s 2c") < evaluate("Ac Kd Qh Js Tc")


def test_values_tie_whatever_the_suits_and_hash_alike():
    a, b = evaluate("As Kd Qh Js 9c"), evaluate("Ac Kh Qd Jc 9h")
    assert a == b and hash(a) == hash(b) and compare(a, b) == 0
    assert len({a, b}) == 1


def test_compare_uses_the_kickers():
    assert compare("Th Tc 5s 5d Ah", "Ts Td 8h 8c Qs") == -1
    assert compare("Ts Td 8h 8c Qs", "Th Tc 5s 5d Ah") == 1


def test_winners_returns_every_hand_that_splits_the_pot():
    assert winners(["Ah Kd", "Ac Kc", "7s 2d"], board="Qh Js Tc 3d 3c") == [0, 1]


def test_evaluate_accepts_cards_ids_and_text():
    cards = parse_cards("As Ks Qs Js Ts")
    assert evaluate(cards) == evaluate([c.id for c in cards]) == evaluate("AsKsQsJsTs")
    assert evaluate(tuple(cards)).strength == HandValue(7462).strength
    assert Card("As") is Card(51)


def test_descriptions_name_the_kickers_that_decided_the_pot():
    # Same pair, same top kickers: the third kicker decides, and both sentences say so.
    winner = evaluate("9s 9d Ac Kh 7s 3d 2c")
    loser = evaluate("9h 9c Ad Ks 6s 3c 2d")
    assert winner > loser
    assert winner.describe() == "Pair of nines, ace-king-seven"
    assert loser.describe() == "Pair of nines, ace-king-six"
    assert winner.describe() != loser.describe()

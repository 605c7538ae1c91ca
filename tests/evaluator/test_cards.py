"""Card values and parsing: every notation the seeds use, and errors that name the problem."""

from __future__ import annotations

import copy
import pickle

import pytest

from evaluator import DECK, Card, Rank, Suit, format_cards, parse_cards, to_cards

SAME_CARDS = [
    ("As Kd Th 2c", "As Kd Th 2c"),
    ("as kd th 2c", "As Kd Th 2c"),
    ("AS,KD,10H,2C", "As Kd Th 2c"),
    ("As, Kd ,  Th,2c", "As Kd Th 2c"),
    ("AsKdTh2c", "As Kd Th 2c"),
    ("A♠ K♦ 10♥ 2♣", "As Kd Th 2c"),
    ("A♤ K♢ 10♡ 2♧", "As Kd Th 2c"),
    ("A♠️ K♦️", "As Kd"),
    ("10 ♧, J ♡, Q ♡, K ♡, ACE ♧", "Tc Jh Qh Kh Ac"),  # seed 002's notation
    ("1♤ 10♤", "As Ts"),  # seed 002 also writes the ace as 1
    ("", ""),
]


@pytest.mark.parametrize(("text", "expected"), SAME_CARDS)
def test_it_reads_every_notation(text, expected):
    assert format_cards(parse_cards(text)) == expected, text


BAD_TOKENS = [
    ("As Ax", "Ax"),
    ("As 11c", "11c"),
    ("Zs", "Zs"),
    ("A", "A"),
    ("AsK", "AsK"),
    ("As 1", "'1'"),
    ("Ace of spades", "Ace"),
]


@pytest.mark.parametrize(("text", "token"), BAD_TOKENS)
def test_a_bad_token_is_a_value_error_naming_it(text, token):
    with pytest.raises(ValueError, match="bad card") as error:
        parse_cards(text)
    assert token in str(error.value), (text, str(error.value))


@pytest.mark.parametrize("text", ["As Kd As", "AsAs", "A♠ as", "Td 10d"])
def test_a_duplicate_is_a_value_error_naming_the_card(text):
    duplicate = text.split()[-1] if " " in text else "As"
    with pytest.raises(ValueError, match="duplicate card") as error:
        parse_cards(text)
    assert str(Card(duplicate[-2:] if duplicate != "10d" else "Td")) in str(error.value)


def test_card_ids_follow_rank_times_four_plus_suit():
    assert [Card(i).id for i in range(52)] == list(range(52))
    assert (Card("2c").id, Card("2d").id, Card("2h").id, Card("2s").id) == (0, 1, 2, 3)
    assert Card("As").id == 51 and Card("Td").id == 33
    card = Card("Td")
    assert (card.rank, card.suit, str(card), card.symbol) == (Rank.TEN, Suit.DIAMONDS, "Td", "T♦")


def test_there_are_exactly_52_cards_and_each_is_one_object():
    assert len(DECK) == 52 and len({str(c) for c in DECK}) == 52
    card = Card("Qh")
    assert Card(card.id) is card and Card("qh") is card and Card(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.deepcopy(card) is card and copy.copy(card) is card


def test_a_card_is_immutable_and_sorts_by_id():
    card = Card("As")
    with pytest.raises(AttributeError):
        card.id = 3  # type: ignore[misc]
    assert sorted(parse_cards("As 2c Kd")) == parse_cards("2c Kd As")


def test_to_cards_accepts_cards_text_and_ids_through_one_entry_point():
    expected = parse_cards("As Ks Qs")
    assert to_cards(["As", 47, Card("Qs")]) == expected
    assert to_cards(("AsKs", "Qs")) == expected
    assert to_cards(Card("As")) == [Card("As")]
    assert to_cards(range(3)) == [DECK[0], DECK[1], DECK[2]]


JUNK = [
    (None, "NoneType"),
    (3.5, "float"),
    (7, "int"),
    ([1.5, 2], "1.5"),
    ([object()], "object"),
    ([True], "True"),
    ([52], "52"),
    ([-1], "-1"),
    ([51, "As"], "duplicate card As"),
    (b"As", "bytes"),
]


@pytest.mark.parametrize(("value", "named"), JUNK)
def test_junk_is_a_value_error_naming_the_problem(value, named):
    with pytest.raises(ValueError) as error:
        to_cards(value)
    assert named in str(error.value), (value, str(error.value))

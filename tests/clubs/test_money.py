"""A night's money (clubs/money.py): chips to cents with no cent made or lost, amounts
read and written as people do."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clubs.money import ChipValue, money, parse_money, to_cents


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(-200_000, 200_000), min_size=1, max_size=14).map(
        lambda xs: [*xs, -sum(xs)]),
    st.integers(1, 5000), st.integers(0, 5000),
)
def test_rounding_leaves_no_cent_unaccounted_and_moves_each_amount_under_a_cent(
        values, chips, cents):
    value = ChipValue(chips, cents)
    nets = {f"p{i}": v for i, v in enumerate(values)}
    rounded = to_cents(nets, value)
    assert sum(rounded.values()) == 0
    for person, chip_net in nets.items():
        exact = Fraction(chip_net * cents, chips)
        assert abs(rounded[person] - exact) < 1, (person, chip_net, rounded[person])


def test_the_odd_cents_go_to_the_amounts_cut_most_then_to_the_first_listed():
    # 3 chips = 1 cent: 2 chips is 0.67 cents, -1 chip -0.33 cents each.
    assert to_cents({"ann": 2, "bob": -1, "cat": -1}, ChipValue(3, 1)) == {
        "ann": 1, "bob": 0, "cat": -1}
    # 10 chips = 1 cent: 14 -> 1.4 (cut 0.4), -7 -> -0.7 (down to -1, cut 0.3) twice: the
    # one missing cent goes to the biggest cut.
    assert to_cents({"ann": 14, "bob": -7, "cat": -7}, ChipValue(10, 1)) == {
        "ann": 2, "bob": -1, "cat": -1}
    # 4 chips = 1 cent: 5 -> 1.25 (cut .25), 3 -> 0.75 (cut .75), -8 -> -2.
    assert to_cents({"ann": 5, "bob": 3, "cat": -8}, ChipValue(4, 1)) == {
        "ann": 1, "bob": 1, "cat": -2}


def test_a_buy_in_of_2000_for_20_dollars_is_a_cent_a_chip():
    assert to_cents({"ann": 3150, "bob": -3150}, ChipValue(2000, 2000)) == {
        "ann": 3150, "bob": -3150}
    assert ChipValue(2000, 2000).describe() == "2,000 chips = $20.00"
    assert ChipValue(1, 1, "EUR").describe() == "1 chip = €0.01"


@pytest.mark.parametrize("text, cents", [
    ("20", 2000), ("0.01", 1), ("1,234.56", 123456), ("$20.5", 2050), (" 7 ", 700),
])
def test_amounts_are_read_to_the_cent(text, cents):
    assert parse_money(text) == cents


@pytest.mark.parametrize("text, problem", [
    ("twenty", "'twenty' is not an amount of money"),
    ("-5", "'-5' is not an amount of money"),
    ("0.005", "'0.005' has more than two decimal places"),
    ("nan", "'nan' is not an amount of money"),
])
def test_bad_amounts_are_refused_with_a_sentence(text, problem):
    with pytest.raises(ValueError, match=problem):
        parse_money(text)


@pytest.mark.parametrize("args, problem", [
    ((0, 100, "USD"), "the number of chips must be a whole number above 0, not 0"),
    ((100, -1, "USD"), "the money must be between"),
    ((100, 100, "XYZ"), "unknown currency 'XYZ'"),
])
def test_bad_chip_values_are_refused_with_a_sentence(args, problem):
    with pytest.raises(ValueError, match=problem):
        ChipValue(*args)


def test_money_reads_as_people_write_it():
    assert money(0) == "$0.00"
    assert money(-123456, "GBP") == "-£1,234.56"
    assert money(5, "USD", sign=True) == "+$0.05"
    assert money(-5, "USD", sign=True) == "-$0.05"

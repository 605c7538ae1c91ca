"""A night's money: what a chip is worth, chips to cents, and cents as people read them.

Plain Python, no Django. The host says that ``chips`` chips are worth ``cents`` cents
(1 chip = $0.01 is 1 = 1; a buy-in of 2,000 for $20 is 2,000 = 2,000; 100 chips for $1.50 is
100 = 150). Amounts are kept in whole cents.

Rounding keeps the sum zero (largest remainder): each person's exact amount is rounded
down to the cent, then the cents still missing (fewer than the number of people) go one
each to those whose amounts were cut the most; a tie goes to the one listed first (the
night lists its biggest winner first). No cent is made or lost.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import TypeVar

Person = TypeVar("Person", bound=Hashable)

# Currencies a host picks from: code -> (symbol, label). The symbol goes before the amount.
CURRENCIES: dict[str, tuple[str, str]] = {
    "USD": ("$", "US dollar"),
    "EUR": ("€", "Euro"),
    "GBP": ("£", "Pound sterling"),
    "CAD": ("CA$", "Canadian dollar"),
    "AUD": ("A$", "Australian dollar"),
    "CHF": ("CHF ", "Swiss franc"),
    "SEK": ("SEK ", "Swedish krona"),
    "INR": ("₹", "Indian rupee"),
}
MAX_CENTS_PER_CHIPS = 10**9  # a sanity bound on a chip's worth, not a rule of the game


@dataclass(frozen=True)
class ChipValue:
    """``chips`` chips are worth ``cents`` cents of ``currency``."""

    chips: int
    cents: int
    currency: str = "USD"

    def __post_init__(self) -> None:
        problems = value_problems(self.chips, self.cents, self.currency)
        if problems:
            raise ValueError(problems[0])

    def exact(self, chips: int) -> Fraction:
        """What ``chips`` chips are worth, in cents, before rounding.

        >>> ChipValue(3, 1).exact(10)
        Fraction(10, 3)
        """
        return Fraction(chips * self.cents, self.chips)

    def describe(self) -> str:
        """The value in words.

        >>> ChipValue(2000, 2000).describe()
        '2,000 chips = $20.00'
        """
        unit = "chip" if self.chips == 1 else "chips"
        return f"{self.chips:,} {unit} = {money(self.cents, self.currency)}"


def value_problems(chips: object, cents: object, currency: object) -> list[str]:
    """Sentences naming what is wrong with a chip value (empty when it is fine)."""
    problems = []
    if not isinstance(chips, int) or chips <= 0:
        problems.append(f"the number of chips must be a whole number above 0, not {chips!r}")
    if not isinstance(cents, int) or cents < 0 or cents > MAX_CENTS_PER_CHIPS:
        problems.append("the money must be between 0.00 and 10,000,000.00")
    if currency not in CURRENCIES:
        problems.append(f"unknown currency {currency!r}: pick one of {', '.join(CURRENCIES)}")
    return problems


def parse_money(text: str) -> int:
    """Cents from a typed amount ("20", "20.5", "1,234.56", "$0.01"); a sentence if it
    is not one.

    >>> parse_money("$1,234.5")
    123450
    >>> parse_money("0.001")
    Traceback (most recent call last):
    ValueError: '0.001' has more than two decimal places: give the amount to the cent
    """
    cleaned = text.strip().replace(",", "").lstrip("$€£₹").strip()
    try:
        amount = Decimal(cleaned)
    except InvalidOperation:
        raise ValueError(f"{text!r} is not an amount of money (for example 20 or 0.01)") \
            from None
    if not amount.is_finite() or amount < 0:
        raise ValueError(f"{text!r} is not an amount of money (for example 20 or 0.01)")
    cents = amount * 100
    if cents != cents.to_integral_value():
        raise ValueError(f"{text!r} has more than two decimal places: give the amount to the "
                         "cent")
    return int(cents)


def to_cents(nets: Mapping[Person, int], value: ChipValue) -> dict[Person, int]:
    """Each person's net in chips as whole cents, summing to zero when the chips do
    (largest remainder; a tie to the one listed first).

    >>> to_cents({"ann": 2, "bob": -1, "cat": -1}, ChipValue(3, 1))
    {'ann': 1, 'bob': 0, 'cat': -1}
    """
    exact = {person: value.exact(chips) for person, chips in nets.items()}
    floors = {person: amount.numerator // amount.denominator for person, amount in exact.items()}
    target = value.exact(sum(nets.values()))
    missing = int(target - sum(floors.values())) if target.denominator == 1 else None
    if missing is None:
        raise ValueError("the chips do not sum to a whole number of cents")
    # sorted is stable: among equal cuts, the order the nets were listed in
    order = sorted(exact, key=lambda p: floors[p] - exact[p])
    for person in order[:missing]:
        floors[person] += 1
    return floors


def money(cents: int, currency: str = "USD", sign: bool = False) -> str:
    """Cents as people read them: ``$1,234.50``, ``-$5.00`` (``+$5.00`` with ``sign``).

    >>> money(-500), money(123450, "EUR"), money(7, sign=True)
    ('-$5.00', '€1,234.50', '+$0.07')
    """
    symbol = CURRENCIES.get(currency, (currency + " ", ""))[0]
    whole, part = divmod(abs(cents), 100)
    text = f"{symbol}{whole:,}.{part:02d}"
    if cents < 0:
        return "-" + text
    return ("+" + text) if sign and cents > 0 else text

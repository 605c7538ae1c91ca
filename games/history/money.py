"""Amounts for people: play chips as whole numbers, imported hands in the site's money.

The engine counts whole units. A hand imported from a site that counts in dollars and cents is
played in minor units: ``scale`` of them make one dollar (see ``games.engine.phh_fields``).
``Money`` turns units back into what the site showed: ``$1.25``, never through a float.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

CURRENCY_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£", "CAD": "C$", "AUD": "A$"}


@dataclass(frozen=True)
class Money:
    """How a hand's units are written: ``symbol`` before the amount, ``scale`` units per one.

    >>> Money("$", 100).format(125), Money("$", 1).format(5), Money("", 1).format(12500)
    ('$1.25', '$5.00', '12,500')
    >>> Money("$", 100).format(-50)
    '-$0.50'
    """

    symbol: str = ""
    scale: int = 1

    @property
    def places(self) -> int:
        """Decimal places shown: cents for any currency, more if the site used more."""
        digits = len(str(self.scale)) - 1
        return max(digits, 2) if self.symbol else digits

    def amount(self, units: int) -> Decimal:
        return Decimal(units) / self.scale

    def format(self, units: int) -> str:
        value = self.amount(abs(units))
        sign = "-" if units < 0 else ""
        return f"{sign}{self.symbol}{value:,.{self.places}f}"

    def stars(self, units: int) -> str:
        """As PokerStars writes amounts: "$2", "$0.80", chips as plain digits.

        >>> Money("$", 100).stars(200), Money("$", 100).stars(80), Money().stars(12500)
        ('$2', '$0.80', '12500')
        """
        value = self.amount(units)
        if value == value.to_integral_value():
            return f"{self.symbol}{int(value)}"
        return f"{self.symbol}{value:.{self.places}f}"

    @property
    def code(self) -> str:
        """The currency code PokerStars puts after the stakes ("USD"), or nothing."""
        return next((code for code, sym in CURRENCY_SYMBOLS.items() if sym == self.symbol), "")

    def signed(self, units: int) -> str:
        """With a plus sign for a gain: "+$1.25"."""
        return ("+" if units > 0 else "") + self.format(units)

    def to_json(self) -> dict[str, Any] | None:
        """What the replayer needs to write amounts (None for play chips)."""
        if not self.symbol and self.scale == 1:
            return None
        return {"symbol": self.symbol, "scale": self.scale, "places": self.places}

    @classmethod
    def of_fields(cls, fields: dict[str, Any], scale: int) -> Money:
        """From a PHH hand's ``currency_symbol`` or ``currency`` field.

        >>> Money.of_fields({"currency": "USD"}, 100).format(5)
        '$0.05'
        """
        symbol = fields.get("currency_symbol")
        if not isinstance(symbol, str):
            code = fields.get("currency")
            symbol = CURRENCY_SYMBOLS.get(code, f"{code} ") if isinstance(code, str) else ""
        return cls(symbol[:8], scale)


CHIPS = Money()

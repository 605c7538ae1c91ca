"""The games the engine deals, named by PHH's variant codes: no-limit hold'em ("NT") and
pot-limit Omaha ("PO"). What differs between them is written here once: hole cards dealt,
whether hands use exactly two of them, and whether bets are capped at the pot.
"""

from __future__ import annotations

from enum import StrEnum


class Variant(StrEnum):
    """The game a hand is dealt in; the values are PHH's variant codes.

    >>> Variant.POT_LIMIT_OMAHA.hole_cards, Variant.POT_LIMIT_OMAHA.pot_limit
    (4, True)
    >>> Variant("NT").label
    "No-limit hold'em"
    """

    NO_LIMIT_HOLDEM = "NT"
    POT_LIMIT_OMAHA = "PO"

    @property
    def hole_cards(self) -> int:
        """Cards dealt to each player: Omaha four (exactly two of them play), hold'em two."""
        return 4 if self is Variant.POT_LIMIT_OMAHA else 2

    @property
    def omaha(self) -> bool:
        """Hands use exactly two hole cards and three board cards."""
        return self is Variant.POT_LIMIT_OMAHA

    @property
    def pot_limit(self) -> bool:
        """No bet or raise may exceed the pot (after the call): see betting.py."""
        return self is Variant.POT_LIMIT_OMAHA

    @property
    def label(self) -> str:
        return "Pot-limit Omaha" if self is Variant.POT_LIMIT_OMAHA else "No-limit hold'em"

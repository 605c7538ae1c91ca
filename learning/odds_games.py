"""The games the odds page counts, each one entry: its hole cards, whether the pot is split
high and low, the sentence that says how a hand plays, and the names of its two counts.

Hold'em and four-card Omaha high are counted by ``evaluator.hand_equity`` and
``evaluator.omaha_hand_equity`` (wins and ties); five-card Omaha and the hi/lo games by
``evaluator.hi_lo_equity.pot_shares``, whose counts are scoops (the whole pot) and parts
(half the pot, a quarter, a split): a hi/lo "win" is not one thing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from evaluator import Card, evaluate, evaluate_omaha
from evaluator.low import evaluate_omaha_low
from evaluator.short_deck import ShortDeckOrder, evaluate_short_deck


@dataclass(frozen=True)
class OddsGame:
    label: str
    hole_cards: int
    high_low: bool = False
    method: str = ""  # how a hand plays, before the counting sentence
    counts: tuple[str, str] = ("Win", "Tie")
    short_deck: bool = False  # the 36 cards six up, short deck's order (``order=trips``)

    @property
    def omaha(self) -> bool:
        return self.hole_cards > 2

    @property
    def split_counted(self) -> bool:
        """Counted as shares of the pot (five cards, hi/lo), not as wins and ties."""
        return self.high_low or self.hole_cards == 5


_TWO = "each hand plays exactly two of its {n} cards with three from the board."
_LOW = (" Half of each pot goes to the best high, half to the best low of five different "
        "ranks eight or lower (the whole pot to the high when no hand has one).")
ODDS_GAMES: Final = {
    "holdem": OddsGame("Hold'em", 2),
    "omaha": OddsGame("Omaha", 4, method="Omaha: " + _TWO.format(n="four") + " "),
    "omaha-hilo": OddsGame("Omaha hi/lo", 4, True, "Omaha hi/lo: " + _TWO.format(n="four")
                           + _LOW + " ", ("Scoop", "Part")),
    "omaha5": OddsGame("Five-card Omaha", 5, False, "Five-card Omaha: "
                       + _TWO.format(n="five") + " ", ("Win", "Split")),
    "omaha5-hilo": OddsGame("Five-card Omaha hi/lo", 5, True, "Five-card Omaha hi/lo: "
                            + _TWO.format(n="five") + _LOW + " ", ("Scoop", "Part")),
    "shortdeck": OddsGame("Short deck (6+)", 2, method="Short deck: the board comes from the "
                          "36 cards six up; a flush beats a full house, A-6-7-8-9 is the "
                          "lowest straight, and ", short_deck=True),
}
"""The odds page's games by their query value (``?game=omaha-hilo``)."""


def order_words(order: ShortDeckOrder) -> str:
    """The end of short deck's method sentence: which of three of a kind and a straight wins."""
    if order is ShortDeckOrder.TRIPS_OVER_STRAIGHT:
        return "three of a kind beats a straight (order=trips). "
    return "a straight beats three of a kind. "


def made_hand(game: OddsGame, cards: list[Card], board: list[Card],
              order: ShortDeckOrder = ShortDeckOrder.STRAIGHT_OVER_TRIPS) -> str:
    """The hand made on the board so far ("Pair of aces"; in hi/lo with its low; in short
    deck by its ``order``), or nothing before the flop.

    >>> made_hand(ODDS_GAMES["omaha-hilo"], [Card(c) for c in ("As", "2d", "Kc", "Kd")],
    ...           [Card(c) for c in ("3h", "5c", "8s")])
    'Pair of kings, eight-five-three; 8-5-3-2-A low'
    """
    if len(board) < 3:
        return ""
    if game.short_deck:
        return evaluate_short_deck(cards + board, order).describe()
    if not game.omaha:
        return evaluate(cards + board).describe()
    if game.hole_cards == 4:
        high = evaluate_omaha(cards, board)
    else:
        from itertools import combinations

        high = max((evaluate_omaha(list(four), board) for four in combinations(cards, 4)),
                   key=lambda value: value.strength)
    low = evaluate_omaha_low(cards, board) if game.high_low else None
    return high.describe() + (f"; {low.describe()}" if low else "")

"""The games the engine deals, each one declaration (``Game``) in one registry (``GAMES``).

A game says what differs between poker games and nothing else: its deck, the hole cards
dealt and how many of them a hand must use, the board each street deals, the betting
structure, the ranking that splits the pot, its PHH variant code and its name for people.
Every rule module reads these fields; none asks which game it is. A new game is a new
declaration here, plus a rule module only for what it truly adds.

>>> game_by_code("PO").hole_cards, game_by_code("PO").hole_cards_used
(4, 2)
>>> [game.code for game in GAMES.values()]
['NT', 'PO', 'FT', 'NS', 'PO/8', 'PO5', 'PO5/8']

PHH codes are PHH's own where PHH has the game ("NT", "PO", "FT", "NS"). PHH names no
pot-limit Omaha hi/lo and no five-card Omaha: the site's codes for them follow PHH's naming
(its fixed-limit Omaha hi/lo is "FO/8"): "PO/8" pot-limit Omaha hi/lo eight-or-better, "PO5"
five-card pot-limit Omaha, "PO5/8" five-card pot-limit Omaha hi/lo. Hands exported in them
read back here; other PHH tools do not know them.
>>> FIXED_LIMIT_HOLDEM.betting.street_bet(3, big_blind=10)   # the river: the big bet
20
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Final

from evaluator.cards import DECK

STANDARD_DECK: Final = tuple(str(card) for card in DECK)
"""The 52 cards in the evaluator's id order ("2c", "2d", ... "As")."""

SHORT_DECK_CARDS: Final = tuple(card for card in STANDARD_DECK if card[0] not in "2345")
"""The 36 cards from six up, in id order ("6c", "6d", ... "As")."""

HOLDEM_BOARD: Final = (3, 1, 1)
"""The board cards dealt on the flop, the turn and the river, each after a burn."""


CODE_LENGTH: Final = 5
"""The longest game code ("PO5/8"); the database's column holds this many characters."""


class Limit(StrEnum):
    """How big a bet or raise may be."""

    NO_LIMIT = "no-limit"  # anything from the minimum to the whole stack
    POT_LIMIT = "pot-limit"  # at most the pot after calling (betting.pot_limit)
    FIXED_LIMIT = "fixed-limit"  # exactly the street's bet (small, then big), capped


@dataclass(frozen=True)
class Betting:
    """A game's betting structure.

    ``bet_sizes`` (fixed limit only): each street's bet in big blinds, preflop first (the
    small bet is one big blind, the big bet two). ``raise_cap`` (fixed limit only): how many
    bets and raises a street allows, all-in ones included; the blinds are not counted, as
    pokerkit counts them (so preflop the cap is reached at five big blinds).

    >>> Betting(Limit.FIXED_LIMIT, bet_sizes=(1, 1, 2, 2), raise_cap=4).street_bet(0, 2)
    2
    >>> Betting().street_bet(2, big_blind=2)   # no limit: the minimum bet, the big blind
    2
    """

    limit: Limit = Limit.NO_LIMIT
    bet_sizes: tuple[int, ...] = ()
    raise_cap: int | None = None

    def __post_init__(self) -> None:
        fixed = self.limit is Limit.FIXED_LIMIT
        if fixed != bool(self.bet_sizes) or (self.raise_cap is not None and not fixed):
            raise ValueError("Only a fixed-limit game has bet sizes and a raise cap.")

    def street_bet(self, street: int, big_blind: int) -> int:
        """The street's bet (``street``: 0 preflop, 1 flop...): a fixed-limit game's small
        or big bet, otherwise the smallest bet, one big blind."""
        if self.bet_sizes:
            return self.bet_sizes[street] * big_blind
        return big_blind


class Ranking(StrEnum):
    """The order of hands that splits the pot."""

    HIGH = "high"  # the usual order of five-card hands, best hand wins
    HIGH_LOW = "high-low"  # half to the best high, half to the best eight-or-better low
    # Short deck (36 cards): a flush beats a full house, A-6-7-8-9 is the lowest straight
    # (evaluator/short_deck.py); a straight beats three of a kind, as pokerkit and Triton
    # have it, or under the table setting some rooms play, three of a kind beats a straight.
    SHORT_DECK = "short-deck"
    SHORT_DECK_TRIPS = "short-deck-trips"


class ForcedBets(StrEnum):
    """Who posts before the cards besides the antes (the table's ante from everyone)."""

    BLINDS = "blinds"  # a small and a big blind left of the button (heads-up: the button small)
    BUTTON_BLIND = "button"  # the button alone posts, the big blind's amount (short deck)


@dataclass(frozen=True)
class Game:
    """One poker game as the engine deals it.

    ``hole_cards_used``: None when a hand is the best five of the hole cards and the board
    in any mix (hold'em); a number when exactly that many hole cards must play (Omaha: 2).
    ``board``: the cards each street after preflop deals, each after a burn (the engine
    deals a flop, a turn and a river; other shapes are refused here). ``code`` is PHH's
    variant code, the value stored with every hand. ``rules``: the game in a sentence or two
    for someone meeting it at the table (games/house_rules.py shows it there).

    >>> NO_LIMIT_HOLDEM.label, NO_LIMIT_HOLDEM.betting.limit.value
    ("No-limit hold'em", 'no-limit')
    """

    code: str
    label: str
    hole_cards: int
    hole_cards_used: int | None = None
    deck: tuple[str, ...] = STANDARD_DECK
    board: tuple[int, ...] = HOLDEM_BOARD
    betting: Betting = Betting()
    ranking: Ranking = Ranking.HIGH
    rules: str = ""
    forced_bets: ForcedBets = ForcedBets.BLINDS
    rankings: tuple[Ranking, ...] = ()

    def __post_init__(self) -> None:
        if not self.rankings:
            object.__setattr__(self, "rankings", (self.ranking,))
        if self.ranking not in self.rankings:
            raise ValueError(f"{self.label}: ranked {self.ranking.value}, which it does not offer.")
        if len(self.code) > CODE_LENGTH:
            raise ValueError(f"{self.label}: a code has at most {CODE_LENGTH} characters.")
        if self.board != HOLDEM_BOARD:
            raise ValueError(f"{self.label}: the engine deals boards of a flop, turn, river.")
        if not 1 <= self.hole_cards <= 6:
            raise ValueError(f"{self.label}: one to six hole cards, not {self.hole_cards}.")
        used = self.hole_cards_used
        if used is not None and not 1 <= used <= min(self.hole_cards, 5):
            raise ValueError(f"{self.label}: {used} of {self.hole_cards} hole cards cannot play.")
        if len(set(self.deck)) != len(self.deck) or not set(self.deck) <= set(STANDARD_DECK):
            raise ValueError(f"{self.label}: a deck is distinct cards of the standard deck.")

    def ranked(self, ranking: Ranking) -> Game:
        """The game under another of its rankings (a table setting; the config stores it).

        >>> SHORT_DECK_HOLDEM.ranked(Ranking.SHORT_DECK_TRIPS).ranking.value
        'short-deck-trips'
        >>> NO_LIMIT_HOLDEM.ranked(Ranking.SHORT_DECK)
        Traceback (most recent call last):
        ...
        ValueError: No-limit hold'em is not played ranked short-deck.
        """
        if ranking not in self.rankings:
            raise ValueError(f"{self.label} is not played ranked {ranking.value}.")
        return self if ranking is self.ranking else replace(self, ranking=ranking)

    @property
    def button_blind(self) -> bool:
        """Only the button posts a blind (the big blind's amount)."""
        return self.forced_bets is ForcedBets.BUTTON_BLIND

    @property
    def pot_limit(self) -> bool:
        """No bet or raise may exceed the pot after calling."""
        return self.betting.limit is Limit.POT_LIMIT

    @property
    def fixed_limit(self) -> bool:
        """Every bet and raise is the street's bet, and a street's raises are capped."""
        return self.betting.limit is Limit.FIXED_LIMIT

    @property
    def max_players(self) -> int:
        """How many players one deck deals: every hole card, the board and a burn before
        each street (five-card Omaha: 8, as (52 - 8) // 5).

        >>> NO_LIMIT_HOLDEM.max_players, FIVE_CARD_OMAHA.max_players
        (22, 8)
        """
        return (len(self.deck) - sum(self.board) - len(self.board)) // self.hole_cards

    @property
    def high_low(self) -> bool:
        """Each pot is split between the best high hand and the best eight-or-better low."""
        return self.ranking is Ranking.HIGH_LOW


NO_LIMIT_HOLDEM: Final = Game(
    "NT", "No-limit hold'em", hole_cards=2,
    rules="Two hole cards each and five on the board: your hand is the best five of the "
    "seven, in any mix. A bet may be anything from the big blind to all your chips.",
)
POT_LIMIT_OMAHA: Final = Game(
    "PO", "Pot-limit Omaha", hole_cards=4, hole_cards_used=2, betting=Betting(Limit.POT_LIMIT),
    rules="Four hole cards each, and your hand uses exactly two of them with exactly three "
    "of the board (four hearts in your hand and one on the board is no flush). A bet or "
    "raise may be at most the pot.",
)
FIXED_LIMIT_HOLDEM: Final = Game(
    "FT", "Fixed-limit hold'em", hole_cards=2,
    betting=Betting(Limit.FIXED_LIMIT, bet_sizes=(1, 1, 2, 2), raise_cap=4),
    rules="Hold'em's cards, with every bet one size: a big blind before the flop and on it, "
    "two on the turn and the river, and at most four bets and raises a street.",
)

SHORT_DECK_HOLDEM: Final = Game(
    "NS", "No-limit short-deck hold'em", hole_cards=2, deck=SHORT_DECK_CARDS,
    ranking=Ranking.SHORT_DECK, rankings=(Ranking.SHORT_DECK, Ranking.SHORT_DECK_TRIPS),
    forced_bets=ForcedBets.BUTTON_BLIND,
    rules="Hold'em with the deuces to fives taken out (36 cards): everyone antes and the "
    "button posts a blind; a flush beats a full house, and A-6-7-8-9 is the lowest straight.",
)
HI_LO_RULES = ("the pot is split: half to the best high hand, half to the best low of five "
               "different cards eight or lower (straights and flushes do not count against "
               "a low, A-2-3-4-5 is the best); with no such low the high takes it all, and a "
               "hand may win both halves.")
POT_LIMIT_OMAHA_HI_LO: Final = Game(
    "PO/8", "Pot-limit Omaha hi/lo", hole_cards=4, hole_cards_used=2,
    betting=Betting(Limit.POT_LIMIT), ranking=Ranking.HIGH_LOW,
    rules="Omaha's four hole cards, exactly two of them with three from the board, for each "
    "half; " + HI_LO_RULES,
)
FIVE_CARD_OMAHA: Final = Game(
    "PO5", "Five-card pot-limit Omaha", hole_cards=5, hole_cards_used=2,
    betting=Betting(Limit.POT_LIMIT),
    rules="Omaha with five hole cards each: your hand still uses exactly two of them with "
    "exactly three from the board; pot limit. At most eight players (one deck).",
)
FIVE_CARD_OMAHA_HI_LO: Final = Game(
    "PO5/8", "Five-card pot-limit Omaha hi/lo", hole_cards=5, hole_cards_used=2,
    betting=Betting(Limit.POT_LIMIT), ranking=Ranking.HIGH_LOW,
    rules="Five hole cards each, exactly two of them with three from the board for each "
    "half; " + HI_LO_RULES,
)

GAMES: Final[dict[str, Game]] = {
    game.code: game for game in (
        NO_LIMIT_HOLDEM, POT_LIMIT_OMAHA, FIXED_LIMIT_HOLDEM, SHORT_DECK_HOLDEM,
        POT_LIMIT_OMAHA_HI_LO, FIVE_CARD_OMAHA, FIVE_CARD_OMAHA_HI_LO,
    )
}
"""Every game the site deals, by PHH code, in the order people are offered them."""


def game_by_code(code: str) -> Game:
    """The game a PHH code names; KeyError for one the engine does not deal.

    >>> game_by_code("FT").label
    "Fixed-limit hold'em"
    """
    return GAMES[code]

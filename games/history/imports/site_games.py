"""The games a site's hand history may name, and the engine's answer to each: every reader
asks here, so the refusal of a game the engine does not play reads the same for every site.

Site texts are read for no-limit hold'em ("NT") and four-card pot-limit Omaha high ("PO")
of the engine's games (``games/engine/games.py``), PokerStars' "6+ Hold'em No Limit" as
short deck ("NS", read in stars_text.py), and PokerStars texts also for pot-limit Omaha
hi/lo and five-card pot-limit Omaha (and its hi/lo) by PokerStars' names (``STARS_GAMES``).
Sites also write games it does not read; each is refused with the game's own name and the
reason, e.g. "unsupported game (Pot Limit OmahaHL); the engine plays Omaha hi/lo from
PokerStars texts only". The names below are the ones real files use
(PokerStars, GGPoker, Full Tilt, iPoker, PartyPoker, PokerNow, Winamax, 888:
tests/history/data).
"""

from __future__ import annotations

import re

from games.engine import PHHError
from games.engine.games import (
    FIVE_CARD_OMAHA,
    FIVE_CARD_OMAHA_HI_LO,
    NO_LIMIT_HOLDEM,
    POT_LIMIT_OMAHA,
    POT_LIMIT_OMAHA_HI_LO,
    SHORT_DECK_HOLDEM,
    Game,
)

HOLDEM = NO_LIMIT_HOLDEM
OMAHA = POT_LIMIT_OMAHA
SHORT_DECK = SHORT_DECK_HOLDEM  # PokerStars' "6+ Hold'em No Limit" (stars_text.py) only
STARS_GAMES: dict[str, Game] = {
    "Omaha Hi/Lo Pot Limit": POT_LIMIT_OMAHA_HI_LO,
    "5 Card Omaha Pot Limit": FIVE_CARD_OMAHA,
    "5 Card Omaha Hi/Lo Pot Limit": FIVE_CARD_OMAHA_HI_LO,
}
"""PokerStars texts of these games are read too, by PokerStars' exact names (its files and
the site's own export); other sites' texts of them are refused as below."""


def stars_game(game: str) -> Game | None:
    """The game of PokerStars' name for it on a hand's first line (stakes or a tournament's
    buy-in around it), for the Omahas of ``STARS_GAMES``; None for any other name.

    >>> stars_game("Omaha Hi/Lo Pot Limit ($0.05/$0.10 USD)").code
    'PO/8'
    >>> stars_game("Tournament #1, 5+0.50 5 Card Omaha Hi/Lo Pot Limit").code
    'PO5/8'
    >>> stars_game("Omaha Pot Limit (1/2)") is None
    True
    """
    for name in sorted(STARS_GAMES, key=len, reverse=True):  # "5 Card Omaha..." first
        if re.search(rf"(?:^|[\s(]){re.escape(name)}(?:$|[\s)])", game):
            return STARS_GAMES[name]
    return None

# "Omaha Hi/Lo", "Omaha H/L", "Hi-Lo", "8 or better", "PLO8", "O8", "Omaha Hi-Lo".
HI_LO = re.compile(r"hi\s*[/-]\s*lo|\bH/?L\b|8 or better|\bO8\b|\bPLO-?8\b|\bOmaha ?(?:8|HL)\b",
                   re.I)
# Omaha dealt five or six cards, or with a card of the flop dealt face up first.
MORE_CARDS = re.compile(r"\b[5-7][ -]?Cards?\b|\b(?:PLO|Omaha)-? ?[5-7]\b|\b[5-7]CPLO\b"
                        r"|Courchevel|\bBig O\b", re.I)
# Full Tilt's capped tables: "$2,000 Cap Pot Limit Omaha Hi", "$400 Pot Limit Omaha Hi".
CAPPED = re.compile(r"\bCap\b|^\$[\d,]+ Pot Limit", re.I)
OMAHA_WORDS = re.compile(r"Omaha|\bPLO|\bO8\b|Courchevel|\bBig O\b", re.I)
POT_LIMIT_WORDS = re.compile(r"Pot[ -]?Limit|\bPL\b|\bPLO\b", re.I)
NOT_POT_LIMIT = re.compile(r"No[ -]?Limit|Fixed[ -]?Limit|\bNL\b|\bFL\b|\bLimit\b(?<!Pot Limit)"
                           r"|postflop", re.I)


def omaha_problem(game: str) -> str | None:
    """Why the engine cannot replay a hand of ``game`` (a site's name for an Omaha game),
    None when it is four-card pot-limit Omaha high, the Omaha every reader reads (PokerStars'
    hi/lo and five-card Omaha are read by their own names: ``stars_game``).

    >>> omaha_problem("Omaha Pot Limit"), omaha_problem("PLO"), omaha_problem("Pot Limit Omaha Hi")
    (None, None, None)
    >>> omaha_problem("Pot Limit OmahaHL")
    'the engine plays Omaha hi/lo from PokerStars texts only'
    >>> omaha_problem("FL Omaha H/L")
    'the engine plays Omaha hi/lo pot-limit only'
    >>> omaha_problem("PLO-5")
    'the engine deals four-card Omaha only, or five-card from PokerStars texts'
    >>> omaha_problem("Omaha Fixed Limit")
    'the engine plays Omaha pot-limit only'
    """
    if HI_LO.search(game):
        if NOT_POT_LIMIT.search(game) or not POT_LIMIT_WORDS.search(game):
            return "the engine plays Omaha hi/lo pot-limit only"
        return "the engine plays Omaha hi/lo from PokerStars texts only"
    if MORE_CARDS.search(game):
        return "the engine deals four-card Omaha only, or five-card from PokerStars texts"
    if NOT_POT_LIMIT.search(game) or not POT_LIMIT_WORDS.search(game):
        return "the engine plays Omaha pot-limit only"
    if CAPPED.search(game):
        return "the engine plays pot-limit Omaha without a cap"
    return None


def is_omaha(game: str) -> bool:
    """Whether a site's name of a game names an Omaha game (any of them).

    >>> is_omaha("Omaha Hi/Lo Pot Limit"), is_omaha("PLO-5"), is_omaha("Hold'em No Limit")
    (True, True, False)
    """
    return bool(OMAHA_WORDS.search(game))


def is_pot_limit_omaha(game: str) -> bool:
    """Whether a site's name of a game is four-card pot-limit Omaha high.

    >>> [is_pot_limit_omaha(g) for g in ("Omaha Pot Limit", "PLO", "Omaha Hi/Lo Pot Limit")]
    [True, True, False]
    """
    return is_omaha(game) and omaha_problem(game) is None


def why_not(game: str) -> str:
    """Why the engine cannot replay a hand of ``game``, a game it does not play.

    >>> why_not("Courchevel Pot Limit")
    'the engine deals four-card Omaha only, or five-card from PokerStars texts'
    >>> why_not("Razz")
    "only no-limit hold'em and pot-limit Omaha can be replayed"
    """
    if is_omaha(game):
        problem = omaha_problem(game)
        if problem is not None:
            return problem
    return "only no-limit hold'em and pot-limit Omaha can be replayed"


def refused(where: str, game: str) -> PHHError:
    """The error refusing a hand of a game the engine does not play, naming the game.

    >>> str(refused("Hand #7", "Razz"))
    "Hand #7: unsupported game (Razz); only no-limit hold'em and pot-limit Omaha can be replayed."
    """
    return PHHError(f"{where}: unsupported game ({game}); {why_not(game)}.")

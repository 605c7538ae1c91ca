"""The lines of a PokerStars file, by kind: what the reader understands, what it ignores on
purpose, and why each ignored line changes no amount of the hand.

Ignored on purpose (``is_noise``), each seen in real files:

- chat: ``Name said, "..."``;
- the table coming and going: joins, leaves, "is disconnected", "is connected", "has
  returned", "sits out", "is sitting out" (a tournament player marked so is still dealt in
  and folds, on a line of its own), "will be allowed to play after the button", "was removed
  from the table for failing to post";
- the clock: "has timed out" (the fold or check it causes has its own line), "has N seconds
  left to act", "has requested TIME";
- tournament news: finishing places and prizes, the winner's line, re-buys and add-ons
  (between hands: the next hand's stack holds them), bounties won (or split) for eliminating
  a player (paid from the prize pool, not from the pot);
- a converted file's "Table deposit" (chips added for the next hand);
- the archive's separator ``*********** # 12 **************`` (``split_hands`` drops it);
- a hi/lo hand's "No low hand qualified" (the collected lines say who was paid what, and
  the replay splits the pot by the same rule).

"cashed out the hand" (2025): PokerStars' all-in cash-out pays the player from the site,
not from the pot, which is played out and paid as usual; so the pot's figures still
reconcile and the line is read as a note (``CASHED_OUT``).
"""

from __future__ import annotations

import re

from evaluator.cards import CARD_PATTERN

HEADER = re.compile(r"^PokerStars (?:Home Game |Zoom )?(?:Hand|Game) #(\d+):")
ARCHIVE_SEPARATOR = re.compile(r"^\*{3,} ?# ?\d+ ?\*{3,}$")
STAKES = re.compile(r"([^\s(/]+)/((?:[^\s()/,]|,(?=\d))+)(?: [A-Z]{3})?\)")
# PokerStars' short-deck hold'em: "6+ Hold'em No Limit (Button Blind $0.25 - Ante $0.25 USD)".
SIX_PLUS = re.compile(r"(?<![\w+])6\+\sHold'em\sNo\sLimit\b")
BUTTON_STAKES = re.compile(r"\(Button\sBlind\s(\S+)\s-\sAnte\s(\S+?)(?:\s+[A-Z]{3})?\)")
# Games PokerStars names "Hold'em No Limit" that the engine does not play.
OTHER_HOLDEM = re.compile(r"(?:6\+|Split|Short Deck) Hold'em")
# PokerStars' "Omaha Pot Limit" (also "Mixed NLH/PLO (Omaha Pot Limit, ...)"), GGPoker's
# "PLO" too; "5 Card Omaha Pot Limit", "PLO-5" and hi/lo are other games (site_games).
POT_LIMIT_OMAHA = re.compile(r"(?<![\w/-])(?:Omaha Pot Limit|PLO)(?![\w/-])")
CAPPED = re.compile(r" - (\S+) Cap - ")
TABLE = re.compile(
    r"^Table '(.*)' (?:(\d+)-max )?(?:\(Play Money\) )?Seat #(\d+) is the button"
)
SEAT = re.compile(r"^Seat (\d+): (.+?) \(([^()]*?) in chips(?:[^()]*)\)(.*)$")
BOARD = re.compile(r"^\*\*\* (FLOP|TURN|RIVER) \*\*\* (?:\[[^\]]*\] )?\[([^\]]+)\]")
# A board run more than once (or a double board): "*** SECOND RIVER *** [..] [5h]", and each
# board's showdown, "*** SECOND SHOW DOWN ***".
RUN_NAMES = ("FIRST", "SECOND", "THIRD", "FOURTH")
RUN_SECTION = re.compile(
    r"^\*\*\* (FIRST|SECOND|THIRD|FOURTH) (FLOP|TURN|RIVER|SHOW ?DOWN) \*\*\*")
# A summary seat line of a hand run twice names a win per board: "won ($5.03) with ...,
# and lost with ..., and won ($5.02) with ...".
SEAT_NUMBER = re.compile(r"^Seat (\d+): ")
WON_EACH = re.compile(r"\b(?:won|collected) \((\S+?)\)")
MONEY = re.compile(r"^[$€£₹]?([0-9][0-9,]*(?:\.[0-9]+)?)$")
# Cards as shown: two (hold'em) or four (Omaha); HM1 writes a hidden one "X" or "XX".
_SHOWN_CARD = rf"(?:{CARD_PATTERN}|X|XX|\?\?)"
SHOWN = re.compile(rf"\[((?:{_SHOWN_CARD} )+{_SHOWN_CARD})\]")
SHOWN_ONE = re.compile(rf"\[({CARD_PATTERN})\]")  # GGPoker: one card shown, one kept
DEALT = re.compile(rf"^Dealt to (.+?) \[((?:{CARD_PATTERN} )+{CARD_PATTERN})\]")
UNCALLED = re.compile(r"^Uncalled bet \((.+)\) returned to (.+)$")
COLLECTED = re.compile(r"^(.+) collected (\S+) from (?:main |side )?pot(?:-\d+)?\s*$")
CASHED_OUT = re.compile(r"^(.+) cashed out the hand for (\S+) \| Cash Out Fee (\S+)$")
TOTAL = re.compile(r"^Total pot (\S+)(?:\s.*?\| Rake (\S+))?")
# GGPoker's summary names what it keeps besides the rake: "| Jackpot $0.1 | Bingo $0 |
# Fortune $0 | Tax $0", each taken from the pot before the winners collect.
FEE = re.compile(r"\| (Jackpot|Bingo|Fortune|Tax) (\S+)")
# GGPoker's "Dealt to 4b92a21c " for every player dealt in whose cards the file hides.
DEALT_FACE_DOWN = re.compile(r"^Dealt to \S.*$")
SUMMARY_WON = re.compile(
    r"^Seat \d+: (.+?) (?:\([^)]*\) )*(?:collected|showed \[[^\]]*\] and won|"
    r"mucked \[[^\]]*\] and won|won) \((\S+)\)"
)
SUMMARY_CARDS = re.compile(
    r"^Seat \d+: (.+?) (?:\([^)]*\) )*(?:showed|mucked) \[((?:\S\S )+\S\S)\]"
)
# The summary names the big blind's seat even when its player posted none (all-in for less
# on the ante): "Seat 9: p9 (big blind) showed [...]".
SUMMARY_BIG_BLIND = re.compile(r"^Seat \d+: (.+?) (?:\(button\) )?\(big blind\)")
ALL_IN = " and is all-in"

_NOISE = re.compile(
    r'^.+? said, ".*"$'
    r"|^.+ (?:joins the table at seat #\d+|leaves the table|is disconnected|is connected"
    r"|has returned|sits out|is sitting out|will be allowed to play after the button"
    r"|was removed from the table for failing to post"
    r"|has timed out(?: while (?:being )?disconnected)?|has \d+ seconds left to act"
    r"|has requested TIME)$"
    r"|^.+ finished the tournament(?: in \d+(?:st|nd|rd|th) place)?(?: and received .+)?$"
    r"|^.+ wins the tournament(?: and receives .+)?$"
    r"|^.+ (?:re-buys|takes the add-on) and receives \S+ chips for .+$"
    r"|^.+ wins (?:the )?\S+ (?:bounty )?for eliminating .+$"
    r"|^.+ split the \S+ bounty for eliminating .+$"
    r"|^.+: Table deposit \S+$"
    r"|^No low hand qualified$"
)
# What a player's line may say after "Name: " without changing the hand.
QUIET_ACTIONS = (
    "doesn't show hand", "is sitting out", "sits out", "is disconnected", "is connected",
    "has timed out", "has returned",
)


def is_noise(line: str) -> bool:
    """A line ignored on purpose (see the module docstring).

    >>> is_noise('Hero said, "nh"'), is_noise("Jo wins the $0.25 bounty for eliminating Al")
    (True, True)
    >>> is_noise("Jo: raises 20 to 40"), is_noise("Jo collected 40 from pot")
    (False, False)
    """
    return bool(_NOISE.match(line))

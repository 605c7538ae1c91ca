"""GGPoker text (and its Natural8 skin's, which is the same), read by the PokerStars reader.

GGPoker writes PokerStars' shape with its own first line and a few lines of its own:

- ``Poker Hand #HD2959489733: Hold'em No Limit ($0.05/$0.1) - 2026/07/19 19:14:36``; the
  number's letters name the game (HD, RC: Rush & Cash, TM: tournament...). The time has no
  zone: it is read as Eastern Time, as the trackers read it (fpdb's GGPoker importer does).
- ``Dealt to 4b92a21c`` for every player dealt in, cards hidden but the hero's; players are
  anonymous hex names, the hero is "Hero".
- ``*** SHOWDOWN ***``; the summary's ``Seat 8: fd98a38c won (3,350)``.
- ``Total pot $3.83 | Rake $0.18 | Jackpot $0.1 | Bingo $0 | Fortune $0 | Tax $0``: the
  jackpot and the rest are taken from the pot like the rake (``stars_check``).
- All-in insurance: ``Hero: Chooses to EV Cashout``, ``Hero: Pays Cashout Risk ($0.77)``,
  ``Hero: Receives Cashout ($12)``; its 2020 Omaha tables' ``get an all-in insurance
  (premium ...)`` and ``pay premium of all-in insurance ($4)``. The pot is played out and
  paid as written; the site settles the insurance outside it, so these lines change no
  amount of the hand.
- Pot-limit Omaha as ``Omaha Pot Limit`` or ``PLO`` (four hole cards); ``PLO-5`` and
  "Omaha (NL postflop)" are refused as other games (``site_games``).

Refused with a sentence: a "Cash Drop to Pot" (the site adds money no player put in, which
the engine cannot replay) and, as for PokerStars, hands run two or three times.
"""

from __future__ import annotations

import re
from functools import partial

from games.history.imports.site_format import SiteFormat, first_line
from games.history.stars.fields import Dialect
from games.history.stars.text import looks_like_pokerstars, read_hand, split_hands

HEADER = re.compile(r"^Poker Hand #([A-Z]{0,4}\d+):")
NOISE = re.compile(
    r"^.+: (?:Chooses to EV Cashout|Pays Cashout Risk \(\S+\)|Receives Cashout \(\S+\)"
    r"|get an all-in insurance \(.*\)|pay premium of all-in insurance \(\S+\))$"
)
REFUSED = (
    (re.compile(r"^Cash Drop to Pot\b"),
     "the site dropped money into the pot that no player bet, which cannot be replayed"),
)
GGPOKER_TEXT = Dialect("GGPoker", HEADER, "Poker Hand #", NOISE, REFUSED)


def hand_number(text: str) -> str:
    """The number in a GGPoker hand's first line ("?" when it has none).

    >>> hand_number("Poker Hand #TM599808286: Tournament #25313424"), hand_number("x")
    ('TM599808286', '?')
    """
    match = HEADER.match(first_line(text))
    return match.group(1) if match else "?"


GGPOKER = SiteFormat(
    source="ggpoker",
    site="GGPoker",
    owns=partial(looks_like_pokerstars, dialect=GGPOKER_TEXT),
    split=partial(split_hands, dialect=GGPOKER_TEXT),
    read=partial(read_hand, dialect=GGPOKER_TEXT),
    number=hand_number,
)

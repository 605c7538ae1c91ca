"""Winamax text, rewritten line for line into PokerStars' words and read by its reader.

Winamax's own shape (cash games, Go Fast, tournaments; times in UTC)::

    Winamax Poker - CashGame - HandId: #910116-28-1298310000 - Holdem no limit
        (0.02€/0.05€) - 2011/02/21 20:12:00 UTC       [one line in the file]
    Table: 'Joue-les-Tours' 9-max (real money) Seat #4 is the button
    Seat 1: Player1 (1.60€)
    *** ANTE/BLINDS ***
    Player5 posts small blind 0.02€
    Dealt to Hero [Kd Kh]
    *** PRE-FLOP ***
    Hero raises 0.10€ to 0.15€
    *** TURN *** [Qc 5d Qh][Ks]
    Hero collected 4.34€ from side pot 1
    *** SUMMARY ***
    Total pot 12.90€ | Rake 0.80€
    Seat 7: Hero showed [Kd Kh] and won 4.34€ with Full of Kings and Queens

Pot-limit Omaha (``Omaha pot limit``, four hole cards) is read as PokerStars' "Omaha Pot
Limit". Each line becomes one PokerStars line (``Name: raises €0.10 to €0.15``, ``Rake 0`` for "No
rake", ``won (€4.34)``), so a refusal names the line of the Winamax file. Tournaments write
the ante first in the stakes, ``(15/75/150)``, and post it on a line of its own; a bounty in
a seat line (``(18694, 9€ bounty)``) is paid from the prize pool, not the pot, and is left
out. Tournament totals rounded to thousands (``Total pot 1.32k``) cannot be checked and are
not; the amounts collected still are. Winamax writes no "Uncalled bet" line, and the amount
a player "collected" holds the bet that came back to them: the replay returns what nobody
called, and the collected amounts are checked against what it pays plus what it returns.
"""

from __future__ import annotations

import re

from games.engine import PHHError
from games.history.imports.site_format import SiteFormat, SiteHand, first_line
from games.history.imports.site_games import refused
from games.history.stars.fields import Dialect
from games.history.stars.text import looks_like_pokerstars, read_lines, split_hands

HEADER = re.compile(r"^Winamax Poker - .*?HandId: #([\d-]+) - ")
FIRST = re.compile(
    r"^(?P<head>Winamax Poker - .*?HandId: #[\d-]+) - (?P<game>.+) "
    r"\((?P<stakes>[^()]+)\) - (?P<when>\d{4}/\d\d/\d\d \d\d?:\d\d:\d\d(?: UTC)?)$"
)
# "Seat #4 is the button"; one 2012 file writes "Seat 0000005 is the button".
TABLE = re.compile(r"^Table: '(.*)' (\d+)-max (?:\([^)]*\) )*Seat #?0*(\d+) is the button$")
SEAT = re.compile(r"^Seat (\d+): (.+) \(([^,()]+)(?:, [^()]* bounty)?\)(.*)$")
AMOUNT = re.compile(r"(?<![\w.])(\d[\d,]*(?:\.\d+)?)€")
ACTIONS = (
    "posts ", "folds", "checks", "calls ", "bets ", "raises ", "shows ", "mucks ",
    "collected ", "denies ", "sits out", "is sitting out", "doesn't show", "does not show",
)
NOISE = re.compile(r"^.+: (?:denies big blind|denies small blind)$")
# Winamax's names of the games the engine plays, and PokerStars' (its "Omaha5", "Omaha8",
# "Omaha Hi/Lo" and "5 Card Omaha" are refused by name: site_games).
GAMES = {"holdem no limit": "Hold'em No Limit", "omaha pot limit": "Omaha Pot Limit"}
WINAMAX_TEXT = Dialect("Winamax", HEADER, "Winamax Poker - ", NOISE, uncalled_collected=True)


def euros(line: str) -> str:
    """Winamax writes the sign after the amount, PokerStars before it.

    >>> euros("Hero raises 0.10€ to 0.15€")
    'Hero raises €0.10 to €0.15'
    """
    return AMOUNT.sub(r"€\1", line)


def _who(names: list[str], line: str) -> tuple[str, str] | None:
    """(player, the rest) for "player rest", the longest seated name first."""
    for name in names:
        if line.startswith(name + " ") and line[len(name) + 1:].startswith(ACTIONS):
            return name, line[len(name) + 1:]
    return None


def translate(text: str) -> list[str]:
    """The hand's lines in PokerStars' words, one for one (PHHError for a hand that is not
    no-limit hold'em or pot-limit Omaha, or whose first lines cannot be read)."""
    lines = [line.strip() for line in text.replace("\r\n", "\n").split("\n")]
    lines = [line for line in lines if line]
    first = FIRST.match(lines[0]) if lines else None
    number = hand_number(text)
    if first is None:
        raise PHHError(f"Hand #{number}: cannot read the first line {lines[0][:120]!r}."
                       if lines else "The hand history is empty.")
    game = GAMES.get(first["game"].casefold())
    if game is None:
        raise refused(f"Hand #{number}", first["game"])
    stakes = first["stakes"].split("/")[-2:]  # tournaments write ante/small/big
    out = [f"{first['head']} - {game} ({euros(stakes[0])}/{euros(stakes[1])}) - "
           f"{first['when'].removesuffix(' UTC')} UTC"]
    names: list[str] = []
    # Who is not dealt in: a player who "denies big blind" (sits out rather than post) or
    # sits with nothing; PokerStars' words for it go on the seat line.
    absent = {line.split(" denies ", 1)[0] for line in lines if " denies " in line}
    section = "seats"
    for line in lines[1:]:
        table = TABLE.match(line)
        seat = SEAT.match(line) if section == "seats" else None
        if table:
            out.append(f"Table '{table[1]}' {table[2]}-max Seat #{table[3]} is the button")
        elif seat:
            names.append(seat[2])
            out_of_hand = seat[2] in absent or not AMOUNT.sub(r"\1", seat[3]).strip("0.")
            mark = " is sitting out" if out_of_hand else ""
            out.append(f"Seat {seat[1]}: {seat[2]} ({euros(seat[3])} in chips){seat[4]}{mark}")
        elif line.startswith("*** "):
            section = "summary" if line.startswith("*** SUMMARY") else "play"
            out.append(re.sub(r"\]\[", "] [", line))
        elif section == "summary":
            out.append(_summary(line))
        else:
            names.sort(key=len, reverse=True)
            said = _who(names, line)
            out.append(_action(*said) if said else euros(line))
    return out


def _action(name: str, rest: str) -> str:
    rest = euros(rest)
    if rest.startswith("collected "):  # "from side pot 1": PokerStars' "side pot-1"
        return f"{name} " + re.sub(r"side pot (\d+)$", r"side pot-\1", rest)
    if rest.startswith("posts ante "):
        rest = "posts the ante " + rest[len("posts ante "):]
    # A blind posted by a player who came in between the blinds: a live post all the same.
    rest = rest.removesuffix(" out of position")
    return f"{name}: {rest}"


def _summary(line: str) -> str:
    total = re.match(r"^Total pot (\S+) \| (?:Rake (\S+)|No rake)$", line)
    if total:
        pot, rake = total.groups()
        if pot.endswith("k"):  # rounded to tens of chips: nothing exact to check
            return f"Rounded total pot {pot}"
        return f"Total pot {euros(pot)} | Rake {euros(rake) if rake else '0'}"
    if line.startswith("Board: "):
        return "Board " + line[len("Board: "):]
    # "won 4.34€ with ..." and "won 6€": PokerStars brackets the amount
    return re.sub(r" won (\S+)", lambda m: f" won ({euros(m[1])})", line, count=1)


def read_hand(text: str) -> SiteHand:
    """One Winamax hand read into PHH fields (PHHError naming the line it cannot read)."""
    return read_lines(translate(text), WINAMAX_TEXT)


def hand_number(text: str) -> str:
    """The HandId in a Winamax hand's first line ("?" when it has none).

    >>> hand_number("Winamax Poker - CashGame - HandId: #910116-28-1298310000 - Holdem")
    '910116-28-1298310000'
    """
    match = HEADER.match(first_line(text))
    return match.group(1) if match else "?"


def owns(text: str) -> bool:
    return looks_like_pokerstars(text, WINAMAX_TEXT)


def split(text: str) -> list[str]:
    return split_hands(text, WINAMAX_TEXT)


WINAMAX = SiteFormat("winamax", "Winamax", owns, split, read_hand, hand_number)

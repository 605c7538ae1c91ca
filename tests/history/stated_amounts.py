"""What a hand-history file itself states of each hand's money, read with a few regular
expressions per site, written apart from the readers (games/history) and importing none of
them: the second reading the stored amounts are checked against (issue 47).

For each hand, keyed by the site's hand number, whatever the file writes out:
``collected`` (each player's takings from the pots, as the site writes them, after rake),
``returned`` (bets returned uncalled), ``pot`` and ``rake`` (the hand's totals), ``net``
(a player's result, where the site writes one). A site that writes no such line for a hand
leaves the key out; the test says which.

>>> amount("$1,234.50"), amount("3,04 $"), amount("2,100"), amount("€0.5"), amount("1 500")
(Decimal('1234.50'), Decimal('3.04'), Decimal('2100'), Decimal('0.5'), Decimal('1500'))
>>> amount("6.02k"), amount("1.183.764 $", dots=True), amount("3.060", dots=True)
(Decimal('6020.00'), Decimal('1183764'), Decimal('3060'))
"""

from __future__ import annotations

import csv
import html
import io
import re
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation


def amount(text: str, dots: bool = False) -> Decimal:
    """An amount as a site writes it: currency signs and codes, spaces and thousands
    separators dropped; a comma followed by one or two digits at the end is the decimal
    point (888's "3,04 $"), by three a thousands separator (GGPoker's "2,100"). ``dots``:
    the file writes its thousands with dots (``dotted_thousands``)."""
    thousands = text.strip().endswith("k")  # Winamax's tournament pots: "6.02k"
    digits = re.sub(r"[^\d,.+-]", "", text)
    if dots:
        digits = digits.replace(".", "")
    if "," in digits and "." in digits:
        digits = digits.replace(",", "")
    elif re.search(r",\d{1,2}$", digits):
        digits = digits.replace(",", ".")
    else:
        digits = digits.replace(",", "")
    return Decimal(digits) * 1000 if thousands else Decimal(digits)


def dotted_thousands(text: str) -> bool:
    """Whether a file writes thousands with dots (888.ro's "1.183.764 $", iPoker's Italian
    "1.500"): some amount has a dot before three digits and none a dot before one or two
    (the cents of "$0.15")."""
    return bool(re.search(r"\d\.\d{3}(?!\d)", text)) and not re.search(
        r"\d\.\d{1,2}(?!\d)", text)


@dataclass
class Stated:
    hand: str
    collected: dict[str, Decimal] = field(default_factory=lambda: defaultdict(Decimal))
    returned: dict[str, Decimal] = field(default_factory=lambda: defaultdict(Decimal))
    net: dict[str, Decimal] = field(default_factory=dict)
    pot: Decimal | None = None
    pot_step: Decimal = Decimal(0)  # how far the pot's figure is rounded ("6.02k": 10)
    rake: Decimal | None = None
    # 888 (which writes no bet returned uncalled): what each player put in, this street's
    # totals, what came back unmatched, and each net if "collected" left that out.
    put_in: dict[str, Decimal] = field(default_factory=lambda: defaultdict(Decimal))
    street: dict[str, Decimal] = field(default_factory=lambda: defaultdict(Decimal))
    over: dict[str, Decimal] = field(default_factory=lambda: defaultdict(Decimal))
    net_also: dict[str, Decimal] = field(default_factory=dict)


# ----- the text sites: one hand's lines -----

STARTS = {
    "pokerstars": re.compile(r"^PokerStars .*?#(\d+):"),
    "ggpoker": re.compile(r"^Poker Hand #(\w+):"),
    "fulltilt": re.compile(r"^Full ?Tilt ?Poker Game #(\d+)"),
    "winamax": re.compile(r"^Winamax Poker .*?HandId: #([\d-]+)"),
    "888poker": re.compile(r"^\W*\*{5} .*?Hand History [Ff]or Game (\w+)"),
    "partypoker": re.compile(r"^\W*\*{5} .*?Hand History [Ff]or Game (\w+)"),
}
COLLECTED = (
    re.compile(r"^(.+?) collected \(?(\S+?)\)? from (?:the )?(?:main |side )?pot"),  # Stars...
    re.compile(r"^(.+?) wins the (?:main |side )?pot(?: #?\d+)? \((\S+)\)"),  # Full Tilt
    re.compile(r"^(.+?) collected \[ ?(.+?) ?\]$"),  # 888
    # Party and 888's older text: "X wins $0.33  USD from the main pot with...", "X wins
    # 10,750 chips".
    re.compile(r"^(.+?) wins (\S+? ?\S*?)\s*(?:USD|EUR|GBP|chips)?(?: from| \(|$)"),
)
RETURNED = (
    re.compile(r"^Uncalled bet \((\S+)\) returned to (.+)$"),
    re.compile(r"^Uncalled bet of (\S+) returned to (.+)$"),
)
TOTAL = re.compile(r"^Total pot:? (\S+)(.*)$")
FEE = re.compile(r"\| (Rake|Jackpot|Bingo|Fortune|Tax|Fee) (\S+)")
# 888 writes in brackets the chips each post and action puts in (not a raise's "to"):
# with what each player collected, each player's net.
PUT_IN = re.compile(r"^(.+?) (posts (?:small blind|big blind|ante|dead blind)|calls|bets|"
                    r"raises) \[(.+)\]$")
STREET = re.compile(r"^\*\* Dealing (?:flop|turn|river) \*\*")
NET = re.compile(r"^(.+?) balance (\S+), bet (\S+), collected (\S+), net ([+-]?\S+)")


def text_hands(site: str, text: str) -> list[Stated]:
    start = STARTS[site]
    hands: list[Stated] = []
    dots = dotted_thousands(text)
    for line in text.splitlines():  # some files end their lines with a lone CR
        try:
            _read_line(start, hands, line.strip(), site in ("partypoker", "888poker"), dots)
        except InvalidOperation:  # an amount nobody can read: that line states nothing
            continue
    if site == "888poker":
        for hand in hands:
            hand.net = {name: hand.collected.get(name, Decimal(0)) - put
                        for name, put in hand.put_in.items()}
            _street_ends(hand)
            hand.net_also = {name: hand.net[name] + back for name, back in hand.over.items()}
    return hands


def _street_ends(hand: Stated) -> None:
    """What came back on the street just ended: the part of the biggest total that nobody
    matched (888 writes no line for it)."""
    totals = sorted(hand.street.items(), key=lambda item: item[1], reverse=True)
    if totals and totals[0][1] > (totals[1][1] if len(totals) > 1 else 0):
        hand.over[totals[0][0]] += totals[0][1] - (totals[1][1] if len(totals) > 1 else 0)
    hand.street.clear()


def _read_line(start: re.Pattern, hands: list[Stated], line: str, glued: bool,
               dots: bool) -> None:
    begun = start.match(line)
    if begun:
        hands.append(Stated(begun[1]))
        return
    if not hands:
        return
    hand = hands[-1]
    net = NET.match(line)
    if net:
        hand.net[net[1]] = amount(net[5], dots)
        return
    for pattern in RETURNED:
        found = pattern.match(line)
        if found:
            hand.returned[found[2]] += amount(found[1], dots)
            return
    total = TOTAL.match(line)
    if total:
        hand.pot = amount(total[1], dots)
        hand.pot_step = Decimal(10) if total[1].endswith("k") else Decimal(0)
        fees = FEE.findall(total[2])
        if fees or "No rake" in total[2]:
            hand.rake = sum((amount(value, dots) for _name, value in fees), Decimal(0))
        return
    put_in = PUT_IN.match(line)
    if put_in:
        # "[0,01 $ + 0,02 $]": a dead blind and a live one, the bigger
        parts = [amount(part, dots) for part in put_in[3].split("+")]
        hand.put_in[put_in[1]] += sum(parts, Decimal(0))
        if put_in[2] != "posts ante":
            hand.street[put_in[1]] += max(parts)
        return
    if STREET.match(line) or line == "** Summary **":
        _street_ends(hand)
        return
    # PartyPoker glues sentences: "Y does not show cards.X wins $1,10 USD", "...Aces and
    # Queens.Z wins $27,36 USD from the main pot" (a small letter, a period, a capital).
    sentences = re.split(r"(?<=[a-z])\.(?=[A-Z])", line) if glued else [line]
    for sentence in sentences:
        for pattern in COLLECTED:
            found = pattern.match(sentence)
            if found and re.search(r"\d", found[2]):
                hand.collected[found[1]] += amount(found[2], dots)
                break


# ----- iPoker's XML: each <game>'s players -----

GAME = re.compile(r'<game gamecode="(\d+)"')
PLAYER = re.compile(r"<player ([^>]*?)/?>")
ATTRIBUTE = re.compile(r'(\w+)="([^"]*)"')


def ipoker_hands(text: str) -> list[Stated]:
    """A player's ``win`` and ``bet``: before client 17 (``uncalled_bet_enabled`` absent or
    false) their difference is the player's net; with it, ``bet`` counts a bet returned
    uncalled and ``win`` leaves it out, so ``win`` is what the player collected."""
    uncalled = "<uncalled_bet_enabled>true" in text
    # Judged by the amounts of the players and actions alone (not "€0.50 NLH" in a name)
    dots = dotted_thousands(" ".join(re.findall(r'(?:chips|win|bet|sum)="([^"]*)"', text)))
    hands = []
    pieces = GAME.split(text)
    for number, body in zip(pieces[1::2], pieces[2::2], strict=True):
        hand = Stated(number)
        for found in PLAYER.finditer(body.split("<round", 1)[0]):
            attributes = dict(ATTRIBUTE.findall(found[1]))
            if "name" not in attributes or "win" not in attributes:
                continue
            name = html.unescape(attributes["name"])
            win, bet = (amount(attributes["win"] or "0", dots),
                        amount(attributes.get("bet") or "0", dots))
            if not win and not bet:  # listed, but took no part (sitting out)
                continue
            if uncalled:
                if win:
                    hand.collected[name] += win
            else:
                hand.net[name] = win - bet
        hands.append(hand)
    return hands


# ----- PokerNow's CSV log, newest row first -----

PN_START = re.compile(r"^-- starting hand #(\d+)")
PN_END = re.compile(r"^-- ending hand #(\d+)")
PN_COLLECTED = re.compile(r'^"(.+?)" collected (\S+) from pot')
PN_RETURNED = re.compile(r'^Uncalled bet of (\S+) returned to "(.+?)"$')


def pokernow_hands(text: str) -> list[Stated]:
    rows = [row[0] for row in csv.reader(io.StringIO(text)) if row]
    if rows and rows[0] == "entry":
        rows = rows[1:]
    hands = []
    hand = None
    for entry in reversed(rows):
        started = PN_START.match(entry)
        if started:
            hand = Stated(started[1])
            hands.append(hand)
            continue
        if hand is None:
            continue
        if PN_END.match(entry):
            hand = None
            continue
        found = PN_COLLECTED.match(entry)
        if found:
            hand.collected[found[1]] += amount(found[2])
        found = PN_RETURNED.match(entry)
        if found:
            hand.returned[found[2]] += amount(found[1])
    return hands


def stated_hands(site: str, text: str) -> list[Stated]:
    if site == "ipoker":
        return ipoker_hands(text)
    if site == "pokernow":
        return pokernow_hands(text)
    return text_hands(site, text)

"""888poker text (Pacific Poker, Cassava, 888.ro, 888poker.ca-on), rewritten into PokerStars'
words and read by its reader.

888's shape (cash games, tournaments, play money; amounts and cards in the player's
language, ``pacific_words``)::

    #Game No : 171407432
    ***** Cassava Hand History for Game 171407432 *****
    5$/10$ Blinds No Limit Holdem - *** 04 05 2012 07:59:45
    Table Frisco (Real Money)            [or "Tournament #38340077 $0.90 + $0.09 - Table #18"]
    Seat 1 is the button
    Total number of players : 4
    Seat 2: Player0 ( 222,75$ )
    Player0 posts small blind [5$]
    ** Dealing down cards **
    Dealt to Hero [ 6c, 4d ]
    Player2 raises [284,48$]             [the chips put in by this action, not "to"]
    ** Dealing flop ** [ 3c, 2h, 8d ]
    ** Summary **
    Player2 shows [ 8c, 8h ]             [the showdown is written after "Summary"]
    Player2 collected [ 299,48$ ]

The six lines of the head become PokerStars' first two, and every later line one line, so a
refusal names the line of the 888 file. Times have no zone: read as Eastern Time, as the
trackers read them. A bet, raise or call that puts a player's last chip in is marked all-in
(888 never says so), which the reader needs to tell a short call from a raise. A player
who "folds" before the cards are dealt, having posted nothing, declined a blind (the next
seat posts the big blind in their place): they sit the hand out, not dealt in.

What 888 does not write: the rake and the total pot. What it writes instead is each
winner's "collected" amount, which holds the bet that came back uncalled in some hands (a
walk, a cash raise nobody called before the flop) and not in others (a tournament all-in
nobody called; a bet nobody called on a later street, after the rake was taken). So a
collected amount must be exactly what the replay pays with the returned bet, or what it pays
without it less a rake; tournaments take no rake, nor does a cash table before the flop, so
there it must be exactly one of the two. Anything else is refused with the amounts named.
"""

from __future__ import annotations

import re
from decimal import Decimal

from games.engine import PHHError
from games.history.imports.formats.pacific_words import cards, number
from games.history.imports.site_format import SiteFormat, SiteHand, first_line
from games.history.imports.site_games import refused
from games.history.stars.fields import Dialect
from games.history.stars.text import read_lines

GAME_NUMBER = re.compile(r"^#Game No : (\d+)$")
BANNER = re.compile(r"^\*{5} (.+) Hand History for Game (\d+) \*{5}$")
STAKES = re.compile(r"^(?P<small>[^/]+)/(?P<big>.+?) Blinds (?P<game>.+?) - \*\*\*"
                    r"(?: (?P<d>\d\d) (?P<m>\d\d) (?P<y>\d{4}) (?P<time>\d\d:\d\d:\d\d))?$")
TABLE = re.compile(r"^(?:Table (?P<name>.+?)|(?P<tour>Tournament #\d+).*?(?:- Table #(?P<no>\d+))?)"
                   r"(?: (?P<max>\d+) Max)? \((?P<kind>Real Money|Practice Play)\)$")
BUTTON = re.compile(r"^Seat (\d+) is the button$")
PLAYERS = re.compile(r"^Total number of players : \d+")
SEAT = re.compile(r"^Seat (\d+): (.*) \( (.+) \)$")
IN_BRACKETS = re.compile(r"\[([^\]]*)\]")
ACTIONS = ("posts ", "folds", "checks", "calls ", "bets ", "raises ", "shows ", "mucks ",
           "collected ", "did not show")
HEAD = 6  # the lines of the head, which become the reader's first two
# 888's names of the games the engine plays, and PokerStars' ("Pot Limit OmahaHL" is refused
# by name: site_games).
GAMES = {"No Limit Holdem": "Hold'em No Limit", "No Limit Holdem Jackpot table": "Hold'em No Limit",
         "Pot Limit Omaha": "Omaha Pot Limit"}
HEADER = re.compile(r"^888poker Hand #(\d+): ")
PACIFIC_TEXT = Dialect("888poker", HEADER, "#Game No : ")


def split(text: str) -> list[str]:
    """Each hand of an 888 file: a hand begins with "#Game No" (or, without it, the banner);
    text before the first hand comes back as a part of its own, so it is refused.

    >>> len(split("#Game No : 1\\n***** Cassava Hand History for Game 1 *****\\nx\\n"
    ...           "#Game No : 2\\n***** 888poker Hand History for Game 2 *****\\ny\\n"))
    2
    """
    hands: list[list[str]] = [[]]
    previous = ""
    for raw in text.replace("\r\n", "\n").replace("\ufeff", "").split("\n"):
        line = raw.strip()
        if GAME_NUMBER.match(line) or (BANNER.match(line) and not GAME_NUMBER.match(previous)):
            hands.append([])
        hands[-1].append(line)
        previous = line if line else previous
    parts = ["\n".join(lines).strip() + "\n" for lines in hands]
    return [part for part in parts if part.strip()]


def owns(text: str) -> bool:
    """Whether a text's banner (after its "#Game No" line, if any) is 888's: PartyPoker's
    files open with the same "#Game No" line and a banner that names no site.

    >>> owns("#Game No : 1\\n***** 888poker Hand History for Game 1 *****\\n")
    True
    >>> owns("#Game No : 1\\n***** Hand History for Game 1 *****\\n")
    False
    """
    return bool(BANNER.match(first_line(text, lambda line: bool(GAME_NUMBER.match(line)))))


def hand_number(text: str) -> str:
    """The game number of an 888 hand ("?" when it has none).

    >>> hand_number("#Game No : 171407432\\n"), hand_number("x")
    ('171407432', '?')
    """
    for line in text.splitlines()[:2]:
        match = GAME_NUMBER.match(line.strip()) or BANNER.match(line.strip())
        if match:
            return match.groups()[-1]
    return "?"


class _Rewrite:
    """One hand's lines in PokerStars' words; stacks and this street's bets kept as it goes,
    to write raises as "to" amounts and mark the all-ins."""

    def __init__(self, number_: str, tournament: bool, symbol: str):
        self.where = f"Hand #{number_}"
        self.symbol = symbol
        self.tournament = tournament
        self.stacks: dict[str, Decimal] = {}
        self.street: dict[str, Decimal] = {}
        self.names: list[str] = []
        # What a player called beyond a short all-in big blind (888 asks for the whole
        # blind, then pays the rest back in the "collected" line): the engine never takes it.
        self.over: dict[str, Decimal] = {}
        self.dealt = False  # "** Dealing down cards **" seen
        self.posted: set[str] = set()
        # Who folds before the cards are dealt with nothing posted: a player due for a blind
        # who declines it (the next seat then posts it) is not dealt in.
        self.sat_out: set[str] = set()

    def money(self, value: Decimal) -> str:
        return f"{self.symbol}{value}"

    def bracket(self, line: str, where: str) -> str:
        found = IN_BRACKETS.search(line)
        if found is None:
            raise PHHError(f"{where}: cannot read {line!r}.")
        return found.group(1)

    def seat(self, line: str, where: str) -> str:
        seat = SEAT.match(line)
        if seat is None:
            raise PHHError(f"{where}: cannot read the seat line {line!r}.")
        name = seat[2].strip()
        if not name or name in self.stacks:
            raise PHHError(f"{where}: a player without a name of their own ({seat[2]!r}); "
                           "their actions cannot be told apart.")
        self.stacks[name] = number(seat[3], where)
        self.names = sorted(self.stacks, key=len, reverse=True)
        return f"Seat {seat[1]}: {name} ({self.money(self.stacks[name])} in chips)"

    def put(self, name: str, chips: Decimal) -> str:
        """Chips a player puts in; " and is all-in" when they are the last."""
        self.stacks[name] -= chips
        self.street[name] = self.street.get(name, Decimal(0)) + chips
        return " and is all-in" if self.stacks[name] <= 0 else ""

    def action(self, line: str, where: str) -> str:
        for name in self.names:
            if line.startswith(name + " ") and line[len(name) + 1:].startswith(ACTIONS):
                return self._act(name, line[len(name) + 1:], where)
        if line.startswith("Dealt to "):
            return line.split("[", 1)[0] + cards("[" + line.split("[", 1)[1], where)
        raise PHHError(f"{where}: cannot read {line!r}.")

    def _act(self, name: str, rest: str, where: str) -> str:
        if rest == "folds" and not self.dealt and name not in self.posted:
            self.sat_out.add(name)
            return f"{name}: sits out"
        if rest.startswith("posts "):
            self.posted.add(name)
        if rest in ("folds", "checks") or rest.startswith("did not show"):
            return f"{name}: " + ("doesn't show hand" if rest.startswith("did") else rest)
        if rest.startswith(("shows ", "mucks ")):
            # 888 writes a mucked hand's cards, and such a hand may still win a side pot.
            return f"{name}: shows {cards(rest.split(' ', 1)[1], where)}"
        if rest.startswith("posts dead blind "):  # "[0,01 $ + 0,02 $]": dead and live
            both = self.bracket(rest, where).split("+")
            dead = sum((number(part, where) for part in both), Decimal(0))
            return f"{name}: posts small & big blinds {self.money(dead)}"
        chips = number(self.bracket(rest, where), where)
        if rest.startswith("collected "):
            back = min(chips, self.over.pop(name, Decimal(0)))
            return f"{name} collected {self.money(chips - back)} from pot"
        if rest.startswith("posts ante "):
            self.stacks[name] -= chips
            return f"{name}: posts the ante {self.money(chips)}"
        for kind in ("small blind", "big blind"):
            if rest.startswith(f"posts {kind} "):
                return f"{name}: posts {kind} {self.money(chips)}" + self.put(name, chips)
        to = self.street.get(name, Decimal(0)) + chips
        level = max(self.street.values(), default=Decimal(0))
        verb = rest.split(" ", 1)[0]
        all_in = self.put(name, chips)
        if verb == "calls" and not all_in and to > level:
            self.stacks[name] += to - level
            self.street[name] = level
            self.over[name] = self.over.get(name, Decimal(0)) + to - level
            return f"{name}: calls {self.money(level - (to - chips))}"
        if verb == "calls":
            return f"{name}: calls {self.money(chips)}{all_in}"
        if verb == "bets":
            return f"{name}: bets {self.money(chips)}{all_in}"
        if verb == "raises":
            return f"{name}: raises {self.money(to - level)} to {self.money(to)}{all_in}"
        raise PHHError(f"{where}: cannot read {name} {rest!r}.")


def translate(text: str) -> tuple[list[str], bool]:
    """(the hand's lines in PokerStars' words, whether it is a tournament or play money);
    PHHError for a hand that is neither no-limit hold'em nor pot-limit Omaha, or whose head
    cannot be read."""
    lines = [line.strip() for line in text.replace("\r\n", "\n").split("\n")]
    lines = [line for line in lines if line]
    number_ = hand_number(text)
    where = f"Hand #{number_}"
    if not lines or not GAME_NUMBER.match(lines[0]):
        lines.insert(0, f"#Game No : {number_}")  # a hand cut at its banner
    head = [(line, pattern.match(line)) for line, pattern in
            zip(lines[1:HEAD], (BANNER, STAKES, TABLE, BUTTON, PLAYERS), strict=False)]
    for k, (line, match) in enumerate(head, start=2):
        if match is None:
            raise PHHError(f"{where}, line {k}: cannot read {line!r}.")
    if len(head) < HEAD - 1:
        raise PHHError(f"{where}: the hand stops before its seats.")
    stakes, table, button = head[1][1], head[2][1], head[3][1]
    assert stakes is not None and table is not None and button is not None
    if stakes["game"] not in GAMES:
        raise refused(where, stakes["game"])
    no_rake = bool(table["tour"])  # play-money cash tables take a rake
    money = not no_rake and table["kind"] == "Real Money"
    symbol = next((s for s in "$€£" if s in stakes["big"]), "") if money else ""
    rewrite = _Rewrite(number_, bool(table["tour"]), symbol)
    small, big = (number(stakes[k], where) for k in ("small", "big"))
    if not 0 < small <= big:  # 888's BLAST all-in hands write "42.797,60 $/0 $"
        raise PHHError(f"{where}: the first line's blinds ({stakes['small']}/{stakes['big']})"
                       " are not a table's blinds, so the hand cannot be replayed.")
    when = (f" - {stakes['y']}/{stakes['m']}/{stakes['d']} {stakes['time']} ET"
            if stakes["time"] else "")
    name = table["name"] or f"{table['tour']} Table {table['no'] or '?'}"
    size = f"{table['max']}-max " if table["max"] else ""
    out = [f"888poker Hand #{number_}: {GAMES[stakes['game']]} ({rewrite.money(small)}/"
           f"{rewrite.money(big)}){when}",
           f"Table '{name}' {size}Seat #{button[1]} is the button"]
    seating = True
    seat_lines: dict[str, int] = {}
    for k, line in enumerate(lines[HEAD:], start=HEAD + 1):
        line_where = f"{where}, line {k}"
        seating = seating and line.startswith("Seat ")
        if seating:
            out.append(rewrite.seat(line, line_where))
            seat_lines[next(reversed(rewrite.stacks))] = len(out) - 1  # the name just seated
        elif line.startswith("** Dealing down cards"):
            rewrite.dealt = True
            out.append("*** HOLE CARDS ***")
        elif line.startswith("** Dealing "):
            street = line.split()[2].upper()
            rewrite.street = {}
            out.append(f"*** {street} *** {cards(line.split('**', 2)[2], line_where)}")
        elif line == "** Summary **":
            out.append("*** SHOW DOWN ***")  # 888 writes the showdown after it
        else:
            out.append(rewrite.action(line, line_where))
    for name in rewrite.sat_out:
        out[seat_lines[name]] += " is sitting out"
    return out, no_rake


def read_hand(text: str) -> SiteHand:
    """One 888 hand read into PHH fields; PHHError naming the line of the 888 text."""
    lines, no_rake = translate(text)
    shift = HEAD - 2
    try:
        hand = read_lines(lines, PACIFIC_TEXT)
    except PHHError as error:  # the reader's line numbers are the rewritten text's
        raise PHHError(re.sub(r"\bline (\d+)", lambda m: f"line {int(m[1]) + shift}",
                              str(error))) from None
    hand.figures.uncalled_maybe_collected = True  # in some collected amounts, not others
    # Tournaments take no rake, and cash tables none from a hand over before the flop
    # ("no flop, no drop": so in every such hand of the real files).
    if no_rake or not any(line.startswith("*** FLOP") for line in lines):
        hand.figures.rake = Decimal(0)
        hand.figures.rake_named = ("a tournament's rake" if no_rake
                                   else "the rake of a hand over before the flop")
    return SiteHand(hand.data, hand.number, hand.hero, hand.played_at, hand.table,
                    hand.figures, tuple(n + shift if n else 0 for n in hand.lines), hand.zone)


PACIFIC = SiteFormat("888poker", "888poker", owns, split, read_hand, hand_number)

"""PartyPoker text (and the skins and converters that write it), rewritten into PokerStars'
words and read by its reader.

Party's shape (cash games and tournaments, 2005-2021)::

    #Game No : 9582251255
    ***** Hand History for Game 9582251255 *****
    $2 USD NL Texas Hold'em - Monday, August 30, 16:08:09 EDT 2010   [the table's buy-in]
    Table Speed #1769729 (Real Money)
    Seat 6 is the button
    Total number of players : 6/9
    Seat 9: Lisypoker ( $3.57 USD )
    suicini03 posts small blind [$0.01 USD].
    ** Dealing down cards **
    Tortozendo raises [$0.08 USD]            [the chips this action puts in, not "to"]
    Player3 is all-In  [$20,90 USD]
    ** Dealing Flop ** [ As, 6h, Qc ]
    suicini03 wins $0.65 USD from the main pot with two pairs, Aces and Queens.

Every amount in brackets is what the action adds (2021's files write ``raises 11302166 to
11302166``, ``calls (13185876)`` and ``posts ante (87500)``: the "to" amount is read as
such); the reader keeps each player's stack and street bet to write PokerStars' "raises to"
and to mark the all-ins. The first line's amount is the table's buy-in, not its stakes: the
blinds are the posted ones (tournaments name them, ``Blinds(300/600)``). Amounts come as
``$0.08 USD``, ``$26,02 USD``, ``4,520``, ``0,10 €``. Times: the header's own zone.

What Party does not write: the returned bet (a "wins" amount holds it, as Winamax's
collected amounts do), and for most cash hands the rake and the total pot; the replay
decides every amount and each "wins" is checked against what it pays plus what it returns
(what it pays beyond is the rake; tournaments take none). The summary's balances (2021) and
a converter's statistics on the seat lines change nothing and are left out, as do the lines
inside a hand that are not actions: a seated player's chat ("Name: text"), the time bank
("will be using their time bank for this hand") and the client's notices.
"""

from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal
from typing import Any

from games.engine import PHHError
from games.history.imports.formats.pacific_words import number
from games.history.imports.site_format import SiteFormat, SiteHand, first_line
from games.history.imports.site_games import is_pot_limit_omaha, refused
from games.history.stars.fields import Dialect
from games.history.stars.text import read_lines

BANNER = re.compile(r"^\*{5} Hand History [Ff]or Game (\w+) \*{5}")
GAME_NUMBER = re.compile(r"^#Game No : (\w+)$")
STARTS = re.compile(r"^Game #\w+ starts\.$")
HEADER = re.compile(r"^PartyPoker Hand #(\w+): ")
PARTY_TEXT = Dialect("PartyPoker", HEADER, "***** Hand History for Game ")
SEAT = re.compile(r"^[Ss]eat (\d+): (.+?) \(\s*([^()]*?)\s*\)(?: - .*)?$")
BUTTON = re.compile(r"(?:^|-- )Seat (\d+) is the button$")
TABLE = re.compile(
    r"^Table (.+?)(?: \(\s*(?:Real|Play) Money\s*\))?(?: -- Seat \d+ is the button)?$")
TOURNAMENT = re.compile(r"Trny: ?(\d+)|Tournament #(\d+)\)")
BLINDS = re.compile(r"Blinds(?:-Antes)?\((\S+?)/(\S+?)(?: -?(\S+))?\)")
AMOUNT = re.compile(r"[\[(]\s*([^\])]*?)\s*[\])]")
WINS = re.compile(r"^(.+?) wins (\S+(?: [A-Z]{3})?)(?: chips)?(?: from .+)?$")
NOISE = re.compile(
    r"^(?:Total number of players|Trny: ?\d+|Blinds|\*\* Summary|Main Pot:|Board:|Creating "
    r"(?:Main|Side) Pot|>You have options|Game #\w+ starts)"
    r"|^.+ (?:has joined the table\.?|has left the table\.?"
    r"|will be using (?:his|her|their) time bank.*"
    r"|could not respond in time\..*|finished in .+|is sitting out\.?|has been reconnected.*"
    r"|is disconnected.*|does not show cards\.?|is all-In\."
    r"|did not respond in time\.?)$"
    r"|^Your time bank will be activated|^Congratulations to player .+ for winning"
)
DATE = re.compile(r"(\w+,? ?\w+ \d{1,2},? (\d\d:\d\d:\d\d) ([A-Z]{2,5}) (\d{4}))$|"
                  r"\w{3} (\w{3}) (\d{1,2}) (\d\d:\d\d:\d\d) ([A-Z]{2,5}) (\d{4})$")


def owns(text: str) -> bool:
    line = first_line(text, lambda line: bool(STARTS.match(line) or GAME_NUMBER.match(line)))
    return bool(BANNER.match(line))


def split(text: str) -> list[str]:
    """Each hand of a Party file; a hand begins at "Game #N starts.", "#Game No" or its
    banner, whichever comes first.

    >>> len(split("Game #1 starts.\\n\\n#Game No : 1\\n***** Hand History for Game 1 *****\\n"
    ...           "x\\n***** Hand History for Game 2 *****\\ny\\n"))
    2
    """
    hands: list[list[str]] = [[]]
    previous = ""
    for raw in text.replace("\r\n", "\n").replace("\ufeff", "").split("\n"):
        line = raw.strip()
        if (STARTS.match(line) or (GAME_NUMBER.match(line) and not STARTS.match(previous))
                or (BANNER.match(line) and not GAME_NUMBER.match(previous)
                    and not STARTS.match(previous))):
            hands.append([])
        hands[-1].append(line)
        previous = line if line else previous
    parts = ["\n".join(lines).strip() + "\n" for lines in hands]
    # "Game #N starts." at the end of a file, and nothing after it: no hand to read.
    return [part for part in parts if part.strip() and not STARTS.match(part.strip())]


def hand_number(text: str) -> str:
    """The game number of a Party hand ("?" when it has none).

    >>> hand_number("#Game No : 9582251255\\n***** Hand History for Game 9582251255 *****")
    '9582251255'
    """
    found = re.search(r"^\s*\*{5} Hand History [Ff]or Game (\w+) \*{5}", text, re.M)
    return found.group(1) if found else "?"


def money(written: str, where: str) -> Decimal:
    """A Party amount without its currency.

    >>> [str(money(w, "x")) for w in ("$0.08 USD", "$26,02 USD", "4,520", "0,10 €", "$2")]
    ['0.08', '26.02', '4520', '0.10', '2']
    """
    cleaned = re.sub(r"\b[A-Z]{3}\b", "", written).strip().rstrip(".")
    digits = cleaned.strip("$€£ ")
    return Decimal(digits) if digits.isdigit() else number(cleaned, where)


def _moment(line: str) -> str:
    """The header's time as PokerStars writes it ("2010/08/30 16:08:09 EDT"), "" without.

    >>> _moment("$2 USD NL Texas Hold'em - Monday, August 30, 16:08:09 EDT 2010")
    '2010/08/30 16:08:09 EDT'
    >>> _moment("Table (NL) (Buyin $50.0 + $5.0) - Sun Apr 25 17:30:03 EDT 2021")
    '2021/04/25 17:30:03 EDT'
    """
    found = DATE.search(line)
    if found is None:
        return ""
    if found.group(1):
        month, day_of = found.group(1).split(found.group(2))[0].replace(",", " ").split()[-2:]
        clock, zone, year = found.group(2), found.group(3), found.group(4)
    else:
        month, day_of, clock, zone, year = found.group(5, 6, 7, 8, 9)
    for fmt in ("%B %d %Y", "%b %d %Y"):
        try:
            day = datetime.strptime(f"{month} {day_of} {year}", fmt)
            break
        except ValueError:
            continue
    else:
        return ""
    return f"{day:%Y/%m/%d} {clock} {zone}"


class _Rewrite:
    """One hand's lines in PokerStars' words; stacks and this street's bets kept as it goes."""

    def __init__(self, symbol: str):
        self.symbol = symbol
        self.stacks: dict[str, Decimal] = {}
        self.street: dict[str, Decimal] = {}
        self.names: list[str] = []
        self.seats: dict[int, str] = {}
        self.posted = False

    def money(self, value: Decimal) -> str:
        return f"{self.symbol}{value}"

    def seat(self, match: re.Match[str], where: str) -> str:
        name = match[2].strip()
        self.stacks[name] = money(match[3], where)
        self.names = sorted(self.stacks, key=len, reverse=True)
        self.seats[int(match[1])] = name
        out = "" if self.stacks[name] else " is sitting out"  # seated with nothing
        return f"Seat {match[1]}: {name} ({self.money(self.stacks[name])} in chips){out}"

    def unwritten_blinds(self, button: int, small: Decimal, big: Decimal) -> list[str]:
        """The blinds of a tournament hand that names them (``Blinds(300/600)``) and writes
        no posts (2011's sit-and-gos): the small blind left of the button, heads-up the
        button itself, the big blind next; a short stack posts what it has, all-in."""
        seated = [seat for seat in sorted(self.seats) if self.stacks[self.seats[seat]] > 0]
        if len(seated) < 2:
            return []
        after = [s for s in seated if s > button] + [s for s in seated if s <= button]
        small_seat = button if len(seated) == 2 and button in seated else after[0]
        big_seat = next(s for s in after + after if s != small_seat and (
            after.index(s) > after.index(small_seat)) or (s != small_seat and len(after) == 2))
        posts = []
        for seat, kind, chips in ((small_seat, "small blind", small),
                                  (big_seat, "big blind", big)):
            name = self.seats[seat]
            put = min(chips, self.stacks[name])
            posts.append(f"{name}: posts {kind} {self.money(put)}" + self.put(name, put))
        return posts

    def put(self, name: str, chips: Decimal) -> str:
        self.stacks[name] -= chips
        self.street[name] = self.street.get(name, Decimal(0)) + chips
        return " and is all-in" if self.stacks[name] <= 0 else ""

    def balance(self, line: str, where: str) -> list[str] | None:
        """2019-21's summary line of a player ("Hero balance 846, lost 327[ Ah, Ks ]"): the
        cards they showed and what they collected; None for another line."""
        found = re.match(r"^(.+?) balance \S+?, (.*)$", line)
        if found is None or found[1] not in self.stacks:
            return None
        name, rest = found[1], found[2]
        said = []
        cards = re.search(r"\[ ?((?:[2-9TJQKA][cdhs], )+[2-9TJQKA][cdhs]) ?\]", rest)
        if cards:
            said.append(f"{name}: shows [{' '.join(cards[1].split(', '))}]")
        collected = re.search(r"collected ([^,]+), net", rest)
        if collected:
            said.append(f"{name} collected {self.money(money(collected[1], where))} from pot")
        summed = re.search(r"bet ([^,]+), collected ([^,]+), net ([+-]?)([^\s\[]+)", rest)
        if summed:
            bet, won, net = (money(summed[k], where) for k in (1, 2, 4))
            # A figure of the summary is wrong, and which one nobody can tell: refused.
            if won - bet != (-net if summed[3] == "-" else net):
                raise PHHError(
                    f"{where}: the summary gives {name} a net of {summed[3]}{summed[4]}, but their "
                    f"collected {summed[2]} less their bet {summed[1]} is "
                    f"{self.money(won - bet)}: the file disagrees with itself.")
        return said

    def line(self, line: str, where: str, all_in: bool = False) -> list[str]:
        post = re.match(r"^(.+?) posts ", line)
        if post and not self.stacks.get(post[1]):
            raise PHHError(f"{where}: {post[1]} posts a blind but the seat lines give them no "
                           "stack (they joined as the hand began), so the hand cannot be "
                           "replayed.")
        if line.startswith("Dealt to "):
            name, _, cards = line[len("Dealt to "):].partition(" [")
            return [f"Dealt to {name} [{' '.join(cards.strip(' ]').replace(',', ' ').split())}]"]
        wins = [part for part in re.split(r"(?<=\.)(?=\S+ wins )", line) if " wins " in part]
        if wins and all(WINS.match(part) for part in wins):
            return [self._wins(part, where) for part in wins]
        for name in self.names:
            if line.startswith(name + " "):
                return self._act(name, line[len(name) + 1:].rstrip("."), where, all_in)
        if any(line.startswith(name + ": ") for name in self.names):
            return []  # a seated player's chat ("Roycey1992: always play ur opponent")
        raise PHHError(f"{where}: cannot read {line!r}.")

    def _wins(self, part: str, where: str) -> str:
        found = WINS.match(part.rstrip("."))
        assert found is not None
        name = found[1].strip()
        if name not in self.stacks:
            raise PHHError(f"{where}: {name} wins but is not seated.")
        return f"{name} collected {self.money(money(found[2], where))} from pot"

    def _act(self, name: str, rest: str, where: str, all_in_next: bool) -> list[str]:
        if rest == "Forward Folds":  # a fold chosen ahead; "folds" follows in its turn
            return []
        if rest in ("folds", "checks"):
            return [f"{name}: {rest}"]
        if rest.startswith("doesn't show"):  # at the showdown: a muck
            return [f"{name}: mucks hand"]
        if rest.startswith("shows "):
            cards = AMOUNT.search(rest)
            shown = " ".join((cards[1] if cards else "").replace(",", " ").split())
            return [f"{name}: shows [{shown}]"]
        to = re.match(r"^raises (\S+) to (\S+)$", rest)
        if to:  # 2021: the whole bet on the street
            level = max(self.street.values(), default=Decimal(0))
            added = money(to[2], where) - self.street.get(name, Decimal(0))
            if all_in_next:  # "is all-In." follows: the whole stack, whatever the sum says
                added = self.stacks[name]
            whole = self.street.get(name, Decimal(0)) + added
            return [f"{name}: raises {self.money(whole - level)} to {self.money(whole)}"
                    + self.put(name, added)]
        amount = AMOUNT.search(rest)
        if amount is None:
            raise PHHError(f"{where}: cannot read {name} {rest!r}.")
        chips = self.stacks[name] if all_in_next else money(amount[1], where)
        for kind in ("small blind", "big blind + dead", "big blind", "ante"):
            if rest.startswith(f"posts {kind}"):
                return self._post(name, kind, chips)
        level = max(self.street.values(), default=Decimal(0))
        bet = self.street.get(name, Decimal(0)) + chips
        verb = rest.split(" ", 1)[0]
        all_in = self.put(name, chips)
        if verb == "calls" or (verb == "is" and bet <= level):
            return [f"{name}: calls {self.money(chips)}{all_in}"]
        if verb == "bets" or (verb == "is" and not level):
            return [f"{name}: bets {self.money(chips)}{all_in}"]
        if verb in ("raises", "is"):
            return [f"{name}: raises {self.money(bet - level)} to {self.money(bet)}{all_in}"]
        raise PHHError(f"{where}: cannot read {name} {rest!r}.")

    def _post(self, name: str, kind: str, chips: Decimal) -> list[str]:
        if kind == "ante":
            self.stacks[name] -= chips
            return [f"{name}: posts the ante {self.money(chips)}"]
        self.posted = True
        if kind == "big blind + dead":
            return [f"{name}: posts small & big blinds {self.money(chips)}"]
        return [f"{name}: posts {kind} {self.money(chips)}" + self.put(name, chips)]


def translate(text: str) -> tuple[list[str], list[int], bool]:
    """(the hand's lines in PokerStars' words, the Party line number of each, whether it
    is a tournament); PHHError for a hand that is not no-limit hold'em or pot-limit Omaha."""
    # Spaces run together as one (2013's files write "$0.04  USD", "show  [ 5c , 4h ]").
    numbered = [(k, " ".join(line.split())) for k, line in
                enumerate(text.replace("\r\n", "\n").split("\n"), start=1) if line.strip()]
    number_ = hand_number(text)
    where = f"Hand #{number_}"
    at = next((k for k, (_, line) in enumerate(numbered) if BANNER.match(line)), None)
    if at is None or at + 1 >= len(numbered):
        raise PHHError(f"{where}: the hand stops before its first lines.")
    game = " ".join(numbered[at + 1][1].split())
    if re.search(r"\bNL (?:Texas )?Hold'?em\b|Texas Hold'?em Game Table \(NL\)", game):
        name = "Hold'em No Limit"
    elif is_pot_limit_omaha(game):  # "PL Omaha", "Omaha Hi Game Table (PL)"
        name = "Omaha Pot Limit"
    else:
        raise refused(where, game[:80])
    body = numbered[at + 2:]
    tournament = TOURNAMENT.search(game) or next(
        (found for _, line in body[:8] if (found := TOURNAMENT.search(line))), None)
    symbol = "" if tournament else next((s for s in "$€£" if s in text), "")
    rewrite = _Rewrite(symbol)
    button = next((found[1] for _, line in body if (found := BUTTON.search(line))), None)
    table = next((found[1] for _, line in body if (found := TABLE.match(line))), "?")
    if button is None:
        raise PHHError(f"{where}: the hand does not say which seat has the button.")
    # The body's own "Blinds(100/200)" over the first line's: a new level begins.
    named = [found for _, line in body if (found := BLINDS.search(line))]
    blinds = named[-1] if named else BLINDS.search(game)
    small, big = _stakes(blinds, body, where)
    when = _moment(game)
    title = f"Tournament #{tournament[1] or tournament[2]}, $0 " if tournament else ""
    out = [f"PartyPoker Hand #{number_}: {title}{name} "
           f"({rewrite.money(small)}/{rewrite.money(big)})" + (f" - {when}" if when else ""),
           f"Table '{table}' Seat #{button} is the button"]
    origin = [numbered[at][0], numbered[at + 1][0]]
    section = "seats"
    # 2021's "Player5 is all-In." on the line after the raise or call that put them all-in.
    all_in = {k for (k, line), (_, after) in zip(body, body[1:], strict=False)
              if after.endswith(" is all-In.") and line.startswith(after[:-len("is all-In.")])}
    for k, line in body:
        line_where = f"{where}, line {k}"
        seat = SEAT.match(line) if section == "seats" else None
        balance = rewrite.balance(line, line_where)
        if seat:
            said = [rewrite.seat(seat, line_where)]
        elif balance is not None:
            said = balance
        elif BUTTON.search(line) or TABLE.match(line) or NOISE.match(line):
            said = []
        elif line.startswith("** Dealing down cards"):
            said = ["*** HOLE CARDS ***"]
            if tournament and blinds and not rewrite.posted:
                said = rewrite.unwritten_blinds(int(button), small, big) + said
            section = "play"
        elif line.startswith("** Dealing "):
            rewrite.street = {}
            street = line.split()[2].upper()
            cards = " ".join(line.split("[", 1)[1].strip(" ]").replace(",", " ").split())
            said = [f"*** {street} *** [{cards}]"]
        else:
            section = "play"
            said = rewrite.line(line, line_where, k in all_in)
        out += said
        origin += [k] * len(said)
    return out, origin, bool(tournament)


def _stakes(blinds: re.Match[str] | None, body: list[tuple[int, str]],
            where: str) -> tuple[Decimal, Decimal]:
    """The blinds: as named (tournaments), else as the first posts put them in."""
    if blinds:
        return money(blinds[1], where), money(blinds[2], where)
    posted = {}
    for _, line in body:
        for kind in ("small blind", "big blind"):
            if f" posts {kind} " in line and kind not in posted:
                amount = AMOUNT.search(line.split(f" posts {kind} ", 1)[1])
                if amount:
                    posted[kind] = money(amount[1], where)
    if "big blind" not in posted:
        raise PHHError(f"{where}: nobody posts a big blind, so the stakes are not known.")
    big = posted["big blind"]
    if big in _stacks(body):  # a big blind all-in for less: the first limp is the blind
        for _, line in body:
            if " raises " in line or line.startswith("** Dealing Flop"):
                break
            limp = re.match(r"^.+ calls [\[(]\s*([^\])]*?)\s*[\])]", line)
            if limp and money(limp[1], where) > big:
                big = money(limp[1], where)
                break
    return posted.get("small blind", big / 2), big


def _stacks(body: list[tuple[int, str]]) -> set[Decimal]:
    """The stacks the seat lines give (to tell a blind that is a whole stack)."""
    return {money(found[3], "") for _, line in body if (found := SEAT.match(line))}


def read_hand(text: str) -> SiteHand:
    """One Party hand read into PHH fields; PHHError naming the line of the Party text."""
    lines, origin, tournament = translate(text)

    def theirs(match: re.Match[str]) -> str:
        at = int(match[1])
        return f"line {origin[at - 1] if 0 < at <= len(origin) else at}"

    try:
        hand = read_lines(lines, PARTY_TEXT)
    except PHHError as error:
        raise PHHError(re.sub(r"\bline (\d+)", theirs, str(error))) from None
    figures = hand.figures
    figures.uncalled_collected = True
    try:
        actions = _showdown_completed(hand.data, set(figures.collected))
    except PHHError as error:
        raise PHHError(f"Hand #{hand.number}: {error}") from None
    hand = SiteHand({**hand.data, "actions": actions}, hand.number, hand.hero,
                    hand.played_at, hand.table, figures, hand.lines, hand.zone)
    if tournament:
        figures.rake, figures.rake_named = Decimal(0), "a tournament's rake"
    return SiteHand(hand.data, hand.number, hand.hero, hand.played_at, hand.table, figures,
                    tuple(origin[n - 1] if n else 0 for n in hand.lines), hand.zone)


def _showdown_completed(data: dict[str, Any], winners: set[str]) -> list[str]:
    """The actions with the showdown in its order and whole. Party writes the showdown as
    it likes (a 2021 converted hand ends with a river call and "wins"; a 2013 hand writes
    the caller's muck and never the bettor's cards): in showdown order (the last bettor of
    the river first, else the first player left of the button) each player left shows or
    mucks as written, and one who wrote nothing shows if they win and their cards are
    known (refused when they are not), else mucks. A hand that does not reach the river's
    showdown is left as it is.

    >>> _showdown_completed({"players": ["A", "B"], "actions": ["d dh p1 AsAd",
    ...     "d dh p2 ????", "d db 2c3c4c", "d db 5d", "d db 9h", "p1 cc", "p2 cbr 10",
    ...     "p1 cc"]}, {"A"})[-2:]
    ['p2 sm', 'p1 sm AsAd']
    """
    actions: list[str] = list(data["actions"])
    boards = [k for k, a in enumerate(actions) if a.startswith("d db")]
    if len(boards) < 3:
        return actions
    played = actions[:boards[-1]] + [a for a in actions[boards[-1]:] if " sm" not in a]
    written = {a.split()[0]: a for a in actions[boards[-1]:] if " sm" in a}
    count = len(data["players"])
    folded = {a.split()[0] for a in actions if a.endswith(" f")}
    acted = {a.split()[0] for a in actions if not a.startswith("d ")}
    left = [f"p{k}" for k in range(1, count + 1) if f"p{k}" in acted - folded]
    if len(left) < 2:
        return actions
    bettors = [a.split()[0] for a in actions[boards[-1]:] if " cbr " in a]
    first = bettors[-1] if bettors else left[0]
    order = left[left.index(first):] + left[:left.index(first)]
    holes = {a.split()[2]: a.split()[3] for a in actions if a.startswith("d dh ")}
    names = {f"p{k + 1}": name for k, name in enumerate(data["players"])}
    for player in order:
        if player in written:
            played.append(written[player])
        elif names[player] in winners and holes.get(player, "????") != "????":
            played.append(f"{player} sm {holes[player]}")
        elif names[player] in winners:
            raise PHHError(f"{names[player]} wins at the showdown, but the text never shows "
                           "their cards, so the replay cannot tell who wins.")
        else:
            played.append(f"{player} sm")
    return played


PARTYPOKER = SiteFormat("partypoker", "PartyPoker", owns, split, read_hand, hand_number)

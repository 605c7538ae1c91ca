"""Full Tilt Poker text, rewritten line for line into PokerStars' words and read by its reader.

Full Tilt's shape (cash games, sit-and-gos, Matrix and Rush tournaments, 2006-2014)::

    Full Tilt Poker Game #10861314621: Table Tree Line (6 max) - $0.50/$1 - No Limit
        Hold'em - 21:49:39 ET - 2009/02/26                    [one line in the file]
    Seat 1: Player0 ($110.90)
    Player1 posts the small blind of $0.50
    Hero posts $1                                             [a live post out of turn]
    The button is in seat #1
    *** HOLE CARDS ***
    Player0 raises to 300, and is all in
    Uncalled bet of $2 returned to Player3
    Player1 wins the pot ($2.85) with Ace King high
    *** SUMMARY ***
    Total pot $3 | Rake $0.15

The first line becomes PokerStars' two (the button comes from its own line, later), each
other line one line, and the reader's line numbers are mapped back to the Full Tilt text's,
so a refusal names the line of the file. Tournament lines name the tournament in brackets,
``$5 Sit & Go (Super Turbo) (253843023), Table 1``, the stakes with ``K`` for thousands
and the ante, ``50K/100K Ante 10000``. Full Tilt's "wins the pot (X)" is what PokerStars'
"collected X" is: the winnings after the rake, checked against the replay, as are the
uncalled bets and "Total pot | Rake". A second "shows" without cards (the hand's name, once
the board is out) and "The button is in seat" change nothing and are left out; a chat line
(``Name: text``, actions have no colon) is chat.

Pot-limit Omaha ("Pot Limit Omaha Hi", four hole cards) is read as PokerStars' "Omaha Pot
Limit". Refused with a sentence: other games (limit, capped, hi/lo, five-card...), a hand whose
seat lines give no stacks (an observed 2006 hand), and, as for PokerStars, raises nobody
left could call.
"""

from __future__ import annotations

import re
from datetime import datetime

from games.engine import PHHError
from games.history.imports.site_format import SiteFormat, SiteHand, first_line
from games.history.imports.site_games import refused
from games.history.stars.fields import Dialect
from games.history.stars.lines import ARCHIVE_SEPARATOR
from games.history.stars.text import read_lines, split_hands

HEADER = re.compile(r"^Full ?Tilt ?Poker Game #(\d+):")
FULLTILT_TEXT = Dialect("Full Tilt Poker", HEADER, "Full Tilt Poker Game #")
AMOUNT = r"[$€£]?\d[\d,]*(?:\.\d+)?K?"
STAKES = re.compile(rf"^({AMOUNT})/({AMOUNT})(?: Ante ({AMOUNT}))?$")
# Full Tilt's names of the games the engine plays, and PokerStars' (its capped, hi/lo,
# five- and six-card Omaha and Courchevel are refused by name: site_games).
GAMES = {"No Limit Hold'em": "Hold'em No Limit", "NL Hold'em": "Hold'em No Limit",
         "Pot Limit Omaha Hi": "Omaha Pot Limit", "Pot Limit Omaha": "Omaha Pot Limit",
         "PL Omaha Hi": "Omaha Pot Limit"}  # 2014's heads-up tables: "PL Omaha Hi"
TIME = re.compile(r"^(\d{1,2}:\d\d(?::\d\d)?) ([A-Z]{2,5})$")
BRACKETED = re.compile(r" \[(\d{1,2}:\d\d:\d\d) ET - (\d{4}/\d\d/\d\d)\]$")
TOURNAMENT = re.compile(r"^(?P<title>.+) \((?P<number>\d+)\), (?:Table|Match) (?P<table>.+)$")
BUTTON = re.compile(r"^The button is in seat #(\d+)$")
SEAT = re.compile(rf"^Seat (\d+): (.+) \(({AMOUNT})\)(,? is sitting out)?$")
SITTING_OUT = re.compile(r"^Seat \d+: (.+?)(?: \([^)]*\))* is sitting out$")
SEAT_WITHOUT_STACK = re.compile(r"^Seat \d+: .+ is sitting out$")
ACTION = re.compile(
    r"^(?P<verb>posts the small blind of|posts the big blind of|posts a dead small blind of"
    r"|posts|antes|calls|bets|raises to) (?P<chips>\S+?)(?P<all_in>,? and is all in)?$"
)
POSTS = {"posts the small blind of": "posts small blind", "posts": "posts big blind",
         "posts the big blind of": "posts big blind", "antes": "posts the ante",
         "posts a dead small blind of": "posts small & big blinds",
         "calls": "calls", "bets": "bets", "raises to": "raises to"}
WINS = re.compile(r"^(?:wins|ties for) the (?:main |side )?pot(?: #?\d+)? \((\S+)\)")
UNCALLED = re.compile(r"^Uncalled bet of (\S+) returned to (.+)$")
QUIET_WORDS = (
    r"has \d+ seconds left to act|has timed out|has returned|is sitting out|sits out"
    r"|stands up|has reconnected|is disconnected|is connected|has been disconnected"
    r"|adds \S+|has requested TIME|is feeling .+|shows (?!\[).+|sits down"
    r"|has \d+ seconds to reconnect"
)
QUIET = re.compile(rf"^(?:{QUIET_WORDS})$")
SOMEONE_QUIET = re.compile(rf"^.+ (?:{QUIET_WORDS})$")  # a player not seated in this hand
NAMELESS = re.compile(r"^\d+ seconds left to act$")  # a 2010 clock line without a name


def _chips(written: str) -> str:
    """Full Tilt's amounts as PokerStars writes them: ``50K`` is 50,000.

    >>> _chips("50K"), _chips("$1,000"), _chips("2.5K")
    ('50000', '$1,000', '2500')
    """
    if not written.endswith("K"):
        return written
    sign = written[0] if written[0] in "$€£" else ""
    number = written.strip("$€£K").replace(",", "")
    value = float(number) * 1000
    return sign + (str(int(value)) if value.is_integer() else str(value))


def _moment(parts: list[str], where: str) -> str:
    """The header's time as PokerStars writes it ("2009/02/26 21:49:39 ET"), "" without one.

    >>> _moment(["21:49:39 ET", "2009/02/26"], "x"), _moment(["15:13 ET", "Wed", "x"], "x")
    ('2009/02/26 21:49:39 ET', '')
    """
    if len(parts) < 2 or not TIME.match(parts[0]):
        return ""
    clock, zone = TIME.match(parts[0]).groups()  # type: ignore[union-attr]
    clock = clock if clock.count(":") == 2 else clock + ":00"
    day = parts[1]
    if not re.match(r"^\d{4}/\d\d/\d\d$", day):
        try:  # 2010's short-lived "Wed, July 21, 2010"
            day = datetime.strptime(", ".join(parts[1:])[5:], "%B %d, %Y").strftime("%Y/%m/%d")
        except ValueError:
            return ""
    return f"{day} {clock} {zone}"


def _first(line: str, number: str) -> tuple[str, str, str, bool]:
    """(PokerStars' first line, the table's name, its size, whether it is a tournament)."""
    where = f"Hand #{number}"
    head = line[HEADER.match(line).end():].strip()  # type: ignore[union-attr]
    bracketed = BRACKETED.search(head)
    head = BRACKETED.sub("", head)
    parts = head.split(" - ")
    games = [k for k, part in enumerate(parts) if "Hold'em" in part or "Omaha" in part
             or "Courchevel" in part
             or part.endswith(("Razz", "Stud", "Badugi", "Draw", "Mixed"))]
    stakes = [k for k, part in enumerate(parts) if STAKES.match(part)]
    if not games:
        raise PHHError(f"{where}: cannot read the game in the first line {line[:120]!r}.")
    game = parts[games[0]]
    if game not in GAMES:
        raise refused(where, game)
    name = GAMES[game]
    if not stakes:  # a Flipout writes "2B/2B Ante 2B"
        written = next((part for part in parts if "/" in part), "")
        raise PHHError(f"{where}: the first line's blinds ({written}) are not amounts, so "
                       "the hand cannot be replayed." if written else
                       f"{where}: the blinds are missing from the first line.")
    small, big, _ante = STAKES.match(parts[stakes[0]]).groups()  # type: ignore[union-attr]
    title = " - ".join(parts[:min(games[0], stakes[0])])
    rest = parts[max(games[0], stakes[0]) + 1:]
    when = (f"{bracketed[2]} {bracketed[1]} ET" if bracketed else _moment(rest, where))
    size = re.search(r" \((\d+) max\)$", title)
    table = re.sub(r"^Table | \(\d+ max\)$", "", title)
    tournament = TOURNAMENT.match(title)
    stakes_text = f"({_chips(small)}/{_chips(big)})"
    if tournament:
        buy_in = tournament["title"].split(" ")[0]
        game_text = (f"Tournament #{tournament['number']}, "
                     f"{buy_in if buy_in[:1] in '$€£' else 'FTP'} {name} - {stakes_text}")
        table = f"{tournament['number']} {tournament['table']}"
    else:
        game_text = f"{name} {stakes_text}"
    out = f"Full Tilt Poker Game #{number}: {game_text}" + (f" - {when}" if when else "")
    return out, table, size.group(1) if size else "", bool(tournament)


def translate(text: str) -> tuple[list[str], list[int]]:
    """(the hand's lines in PokerStars' words, the Full Tilt line number of each)."""
    raw = text.replace("\r\n", "\n").lstrip("\ufeff").split("\n")
    numbered = [(k, line.strip()) for k, line in enumerate(raw, start=1) if line.strip()]
    number = hand_number(text)
    where = f"Hand #{number}"
    if not numbered or not HEADER.match(numbered[0][1]):
        raise PHHError("Not a Full Tilt Poker hand: it must begin with "
                       "\"Full Tilt Poker Game #\".")
    header, table, size, _tournament = _first(numbered[0][1], number)
    if not any(SEAT.match(line) for _, line in numbered):
        raise PHHError(f"{where}: the hand gives no seats and stacks, so it cannot be "
                       "replayed.")
    button = next((BUTTON.match(line)[1] for _, line in numbered  # type: ignore[index]
                   if BUTTON.match(line)), None)
    if button is None:
        raise PHHError(f"{where}: the hand does not say which seat has the button.")
    max_seats = size or next((line.split(": ")[1] for _, line in numbered
                              if re.match(r"^Seats: \d+$", line)), "")
    out = [header, f"Table '{table}' {max_seats + '-max ' if max_seats else ''}"
                   f"Seat #{button} is the button"]
    origin = [numbered[0][0], numbered[0][0]]
    names: list[str] = []
    # A seat the summary says "is sitting out" (the seat line may not say it): dealt in
    # only if they post or act, as PokerStars' reader does with its own mark.
    out_of_hand = {m[1] for _, line in numbered if (m := SITTING_OUT.match(line))}
    section = "seats"
    for k, line in numbered[1:]:
        said = _rewrite(line, section, names, f"{where}, line {k}")
        if section == "seats" and said and said.startswith("Seat ") and any(
                said.startswith(f"Seat {line.split(':')[0][5:]}: {name} (")
                for name in out_of_hand) and not said.endswith(" is sitting out"):
            said += " is sitting out"
        if line.startswith("*** SUMMARY"):
            out += _board_left_out(out, numbered)
            origin += [k] * (len(out) - len(origin))
            for name in _folds_left_out(out, numbered):
                out.append(f"{name}: folds")
                origin.append(k)
        if line.startswith("*** "):
            section = "summary" if line.startswith("*** SUMMARY") else "play"
        if said is not None:
            out.append(said)
            origin.append(k)
    return out, origin


def _board_left_out(out: list[str], numbered: list[tuple[int, str]]) -> list[str]:
    """The streets the summary's board holds but the text does not deal (a Matrix hand's
    all-in run out whose river line is missing), in PokerStars' words."""
    board = next((line[len("Board: "):].strip("[]").split() for _, line in numbered
                  if line.startswith("Board: [")), [])
    dealt: list[str] = []
    for line in out:
        found = re.match(r"^\*\*\* (?:FLOP|TURN|RIVER) \*\*\* (?:\[[^\]]*\] )?\[([^\]]+)\]", line)
        if found:
            dealt += found[1].split()
    if len(board) <= len(dealt) or board[:len(dealt)] != dealt or len(board) > 5:
        return []
    streets = []
    for name, upto in (("FLOP", 3), ("TURN", 4), ("RIVER", 5)):
        if len(dealt) < upto <= len(board):
            before = f"[{' '.join(board[:len(dealt)])}] " if dealt else ""
            streets.append(f"*** {name} *** {before}[{' '.join(board[len(dealt):upto])}]")
            dealt = board[:upto]
    return streets


def _folds_left_out(out: list[str], numbered: list[tuple[int, str]]) -> list[str]:
    """Who the summary says "folded before the Flop" but whose fold the text leaves out (a
    Matrix player who disconnected): their fold, the one action they can still take, ends
    the hand as the summary says. Only in a hand with no flop, where nothing came after."""
    if any(line.startswith("*** FLOP") for line in out):
        return []
    folded = {line.split(": ", 1)[0] for line in out if line.endswith(": folds")}
    summary = [line for _, line in numbered[[line for _, line in numbered].index(
        "*** SUMMARY ***"):]] if any(line == "*** SUMMARY ***" for _, line in numbered) else []
    left_out = []
    for line in summary:
        said = re.match(r"^Seat \d+: (.+?) (?:\([^)]*\) )?folded before the Flop$", line)
        if said and said[1] not in folded:
            left_out.append(said[1])
    return left_out


def _rewrite(line: str, section: str, names: list[str], where: str) -> str | None:
    """One Full Tilt line in PokerStars' words; None for a line that changes nothing."""
    if section == "seats" and line.startswith("Seat"):
        seat = SEAT.match(line)
        if seat:
            names.append(seat[2])
            names.sort(key=len, reverse=True)
            mark = " is sitting out" if seat[4] else ""
            return f"Seat {seat[1]}: {seat[2]} ({_chips(seat[3])} in chips){mark}"
        if line.startswith("Seats: ") or SEAT_WITHOUT_STACK.match(line):
            return None  # the table's size (read with the header); a seat nobody plays
        raise PHHError(f"{where}: cannot read the seat line {line!r}.")
    if line.startswith("*** "):
        return re.sub(r" \(Total Pot: [^)]*\)$", "", line)
    if section == "summary":
        return "Board " + line[len("Board: "):] if line.startswith("Board: ") else line
    if BUTTON.match(line):
        return None
    uncalled = UNCALLED.match(line)
    if uncalled:
        return f"Uncalled bet ({_chips(uncalled[1])}) returned to {uncalled[2]}"
    if line.startswith("Dealt to "):
        return line
    if NAMELESS.match(line):
        return None
    if line.startswith("Players agree to Run It Twice"):
        raise PHHError(f"{where}: a hand run twice cannot be replayed.")
    for name in names:
        if line.startswith(name + ": "):
            return f'{name} said, "{line[len(name) + 2:]}"'  # actions have no colon
        if line.startswith(name + " "):
            return _action(name, line[len(name) + 1:], where)
    if SOMEONE_QUIET.match(line):
        return None
    raise PHHError(f"{where}: cannot read {line!r}.")


def _action(name: str, rest: str, where: str) -> str | None:
    act = ACTION.match(rest)
    if act:
        all_in = " and is all-in" if act["all_in"] else ""
        return f"{name}: {POSTS[act['verb']]} {_chips(act['chips'])}{all_in}"
    if rest in ("folds", "checks"):
        return f"{name}: {rest}"
    if rest == "mucks" or rest.startswith("mucks ["):
        return f"{name}: mucks hand"
    if rest.startswith("shows ["):
        return f"{name}: {rest}"
    won = WINS.match(rest)
    if won:
        return f"{name} collected {_chips(won[1])} from pot"
    if QUIET.match(rest):
        return None
    raise PHHError(f"{where}: cannot read {name} {rest!r}.")


def read_hand(text: str) -> SiteHand:
    """One Full Tilt hand read into PHH fields; PHHError naming the Full Tilt line."""
    lines, origin = translate(text)

    def theirs(match: re.Match[str]) -> str:
        at = int(match[1])
        return f"line {origin[at - 1] if 0 < at <= len(origin) else at}"

    try:
        hand = read_lines(lines, FULLTILT_TEXT)
    except PHHError as error:  # the reader's line numbers are the rewritten text's
        raise PHHError(re.sub(r"\bline (\d+)", theirs, str(error))) from None
    actions, numbers = _without_lone_muck(hand.data["actions"], list(hand.lines))
    data = {**hand.data, "actions": actions}
    return SiteHand(data, hand.number, hand.hero, hand.played_at, hand.table,
                    hand.figures, tuple(origin[n - 1] if n else 0 for n in numbers), hand.zone)


def _without_lone_muck(actions: list[str], lines: list[int]) -> tuple[list[str], list[int]]:
    """The actions without a "mucks" of the one player left (Full Tilt writes it for a
    winner nobody called): there is no showdown to muck at.

    >>> _without_lone_muck(["d dh p1 ????", "d dh p2 ????", "p1 f", "p2 sm"], [0, 0, 5, 6])
    (['d dh p1 ????', 'd dh p2 ????', 'p1 f'], [0, 0, 5])
    """
    players = sum(1 for action in actions if action.startswith("d dh "))
    folded: set[str] = set()
    kept = []
    for action, line in zip(actions, lines, strict=True):
        who, _, act = action.partition(" ")
        if act == "f":
            folded.add(who)
        if act == "sm" and len(folded) == players - 1 and who not in folded:
            continue
        kept.append((action, line))
    return [a for a, _ in kept], [n for _, n in kept]


def hand_number(text: str) -> str:
    """The game number in a Full Tilt hand's first line ("?" when it has none).

    >>> hand_number("Full Tilt Poker Game #32654487081: $5 Sit & Go"), hand_number("x")
    ('32654487081', '?')
    """
    match = HEADER.match(first_line(text))
    return match.group(1) if match else "?"


def _archive_mark(line: str) -> bool:
    """HM2's Full Tilt archives open with a line "BEGIN"."""
    return line == "BEGIN" or bool(ARCHIVE_SEPARATOR.match(line))


def owns(text: str) -> bool:
    return bool(HEADER.match(first_line(text, _archive_mark)))


def split(text: str) -> list[str]:
    return split_hands(re.sub(r"^\ufeff?\s*BEGIN\s*\n", "", text), FULLTILT_TEXT)


FULLTILT = SiteFormat("fulltilt", "Full Tilt Poker", owns, split, read_hand, hand_number)

"""One PokerNow hand's log rows, rewritten into PokerStars' words for its reader.

PokerNow's log is a CSV of ``entry,at,order`` rows (``formats.pokernow`` cuts it into hands,
oldest row first). Players are written ``"name @ id"``; the id stays when a player changes
their name, so a player is known by the id and named as the hand's "Player stacks" row
names them. Amounts of "calls", like "raises to", are the player's whole bet on the street,
where PokerStars writes what the call adds: the rewrite keeps each player's bet to tell.

Rows that change no amount of the hand are left out on purpose (``QUIET``): the table's
seat requests, joins and sit-backs (the next hand's stacks hold them), stack changes the
admin queues "in the next hand", spectator notes, run-it-twice votes that end in one run,
"Undealt cards" (the board nobody played), "Dead Small Blind" (a seat with no small blind).
A board run twice ("Flop (second run): ...", "collected 155 from pot with ... on the second
run") is PokerStars' "*** FIRST FLOP ***" and "*** SECOND FLOP ***", the second board's
winners under "*** SECOND SHOW DOWN ***"; the replay splits each pot between the boards.
A bomb pot ("posts a bet of 4 (bomb pot bet)", "calls 4 (bomb pot bet)", then the flop) is
everyone's ante and no betting before the flop, which PHH writes as every player with chips
behind checking, first to last; its big blind (the smallest bet after the flop) is the
table's, which only the log around the hand tells (``pokernow.split`` notes it).
Refused with a sentence: other games.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal

from games.engine import PHHError
from games.history.imports.site_games import refused

# The game in parentheses (2022's logs) or bare (2026's: "-- starting hand #266 (id: x)  No
# Limit Texas Hold'em (dealer: ...) --").
START = re.compile(
    r"^-- starting hand #(\d+)(?: \(id: (\w+)\))?\s+(?:\((.+?)\)|(\S.*?)) "
    r"\((?:dealer: \"(.+)\"|dead button)\) --$"
)
STACKS = re.compile(r'#(\d+) "(.+?)" \((\d[\d.]*)\)')
PLAYER = re.compile(r'^"(.+?)" (.+)$')
SUITS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}
# PokerNow's names of the games the engine plays, and PokerStars' ("Pot Limit Omaha Hi/Lo 8
# or Better" is refused by name: site_games).
GAMES = {"No Limit Texas Hold'em": "Hold'em No Limit", "Pot Limit Omaha Hi": "Omaha Pot Limit"}
CARD = re.compile(r"(10|[2-9TJQKA])([♠♥♦♣])")
BOARD = re.compile(r"^(Flop|Turn|River)( \(second run\))?:\s+(.*)$")
ALL_IN = " and go all in"
QUIET = re.compile(
    r"^(?:The player \".+\" (?:requested a seat|canceled the seat request|joined the game"
    r"|sit back|passed the room ownership|will start to play|changed the name to)"
    r"|The admin (?:approved|\".+\" (?:enqueued|rejected|forced|canceled))"
    r"|WARNING: the admin queued the stack change for the player .+ in the next hand"
    r"|IMPORTANT: (?:The player .+ spectator mode|spectator mode)"
    r"|Remaining players decide whether to run it twice\.$"
    r"|Some players choose to not run it twice\.$"
    r"|All players in hand choose to run it twice\.$"
    r"|\".+\" chooses to  ?(?:not )?run it twice\.$"
    r"|Undealt cards: |Dead Small Blind$"
    # The host's settings changed, written as they happen, for the next hands; and a run
    # twice the settings impose (the second run's own rows say which streets).
    r"|Game Config Changes\n|The board will run it twice due the game settings\.$)"
)
ID_CHANGE = re.compile(r'^The player "(.+)" changed the ID from (\S+) to (\S+) because ')
POSTS = (
    ("posts a small blind of ", "posts small blind "),
    ("posts a big blind of ", "posts big blind "),
    ("posts a missed big blind of ", "posts big blind "),  # live, as a big blind is
    ("posts a straddle of ", "posts straddle "),
    ("posts an ante of ", "posts the ante "),
)
DEAD = "posts a missing small blind of "  # dead money: in the pot, not in the bet
BOMB_POT = re.compile(r"^(?:posts a bet of|calls) (\S+)( and go all in)? \(bomb pot bet\)$")


def cards(text: str) -> list[str]:
    """PokerNow's cards in the engine's letters.

    >>> cards("10♥, A♠")
    ['Th', 'As']
    """
    return [("T" if rank == "10" else rank) + SUITS[suit] for rank, suit in CARD.findall(text)]


def player_id(quoted: str) -> str:
    return quoted.rsplit(" @ ", 1)[-1]


@dataclass
class Rewrite:
    """The hand's PokerStars lines as they are written, and what the rewrite must track."""

    number: str
    names: dict[str, str] = field(default_factory=dict)  # id -> the stacks row's name
    lines: list[str] = field(default_factory=list)
    origin: list[int] = field(default_factory=list)  # the part's line of each of ``lines``
    street_bet: dict[str, Decimal] = field(default_factory=dict)
    level: Decimal = Decimal(0)
    dead: dict[str, Decimal] = field(default_factory=dict)  # missing small blinds, by name
    # A bomb pot's antes by name; the players left of the button first, with their stacks.
    bomb_pot: dict[str, Decimal] = field(default_factory=dict)
    order: list[tuple[str, Decimal]] = field(default_factory=list)
    shown: dict[str, list[str]] = field(default_factory=dict)
    # What a call put in over the bet (the whole big blind over a short all-in one), by
    # name: PokerNow returns it as an uncalled bet, the engine never takes it.
    over_called: dict[str, Decimal] = field(default_factory=dict)
    # A board run twice: the streets the log deals again ("Turn (second run): ..."), which
    # PokerStars names "*** FIRST TURN ***" and "*** SECOND TURN ***"; whether the second
    # board's showdown has begun (its "collected ... on the second run" rows).
    twice: set[str] = field(default_factory=set)
    second_showdown: bool = False

    def add(self, line: str, row: int) -> None:
        self.lines.append(line)
        self.origin.append(row)

    def who(self, quoted: str, where: str) -> str:
        name = self.names.get(player_id(quoted))
        if name is None:
            raise PHHError(f"{where}: {quoted} acts but is not in the hand's stacks.")
        return name


def amount(word: str, where: str) -> Decimal:
    if not re.fullmatch(r"\d+(?:\.\d+)?", word):
        raise PHHError(f"{where}: {word!r} is not an amount.")
    return Decimal(word)


def head(rewrite: Rewrite, start: re.Match[str], stacks: str, when: str,
         lines: tuple[int, int], posts: list[str], table_big_blind: Decimal | None) -> None:
    """The first lines: the hand's number, stakes and time; the table and button; seats
    (``lines``: the part's lines of the starting row and of the stacks row;
    ``table_big_blind``: the table's, as the log around the hand tells it, for a bomb pot)."""
    row, stacks_row = lines
    number, _, within, bare, dealer = start.groups()
    game = within or bare
    where = f"Hand #{number}"
    if game not in GAMES:
        raise refused(where, game)
    seats = STACKS.findall(stacks)
    if not seats:
        raise PHHError(f"{where}: the \"Player stacks\" row is missing.")
    seat_of = {}
    for seat, quoted, _ in seats:
        rewrite.names[player_id(quoted)] = quoted
        seat_of[quoted] = int(seat)
    small = _posted(posts, "posts a small blind of ")
    big = _posted(posts, "posts a big blind of ")
    if big is None and any("(bomb pot bet)" in entry for entry in posts):
        if table_big_blind is None:
            raise PHHError(f"{where}: a bomb pot (no blinds) whose table's big blind the "
                           "hand does not say: import the whole log.")
        big = str(table_big_blind)
    if big is None:
        raise PHHError(f"{where}: nobody posts a big blind.")
    stamp = when[:19].replace("-", "/").replace("T", " ")
    rewrite.add(f"PokerNow Hand #{number}: {GAMES[game]} ({small or 0}/{big}) - "
                f"{stamp} UTC", row)
    if dealer is not None:
        if dealer not in seat_of:
            raise PHHError(f"{where}: the dealer {dealer} has no stack.")
        button = seat_of[dealer]
    else:  # a dead button: the empty seat before the first player who posts a blind
        button = _before_blinds(posts, seat_of, rewrite, where)
    # PokerNow's tables have ten seats, numbered as the "Player stacks" row numbers them.
    rewrite.add(f"Table 'PokerNow' 10-max Seat #{button} is the button", row)
    for seat, quoted, chips in seats:
        rewrite.add(f"Seat {seat}: {quoted} ({chips} in chips)", stacks_row)
    rewrite.order = sorted(((quoted, Decimal(chips)) for _, quoted, chips in seats),
                           key=lambda player: (seat_of[player[0]] - button - 1) % 10)


def _posted(posts: list[str], words: str) -> str | None:
    for entry in posts:
        said = PLAYER.match(entry)
        if said and said.group(2).startswith(words):
            return said.group(2)[len(words):].removesuffix(ALL_IN.strip()).split()[0]
    return None


def _before_blinds(posts: list[str], seat_of: dict[str, int], rewrite: Rewrite,
                   where: str) -> int:
    for entry in posts:
        said = PLAYER.match(entry)
        if said and said.group(2).startswith(("posts a small blind", "posts a big blind")):
            seat = seat_of.get(rewrite.names.get(player_id(said.group(1)), ""))
            if seat is not None:
                return seat - 1 if seat > 1 else 10
    raise PHHError(f"{where}: a dead button and no blind posted: the button cannot be told.")


def row(rewrite: Rewrite, entry: str, line: int, hero: str | None) -> None:
    """One row after the stacks, rewritten (or left out on purpose)."""
    where = f"Hand #{rewrite.number}, line {line}"
    if entry.startswith("Your hand is "):
        if hero is not None:
            rewrite.add(f"Dealt to {hero} [{' '.join(cards(entry))}]", line)
        return
    board = BOARD.match(entry)
    if board:
        street, second, shown = board.groups()
        if second and rewrite.second_showdown:
            raise PHHError(f"{where}: the second board is dealt after it paid.")
        run = ("SECOND " if second else "FIRST ") if street in rewrite.twice else ""
        if rewrite.bomb_pot and street == "Flop" and not second:
            _bomb_pot_checks(rewrite, line)
        old, _, new = shown.partition("[")
        dealt = " ".join(cards(new))
        before = f"[{' '.join(cards(old))}] " if cards(old) else ""
        rewrite.add(f"*** {run}{street.upper()} *** {before}[{dealt}]", line)
        rewrite.street_bet, rewrite.level = {}, Decimal(0)
        return
    bomb = BOMB_POT.match(PLAYER.sub(r"\2", entry)) if "(bomb pot bet)" in entry else None
    if bomb:
        if len(rewrite.lines) > 2 + len(rewrite.order) + len(rewrite.bomb_pot):
            raise PHHError(f"{where}: a bomb pot's bet comes after the hand's first action.")
        name = rewrite.who(PLAYER.sub(r"\1", entry), where)
        chips = amount(bomb.group(1), where)
        rewrite.bomb_pot[name] = chips
        rewrite.add(f"{name}: posts the ante {chips}{' and is all-in' if bomb.group(2) else ''}",
                    line)
        return
    if "(bomb pot bet)" in entry:
        raise PHHError(f"{where}: cannot read the bomb pot's row {entry!r}.")
    uncalled = re.match(r'^Uncalled bet of (\S+) returned to "(.+)"$', entry)
    if uncalled:
        name = rewrite.who(uncalled.group(2), where)
        back = amount(uncalled.group(1), where) - rewrite.over_called.pop(name, Decimal(0))
        if back:  # what is left once the call's excess is taken off, checked as ever
            rewrite.add(f"Uncalled bet ({back}) returned to {name}", line)
        return
    changed = ID_CHANGE.match(entry)
    if changed:  # the player's next rows carry the new id
        known = rewrite.names.get(changed.group(2))
        if known is not None:
            rewrite.names[changed.group(3)] = known
        return
    if QUIET.match(entry):
        return
    said = PLAYER.match(entry)
    if said:
        _action(rewrite, rewrite.who(said.group(1), where), said.group(2).strip(), where, line)
        return
    raise PHHError(f"{where}: cannot read {entry!r}.")


def _action(rewrite: Rewrite, name: str, rest: str, where: str, line: int) -> None:
    all_in = rest.endswith(ALL_IN)
    rest = rest.removesuffix(ALL_IN)
    tail = " and is all-in" if all_in else ""
    bet = rewrite.street_bet.get(name, Decimal(0))
    collected = re.match(r"^collected (\S+) from pot(?: with .*)?$", rest)
    if rest in ("folds", "checks"):
        rewrite.add(f"{name}: {rest}", line)
    elif rest.startswith(DEAD):
        chips = amount(rest[len(DEAD):], where)
        rewrite.dead[name] = rewrite.dead.get(name, Decimal(0)) + chips
    elif rest.startswith(tuple(words for words, _ in POSTS)):
        for words, stars in POSTS:
            if rest.startswith(words):
                chips = amount(rest[len(words):], where)
                rewrite.add(f"{name}: {stars}{chips}{tail}", line)
                if words != "posts an ante of ":
                    _bet_to(rewrite, name, bet + chips)
                break
    elif rest.startswith("calls "):
        to = amount(rest[len("calls "):], where)
        if Decimal(0) < rewrite.level < to and not all_in:
            # "calls 20000" over a big blind all-in for 19896: a call of the 19896, and
            # the "Uncalled bet of 104" that follows is the rest, never in the pot.
            rewrite.over_called[name] = to - rewrite.level
            to = rewrite.level
        rewrite.add(f"{name}: calls {to - bet}{tail}", line)
        _bet_to(rewrite, name, to)
    elif rest.startswith("bets "):
        to = amount(rest[len("bets "):], where)
        rewrite.add(f"{name}: bets {to}{tail}", line)
        _bet_to(rewrite, name, to)
    elif rest.startswith("raises to "):
        to = amount(rest[len("raises to "):], where)
        if to <= rewrite.level:  # all in for no more than the bet: PokerNow's words, a call
            rewrite.add(f"{name}: calls {to - bet}{tail}", line)
        else:
            rewrite.add(f"{name}: raises {to - rewrite.level} to {to}{tail}", line)
        _bet_to(rewrite, name, to)
    elif rest.startswith("shows a "):
        shown = cards(rest)
        if rewrite.shown.get(name) == shown:
            return  # PokerNow writes a show again once the board is run out: one show
        rewrite.shown[name] = shown
        rewrite.add(f"{name}: shows [{' '.join(shown)}]", line)
    elif collected:
        if " on the second run " in f"{rest} ":  # the second board's winners, after the first's
            if not rewrite.twice:
                raise PHHError(f"{where}: {name} collects on a second run the log never deals.")
            if not rewrite.second_showdown:
                rewrite.second_showdown = True
                rewrite.add("*** SECOND SHOW DOWN ***", line)
        elif rewrite.second_showdown:
            raise PHHError(f"{where}: {name} collects on the first board after the second's "
                           "winners.")
        rewrite.add(f"{name} collected {amount(collected.group(1), where)} from pot", line)
    else:
        raise PHHError(f"{where}: cannot read {name} {rest!r}.")


def _bomb_pot_checks(rewrite: Rewrite, line: int) -> None:
    """No betting before a bomb pot's flop: as PHH writes it, every player with chips behind
    the ante checks, left of the button first (none when fewer than two have chips)."""
    behind = [rewrite.names[player_id(quoted)] for quoted, stack in rewrite.order
              if stack > rewrite.bomb_pot.get(rewrite.names[player_id(quoted)], stack)]
    if len(behind) > 1:
        for name in behind:
            rewrite.add(f"{name}: checks", line)


def _bet_to(rewrite: Rewrite, name: str, to: Decimal) -> None:
    rewrite.street_bet[name] = to
    rewrite.level = max(rewrite.level, to)

"""PokerStars hand-history text into PHH fields, so the engine replays it like any PHH hand.

Why our own reader: the parsers on PyPI either wrap hands in their own object models
(pkrhistoryparser, pokerdf's DataFrames, a Rust extension) or are pokerkit, which stays a test
oracle. What the engine needs is small: seats, forced bets and each action's "to" amount, in
order. So this module reads the text line by line into PHH data (``variant``, ``antes``,
``blinds_or_straddles``, ``starting_stacks``, ``actions``...), ``games.engine.replay_phh_data``
plays it, and ``stars_check.reconcile`` checks the text's own figures (uncalled bets, amounts
collected, total pot, rake) against the replay: ``replay_stars`` does all three.

Amounts are read exactly (``Decimal``): "$0.25" stays 25 cents. Every line is understood or
ignored on purpose (``stars_lines``: chat, the table coming and going, the clock, tournament
news, bounties); a line that is neither is refused with its number, never skipped: skipping
an action would change the hand. A player marked "is sitting out" is dealt in when they post
or act (tournaments deal them cards and fold them), else left out. Unsupported, each refused
with a sentence: other games, a dead small blind ("posts small & big blinds").

A board run twice ("*** FIRST RIVER ***", "*** SECOND RIVER ***") is PHH's ``_runout_count``;
only the first showdown's shows and mucks are actions (the second repeats them), and each
board's collected lines are checked against what that board paid in the replay. Our own
double board ("Hand was dealt two boards") is ``_starting_board_count = 2``.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from games.engine import PHHError, PHHReplay
from games.engine.variants import Variant
from games.history import stars_lines as L
from games.history.fair_lines import read_stars_line
from games.history.site_format import SiteHand, replay_site_hand
from games.history.site_games import HOLDEM, OMAHA, is_pot_limit_omaha, refused
from games.history.site_time import played_at
from games.history.stars_bounty import read_bounty_line
from games.history.stars_check import Figures
from games.history.stars_tournament import StarsTournament, read_tournament

UNKNOWN_CARD = "??"


@dataclass(frozen=True)
class Dialect:
    """A site that writes PokerStars' shape of text with its own first line (GGPoker's
    "Poker Hand #HD123:"): the reader is the same, these facts differ.

    ``header`` matches a hand's first line, the hand's number as its first group; ``noise``
    matches the site's own lines that change no amount (ignored on purpose, as
    ``stars_lines.is_noise`` does PokerStars'); ``refused`` pairs a line's pattern with the
    sentence that refuses a hand holding it.
    """

    venue: str
    header: re.Pattern[str]
    opening: str  # how a hand's first line begins, for people: "PokerStars Hand #"
    noise: re.Pattern[str] | None = None
    refused: tuple[tuple[re.Pattern[str], str], ...] = ()
    # Whether a player's "collected" amount holds the bet returned to them (Winamax).
    uncalled_collected: bool = False


POKERSTARS = Dialect("PokerStars", L.HEADER, "PokerStars Hand #")


def split_hands(text: str, dialect: Dialect = POKERSTARS) -> list[str]:
    """Each hand of a PokerStars file, its lines stripped of surrounding spaces (archive files
    indent every line) and archive separators (``*** # 2 ***``) left out. Text before the
    first hand comes back as a part of its own, so that it is refused rather than lost.

    >>> len(split_hands("PokerStars Hand #1: x\\n\\n\\nPokerStars Hand #2: y\\n"))
    2
    >>> split_hands(" *** # 1 ***\\n PokerStars Hand #1: x\\n  Table 'T'\\n")
    ["PokerStars Hand #1: x\\nTable 'T'\\n"]
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\ufeff", "")
    hands: list[list[str]] = [[]]
    for raw in text.split("\n"):
        line = raw.strip()
        if L.ARCHIVE_SEPARATOR.match(line):
            continue
        if dialect.header.match(line):
            hands.append([])
        hands[-1].append(line)
    parts = ["\n".join(lines).strip() + "\n" for lines in hands]
    return [part for part in parts if part.strip()]


def looks_like_pokerstars(text: str, dialect: Dialect = POKERSTARS) -> bool:
    """Whether a text's first line (archive separators aside) is a PokerStars hand's (or
    the ``dialect``'s)."""
    for raw in text.lstrip("\ufeff").splitlines():
        line = raw.strip()
        if line and not L.ARCHIVE_SEPARATOR.match(line):
            return bool(dialect.header.match(line))
    return False


def amount(word: str, where: str) -> Decimal:
    """A PokerStars amount: "$1,250.50" -> Decimal('1250.50').

    >>> amount("$1,250.50", "x")
    Decimal('1250.50')
    """
    match = L.MONEY.match(word.strip())
    if not match:
        raise PHHError(f"{where}: {word!r} is not an amount.")
    try:
        return Decimal(match.group(1).replace(",", ""))
    except InvalidOperation:
        raise PHHError(f"{where}: {word!r} is not an amount.") from None


@dataclass
class _Hand:
    """What the text says, gathered line by line."""

    number: str = ""
    variant: Variant = HOLDEM
    small_blind: Decimal = Decimal(0)
    big_blind: Decimal = Decimal(0)
    symbol: str = ""
    played_at: datetime | None = None
    zone: str = ""
    table: str = ""
    max_seats: int = 0
    button: int = 0
    seats: dict[str, int] = field(default_factory=dict)  # name -> seat number
    stacks: dict[str, Decimal] = field(default_factory=dict)
    absent: set[str] = field(default_factory=set)  # marked sitting out or out of hand
    active: set[str] = field(default_factory=set)  # who posts or acts
    antes: dict[str, Decimal] = field(default_factory=dict)
    posts: list[tuple[str, str, Decimal]] = field(default_factory=list)
    holes: dict[str, str] = field(default_factory=dict)
    hero: str | None = None
    lines: list[tuple[str, str]] = field(default_factory=list)  # (name or "d", PHH action)
    numbers: list[int] = field(default_factory=list)  # the text's line of each of ``lines``
    figures: Figures = field(default_factory=Figures)
    # The text's own bets on this street, to tell a call that is really an all-in raise.
    street_bet: dict[str, Decimal] = field(default_factory=dict)
    level: Decimal = Decimal(0)
    all_in: set[str] = field(default_factory=set)
    big_blind_seat: str | None = None  # the summary's "(big blind)", if it names one
    # PHH's user-defined fields read from our own summary lines: ``_deal_...`` (the fair
    # deal) and ``_seven_deuce_bounty``.
    fair_deal: dict[str, Any] = field(default_factory=dict)
    dialect: Dialect = POKERSTARS
    tournament: StarsTournament | None = None  # a tournament hand's number and level
    runouts: int = 1  # how many times the board was run ("*** SECOND RIVER ***": 2)
    run: int = 0  # the board whose showdown the lines are under (0: the first)
    double_board: bool = False  # our "Hand was dealt two boards"
    run_named: bool = False  # a "*** FIRST ... ***" section was seen
    # A second board's street before the first board's river: the boards were dealt street
    # by street together (a double board), not run again after the river.
    interleaved: bool = False
    first_river: bool = False


# A PokerStars hand read into PHH fields: the shape every site's reader gives.
StarsHand = SiteHand


def read_hand(text: str, dialect: Dialect = POKERSTARS) -> StarsHand:
    """Read one hand of PokerStars text (or the ``dialect``'s); PHHError names the line that
    cannot be read.

    >>> hand = read_hand(SAMPLE)
    >>> hand.data["blinds_or_straddles"], hand.data["starting_stacks"], hand.hero
    ([Decimal('0.01'), Decimal('0.02'), Decimal('0')], [Decimal('0.80'), Decimal('0.80'), \
Decimal('0.80')], 'Hero')
    >>> hand.data["actions"][3:], hand.figures.rake
    (['p3 cbr 0.06', 'p1 f', 'p2 f'], Decimal('0'))
    """
    return read_lines([line.strip() for line in text.replace("\r\n", "\n").split("\n")], dialect)


def read_lines(lines: list[str], dialect: Dialect = POKERSTARS) -> StarsHand:
    """``read_hand`` of a hand's lines; empty lines do not count (the line numbers of
    refusals count the others), so a site whose reader rewrites its lines one for one into
    PokerStars' words (``formats.winamax``) has its own line numbers in its refusals."""
    lines = [line for line in lines if line]
    if not lines or not dialect.header.match(lines[0]):
        raise PHHError(f"Not a {dialect.venue} hand: it must begin with "
                       f"\"{dialect.opening}\".")
    hand = _Hand(dialect=dialect)
    _header(hand, lines[0])
    table = L.TABLE.match(lines[1]) if len(lines) > 1 else None
    if table is None:
        raise PHHError(f"Hand #{hand.number}, line 2: expected \"Table '...' N-max Seat #N is "
                       "the button\".")
    hand.table, hand.button = table.group(1), int(table.group(3))
    hand.max_seats = int(table.group(2) or 0)
    section = "seats"
    for number, line in enumerate(lines[2:], start=3):
        where = f"Hand #{hand.number}, line {number}"
        if line.startswith("*** "):
            section = _section(hand, line, where) or section
        elif section == "seats" and line.startswith("Seat "):
            _seat(hand, line, where)
        elif section == "summary":
            _summary(hand, line, where)
        else:
            _line(hand, line, where)
        hand.numbers += [number] * (len(hand.lines) - len(hand.numbers))
    return _finish(hand)


def replay_stars(text: str) -> tuple[StarsHand, PHHReplay]:
    """Read one hand, replay it, and check the text's figures against the replay."""
    hand = read_hand(text)
    return hand, replay_site_hand(hand)


def _header(hand: _Hand, line: str) -> None:
    match = hand.dialect.header.match(line)
    assert match is not None
    hand.number = match.group(1)
    game = line[match.end():].split(" - ")[0].strip()
    if L.POT_LIMIT_OMAHA.search(game) and is_pot_limit_omaha(game):
        hand.variant = OMAHA
    elif "Hold'em No Limit" not in line or L.OTHER_HOLDEM.search(line):
        raise refused(f"Hand #{hand.number}", game)
    capped = L.CAPPED.search(line)
    if capped:
        raise PHHError(f"Hand #{hand.number}: unsupported game (capped no-limit hold'em, "
                       f"{capped.group(1)} cap); the engine plays no-limit without a cap.")
    stakes = L.STAKES.findall(line)
    if not stakes:
        raise PHHError(f"Hand #{hand.number}: the blinds are missing from the first line.")
    small, big = stakes[-1]
    hand.small_blind = amount(small, f"Hand #{hand.number}")
    hand.big_blind = amount(big, f"Hand #{hand.number}")
    hand.symbol = big[0] if big[0] in "$€£₹" else ""
    hand.played_at, hand.zone = played_at(line)
    try:
        hand.tournament = read_tournament(line)
    except ValueError as error:
        raise PHHError(f"Hand #{hand.number}: {error}") from None


def _section(hand: _Hand, line: str, where: str) -> str | None:
    run = L.RUN_SECTION.match(line)
    if run:
        index = L.RUN_NAMES.index(run.group(1))
        hand.run_named = True
        if run.group(2).startswith("SHOW"):  # GGPoker writes "SHOWDOWN"
            hand.run = index
            return "showdown"
        hand.runouts = max(hand.runouts, index + 1)
        hand.first_river = hand.first_river or (index == 0 and run.group(2) == "RIVER")
        hand.interleaved = hand.interleaved or (index > 0 and not hand.first_river)
        line = f"*** {run.group(2)} ***{line[run.end():]}"  # read as the street it deals
    board = L.BOARD.match(line)
    if board:
        hand.lines.append(("d", "d db " + "".join(board.group(2).split())))
        hand.street_bet, hand.level = {}, Decimal(0)
        return "street"
    if line.startswith(("*** HOLE CARDS", "*** PRE-FLOP")):  # Winamax: "PRE-FLOP"
        return "hole"
    if line.startswith("*** ANTE/BLINDS"):  # Winamax's title before the posts
        return None
    if line.startswith(("*** SHOW DOWN", "*** SHOWDOWN")):  # GGPoker writes it as one word
        return "showdown"
    if line.startswith("*** SUMMARY"):
        return "summary"
    raise PHHError(f"{where}: unknown section {line!r}.")


def _seat(hand: _Hand, line: str, where: str) -> None:
    match = L.SEAT.match(line)
    if not match:
        raise PHHError(f"{where}: cannot read the seat line {line!r}.")
    seat, name, chips, rest = match.groups()
    hand.seats[name] = int(seat)
    hand.stacks[name] = amount(chips, where)
    if "sitting out" in rest or "out of hand" in rest:
        hand.absent.add(name)


def _who(hand: _Hand, line: str) -> tuple[str, str] | None:
    """(player, the rest) for "player: rest", the longest matching name first."""
    for name in sorted(hand.seats, key=len, reverse=True):
        if line.startswith(name + ": "):
            return name, line[len(name) + 2:]
    return None


def _line(hand: _Hand, line: str, where: str) -> None:
    """A line between the seats and the summary: an action, a figure, or noise."""
    dealt = L.DEALT.match(line)
    if dealt:
        cards = dealt.group(2).split()
        if len(cards) != hand.variant.hole_cards:
            raise PHHError(f"{where}: {dealt.group(1)} is dealt {len(cards)} cards; "
                           f"{hand.variant.label} deals {hand.variant.hole_cards}.")
        hand.hero = dealt.group(1)
        hand.holes[dealt.group(1)] = "".join(cards)
        return
    if L.DEALT_FACE_DOWN.match(line) and line[len("Dealt to "):].strip() in hand.seats:
        return  # GGPoker names every player dealt in, showing the hero's cards only
    said = _who(hand, line)
    if said is not None and _action(hand, *said, where):
        hand.active.add(said[0])
        return
    figures = hand.figures
    uncalled = L.UNCALLED.match(line)
    if uncalled and uncalled.group(2) in hand.seats:
        figures.add(figures.uncalled, uncalled.group(2), amount(uncalled.group(1), where))
        return
    collected = L.COLLECTED.match(line)
    if collected and collected.group(1) in hand.seats:
        won = amount(collected.group(2), where)
        figures.add(figures.collected, collected.group(1), won)
        if hand.runouts > 1:
            figures.add(figures.collected_by_board.setdefault(hand.run, {}),
                        collected.group(1), won)
        return
    cashed = L.CASHED_OUT.match(line)
    if (cashed and cashed.group(1) in hand.seats) or L.is_noise(line) or (
        said is not None and said[1] in L.QUIET_ACTIONS
    ):
        return
    dialect = hand.dialect
    for pattern, sentence in dialect.refused:
        if pattern.match(line):
            raise PHHError(f"{where}: {sentence} ({line!r}).")
    if dialect.noise is not None and dialect.noise.match(line):
        return
    raise PHHError(f"{where}: cannot read {line!r}.")


def _action(hand: _Hand, name: str, rest: str, where: str) -> bool:
    """Read "name: rest" as a post or an action; False when it is neither."""
    all_in = rest.endswith(L.ALL_IN)
    rest = rest.removesuffix(L.ALL_IN)
    if all_in:
        hand.all_in.add(name)
    bet = hand.street_bet.get(name, Decimal(0))
    if hand.run and (rest.startswith("shows ") or rest == "mucks hand"):
        pass  # a later board's showdown repeats the first one's shows and mucks
    elif rest.startswith("posts "):
        _post(hand, name, rest[len("posts "):], where)
    elif rest == "folds" or rest.startswith("folds ["):
        # PokerStars folds a sitting-out player even after their blind put them all-in:
        # such a player gives up their cards, as a muck at the showdown does.
        hand.lines.append((name, "sm" if name in hand.all_in else "f"))
    elif rest == "checks":
        hand.lines.append((name, "cc"))
    elif rest.startswith("calls "):
        to = bet + amount(rest[len("calls "):], where)
        # Calling a big blind that was short and all-in, PokerStars asks for the whole big
        # blind: a short stack's call beyond the posted bets is an all-in raise to the engine.
        hand.lines.append((name, f"cbr {to}" if all_in and to > hand.level else "cc"))
        _bet_to(hand, name, to)
    elif rest.startswith("bets "):
        to = amount(rest[len("bets "):], where)
        hand.lines.append((name, f"cbr {to}"))
        _bet_to(hand, name, to)
    elif rest.startswith("raises ") and " to " in rest:
        to = amount(rest.split(" to ", 1)[1], where)
        hand.lines.append((name, f"cbr {to}"))
        _bet_to(hand, name, to)
    elif rest.startswith("shows ") and (name, "f") in hand.lines:
        pass  # GGPoker: cards shown by a player who had folded change nothing
    elif rest.startswith("shows "):
        hand.lines.append((name, "sm " + _shown(hand, name, rest, where)))
    elif rest == "mucks hand":
        hand.lines.append((name, "sm"))
    else:
        return False
    return True


def _bet_to(hand: _Hand, name: str, to: Decimal) -> None:
    hand.street_bet[name] = to
    hand.level = max(hand.level, to)


def _shown(hand: _Hand, name: str, rest: str, where: str) -> str:
    """The cards a player shows, "??" for one they keep hidden (HM1's ``[XX Qs]``,
    GGPoker's ``[As]``: the cards not shown come first)."""
    cards = L.SHOWN.search(rest) or L.SHOWN_ONE.search(rest)
    if not cards:
        raise PHHError(f"{where}: {name} shows no cards.")
    count = hand.variant.hole_cards
    words = cards.group(1).split()
    if len(words) > count:
        raise PHHError(f"{where}: {name} shows {len(words)} cards; {hand.variant.label} "
                       f"deals {count}.")
    words = [UNKNOWN_CARD] * (count - len(words)) + words
    shown = [c if c not in ("X", "XX", UNKNOWN_CARD) else UNKNOWN_CARD for c in words]
    dealt = hand.holes.get(name, "")
    if sorted(shown) == sorted(dealt[k:k + 2] for k in range(0, len(dealt), 2)):
        return dealt  # GGPoker may show the hero's cards in another order than dealt
    if UNKNOWN_CARD not in shown:
        hand.holes.setdefault(name, "".join(shown))
    return "".join(shown)


def _post(hand: _Hand, name: str, what: str, where: str) -> None:
    for kind in ("small & big blinds", "small blind", "big blind", "the ante", "straddle"):
        if what.startswith(kind + " "):
            chips = amount(what[len(kind) + 1:], where)
            break
    else:
        raise PHHError(f"{where}: cannot read the post {what!r}.")
    if kind == "small & big blinds":
        raise PHHError(f"{where}: {name} posts a dead small blind with the big blind, which "
                       "cannot be replayed.")
    if kind == "the ante":
        hand.antes[name] = hand.antes.get(name, Decimal(0)) + chips
    else:
        hand.posts.append((name, kind, chips))
        _bet_to(hand, name, hand.street_bet.get(name, Decimal(0)) + chips)


def _summary(hand: _Hand, line: str, where: str) -> None:
    if read_stars_line(line, hand.fair_deal, where):
        return
    if read_bounty_line(line, hand.fair_deal, amount, where):  # our 7-2 bounty line
        return
    total = L.TOTAL.match(line)
    if total:
        hand.figures.total_pot = amount(total.group(1), where)
        if total.group(2) is not None:
            hand.figures.rake = amount(total.group(2), where)
        for name, fee in L.FEE.findall(line):
            hand.figures.fees[name] = amount(fee, where)
        return
    if line == "Hand was dealt two boards":
        hand.double_board = True
        return
    big = L.SUMMARY_BIG_BLIND.match(line)
    if big and big.group(1) in hand.seats:
        hand.big_blind_seat = big.group(1)
    seat_number = L.SEAT_NUMBER.match(line)
    name_of = {seat: name for name, seat in hand.seats.items()}
    won = L.SUMMARY_WON.match(line)
    if hand.runouts > 1 and seat_number and int(seat_number.group(1)) in name_of:
        for won_here in L.WON_EACH.findall(line):  # a win per board, each in the line
            hand.figures.add(hand.figures.summary_won, name_of[int(seat_number.group(1))],
                             amount(won_here, where))
    elif won and won.group(1) in hand.seats:
        figures = hand.figures
        figures.add(figures.summary_won, won.group(1), amount(won.group(2), where))
    seat = L.SUMMARY_CARDS.match(line)
    cards = seat.group(2).split() if seat else []
    if (seat and seat.group(1) in hand.seats and "X" not in seat.group(2)
            and len(cards) == hand.variant.hole_cards):
        hand.holes.setdefault(seat.group(1), "".join(cards))


def _dealt_in(hand: _Hand) -> list[str]:
    """The players dealt in, from the seat left of the button round to the button."""
    dealt = {name for name in hand.seats
             if name not in hand.absent or name in hand.active or name == hand.hero}
    numbers = sorted(hand.seats[name] for name in dealt)
    order = [s for s in numbers if s > hand.button] + [s for s in numbers if s <= hand.button]
    name_of = {seat: name for name, seat in hand.seats.items()}
    return [name_of[s] for s in order]


def _blinds(hand: _Hand, players: list[str], where: str) -> list[Decimal]:
    """PHH's ``blinds_or_straddles``: the first small and big blind as blinds, a straddle as
    itself, and any other post as a live post (negative). A blind that put its player all-in
    for less is written at the table's size, as PHH means it (the engine, like pokerkit,
    posts what the stack holds): the stakes stay the table's, 200/400 rather than 145/400."""
    blinds: dict[str, Decimal] = {}
    big_posted = False
    # The big blind's player all-in on the ante posts nothing, yet the blind is theirs (at
    # the table's size, as PHH writes a short one), and another's "big blind" is a post to
    # play.
    silent = hand.big_blind_seat
    posted = any(n == silent and k == "big blind" for n, k, _ in hand.posts)
    ante_took_all = silent in hand.antes and hand.antes[silent] == hand.stacks.get(silent)
    if silent not in players or posted or not ante_took_all:
        silent = None
    for name, kind, chips in hand.posts:
        if name not in players:
            raise PHHError(f"{where}: {name} posts but is not dealt in.")
        if kind == "straddle" or (kind == "small blind" and not big_posted and not blinds):
            short = kind == "small blind" and name in hand.all_in
            value = max(chips, hand.small_blind) if short else chips
        elif kind == "big blind" and not big_posted and silent is None:
            short = name in hand.all_in
            big_posted, value = True, max(chips, hand.big_blind) if short else chips
        else:
            value = -chips  # a post by a player who came in, or a late small blind
        blinds[name] = blinds.get(name, Decimal(0)) + value
    if silent is not None:
        blinds[silent] = hand.big_blind
    amounts = [blinds.get(name, Decimal(0)) for name in players]
    if len(players) == 2:
        amounts.reverse()  # PHH lists heads-up blinds in reverse
    return amounts


def _antes(hand: _Hand, players: list[str]) -> dict[str, Any]:
    """PHH's antes: one ante from everyone, counted by level (a short stack all-in for part
    of it wins only what it matched), or, when only some players post one (the big-blind
    ante) or the hand is our double-board bomb pot, each player's own, as dead money in the
    main pot (no ante trimming)."""
    if not hand.double_board and (not hand.antes or set(hand.antes) >= set(players)):
        ante = max(hand.antes.values(), default=Decimal(0))
        return {"ante_trimming_status": True, "antes": [ante] * len(players)}
    antes = [hand.antes.get(name, Decimal(0)) for name in players]
    if len(players) == 2:
        antes.reverse()  # PHH lists heads-up antes in reverse, as it does blinds
    return {"ante_trimming_status": False, "antes": antes}


def _big_blind(hand: _Hand) -> Decimal:
    """The hand's big blind: the first one posted in full, else the first line's (GGPoker's
    first line sometimes names the next level's blinds while the table posts this one's)."""
    for name, kind, chips in hand.posts:
        if kind == "big blind" and name not in hand.all_in:
            return chips
    return hand.big_blind


def _bomb_pot_checks(hand: _Hand, players: list[str], where: str) -> None:
    """Our double board is a bomb pot: antes only, no betting before the flop, which PHH
    writes as every player with chips behind checking (first to last, as ``phh_actions``
    writes it); the text has no line for those checks."""
    first = next((k for k, (who, _) in enumerate(hand.lines) if who == "d"), None)
    if hand.posts or first is None or any(who != "d" for who, _ in hand.lines[:first]):
        raise PHHError(f"{where}: a hand dealt two boards is a bomb pot (antes only, no "
                       "blinds or betting before the flop), and this one is not.")
    checks = [(name, "cc") for name in players
              if hand.stacks[name] > hand.antes.get(name, Decimal(0))]
    if len(checks) > 1:
        hand.lines[first:first] = checks
        hand.numbers[first:first] = [hand.numbers[first]] * len(checks)


def _finish(hand: _Hand) -> StarsHand:
    where = f"Hand #{hand.number}"
    if not hand.seats:
        raise PHHError(f"{where}: no seats.")
    if hand.double_board != hand.interleaved:
        raise PHHError(f"{where}: " + (
            "the text says the hand was dealt two boards but runs the second after the "
            "first one's river." if hand.double_board else
            "the second board is dealt street by street with the first (a double board), "
            "but the text does not say \"Hand was dealt two boards\", so who antes and what "
            "each board pays cannot be known."))
    players = _dealt_in(hand)
    label = {name: f"p{k + 1}" for k, name in enumerate(players)}
    unknown = UNKNOWN_CARD * hand.variant.hole_cards
    actions = [f"d dh {label[name]} {hand.holes.get(name, unknown)}" for name in players]
    numbers = [0] * len(actions) + hand.numbers
    if hand.double_board:
        _bomb_pot_checks(hand, players, where)
    for who, act in hand.lines:
        if who == "d":
            actions.append(act)
        elif who in label:
            actions.append(f"{label[who]} {act}")
        else:
            raise PHHError(f"{where}: {who} acts but is not dealt in.")
    for name in [*hand.figures.collected, *hand.figures.uncalled]:
        if name not in label:
            raise PHHError(f"{where}: {name} collects chips but is not dealt in.")
    for name in hand.antes:
        if name not in label:
            raise PHHError(f"{where}: {name} posts an ante but is not dealt in.")
    data: dict[str, Any] = {
        "variant": hand.variant.value,
        **_antes(hand, players),
        "blinds_or_straddles": _blinds(hand, players, where),
        "min_bet": _big_blind(hand),
        "starting_stacks": [hand.stacks[n] for n in players],
        "actions": actions,
        "players": players,
        "seats": [hand.seats[n] for n in players],
        "seat_count": max(hand.max_seats, *hand.seats.values()),
        "venue": hand.dialect.venue,
        "hand": hand.number,
        "table": hand.table,
    }
    data.update(hand.fair_deal)
    if hand.run_named and hand.runouts == 1 and not hand.double_board:
        raise PHHError(f"{where}: the text names a FIRST board but deals no second one, so "
                       "how often the board was run is unknown.")
    if hand.double_board:
        data["_starting_board_count"] = 2
    elif hand.runouts > 1:
        data["_runout_count"] = hand.runouts
    if hand.tournament:  # tournament chips, not money: the hand says whose they are
        data["event"] = f"Tournament #{hand.tournament.number}"
        if hand.tournament.level is not None:
            data["level"] = hand.tournament.level
        data["_tournament"] = str(hand.tournament.number)
    if hand.symbol:
        data["currency_symbol"] = hand.symbol
    if hand.played_at:
        data["year"], data["month"], data["day"] = (
            hand.played_at.year, hand.played_at.month, hand.played_at.day
        )
        data["time"] = hand.played_at.time()
        data["time_zone_abbreviation"] = "UTC"
    figures = dataclasses.replace(
        hand.figures, uncalled_collected=hand.dialect.uncalled_collected)
    return StarsHand(data, hand.number, hand.hero, hand.played_at, hand.table, figures,
                     tuple(numbers), hand.zone if hand.played_at else "")


SAMPLE = """\
PokerStars Hand #910000001:  Hold'em No Limit ($0.01/$0.02 USD) - 2026/01/01 12:00:00 ET
Table 'Six Max' 6-max Seat #3 is the button
Seat 1: VillainA ($0.80 in chips)
Seat 2: VillainB ($0.80 in chips)
Seat 3: Hero ($0.80 in chips)
VillainA: posts small blind $0.01
VillainB: posts big blind $0.02
*** HOLE CARDS ***
Dealt to Hero [Th Td]
Hero: raises $0.04 to $0.06
VillainA: folds
VillainB: folds
Uncalled bet ($0.04) returned to Hero
Hero collected $0.05 from pot
*** SUMMARY ***
Total pot $0.05 | Rake $0
Seat 3: Hero (button) collected ($0.05)
"""

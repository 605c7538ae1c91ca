"""PokerStars hand-history text into PHH fields, so the engine replays it like any PHH hand.

Why our own reader: the parsers on PyPI either wrap hands in their own object models
(pkrhistoryparser, pokerdf's DataFrames, a Rust extension) or are pokerkit, which stays a test
oracle. What the engine needs is small: seats, forced bets and each action's "to" amount, in
order. So this module reads the text line by line into PHH data (``variant``, ``antes``,
``blinds_or_straddles``, ``starting_stacks``, ``actions``, ``finishing_stacks``...) and
``games.engine.replay_phh_data`` plays it: the engine checks every action, and the amounts
collected in the text (after the site's rake) must agree with the replay.

Amounts are read exactly (``Decimal``): "$0.25" stays 25 cents. A line that names a player of
the hand and is not understood is refused with its number, never skipped: skipping an action
would change the hand. Table chatter (joins, leaves, "said") is ignored. Unsupported: other
games, run-it-twice, a dead small blind posted with the big blind ("posts small & big
blinds"): each refused with a sentence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from evaluator.cards import CARD_PATTERN
from games.engine import PHHError
from games.history.fair_lines import read_stars_line

HEADER = re.compile(r"^PokerStars (?:Zoom )?(?:Hand|Game) #(\d+):")
STAKES = re.compile(r"\(([^()/]+)/([^()/\s]+)(?:\s+([A-Z]{3}))?\)")
WHEN = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2})(?: ([A-Z]{2,4}))?")
TABLE = re.compile(r"^Table '(.*)' (\d+)-max (?:\(Play Money\) )?Seat #(\d+) is the button")
SEAT = re.compile(r"^Seat (\d+): (.+?) \(([^()]*?) in chips(?:[^()]*)\)(.*)$")
BOARD = re.compile(r"^\*\*\* (FLOP|TURN|RIVER) \*\*\* (?:\[[^\]]*\] )?\[([^\]]+)\]")
MONEY = re.compile(r"^[$€£]?([0-9][0-9,]*(?:\.[0-9]+)?)$")
CARDS = re.compile(rf"\[({CARD_PATTERN}) ({CARD_PATTERN})\]")
DEALT = re.compile(rf"^Dealt to (.+?) \[({CARD_PATTERN}) ({CARD_PATTERN})\]")
UNCALLED = re.compile(r"^Uncalled bet \((.+)\) returned to (.+)$")
COLLECTED = re.compile(r"^(.+) collected (\S+) from (?:main |side )?pot(?:-\d+)?\s*$")
ALL_IN = " and is all-in"
CHATTER = (
    "joins the table", "leaves the table", "is disconnected", "is connected", "has timed out",
    "has returned", "sits out", "is sitting out", "will be allowed to play", "was removed",
    "finished the tournament", "wins the tournament", "re-buys", "takes the add-on",
)


def split_hands(text: str) -> list[str]:
    """Each hand of a PokerStars file (hands start with "PokerStars Hand #").

    >>> len(split_hands("PokerStars Hand #1: x\\n\\n\\nPokerStars Hand #2: y\\n"))
    2
    """
    text = text.replace("\r\n", "\n").replace("\ufeff", "")
    starts = [m.start() for m in re.finditer(r"^PokerStars (?:Zoom )?(?:Hand|Game) #", text,
                                               re.M)]
    return [text[a:b].strip() + "\n" for a, b in zip(starts, starts[1:] + [len(text)],
                                                       strict=True)]


def looks_like_pokerstars(text: str) -> bool:
    return bool(re.search(r"^\s*PokerStars (?:Zoom )?(?:Hand|Game) #", text))


def amount(word: str, where: str) -> Decimal:
    """A PokerStars amount: "$1,250.50" -> Decimal('1250.50').

    >>> amount("$1,250.50", "x")
    Decimal('1250.50')
    """
    match = MONEY.match(word.strip())
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
    big_blind: Decimal = Decimal(0)
    symbol: str = ""
    played_at: datetime | None = None
    zone: str = ""
    table: str = ""
    max_seats: int = 0
    button: int = 0
    seats: dict[str, int] = field(default_factory=dict)  # name -> seat number
    stacks: dict[str, Decimal] = field(default_factory=dict)
    absent: set[str] = field(default_factory=set)
    ante: Decimal = Decimal(0)
    posts: list[tuple[str, str, Decimal]] = field(default_factory=list)
    holes: dict[str, str] = field(default_factory=dict)
    hero: str | None = None
    lines: list[tuple[str, str]] = field(default_factory=list)  # (name or "d", PHH action)
    committed: dict[str, Decimal] = field(default_factory=dict)
    street_bet: dict[str, Decimal] = field(default_factory=dict)
    collected: dict[str, Decimal] = field(default_factory=dict)
    rake: Decimal | None = None
    fair_deal: dict[str, Any] = field(default_factory=dict)  # PHH's ``_deal_...`` fields


@dataclass(frozen=True)
class StarsHand:
    """One PokerStars hand read into PHH fields (``data``), ready for ``replay_phh_data``."""

    data: dict[str, Any]
    number: str
    hero: str | None
    played_at: datetime | None
    table: str
    rake_line: Decimal | None


def read_hand(text: str) -> StarsHand:
    """Read one hand of PokerStars text; PHHError names the line that cannot be read.

    >>> hand = read_hand(SAMPLE)
    >>> hand.data["blinds_or_straddles"], hand.data["starting_stacks"], hand.hero
    ([Decimal('0.01'), Decimal('0.02'), 0], [Decimal('0.80'), Decimal('0.80'), \
Decimal('0.80')], 'Hero')
    >>> hand.data["actions"][3:]
    ['p3 cbr 0.06', 'p1 f', 'p2 f']
    """
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    lines = [line for line in lines if line.strip()]
    if not lines or not HEADER.match(lines[0]):
        raise PHHError("Not a PokerStars hand: it must begin with \"PokerStars Hand #\".")
    hand = _Hand()
    _header(hand, lines[0])
    if len(lines) < 2 or not TABLE.match(lines[1]):
        raise PHHError(f"Hand #{hand.number}, line 2: expected \"Table '...' N-max Seat #N is "
                       "the button\".")
    table = TABLE.match(lines[1])
    assert table is not None
    hand.table, hand.max_seats, hand.button = table.group(1), int(table.group(2)), int(
        table.group(3)
    )
    section = "seats"
    for number, line in enumerate(lines[2:], start=3):
        where = f"Hand #{hand.number}, line {number}"
        if line.startswith("*** "):
            section = _section(hand, line, where) or section
            continue
        if section == "seats" and line.startswith("Seat "):
            _seat(hand, line, where)
            continue
        if section == "summary":
            _summary(hand, line, where)
            continue
        _action(hand, line, where, preflop=section in ("seats", "hole"))
    return _finish(hand)


def _header(hand: _Hand, line: str) -> None:
    match = HEADER.match(line)
    assert match is not None
    hand.number = match.group(1)
    if "Hold'em No Limit" not in line:
        game = line[match.end():].split(" - ")[0].strip()
        raise PHHError(f"Hand #{hand.number}: unsupported game ({game}); "
                       "only no-limit hold'em can be replayed.")
    stakes = STAKES.findall(line)
    if not stakes:
        raise PHHError(f"Hand #{hand.number}: the blinds are missing from the first line.")
    _small, big, _currency = stakes[-1]
    hand.big_blind = amount(big, f"Hand #{hand.number}")
    hand.symbol = big.strip()[0] if big.strip()[0] in "$€£" else ""
    when = WHEN.search(line)
    if when:
        y, mo, d, h, mi, s = (int(x) for x in when.groups()[:6])
        hand.played_at = datetime(y, mo, d, h, mi, s)
        hand.zone = when.group(7) or ""


def _section(hand: _Hand, line: str, where: str) -> str | None:
    if "FIRST" in line or "SECOND" in line:
        raise PHHError(f"{where}: a hand run twice cannot be replayed.")
    board = BOARD.match(line)
    if board:
        cards = board.group(2).split()
        hand.lines.append(("d", "d db " + "".join(cards)))
        hand.street_bet = {}
        return "street"
    if line.startswith("*** HOLE CARDS"):
        return "hole"
    if line.startswith("*** SHOW DOWN"):
        return "showdown"
    if line.startswith("*** SUMMARY"):
        return "summary"
    raise PHHError(f"{where}: unknown section {line!r}.")


def _seat(hand: _Hand, line: str, where: str) -> None:
    match = SEAT.match(line)
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


def _pay(hand: _Hand, name: str, chips: Decimal, *, to_street: bool = True) -> None:
    hand.committed[name] = hand.committed.get(name, Decimal(0)) + chips
    if to_street:
        hand.street_bet[name] = hand.street_bet.get(name, Decimal(0)) + chips


def _action(hand: _Hand, line: str, where: str, preflop: bool) -> None:
    dealt = DEALT.match(line)
    if dealt:
        hand.hero = dealt.group(1)
        hand.holes[dealt.group(1)] = dealt.group(2) + dealt.group(3)
        return
    uncalled = UNCALLED.match(line)
    if uncalled and uncalled.group(2) in hand.seats:
        _pay(hand, uncalled.group(2), -amount(uncalled.group(1), where))
        return
    collected = COLLECTED.match(line)
    if collected and collected.group(1) in hand.seats:
        name = collected.group(1)
        hand.collected[name] = hand.collected.get(name, Decimal(0)) + amount(
            collected.group(2), where)
        return
    said = _who(hand, line)
    if said is None:
        if any(phrase in line for phrase in CHATTER) or line.startswith("Dealt to "):
            return
        raise PHHError(f"{where}: cannot read {line!r}.")
    name, rest = said
    rest = rest.removesuffix(ALL_IN)
    if rest.startswith("posts "):
        _post(hand, name, rest[len("posts "):], where)
    elif rest == "folds" or rest.startswith("folds ["):
        hand.lines.append((name, "f"))
    elif rest == "checks":
        hand.lines.append((name, "cc"))
    elif rest.startswith("calls "):
        _pay(hand, name, amount(rest[len("calls "):], where))
        hand.lines.append((name, "cc"))
    elif rest.startswith("bets "):
        to = amount(rest[len("bets "):], where)
        _pay(hand, name, to - hand.street_bet.get(name, Decimal(0)))
        hand.lines.append((name, f"cbr {to}"))
    elif rest.startswith("raises ") and " to " in rest:
        to = amount(rest.split(" to ", 1)[1], where)
        _pay(hand, name, to - hand.street_bet.get(name, Decimal(0)))
        hand.lines.append((name, f"cbr {to}"))
    elif rest.startswith("shows "):
        cards = CARDS.search(rest)
        if not cards:
            raise PHHError(f"{where}: {name} shows no two cards.")
        hand.holes.setdefault(name, cards.group(1) + cards.group(2))
        hand.lines.append((name, "sm " + cards.group(1) + cards.group(2)))
    elif rest == "mucks hand":
        hand.lines.append((name, "sm"))
    elif rest in ("doesn't show hand", "is sitting out", "sits out", "is disconnected",
                  "is connected", "has timed out") or rest.startswith("said, "):
        return
    else:
        raise PHHError(f"{where}: cannot read {line!r}.")


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
        hand.ante = max(hand.ante, chips)
        _pay(hand, name, chips, to_street=False)
        return
    hand.posts.append((name, kind, chips))
    _pay(hand, name, chips)


def _summary(hand: _Hand, line: str, where: str) -> None:
    if read_stars_line(line, hand.fair_deal, where):
        return
    total = re.match(r"^Total pot .*\| Rake (\S+)", line)
    if total:
        hand.rake = amount(total.group(1), where)
        return
    seat = re.match(r"^Seat \d+: (.+?) (?:\([^)]*\) )*(?:showed|mucked) \[(\S\S) (\S\S)\]", line)
    if seat and seat.group(1) in hand.seats:
        hand.holes.setdefault(seat.group(1), seat.group(2) + seat.group(3))


def _finish(hand: _Hand) -> StarsHand:
    where = f"Hand #{hand.number}"
    if not hand.seats:
        raise PHHError(f"{where}: no seats.")
    seat_numbers = sorted(hand.seats[n] for n in hand.seats if n not in hand.absent)
    order = [s for s in seat_numbers if s > hand.button] + [
        s for s in seat_numbers if s <= hand.button
    ]
    name_of = {seat: name for name, seat in hand.seats.items()}
    players = [name_of[s] for s in order]
    label = {name: f"p{k + 1}" for k, name in enumerate(players)}
    blinds: dict[str, Decimal] = {}
    big_posted = False
    for name, kind, chips in hand.posts:
        if name not in label:
            raise PHHError(f"{where}: {name} posts but is not dealt in.")
        if kind == "straddle" or (kind == "small blind" and not big_posted and not blinds):
            value = chips
        elif kind == "big blind" and not big_posted:
            big_posted, value = True, chips
        else:
            value = -chips  # a post by a player who came in, or a late small blind
        blinds[name] = blinds.get(name, Decimal(0)) + value
    amounts = [blinds.get(name, 0) for name in players]
    if len(players) == 2:
        amounts.reverse()  # PHH lists heads-up blinds in reverse
    actions = [f"d dh {label[name]} {hand.holes.get(name, '????')}" for name in players]
    for who, act in hand.lines:
        if who == "d":
            actions.append(act)
        elif who in label:
            actions.append(f"{label[who]} {act}")
        else:
            raise PHHError(f"{where}: {who} acts but is not dealt in.")
    finishing = [
        hand.stacks[n] - hand.committed.get(n, Decimal(0)) + hand.collected.get(n, Decimal(0))
        for n in players
    ]
    data: dict[str, Any] = {
        "variant": "NT",
        "ante_trimming_status": True,
        "antes": [hand.ante] * len(players),
        "blinds_or_straddles": amounts,
        "min_bet": hand.big_blind,
        "starting_stacks": [hand.stacks[n] for n in players],
        "actions": actions,
        "players": players,
        "seats": order,
        "seat_count": hand.max_seats,
        "finishing_stacks": finishing,
        "venue": "PokerStars",
        "hand": hand.number,
        "table": hand.table,
    }
    data.update(hand.fair_deal)
    if hand.symbol:
        data["currency_symbol"] = hand.symbol
    if hand.played_at:
        data["year"], data["month"], data["day"] = (
            hand.played_at.year, hand.played_at.month, hand.played_at.day
        )
        data["time"] = hand.played_at.time()
        if hand.zone:
            data["time_zone_abbreviation"] = hand.zone
    return StarsHand(data, hand.number, hand.hero, hand.played_at, hand.table, hand.rake)


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

"""What a PokerStars text says of one hand, and the PHH fields it makes.

``stars_text`` reads a hand's lines into a ``TextHand`` (seats, posts, actions, the text's
own figures, the summary's lines); ``phh_fields`` turns it into the PHH data the engine
replays: who was dealt in (from the seat left of the button), the blinds and antes as PHH
writes them (a short all-in blind at the table's size; a big-blind ante or a bomb pot's antes
as dead money), each action labelled p1..pn, and the board run twice (``_runout_count``) or
dealt twice (``_starting_board_count``). ``Dialect`` holds what another site writing
PokerStars' shape does differently.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from games.engine import PHHError
from games.engine.games import Game
from games.history.imports.site_format import SiteHand
from games.history.imports.site_games import HOLDEM
from games.history.stars import lines as L
from games.history.stars.check import Figures
from games.history.stars.tournament import StarsTournament

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
class TextHand:
    """What the text says, gathered line by line."""

    number: str = ""
    variant: Game = HOLDEM
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



def _dealt_in(hand: TextHand) -> list[str]:
    """The players dealt in, from the seat left of the button round to the button."""
    dealt = {name for name in hand.seats
             if name not in hand.absent or name in hand.active or name == hand.hero}
    numbers = sorted(hand.seats[name] for name in dealt)
    order = [s for s in numbers if s > hand.button] + [s for s in numbers if s <= hand.button]
    name_of = {seat: name for name, seat in hand.seats.items()}
    return [name_of[s] for s in order]


def _blinds(hand: TextHand, players: list[str], where: str) -> list[Decimal]:
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
        if kind == "button blind":  # short deck: the one blind, the button's
            short = name in hand.all_in
            big_posted, value = True, max(chips, hand.big_blind) if short else chips
        elif kind == "straddle" or (kind == "small blind" and not big_posted and not blinds):
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


def _antes(hand: TextHand, players: list[str]) -> dict[str, Any]:
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


def _big_blind(hand: TextHand) -> Decimal:
    """The hand's big blind: the first one posted in full, else the first line's (GGPoker's
    first line sometimes names the next level's blinds while the table posts this one's)."""
    for name, kind, chips in hand.posts:
        if kind in ("big blind", "button blind") and name not in hand.all_in:
            return chips
    return hand.big_blind


def _bomb_pot_checks(hand: TextHand, players: list[str], where: str) -> None:
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


def phh_fields(hand: TextHand) -> SiteHand:
    """The PHH fields of what the text said (players labelled p1..pn from the seat left of
    the button), with the text's figures and each action's line; PHHError names what cannot
    be replayed."""
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
        "variant": hand.variant.code,
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
    return SiteHand(data, hand.number, hand.hero, hand.played_at, hand.table, figures,
                     tuple(numbers), hand.zone if hand.played_at else "")

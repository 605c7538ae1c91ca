"""iPoker network XML (the skins' "session" files), read into PHH fields.

iPoker's shape: one ``<session>`` per table session, its ``<general>`` naming the game
(``Holdem NL $0.02/$0.04``), the table, the currency and the hero (``<nickname>``), then one
``<game gamecode="...">`` per hand::

    <player seat="5" name="Player12" chips="$4.98" dealer="1" win="$0.22" bet="$0.16"/>
    <round no="0"> <action no="1" player="Player8" type="1" sum="$0.02"/> ...
    <round no="1"> <cards type="Pocket" player="Hero">HA C4</cards>
                   <action no="4" player="Player12" type="23" sum="$0.16"/> ...
    <round no="2"> <cards type="Flop">D5 C9 H3</cards> ...

Round 0 holds the forced bets (type 1 small blind, 2 big blind, 15 ante), rounds 1-4 the
streets; actions are ordered by their ``no``, not by their place in the file. ``sum`` is
what the action adds (types 0 fold, 3 call, 4 check, 5 bet, 7 all-in; 8 and 9 mark a player
sitting out and change nothing), but a raise's (23) is the player's whole bet on the street
(a big blind who raises to 1,135 with 1,135 chips writes 1,135, not 1,120). Cards are suit
then rank (``C10`` is Tc); ``X`` is a card the file hides.

What the file does not write: the rake, the total pot and the bet returned uncalled. Its
``win`` is what a player collected, the returned bet included, and ``bet`` what they put in;
the replay decides every amount, each ``win`` is checked against what it pays plus what it
returns (what it pays beyond ``win`` is the rake), and each player's ``win`` less ``bet``
against what the replay says they won or lost (the 2011 tournament files write some all-in
players' bet one ante off their actions and stack: refused, the file against itself). A big
blind posted with a dead small blind ("post both", one sum of both) is a live big blind and
the rest dead money, an ante only that player pays.

The 2018-19 clients (17.x) say ``<uncalled_bet_enabled>true</uncalled_bet_enabled>``, and
then write otherwise: ``win`` leaves the returned bet out (it is what the replay pays, the
rest the rake), and ``bet`` holds the returned bet, and counts twice what the player had bet
on the street before a raise of theirs that they did not call afterwards (a small blind of 3
who raises to 12 and is not called writes ``bet="15"``; a pot-limit Omaha small blind of
2.50 whose raise to 15, the pot, is not called writes 17.50: a raise's sum is the street's
total there too). Nor does it write a time zone: the hand's date is left out
rather than stored in a zone guessed. Many files are not one XML document (sessions one
after another, the last one cut): ``split`` takes each ``<game>`` with its session's
``<general>``, and a hand is read on its own.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from games.engine import EventKind, PHHError, PHHReplay
from games.engine.games import Game
from games.history.imports.formats.pacific_words import number as amount_of
from games.history.imports.site_format import SiteFormat, SiteHand, first_line
from games.history.imports.site_games import HOLDEM, OMAHA, refused
from games.history.stars.check import Figures

GAME = re.compile(r"<game gamecode=\"(\d+)\".*?(?:</game>|(?=<game gamecode=)|$)", re.S)
GENERAL = re.compile(r"<(?:session|root)[^>]*>\s*<general>.*?</general>", re.S)
CARD = re.compile(r"^([CDHS])(10|[2-9TJQKA])$")
FORBIDDEN = ("<!DOCTYPE", "<!ENTITY")  # no entity of an uploaded file is expanded
FOLD, SMALL, BIG, CALL, CHECK, BET, ALL_IN, ANTE, RAISE = (
    "0", "1", "2", "3", "4", "5", "7", "15", "23")
SITTING_OUT = ("8", "9")
STREETS = {2: "Flop", 3: "Turn", 4: "River"}


def owns(text: str) -> bool:
    line = first_line(text)
    return line.startswith(("<?xml", "<session", "<root>")) and "<game gamecode=" in text[:20000]


def split(text: str) -> list[str]:
    """Each ``<game>`` as a document of its own, under its session's ``<general>``.

    >>> parts = split('<session><general><nickname>H</nickname></general>'
    ...               '<game gamecode="1"></game><game gamecode="2"></game></session>')
    >>> len(parts), parts[1].count("<nickname>H")
    (2, 1)
    """
    generals = [(m.start(), m.group(0)) for m in GENERAL.finditer(text)]
    parts = []
    for game in GAME.finditer(text):
        general = ""
        for start, block in generals:
            if start < game.start():
                general = block[block.index("<general>"):]
        parts.append(f"<session>{general}{game.group(0)}</session>\n")
    return parts or [text]


def hand_number(text: str) -> str:
    """The gamecode of an iPoker hand ("?" when it has none).

    >>> hand_number('<session><game gamecode="3051004808">'), hand_number("x")
    ('3051004808', '?')
    """
    found = re.search(r"<game gamecode=\"(\d+)\"", text)
    return found.group(1) if found else "?"


def _card(token: str, where: str) -> str:
    found = CARD.match(token)
    if found is None:
        raise PHHError(f"{where}: {token!r} is not a card.")
    suit, rank = found.groups()
    return ("T" if rank == "10" else rank) + suit.lower()


def _money(written: str | None, where: str) -> Decimal:
    text = re.sub(r"^[A-Z]{3}|[A-Z]{3}$", "", (written or "0").strip())
    if text.casefold() in ("inf", "nan", ""):
        raise PHHError(f"{where}: the file writes no amount ({written!r}).")
    digits = text.strip("$€£")
    return Decimal(digits) if digits.isdigit() else amount_of(text, where)


class _Hand:
    """One game's facts, gathered as the actions are read in order."""

    def __init__(self, game: ET.Element, where: str):
        self.where = where
        self.seats: dict[str, int] = {}
        self.stacks: dict[str, Decimal] = {}
        self.button = 0
        self.won: dict[str, Decimal] = {}
        self.bets: dict[str, Decimal] = {}  # what each put in, the returned bet taken off
        self.antes: dict[str, Decimal] = {}
        for action in game.iter("action"):
            if action.get("type") == ANTE:
                name, ante = action.get("player", ""), _money(action.get("sum"), where)
                self.antes[name] = self.antes.get(name, Decimal(0)) + ante
        for player in game.iter("player"):
            name = player.get("name", "")
            if not name or name in self.seats:
                raise PHHError(f"{where}: a player without a name of their own ({name!r}).")
            self.seats[name] = int(player.get("seat", "0"))
            chips = player.get("chips")
            try:
                self.stacks[name] = _money(chips, where)
            except PHHError:
                raise PHHError(f"{where}: the file gives {name}'s stack as {chips!r}, not an "
                               "amount, so the hand cannot be replayed.") from None
            if player.get("dealer") == "1":
                self.button = self.seats[name]
            win = _money(player.get("win"), where)
            if win:
                self.won[name] = win
            self.bets[name] = _money(player.get("bet"), where)


def read_hand(text: str) -> SiteHand:
    """One iPoker game read into PHH fields (PHHError naming what cannot be read)."""
    number = hand_number(text)
    where = f"Hand #{number}"
    if "</game>" not in text:
        raise PHHError(f"{where}: the hand is cut short (the file ends before its </game>).")
    if any(mark in text for mark in FORBIDDEN):
        raise PHHError(f"{where}: the XML declares entities, which are not read.")
    try:
        root = ET.fromstring(text.strip())
    except ET.ParseError as error:
        raise PHHError(f"{where}: not well-formed XML ({error}).") from None
    game = root.find("game") if root.tag != "game" else root
    if game is None:
        raise PHHError(f"{where}: no <game> in the text.")
    gametype = (root.findtext("general/gametype") or "").strip()
    # No limit in the client's language: "NL", Spanish "SL" (sin límite), Russian "БЛ".
    if re.match(r"^Holdem (?:NL|SL|БЛ)(?:\s|$)", gametype):
        variant = HOLDEM
    elif re.match(r"^Omaha (?:PL|Pot limit)(?:\s|$)", gametype, re.I):
        variant = OMAHA  # "Omaha PL $0.01/$0.02", "Omaha Pot limit $100.00/$200.00"
    else:
        raise refused(where, gametype or "not named")
    hand = _Hand(game, where)
    rounds = {int(r.get("no", "-1")): r for r in game.iter("round")}
    holes: dict[str, str] = {}
    for cards in game.iter("cards"):
        if cards.get("type") == "Pocket":
            tokens = (cards.text or "").split()
            if tokens and "X" not in tokens:
                holes[cards.get("player", "")] = "".join(_card(t, where) for t in tokens)
    acting = {a.get("player", "") for r in rounds.values() for a in r.iter("action")
              if a.get("type") not in SITTING_OUT}
    dealt = [n for n in hand.seats if n in acting or n in holes]
    if not dealt:
        raise PHHError(f"{where}: nobody is dealt in.")
    order = sorted(dealt, key=lambda n: (hand.seats[n] <= hand.button, hand.seats[n]))
    label = {name: f"p{k + 1}" for k, name in enumerate(order)}
    data = _fields(hand, rounds, order, label, holes, gametype, root, variant)
    # Without the flag (before 2018) "win" holds the returned bet; with it, not.
    figures = Figures(collected=dict(hand.won), uncalled_collected=not uncalled_apart(root))
    hero = (root.findtext("general/nickname") or "").strip() or None
    table = (root.findtext("general/tablename") or "").strip()
    data.update({"players": order, "seats": [hand.seats[n] for n in order],
                 "seat_count": max(hand.seats.values()), "venue": "iPoker", "hand": number,
                 "table": table})
    return SiteHand(data, number, hero if hero in label else None, None, table, figures)


def uncalled_apart(root: ET.Element) -> bool:
    """Does the file say its ``win`` leaves the returned bet out (client 17.x)?"""
    return (root.findtext("general/uncalled_bet_enabled") or "").strip() == "true"



def _fields(hand: _Hand, rounds: dict[int, ET.Element], order: list[str],
            label: dict[str, str], holes: dict[str, str], gametype: str,
            root: ET.Element, variant: Game) -> dict[str, Any]:
    where = hand.where
    blinds: dict[str, Decimal] = {}
    antes: dict[str, Decimal] = {}
    street: dict[str, Decimal] = {}
    big = Decimal(0)
    symbol = ""
    for action in _ordered(rounds.get(0)):
        name, kind, chips = _action(action, label, where)
        symbol = symbol or _symbol(action.get("sum", ""))
        if kind == ANTE:
            antes[name] = antes.get(name, Decimal(0)) + chips
        elif kind in (SMALL, BIG, ALL_IN):
            live = kind == BIG and big > 0
            if live and chips > big:  # "post both": the big blind live, the small dead
                antes[name] = antes.get(name, Decimal(0)) + chips - big
                chips = big
            blinds[name] = blinds.get(name, Decimal(0)) + (-chips if live else chips)
            big = chips if kind == BIG and not big else big
            street[name] = street.get(name, Decimal(0)) + chips
        elif kind not in SITTING_OUT:
            raise PHHError(f"{where}: cannot read the forced bet of type {kind} by {name}.")
    unknown = "??" * variant.hole_cards
    actions = [f"d dh {label[n]} {holes.get(n, unknown)}" for n in order]
    folded: set[str] = set()
    for no in (1, 2, 3, 4):
        if no in STREETS:
            board = next((c.text for c in rounds[no].iter("cards")
                          if c.get("type") == STREETS[no]), None) if no in rounds else None
            if board is None:
                break
            actions.append("d db " + "".join(_card(t, where) for t in board.split()))
            street = {}
        level = max(street.values(), default=Decimal(0))
        for action in _ordered(rounds.get(no)):
            name, kind, chips = _action(action, label, where)
            # A raise's sum is the player's whole bet on the street; the others' what they add.
            to = chips if kind == RAISE else street.get(name, Decimal(0)) + chips
            if kind == FOLD:
                actions.append(f"{label[name]} f")
                folded.add(name)
            elif kind in (CHECK, CALL) or (kind == ALL_IN and to <= level):
                actions.append(f"{label[name]} cc")
            elif kind in (BET, RAISE, ALL_IN):
                actions.append(f"{label[name]} cbr {to}")
            elif kind in SITTING_OUT:
                continue
            else:
                raise PHHError(f"{where}: cannot read the action of type {kind} by {name}.")
            street[name], level = to, max(level, to)
    left = [n for n in order if n not in folded]
    if len(left) > 1:
        actions += [f"{label[n]} sm {holes[n]}" if n in holes else f"{label[n]} sm"
                    for n in left]
    players_antes = [antes.get(n, Decimal(0)) for n in order]
    blinds_list = [blinds.get(n, Decimal(0)) for n in order]
    if len(order) == 2:
        blinds_list.reverse()
        players_antes.reverse()
    stakes = re.search(r"([\d.,]+)\D*$", gametype)
    data: dict[str, Any] = {
        "variant": variant.code,
        "ante_trimming_status": bool(antes) and set(antes) >= set(order),
        "antes": players_antes,
        "blinds_or_straddles": blinds_list,
        "min_bet": big or (amount_of(stakes.group(1), where) if stakes else Decimal(1)),
        "starting_stacks": [hand.stacks[n] for n in order],
        "actions": actions,
    }
    tournament = (root.findtext("general/tournamentcode")
                  or root.findtext("general/tournamentname"))
    if tournament:
        data["event"] = f"Tournament {tournament.strip()}"
    elif symbol:
        data["currency_symbol"] = symbol
    return data


def _ordered(round_: ET.Element | None) -> list[ET.Element]:
    if round_ is None:
        return []
    return sorted(round_.iter("action"), key=lambda a: int(a.get("no", "0")))


def _action(action: ET.Element, label: dict[str, str], where: str) -> tuple[str, str, Decimal]:
    name = action.get("player", "")
    kind = action.get("type", "")
    if name not in label and kind not in SITTING_OUT:
        raise PHHError(f"{where}: {name} acts but is not seated.")
    return name, kind, _money(action.get("sum"), where)


def _symbol(written: str) -> str:
    return written.strip()[:1] if written.strip()[:1] in "$€£" else ""


@dataclass(frozen=True)
class _XmlFormat(SiteFormat):
    """iPoker's format: besides each ``win``, every player's ``win`` less ``bet`` (what they
    put in, the returned bet taken off) must be what the replay says they won or lost."""

    def replay(self, text: str) -> tuple[SiteHand, PHHReplay]:
        hand, replayed = super().replay(text)
        if replayed.settled:
            _check_nets(text, hand, replayed)
        return hand, replayed


def _check_nets(text: str, hand: SiteHand, replayed: PHHReplay) -> None:
    root = ET.fromstring(text.strip())
    game = root.find("game")
    assert game is not None  # read_hand found it
    facts = _Hand(game, hand.where)
    scale = replayed.amounts.scale
    net = replayed.net_after_rake()
    apart = uncalled_apart(root)
    returned = _returned(replayed)
    for seat, name in enumerate(replayed.players, start=1):
        bet = facts.bets[name]
        if apart:  # "bet" holds the returned bet, "win" does not
            bet -= Decimal(returned.get(seat, 0)) / scale
            twice = _counted_twice(game, name)
            put_in = Decimal(replayed.state.player(seat).committed) / scale
            if twice and bet == put_in + twice:
                bet = put_in
        theirs = facts.won.get(name, Decimal(0)) - bet
        ours = Decimal(net[seat]) / scale
        # The 2011 tournament files write some all-in players' bet one ante off their
        # actions (and their stack): the file disagrees with itself, so the hand is refused.
        if theirs != ours:
            off = (" (one ante off what their actions put in)"
                   if abs(theirs - ours) == facts.antes.get(name) else "")
            raise PHHError(f"{hand.where}: the file says {name} won {theirs} (win less bet); "
                           f"the replay says {ours}{off}.")


def _returned(replayed: PHHReplay) -> dict[int, int]:
    """Seat -> the chips the replay returned uncalled."""
    back: dict[int, int] = {}
    for e in replayed.state.events:
        if e.kind is EventKind.RETURN_UNCALLED and e.seat is not None:
            back[e.seat] = back.get(e.seat, 0) + e.amount
    return back


def _counted_twice(game: ET.Element, name: str) -> Decimal:
    """What a 17.x client's ``bet`` counts twice for a player: their bet on the street
    before their last raise, when they do not call after it (0 when none)."""
    twice = Decimal(0)
    on_street = Decimal(0)
    rounds = sorted(game.iter("round"), key=lambda r: int(r.get("no", "0")))
    for round_ in rounds:
        if round_.get("no") not in ("0", "1"):  # the blinds and the preflop are one street
            on_street = Decimal(0)
        for action in _ordered(round_):
            if action.get("player") != name:
                continue
            kind, chips = action.get("type"), _money(action.get("sum"), "")
            if kind == RAISE:
                twice, on_street = on_street, chips
            else:
                twice = Decimal(0) if kind == CALL else twice
                on_street += chips
    return twice


IPOKER = _XmlFormat("ipoker", "iPoker", owns, split, read_hand, hand_number, form="XML")

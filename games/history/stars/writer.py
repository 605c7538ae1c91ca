"""PokerStars-style hand-history text, the format hand trackers read.

Written from a masked state (``masking.masked_state``), so it can only contain cards the
requesting player may see: their own ("Dealt to"), and hands shown at showdown. Unknown hole
cards are left out, as PokerStars does for other players. The shape follows PokerStars'
files (and what ``pokerkit.HandHistory.from_pokerstars`` parses)::

    PokerStars Hand #12: Hold'em No Limit (1/2) - 2025/01/31 20:15:03 UTC
    Table 'Friday game' 6-max Seat #1 is the button
    Seat 1: alice (200 in chips)
    bob: posts small blind 1
    *** HOLE CARDS ***
    Dealt to alice [7s 2d]
    alice: raises 4 to 6
    bob has timed out
    bob: folds
    Uncalled bet (4) returned to alice
    *** FLOP *** [3c 9h 8d]
    *** SHOW DOWN ***
    bob: shows [As Ah] (a pair of Aces)
    bob collected 64 from pot
    *** SUMMARY ***
    Total pot 64 | Rake 0

A hand with the 7-2 bounty adds a summary line of its own (games/history/stars/bounty.py).
Short-deck hold'em is written as PokerStars writes its 6+ hold'em: the game "6+ Hold'em No
Limit", the stakes "(Button Blind 2 - Ante 1)", the button's "posts button blind 2".

Amounts are whole chips without a currency sign. Several hands are separated by two empty
lines. Antes are written as PokerStars does ("posts the ante"), though pokerkit's parser
ignores them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime

from games.engine import UNKNOWN, Event, EventKind, HandState, Street
from games.engine.fair_deal import FairDeal
from games.engine.pots import build_pots, split
from games.history.money import CHIPS, Money
from games.history.stars.bounty import bounty_lines
from games.history.stars.fair_lines import stars_lines
from games.history.stars.tournament import StarsTournament, roman

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
# How PokerStars names each game on a hand's first line (by PHH code; others: the label).
STARS_GAME_NAMES = {"NT": "Hold'em No Limit", "PO": "Omaha Pot Limit", "FT": "Hold'em Limit",
                    "NS": "6+ Hold'em No Limit",
                    "PO/8": "Omaha Hi/Lo Pot Limit", "PO5": "5 Card Omaha Pot Limit",
                    "PO5/8": "5 Card Omaha Hi/Lo Pot Limit"}
STREET_TITLES = {Street.FLOP: "FLOP", Street.TURN: "TURN", Street.RIVER: "RIVER"}
FOLDED_ON = {
    Street.PREFLOP: "before Flop",
    Street.FLOP: "on the Flop",
    Street.TURN: "on the Turn",
    Street.RIVER: "on the River",
}


@dataclass(frozen=True)
class HandInfo:
    """What the text says about a hand besides its play."""

    number: int  # the hand's id on this site: unique, as PokerStars hand numbers are
    table: str
    max_seats: int
    started_at: datetime | None
    names: dict[int, str]
    hero_seat: int | None = None
    # Imported hands: the site's money, the rake it kept from each winner, and the table's
    # seat numbers (the engine seats an imported hand's players 1..n).
    money: Money = CHIPS
    rake: dict[int, int] = field(default_factory=dict)
    seat_numbers: dict[int, int] = field(default_factory=dict)
    zone: str = "UTC"
    # Sequences of the checks and folds the table made when a player's time ran out.
    timed_out: frozenset[int] = frozenset()
    # The fair-deal record (docs/fairness.md), written at the end of the summary.
    fair_deal: FairDeal | None = None
    # A sit-and-go's hand: its tournament and level, in the first line (stars_tournament).
    tournament: StarsTournament | None = None

    def seat(self, seat: int) -> int:
        return self.seat_numbers.get(seat, seat)


def _cards(cards) -> str:
    return "[" + " ".join(cards) + "]"


def _pot_name(index: int, pots: int) -> str:
    """PokerStars' own name of a pot (not the site's): "pot" alone, else "main pot", then
    "side pot" when it is the only one, or "side pot-1", "side pot-2"...

    >>> [_pot_name(i, 3) for i in range(3)], _pot_name(1, 2), _pot_name(0, 1)
    (['main pot', 'side pot-1', 'side pot-2'], 'side pot', 'pot')
    """
    if pots == 1:
        return "pot"
    if index == 0:
        return "main pot"
    return "side pot" if pots == 2 else f"side pot-{index}"


def felt_pots(state: HandState) -> list[int]:
    """The amounts of the pots as the felt showed them: main pot first, then side pots."""
    live = [not p.folded for p in state.players]
    levels, dead = state.pot_contributions()
    return [amount for amount, _ in build_pots(levels, live, dead)]


def felt_payouts(state: HandState) -> list[tuple[int, int, int]]:
    """(felt pot, seat, chips) for every win, one row per pot on the felt.

    The engine pays consecutive pots won by the same players as one result (``covers``);
    PokerStars text names each pot, so such a result is shared out again pot by pot, each
    pot split as the engine splits, its odd chips evened out in the last pot it covers.
    """
    assert state.result is not None
    amounts = felt_pots(state)
    rows: list[tuple[int, int, int]] = []
    for pot in state.result.pots:
        covers = pot.covers or (pot.index,)
        if len(covers) == 1 or len(amounts) <= max(covers):
            pairs = zip(pot.winners, pot.shares, strict=True)
            rows += [(covers[0], seat, share) for seat, share in pairs]
            continue
        paid = dict.fromkeys(pot.winners, 0)
        for k in covers:
            # A hi/lo half pays its half of each felt pot (the odd chip in the high half).
            felt = {"high": amounts[k] - amounts[k] // 2, "low": amounts[k] // 2}.get(
                pot.half, amounts[k])
            shares = split(felt, list(pot.winners))
            if k == covers[-1]:  # what is left of each winner's share, so the sums agree
                shares = [s - paid[w] for w, s in zip(pot.winners, pot.shares, strict=True)]
            for seat, share in zip(pot.winners, shares, strict=True):
                paid[seat] += share
                rows.append((k, seat, share))
    return rows


def hi_lo_text(high: str, low: str) -> str:
    """A hi/lo hand as PokerStars describes it.

    >>> hi_lo_text("Flush, king high", "7-6-5-3-A low")
    'HI: flush, king high; LO: 7,6,5,3,A'
    >>> hi_lo_text("Straight, nine high", "")
    'HI: straight, nine high'
    """
    text = f"HI: {_lower_first(high)}"
    if low:
        text += "; LO: " + low.removesuffix(" low").replace("-", ",")
    return text


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:] if text else text


def write_hand(state: HandState, info: HandInfo) -> str:
    """One finished hand as PokerStars text (see the module docstring)."""
    assert state.result is not None
    result = state.result
    config = state.config
    name = info.names.get
    m = info.money.stars
    started = info.started_at or EPOCH
    when = f"{started:%Y/%m/%d} {started.hour}:{started:%M:%S}"  # PokerStars: "5:24:53"
    code = f" {info.money.code}" if info.money.code else ""
    blinds = f"({m(config.small_blind)}/{m(config.big_blind)}{code})"
    if config.game.button_blind:  # PokerStars' 6+ hold'em: the button's blind and the ante
        blinds = f"(Button Blind {m(config.big_blind)} - Ante {m(config.ante)}{code})"
    sng = info.tournament
    name_of_game = STARS_GAME_NAMES.get(config.game.code, config.game.label)
    level = f" - Level {roman(sng.level)}" if sng and sng.level is not None else ""
    game = f"{sng.game()} {name_of_game}{level}" if sng else name_of_game
    table = sng.table() if sng else info.table
    lines = [
        f"PokerStars Hand #{info.number}: {game} {blinds} - {when} {info.zone}",
        f"Table '{table}' {info.max_seats}-max Seat #{info.seat(state.button)} is the button",
    ]
    for p in sorted(state.players, key=lambda p: info.seat(p.seat)):
        lines.append(f"Seat {info.seat(p.seat)}: {name(p.seat)} ({m(p.starting_stack)} in chips)")
    rake_left = dict(info.rake)
    shown = {h.seat: h for h in result.shown}
    pots = len(felt_pots(state))
    wins_written = False
    top = 0  # the biggest bet on this street, for "raises X to Y"
    hole_cards_written = False
    ending: list[str] = []  # shows, mucks and wins
    folded_on: dict[int, Street] = {}
    for e in state.events:
        who = name(e.seat) if e.seat is not None else ""
        all_in = " and is all-in" if e.all_in else ""
        kind = e.kind
        if kind is EventKind.POST_ANTE:
            lines.append(f"{who}: posts the ante {m(e.amount)}{all_in}")
            continue
        if kind is EventKind.POST_STRADDLE:
            lines.append(f"{who}: posts straddle {m(e.amount)}{all_in}")
            top = max(top, e.to or 0)
            continue
        if kind in (EventKind.POST_SMALL_BLIND, EventKind.POST_BIG_BLIND, EventKind.POST_TO_PLAY):
            small = kind is EventKind.POST_SMALL_BLIND or (
                kind is EventKind.POST_TO_PLAY and e.amount < config.big_blind
            )
            size = "small" if small else "big"
            if config.game.button_blind and kind is EventKind.POST_BIG_BLIND:
                size = "button"
            lines.append(f"{who}: posts {size} blind {m(e.amount)}{all_in}")
            top = max(top, e.to or 0)
            continue
        if not hole_cards_written:
            hole_cards_written = True
            lines.append("*** HOLE CARDS ***")
            hero = info.hero_seat
            if hero is not None and hero in state.seats:
                hole = state.player(hero).hole
                if UNKNOWN not in hole:
                    lines.append(f"Dealt to {name(hero)} {_cards(hole)}")
        if kind is EventKind.DEAL_HOLE:
            continue
        if e.seq in info.timed_out:
            lines.append(f"{who} has timed out")  # PokerStars' words, before the fold or check
        if kind is EventKind.FOLD:
            assert e.seat is not None  # a fold is always a seat's
            folded_on[e.seat] = e.street
            lines.append(f"{who}: folds")
        elif kind is EventKind.CHECK:
            lines.append(f"{who}: checks")
        elif kind is EventKind.CALL:
            lines.append(f"{who}: calls {m(e.amount)}{all_in}")
        elif kind is EventKind.BET:
            lines.append(f"{who}: bets {m(e.to or 0)}{all_in}")
            top = e.to or 0
        elif kind is EventKind.RAISE:
            lines.append(f"{who}: raises {m((e.to or 0) - top)} to {m(e.to or 0)}{all_in}")
            top = e.to or 0
        elif kind is EventKind.RETURN_UNCALLED:
            lines.append(f"Uncalled bet ({m(e.amount)}) returned to {who}")
        elif kind is EventKind.DEAL_BOARD:
            top = 0
            lines.append(_board_line(e.street, _board_of(state, e.board), _run_name(state, e)))
        elif kind is EventKind.SHOW:
            text = shown[e.seat].description if e.seat in shown else e.text
            described = f" ({_lower_first(text)})" if text else ""
            if text and config.game.high_low:  # PokerStars: "(HI: a flush...; LO: 7,6,5,3,A)"
                low = shown[e.seat].low if e.seat in shown else e.low
                described = f" ({hi_lo_text(text, low)})"
            ending.append(f"{who}: shows {_cards(e.cards)}{described}")
        elif kind is EventKind.MUCK:
            ending.append(f"{who}: mucks hand")
        elif kind is EventKind.WIN and not wins_written and state.runs:
            wins_written = True  # each board's showdown, and what it paid
            ending += _run_twice_wins(state, info, rake_left)
        elif kind is EventKind.WIN and not wins_written:
            wins_written = True  # one line per pot on the felt, for all the wins at once
            for pot, seat, share in felt_payouts(state):
                kept = min(rake_left.get(seat, 0), share)
                rake_left[seat] = rake_left.get(seat, 0) - kept
                pot_name = _pot_name(pot, pots)
                ending.append(f"{name(seat)} collected {m(share - kept)} from {pot_name}")
            if config.game.high_low and not any(p.half == "low" for p in result.pots):
                ending.append("No low hand qualified")
    # Shows come after the board, under SHOW DOWN, even when an all-in showed them earlier.
    if result.showdown:
        lines.append("*** FIRST SHOW DOWN ***" if state.runs else "*** SHOW DOWN ***")
    lines += ending
    lines += _summary(state, info, folded_on)
    return "\n".join(lines) + "\n"


RUN_NAMES = ("FIRST", "SECOND", "THIRD", "FOURTH")


def _board_of(state: HandState, run: int) -> list[str]:
    """The board of ``run`` (0: the first; 1: the second when run twice)."""
    return list(state.runs[run - 1]) if run else list(state.board)


def _run_name(state: HandState, event: Event) -> str:
    """"FIRST " or "SECOND " for a street dealt once per board (PokerStars' run-it-twice
    words: "*** FIRST FLOP ***"), else nothing."""
    if not state.runs:
        return ""
    again = {e.street for e in state.events if e.kind is EventKind.DEAL_BOARD and e.board}
    return f"{RUN_NAMES[event.board]} " if event.street in again else ""


def _run_twice_wins(state: HandState, info: HandInfo, rake_left: dict[int, int]) -> list[str]:
    """The collected lines of a hand run twice: the first board's, then under SECOND SHOW
    DOWN the second's (each result pays its board's share of the pots it covers)."""
    assert state.result is not None
    m, lines = info.money.stars, []
    pots = len(felt_pots(state))
    for run in range(len(state.runs) + 1):
        if run:
            lines.append(f"*** {RUN_NAMES[run]} SHOW DOWN ***")
        for pot in (p for p in state.result.pots if p.board == run):
            for seat, share in zip(pot.winners, pot.shares, strict=True):
                kept = min(rake_left.get(seat, 0), share)
                rake_left[seat] = rake_left.get(seat, 0) - kept
                where = _pot_name((pot.covers or (pot.index,))[0], pots)
                lines.append(f"{info.names.get(seat)} collected {m(share - kept)} from {where}")
    return lines


def _board_line(street: Street, board: list[str], run: str = "") -> str:
    title = run + STREET_TITLES[street]
    if street is Street.FLOP:
        return f"*** {title} *** {_cards(board[:3])}"
    count = 4 if street is Street.TURN else 5
    return f"*** {title} *** {_cards(board[: count - 1])} {_cards(board[count - 1 : count])}"


def _summary(state: HandState, info: HandInfo, folded_on: dict[int, Street]) -> list[str]:
    assert state.result is not None
    result = state.result
    m = info.money.stars
    total = sum(p.committed for p in state.players)
    rake = m(sum(info.rake.values()))
    amounts = felt_pots(state)
    if len(amounts) > 1:
        parts = [f"{_pot_name(index, len(amounts)).capitalize()} {m(amount)}."
                 for index, amount in enumerate(amounts)]
        lines = ["*** SUMMARY ***", f"Total pot {m(total)} " + " ".join(parts) + f" | Rake {rake}"]
    else:
        lines = ["*** SUMMARY ***", f"Total pot {m(total)} | Rake {rake}"]
    if state.runs:
        if state.boards == 2:  # a double board: dealt together, written as a hand run twice
            lines.append("Hand was dealt two boards")
        else:
            times = ("twice", "three times", "four times")[len(state.runs) - 1]
            lines.append(f"Hand was run {times}")
        for run, board in enumerate((state.board, *state.runs)):
            lines.append(f"{RUN_NAMES[run]} Board {_cards(board)}")
    elif state.board:
        lines.append(f"Board {_cards(state.board)}")
    won: dict[int, int] = {}
    for pot in result.pots:
        for seat, share in zip(pot.winners, pot.shares, strict=True):
            won[seat] = won.get(seat, 0) + share
    for seat, kept in info.rake.items():
        if seat in won:
            won[seat] -= kept
    shown = {h.seat: h for h in result.shown}
    for p in sorted(state.players, key=lambda p: info.seat(p.seat)):
        tags = []
        if p.seat == state.button:
            tags.append("(button)")
        if state.game.button_blind:
            pass  # the button's blind: "(button)" says it
        elif p.seat == state.small_blind_seat:
            tags.append("(small blind)")
        elif p.seat == state.big_blind_seat:
            tags.append("(big blind)")
        head = f"Seat {info.seat(p.seat)}: {info.names.get(p.seat)}" + "".join(
            f" {t}" for t in tags
        )
        if p.seat in folded_on:
            bet = "" if p.committed else " (didn't bet)"
            lines.append(f"{head} folded {FOLDED_ON[folded_on[p.seat]]}{bet}")
        elif p.seat in shown and not result.showdown:  # shown by the winner nobody called
            lines.append(f"{head} showed {_cards(shown[p.seat].cards)} and collected "
                         f"({m(won.get(p.seat, 0))})")
        elif p.seat in shown:
            hand = shown[p.seat]
            outcome = f"won ({m(won[p.seat])})" if p.seat in won else "lost"
            described = _lower_first(hand.description)
            if state.config.game.high_low:
                described = hi_lo_text(hand.description, hand.low)
            lines.append(f"{head} showed {_cards(hand.cards)} and {outcome} with {described}")
        elif p.mucked:
            hole = p.hole if p.seat == info.hero_seat and UNKNOWN not in p.hole else None
            lines.append(f"{head} mucked" + (f" {_cards(hole)}" if hole else ""))
        else:
            lines.append(f"{head} collected ({m(won.get(p.seat, 0))})")
    lines += bounty_lines(state, info.names, m)  # the 7-2 bounty: a line of our own
    if info.fair_deal is not None:
        lines += stars_lines(info.fair_deal)
    return lines


def write_hands(hands: list[tuple[HandState, HandInfo]]) -> str:
    """Several hands, oldest first, separated by two empty lines as PokerStars does."""
    return "\n\n".join(write_hand(state, info) for state, info in hands)

"""Reviewing a set of hands as one session: net won, all-in adjusted winnings, the usual stats.

Every hand is seen from one player's seat (yours). Per hand:

- **Net**: chips won or lost, after the site's rake.
- **All-in adjusted net** ("luck-adjusted"): when the money went in before the river and the
  hands were then turned up, the pots are counted by each player's exact equity at that moment
  instead of by the cards that came: adjusted = net - won + sum(equity in pot x pot), for the
  main pot and each side pot as they stood (a short stack's equity counts in the pot it can
  win). Equity is exact (every remaining board) among the hands eligible for each pot, every
  other hand the viewer knows counted out of the deck; a hand whose rivals' cards are not all
  known is not adjusted. The rake stays as it was taken.
- **VPIP**: put chips in preflop of your own will (a call, bet or raise; blinds do not count).
- **PFR**: raised preflop. **3-bet**: raised preflop when facing exactly one raise (out of the
  hands where you acted facing exactly one raise).
- **Showdown / non-showdown winnings**: the net of the hands you were still in when the hands
  were turned up, and of the others (won by betting, or folded); together they are the net.
- **WTSD**: went to showdown, out of the hands where you saw the flop. **W$SD**: won chips at
  the showdown, out of the hands that went to showdown with you in.

Figures are in the hands' money when they share one currency, else in big blinds.

Tournament hands are counted apart: their chips are tournament chips, not money, so they
add nothing to the net (nor to the chart); they count for the stats (VPIP and the rest) like
any hand. A tournament's result is its prize less its buy-in (``TournamentResult``), summed
apart from the cash net.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import NamedTuple

from django.core.cache import cache

from games.engine import UNKNOWN, EventKind, HandState, Street
from games.engine.positions import ORDER, positions
from games.engine.pots import build_pots
from games.engine.types import BETTING_EVENTS
from games.history.replay.equity import CACHE_SECONDS

STATS = ("vpip", "pfr", "three_bet", "wtsd", "wsd")
STAT_NAMES = {"vpip": "VPIP", "pfr": "PFR", "three_bet": "3-bet", "wtsd": "WTSD",
              "wsd": "W$SD"}


class Sample(NamedTuple):
    """One hand of the session from the player's seat, as stored (``HandFacts``) or worked
    out from the hand (``Sample.of``). ``net`` in units, after rake; ``adjusted`` the all-in
    adjusted net as an exact fraction's text ("" when the hand is not adjusted). A tuple:
    the review reads a hundred thousand of them at once."""

    key: str
    position: str
    net: int
    adjusted: str
    showdown: bool
    vpip: bool
    pfr: bool
    three_bet: bool | None
    wtsd: bool | None
    wsd: bool | None
    big_blind: int
    scale: int = 1
    currency: str = ""
    # The tournament the hand was played in ("" for a cash hand): its chips are not money.
    tournament: str = ""

    @classmethod
    def of(cls, key: str, state: HandState, seat: int, net: int, *, scale: int = 1,
           currency: str = "", tournament: str = "") -> Sample:
        """The sample of a finished hand, its facts worked out now (``facts``)."""
        f = facts(state, seat, net)
        return cls(key, f.position, net, "" if f.adjusted is None else str(f.adjusted),
                   f.showdown, f.vpip, f.pfr, f.three_bet, f.wtsd, f.wsd,
                   state.config.big_blind, scale, currency, tournament)


@dataclass(frozen=True)
class TournamentResult:
    """One tournament of the session, counted by its prize less its buy-in (play chips from
    the bankroll; ``buy_in`` counts everything the player paid in: re-entries, rebuys and the
    add-on too); ``prize`` None while it runs, or when the hands do not say it (imported)."""

    key: str  # the samples' ``tournament``
    label: str
    url: str
    buy_in: int | None
    prize: int | None
    place: str = ""

    @property
    def result(self) -> int | None:
        if self.prize is None or self.buy_in is None:
            return None
        return self.prize - self.buy_in


@dataclass(frozen=True)
class Facts:
    """What one hand says about the player (``None``: no chance to do it)."""

    position: str
    vpip: bool
    pfr: bool
    three_bet: bool | None
    wtsd: bool | None
    wsd: bool | None
    adjusted: Fraction | None  # all-in adjusted net in units; None: not an all-in hand
    showdown: bool = False  # the player was still in when the hands were turned up


def facts(state: HandState, seat: int, net: int, equity: bool = True) -> Facts:
    """The stats of one finished hand for the player in ``seat``.

    >>> from games.engine import (TableConfig, SeatInput, Action, ActionKind, replay,
    ...                           FULL_DECK)
    >>> s = replay(TableConfig(1, 2), [SeatInput(k, k, 100) for k in (1, 2, 3)], FULL_DECK,
    ...            [Action(1, ActionKind.RAISE, 6), Action(2, ActionKind.RAISE, 18),
    ...             Action(3, ActionKind.FOLD), Action(1, ActionKind.FOLD)], button=1)
    >>> f = facts(s, 2, 8)
    >>> (f.position, f.vpip, f.pfr, f.three_bet, f.wtsd)
    ('SB', True, True, True, None)
    """
    preflop = [e for e in state.events if e.street is Street.PREFLOP and e.kind in BETTING_EVENTS]
    raises = 0
    vpip = pfr = False
    three_bet: bool | None = None
    for e in preflop:
        if e.seat == seat and not e.auto:
            if raises == 1 and three_bet is None:
                three_bet = e.kind is EventKind.RAISE
            if e.kind in (EventKind.CALL, EventKind.BET, EventKind.RAISE):
                vpip = True
            if e.kind in (EventKind.RAISE, EventKind.BET):
                pfr = True
        if e.kind in (EventKind.RAISE, EventKind.BET):
            raises += 1
    folded_at = next(
        (e.street for e in state.events if e.kind is EventKind.FOLD and e.seat == seat), None
    )
    saw_flop = len(state.board) >= 3 and folded_at is not Street.PREFLOP and any(
        e.kind is EventKind.DEAL_BOARD for e in state.events
    )
    result = state.result
    showdown = bool(result and result.showdown and folded_at is None)
    wtsd = showdown if saw_flop else None
    wsd = None
    if showdown:
        wsd = any(e.kind is EventKind.WIN and e.seat == seat for e in state.events)
    return Facts(
        position=positions(state).get(seat, ""),
        vpip=vpip,
        pfr=pfr,
        three_bet=three_bet,
        wtsd=wtsd,
        wsd=wsd,
        adjusted=all_in_adjusted(state, seat, net) if equity else None,
        showdown=showdown,
    )


def exact_shares(
    hands: list[tuple[str, ...]], board: list[str], dead: list[str] | None = None
) -> list[Fraction]:
    """Each hand's exact share of a pot over every way the board can finish (ties split),
    the ``dead`` cards (known to be elsewhere) never coming.

    >>> exact_shares([("As", "Ah"), ("Kd", "Kc")], ["2c", "7d", "9h", "Jc"])
    [Fraction(21, 22), Fraction(1, 22)]
    >>> exact_shares([("As", "Ah"), ("Kd", "Kc")], ["2c", "7d", "9h", "Jc"], ["Kh", "Qd"])
    [Fraction(41, 42), Fraction(1, 42)]
    >>> exact_shares([("As", "Ah", "Kd", "Kc"), ("Qh", "Jh", "Ts", "9s")], ["2c", "7d", "8h", "3s"])
    [Fraction(27, 40), Fraction(13, 40)]
    """
    dead = dead or []
    key = "session-shares:" + "|".join("".join(h) for h in hands) + ":" + "".join(board)
    key += ":" + "".join(dead)
    cached = cache.get(key)
    if cached is None:
        # NumPy-backed: loaded on first use. Four hole cards are an Omaha hand.
        from evaluator import hand_equity, omaha_hand_equity

        equity = omaha_hand_equity if len(hands[0]) == 4 else hand_equity
        result = equity(["".join(h) for h in hands], board="".join(board), dead="".join(dead))
        # Tie credit is a sum of counts over 2..10 ways: a whole number of 2520ths.
        cached = [
            (hand.wins * 2520 + round(hand.tie_credit * 2520), result.boards * 2520)
            for hand in result
        ]
        cache.set(key, cached, CACHE_SECONDS)
    return [Fraction(num, den) for num, den in cached]


def all_in_counted(state: HandState) -> bool:
    """Whether the all-in equity is counted in this hand's game: hold'em and four-card Omaha
    high from 52 cards (``exact_shares``); a hi/lo pot, five hole cards or short deck's deck
    and ranking it does not model, so those hands count their result as it came."""
    game = state.game
    return game.ranking == "high" and len(game.deck) == 52 and game.hole_cards in (2, 4)


def all_in_moment(state: HandState) -> list[str] | None:
    """The board when the last bet went in, if that was before the river and the hand was
    then shown down, in a game whose equity is counted; None otherwise."""
    result = state.result
    if result is None or not result.showdown or not all_in_counted(state):
        return None
    board: list[str] = []
    last_bet_board: list[str] | None = None
    for e in state.events:
        if e.kind is EventKind.DEAL_BOARD:
            board = board + list(e.cards)
        elif e.kind in BETTING_EVENTS and not e.auto:
            last_bet_board = board
    if last_bet_board is None or len(last_bet_board) >= 5:
        return None
    return last_bet_board


def all_in_adjusted(state: HandState, seat: int, net: int) -> Fraction | None:
    """The player's net counted by equity at the all-in (units), or None for other hands.

    None too when a rival's cards for a pot the player is in are not known. Omaha hands
    are counted by the evaluator's Omaha equity, every run-out as in hold'em.
    """
    board = all_in_moment(state)
    result = state.result
    if board is None or result is None:
        return None
    holes = {p.seat: p.hole for p in state.players}
    folded = {p.seat for p in state.players if p.folded}
    if seat in folded or UNKNOWN in holes[seat]:
        return None
    known = {s: hole for s, hole in holes.items() if UNKNOWN not in hole}
    won = sum(
        share
        for pot in result.pots
        for w, share in zip(pot.winners, pot.shares, strict=True)
        if w == seat
    )
    expected = Fraction(0)
    for amount, eligible in felt_pots(state):
        if seat not in eligible:
            continue
        rivals = [s for s in eligible if s not in folded]
        if any(UNKNOWN in holes[s] for s in rivals):
            return None
        if len(rivals) == 1:
            expected += amount
            continue
        # Every other hand the viewer knows (shown, or their own) is out of the deck too.
        dead = [card for s, hole in known.items() if s not in rivals for card in hole]
        shares = exact_shares([holes[s] for s in rivals], board, dead)
        expected += shares[rivals.index(seat)] * amount
    return net - won + expected


def needs_equity(state: HandState, seat: int) -> bool:
    """Whether ``all_in_adjusted`` would count equities for ``seat`` (the costly part:
    up to a second for three hands all in before the flop)."""
    if all_in_moment(state) is None or state.result is None:
        return False
    player = state.player(seat)
    if player.folded or UNKNOWN in player.hole:
        return False
    folded = {p.seat for p in state.players if p.folded}
    return any(
        seat in eligible and len([s for s in eligible if s not in folded]) > 1
        for _, eligible in felt_pots(state)
    )


def felt_pots(state: HandState) -> list[tuple[int, tuple[int, ...]]]:
    """The main pot and each side pot as (amount, eligible seats), as they stood on the felt.

    Not ``result.pots``: the result pays consecutive pots won by the same players as one
    (one odd chip, not one per pot), and names only the first one's players; a short stack
    all in for the main pot must be credited equity in that pot alone.
    """
    contributions, dead = state.pot_contributions()
    live = [not p.folded for p in state.players]
    return [
        (amount, tuple(state.players[i].seat for i in eligible))
        for amount, eligible in build_pots(contributions, live, dead)
    ]


@dataclass
class Line:
    """Counts for one row of the stats table (a position, or every hand)."""

    hands: list[str] = field(default_factory=list)
    net: Decimal = Decimal(0)
    adjusted: Decimal = Decimal(0)
    did: dict[str, list[str]] = field(default_factory=lambda: {s: [] for s in STATS})
    could: dict[str, list[str]] = field(default_factory=lambda: {s: [] for s in STATS})

    def percent(self, stat: str) -> float | None:
        could = len(self.could[stat])
        return None if not could else 100 * len(self.did[stat]) / could


@dataclass
class Session:
    """The review of a set of hands: per-hand points for the chart and the stats table."""

    unit: str  # a currency symbol, "" for play chips, "bb" for big blinds
    places: int
    samples: list[Sample]
    # Cumulative after each hand: (net, all-in adjusted, won at showdown, won without).
    points: list[tuple[Decimal, Decimal, Decimal, Decimal]]
    total: Line
    by_position: dict[str, Line]
    all_ins: list[str]
    tournaments: list[TournamentResult] = field(default_factory=list)
    tournament_hands: int = 0

    @property
    def tournament_net(self) -> int:
        """Prizes less buy-ins of the tournaments whose result is known."""
        return sum(t.result for t in self.tournaments if t.result is not None)

    @property
    def net(self) -> Decimal:
        return self.total.net

    @property
    def adjusted(self) -> Decimal:
        return self.total.adjusted

    def hands_for(self, stat: str | None, position: str | None) -> list[str]:
        """Keys of the hands behind a number of the page: ``stat`` "hands", "allin", or a
        stat's hands that count for it; ``position`` one row or every hand."""
        line = self.by_position.get(position or "", self.total) if position else self.total
        if stat in STATS:
            return line.did[stat]
        if stat == "allin":
            keys = set(line.hands)
            return [k for k in self.all_ins if k in keys]
        return line.hands


def review(
    samples: Iterable[Sample], tournaments: Iterable[TournamentResult] = ()
) -> Session:
    """Review hands in the order given (oldest first); ``tournaments``: the results of the
    tournaments the samples were played in.

    >>> from games.engine import TableConfig, SeatInput, Action, ActionKind, replay, FULL_DECK
    >>> s = replay(TableConfig(1, 2), [SeatInput(1, 1, 100), SeatInput(2, 2, 100)],
    ...            FULL_DECK, [Action(1, ActionKind.FOLD)], button=1)
    >>> cash = Sample.of("c", s, 2, 1)
    >>> sng = Sample.of("t", s, 2, 1, tournament="p7")
    >>> result = TournamentResult("p7", "Friday", "", buy_in=100, prize=300)
    >>> session = review([cash, sng], [result])
    >>> session.net, session.tournament_hands, session.tournament_net
    (Decimal('1'), 1, 200)
    """
    hands = list(samples)
    cash = [s for s in hands if not s.tournament]  # the hands whose chips are money
    currencies = {(s.currency, s.scale > 1) for s in cash}
    symbols = {s.currency for s in cash}
    in_bb = len(symbols) > 1
    unit = "bb" if in_bb else (next(iter(symbols)) if symbols else "")
    places = 2 if in_bb or any(money for _, money in currencies) else 0
    if not in_bb and symbols == {""} and any(s.scale > 1 for s in hands):
        places = max(len(str(s.scale)) - 1 for s in hands)
    total = Line()
    by_position: dict[str, Line] = {}
    points: list[tuple[Decimal, Decimal, Decimal, Decimal]] = []
    all_ins: list[str] = []
    net_sum = adjusted_sum = showdown_sum = other_sum = Decimal(0)
    zero = Decimal(0)
    divisors: dict[int, Decimal] = {}  # one Decimal per big blind or scale, not per hand
    for sample in hands:
        key = sample.key
        per_unit = sample.big_blind if in_bb else sample.scale
        per = divisors.get(per_unit)
        if per is None:
            per = divisors[per_unit] = Decimal(per_unit)
        if sample.tournament:
            net = zero
        else:
            net = Decimal(sample.net) if per_unit == 1 else Decimal(sample.net) / per
        adjusted = net
        if sample.adjusted and not sample.tournament:
            all_ins.append(key)
            exact = Fraction(sample.adjusted)
            adjusted = Decimal(exact.numerator) / Decimal(exact.denominator) / per
        at_showdown = net if sample.showdown else zero
        net_sum += net
        adjusted_sum += adjusted
        showdown_sum += at_showdown
        other_sum += net - at_showdown
        points.append((net_sum, adjusted_sum, showdown_sum, other_sum))
        line = by_position.get(sample.position)
        if line is None:
            line = by_position[sample.position] = Line()
        total.hands.append(key)
        total.net += net
        total.adjusted += adjusted
        line.hands.append(key)
        line.net += net
        line.adjusted += adjusted
        for stat, value in zip(STATS, sample[5:10], strict=True):
            if value is not None:
                total.could[stat].append(key)
                line.could[stat].append(key)
                if value:
                    total.did[stat].append(key)
                    line.did[stat].append(key)
    ordered = {p: by_position[p] for p in ORDER if p in by_position}
    ordered.update({p: v for p, v in by_position.items() if p not in ordered})
    known = {s.tournament for s in hands if s.tournament}
    return Session(
        unit, places, hands, points, total, ordered, all_ins,
        tournaments=[t for t in tournaments if t.key in known],
        tournament_hands=len(hands) - len(cash),
    )

"""One hand of no-limit hold'em as a state machine: ``start_hand``, ``legal_actions``,
``apply``. Showdown and pots live in ``showdown.py``, JSON in ``serialize.py``.

Players are kept in position order: index 0 is the first seat left of the button, the last
index is the button (heads-up: index 0 is the big blind, index 1 the button and small blind).
This is also PHH's player order.

Betting follows the TDA rules; the order of play is the one pokerkit uses, so the two agree
action for action:

- Each betting round has a queue of players to act. It starts from the first seat after the
  big blind preflop and from the first seat left of the button after; players who are
  all-in, folded, or cannot lose another chip (everyone still in has no more than they
  already bet) are left out. A single queued player who has already matched the bet ends
  the round at once.
- A bet or raise puts every other player who still has chips back in the queue.
- Minimum bet: the big blind. Minimum raise: the current bet plus the last full bet or raise
  on this street (a short all-in does not change it). Any bet or raise may be for less when
  it puts the player all-in.
- A player who has already acted on this street may raise again only when the bet now
  facing them is at least one full raise more than their own bet. So a short all-in does not
  reopen the betting to them, but short all-ins that add up to a full raise do.
- Nobody may raise when no other player could call more than the current bet.
- A queued player with nothing to decide (nothing to call, and nobody left who could call a
  raise) checks automatically; the event is marked ``auto``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from games.engine.betting import check_action
from games.engine.blinds import check_blinds, post_blinds, preflop_opener
from games.engine.cards import check_deck
from games.engine.types import (
    Action,
    ActionKind,
    AmountRange,
    Entry,
    Event,
    EventKind,
    HandResult,
    IllegalAction,
    LegalActions,
    PlayerId,
    SeatInput,
    Street,
    TableConfig,
)

NEXT_STREET = {Street.PREFLOP: Street.FLOP, Street.FLOP: Street.TURN, Street.TURN: Street.RIVER}
BOARD_COUNT = {Street.FLOP: 3, Street.TURN: 1, Street.RIVER: 1}


@dataclass
class Player:
    """A player's part in one hand (mutable: change it only through ``HandState.apply``)."""

    seat: int
    player_id: PlayerId
    starting_stack: int
    stack: int
    hole: tuple[str, ...] = ()
    bet: int = 0  # chips in front of the player on this street
    committed: int = 0  # chips put in this hand, ``bet`` included, uncalled returns taken out
    folded: bool = False
    acted: bool = False  # acted on this street (posting a blind does not count)
    shown: bool = False
    mucked: bool = False
    posts_to_play: bool = False

    @property
    def all_in(self) -> bool:
        return not self.folded and self.stack == 0

    @property
    def in_hand(self) -> bool:
        return not self.folded and not self.mucked


class HandState:
    """The whole state of one hand, deck included (never send it to a client as it is)."""

    def __init__(
        self,
        config: TableConfig,
        players: list[Player],
        button: int,
        deck: tuple[str, ...],
        mucks: frozenset[int] = frozenset(),
        blinds: dict[int, int] | None = None,
    ) -> None:
        self.config = config
        self.players = players
        self.button = button
        self.deck = deck
        self.mucks = mucks
        # Forced bets seat by seat (imported hands: straddles, posts, no small blind); None
        # means the table's small and big blind (see blinds.py).
        self.blinds = blinds
        # Why the hand stops at a showdown it cannot settle (an imported hand whose deciding
        # cards nobody recorded); None otherwise. Such a hand never gets a result.
        self.unsettled: str | None = None
        self.dealt = 0
        self.board: list[str] = []
        self.street = Street.PREFLOP
        self.queue: list[int] = []
        self.full_raise = config.min_bet
        self.aggressor: int | None = None
        self.events: list[Event] = []
        self.actions: list[Action] = []
        self.result: HandResult | None = None

    # ------------------------------------------------------------------ reading

    @property
    def heads_up(self) -> bool:
        return len(self.players) == 2

    @property
    def small_blind_seat(self) -> int:
        return self.players[1 if self.heads_up else 0].seat

    @property
    def big_blind_seat(self) -> int:
        return self.players[0 if self.heads_up else 1].seat

    @property
    def is_complete(self) -> bool:
        return self.result is not None

    @property
    def actor(self) -> int | None:
        """The seat to act, or None when nobody is (the hand is over)."""
        return self.players[self.queue[0]].seat if self.queue else None

    @property
    def seats(self) -> tuple[int, ...]:
        """Seats dealt in, in position order (first left of the button, button last)."""
        return tuple(p.seat for p in self.players)

    def player(self, seat: int) -> Player:
        for p in self.players:
            if p.seat == seat:
                return p
        raise KeyError(f"Seat {seat} is not in this hand.")

    @property
    def max_bet(self) -> int:
        return max(p.bet for p in self.players)

    @property
    def total_pot(self) -> int:
        """All chips put in so far, bets on the current street included."""
        return sum(p.committed for p in self.players)

    def stacks(self) -> dict[int, int]:
        return {p.seat: p.stack for p in self.players}

    def starting_stacks(self) -> dict[int, int]:
        return {p.seat: p.starting_stack for p in self.players}

    def legal_actions(self) -> LegalActions | None:
        """What the actor may do, or None when nobody is to act.

        >>> from games.engine import TableConfig, SeatInput, start_hand, FULL_DECK
        >>> s = start_hand(TableConfig(1, 2), [SeatInput(1, "a", 100), SeatInput(2, "b", 100)],
        ...                FULL_DECK, button=1)
        >>> s.legal_actions().to_dict()
        {'seat': 1, 'fold': True, 'check': False, 'call': 1, 'bet': None, \
'raise': {'min': 4, 'max': 100}, 'all_in': 100}
        """
        if not self.queue:
            return None
        p = self.players[self.queue[0]]
        top = self.max_bet
        kinds = {ActionKind.FOLD}
        call = min(p.stack, top - p.bet)
        if call == 0:
            kinds.add(ActionKind.CHECK)
        else:
            kinds.add(ActionKind.CALL)
        bet_range: AmountRange | None = None
        raise_range: AmountRange | None = None
        all_in: int | None = None
        if self._may_raise(self.queue[0]):
            most = p.stack + p.bet
            span = AmountRange(min(top + self.full_raise, most), most)
            if top == 0:
                kinds.add(ActionKind.BET)
                bet_range = span
            else:
                kinds.add(ActionKind.RAISE)
                raise_range = span
            all_in = most
        elif call == p.stack:
            all_in = p.stack + p.bet
        if all_in is not None:
            kinds.add(ActionKind.ALL_IN)
        return LegalActions(
            seat=p.seat,
            kinds=frozenset(kinds),
            call=call or None,
            bet=bet_range,
            raise_to=raise_range,
            all_in=all_in,
        )

    def _may_raise(self, index: int) -> bool:
        p = self.players[index]
        top = self.max_bet
        if p.stack <= top - p.bet:
            return False  # covered: calling puts them all-in
        if not any(
            o.stack + o.bet > top
            for j, o in enumerate(self.players)
            if j != index and not o.folded
        ):
            return False  # nobody could call a raise
        return not p.acted or top - p.bet >= self.full_raise

    def timeout_action(self) -> Action:
        """What a player who ran out of time does: check if free, else fold."""
        legal = self.legal_actions()
        if legal is None:
            raise IllegalAction("The hand is over.")
        kind = ActionKind.CHECK if ActionKind.CHECK in legal.kinds else ActionKind.FOLD
        return Action(legal.seat, kind)

    # ------------------------------------------------------------------ acting

    def apply(self, action: Action) -> list[Event]:
        """Apply the actor's decision; return the events it caused (the engine may go on to
        deal, run out the board and settle the hand). On ``IllegalAction`` nothing changed.
        """
        kind, total = check_action(self, action)
        saved = self._save()
        before = len(self.events)
        try:
            self._act(kind, total)
            self.actions.append(Action(action.seat, kind, action.amount))
            self._advance()
        except Exception:
            self._restore(saved)
            raise
        return self.events[before:]

    def _act(self, kind: ActionKind, total: int | None) -> None:
        index = self.queue[0]
        p = self.players[index]
        top = self.max_bet
        if kind is ActionKind.FOLD:
            p.folded = True
            p.acted = True
            self.queue.pop(0)
            self._event(EventKind.FOLD, p.seat)
        elif total is None or total <= top:  # check, call, or an all-in that only calls
            self._check_or_call(index)
        else:
            assert total is not None
            self._raise_to(index, total)

    def _check_or_call(self, index: int, auto: bool = False) -> None:
        p = self.players[index]
        chips = min(p.stack, self.max_bet - p.bet)
        p.stack -= chips
        p.bet += chips
        p.committed += chips
        p.acted = True
        self.queue.pop(0)
        if chips:
            self._event(EventKind.CALL, p.seat, chips, p.bet, all_in=p.stack == 0)
        else:
            self._event(EventKind.CHECK, p.seat, auto=auto)

    def _raise_to(self, index: int, total: int) -> None:
        p = self.players[index]
        top = self.max_bet
        chips = total - p.bet
        p.stack -= chips
        p.bet = total
        p.committed += chips
        p.acted = True
        if total - top >= self.full_raise:
            self.full_raise = total - top
        self.aggressor = index
        n = len(self.players)
        self.queue = [
            j
            for j in ((index + k) % n for k in range(1, n))
            if not self.players[j].folded and self.players[j].stack > 0
        ]
        kind = EventKind.BET if top == 0 else EventKind.RAISE
        self._event(kind, p.seat, chips, total, all_in=p.stack == 0)

    def _event(
        self,
        kind: EventKind,
        seat: int | None,
        amount: int = 0,
        to: int | None = None,
        *,
        cards: Sequence[str] = (),
        all_in: bool = False,
        auto: bool = False,
        street: Street | None = None,
        **extra: Any,
    ) -> Event:
        event = Event(
            seq=len(self.events),
            kind=kind,
            street=street or self.street,
            seat=seat,
            amount=amount,
            to=to,
            cards=tuple(cards),
            all_in=all_in,
            auto=auto,
            **extra,
        )
        self.events.append(event)
        return event

    # ------------------------------------------------------------------ flow

    def _post(self, p: Player, amount: int, kind: EventKind) -> None:
        chips = min(amount, p.stack)
        if chips <= 0:
            return
        ante = kind is EventKind.POST_ANTE
        p.stack -= chips
        p.committed += chips
        if not ante:
            p.bet += chips
        self._event(kind, p.seat, chips, None if ante else p.bet, all_in=p.stack == 0)

    def _post_forced_bets(self) -> None:
        """Antes from everyone, then the blinds, then new players' posts (short: all-in)."""
        config = self.config
        if config.ante:
            for p in self.players:
                self._post(p, config.ante, EventKind.POST_ANTE)
        if self.blinds is not None:
            post_blinds(self)
            return
        sb, bb = (1, 0) if self.heads_up else (0, 1)
        self._post(self.players[sb], config.small_blind, EventKind.POST_SMALL_BLIND)
        self._post(self.players[bb], config.big_blind, EventKind.POST_BIG_BLIND)
        for i, p in enumerate(self.players):
            if p.posts_to_play and i not in (sb, bb):
                self._post(p, config.big_blind, EventKind.POST_TO_PLAY)

    def _advance(self) -> None:
        """Run the hand forward until someone must decide or the hand is over."""
        from games.engine.showdown import award_uncontested, reveal_for_runout, showdown

        while True:
            live = [i for i, p in enumerate(self.players) if not p.folded]
            if len(live) == 1:
                self._close_round()
                award_uncontested(self, live[0])
                self.queue = []
                return
            if self.queue:
                index = self.queue[0]
                if self._nothing_to_decide(index):
                    self._check_or_call(index, auto=True)
                    continue
                return
            self._close_round()
            if sum(1 for i in live if self.players[i].stack > 0) <= 1:
                reveal_for_runout(self)
                while self.street is not Street.RIVER:
                    self._deal_street()
                showdown(self)
                return
            if self.street is Street.RIVER:
                showdown(self)
                return
            self._deal_street()
            self._begin_round()

    def _nothing_to_decide(self, index: int) -> bool:
        p = self.players[index]
        top = self.max_bet
        return p.bet >= top and not any(
            o.stack + o.bet > top for j, o in enumerate(self.players) if j != index and not o.folded
        )

    def _close_round(self) -> None:
        """Return the uncalled part of the biggest bet, then clear the bets."""
        bets = sorted(p.bet for p in self.players)
        if len(bets) >= 2 and bets[-1] > bets[-2]:
            top = max(self.players, key=lambda p: p.bet)
            excess = top.bet - bets[-2]
            top.bet -= excess
            top.stack += excess
            top.committed -= excess
            self._event(EventKind.RETURN_UNCALLED, top.seat, excess)
        for p in self.players:
            p.bet = 0

    def _deal_street(self) -> None:
        street = NEXT_STREET[self.street]
        self.dealt += 1  # burn
        cards = self.deck[self.dealt : self.dealt + BOARD_COUNT[street]]
        self.dealt += len(cards)
        self.board.extend(cards)
        self.street = street
        self._event(EventKind.DEAL_BOARD, None, cards=cards)

    def _begin_round(self) -> None:
        """Open the betting on the current street (blinds are already in front preflop)."""
        n = len(self.players)
        for p in self.players:
            p.acted = False
        self.full_raise = self.config.min_bet
        self.aggressor = None
        # Preflop the first seat after the big blind opens, later the first left of the button.
        opener = (1 if self.heads_up else 2) if self.street is Street.PREFLOP else 0
        if self.street is Street.PREFLOP and self.blinds is not None:
            opener = preflop_opener(self)
        totals = sorted(p.stack + p.bet for p in self.players if not p.folded)
        second = totals[-2]
        top = self.max_bet
        self.queue = [
            i
            for i in ((opener + k) % n for k in range(n))
            if not self.players[i].folded
            and self.players[i].stack > 0
            and second - self.players[i].bet > 0
        ]
        if len(self.queue) == 1 and self.players[self.queue[0]].bet >= top:
            self.queue = []

    # ------------------------------------------------------------------ undo

    def _save(self) -> tuple[Any, ...]:
        return (
            [replace(p) for p in self.players],
            self.dealt,
            list(self.board),
            self.street,
            list(self.queue),
            self.full_raise,
            self.aggressor,
            len(self.events),
            len(self.actions),
            self.result,
            self.unsettled,
        )

    def _restore(self, saved: tuple[Any, ...]) -> None:
        (players, self.dealt, self.board, self.street, self.queue, self.full_raise,
         self.aggressor, events, actions, self.result, self.unsettled) = saved
        self.players = players
        del self.events[events:]
        del self.actions[actions:]

    # ------------------------------------------------------------------ equality, JSON

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandState):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-safe data, deck included (server side only)."""
        from games.engine.serialize import state_to_dict

        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HandState:
        from games.engine.serialize import state_from_dict

        return state_from_dict(data)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What the player in ``seat`` (None: a spectator) may see. See ``view.py``."""
        from games.engine.view import view_for

        return view_for(self, seat)

    def __repr__(self) -> str:
        status = "complete" if self.is_complete else f"seat {self.actor} to act"
        return f"<HandState {self.street.value} board={''.join(self.board)} {status}>"


def start_hand(
    config: TableConfig,
    seats: Sequence[SeatInput],
    deck: Sequence[str],
    button: int,
    *,
    mucks: Iterable[int] = (),
    blinds: Mapping[int, int] | None = None,
) -> HandState:
    """Deal a hand: post antes and blinds, deal hole cards, open the betting.

    ``seats`` are the players dealt in (``plan_hand`` picks them); ``button`` is one of their
    seats. ``deck`` is the caller's shuffled deck, dealt in order: one card at a time to
    each player starting left of the button, twice; then burn, three for the flop, burn,
    turn, burn, river. ``mucks`` (for imported histories) lists seats that give up their
    cards at showdown instead of showing. ``blinds`` (for imported histories) gives each
    seat's forced bet instead of the table's blinds: see ``blinds.py``. Bad input raises
    ValueError.

    >>> from games.engine.cards import FULL_DECK
    >>> s = start_hand(TableConfig(1, 2), [SeatInput(1, "a", 50), SeatInput(4, "b", 80),
    ...                SeatInput(6, "c", 100)], FULL_DECK, button=4)
    >>> s.small_blind_seat, s.big_blind_seat, s.actor
    (6, 1, 4)
    """
    if not 2 <= len(seats) <= config.max_seats:
        raise ValueError(f"A hand needs 2 to {config.max_seats} players, not {len(seats)}.")
    numbers = sorted(s.seat for s in seats)
    if len(set(numbers)) != len(numbers):
        raise ValueError("Two players share a seat.")
    for s in seats:
        if not 1 <= s.seat <= config.max_seats:
            raise ValueError(f"Seat {s.seat} is not a seat at this table.")
        if not isinstance(s.stack, int) or isinstance(s.stack, bool) or s.stack <= 0:
            raise ValueError(f"Seat {s.seat} has no chips to play with.")
    if button not in numbers:
        raise ValueError(f"The button must be on a player's seat, not seat {button}.")
    n = len(seats)
    forced = None if blinds is None else check_blinds(blinds, numbers)
    cards = check_deck(deck, 2 * n + 8)
    by_seat = {s.seat: s for s in seats}
    order = [s for s in numbers if s > button] + [s for s in numbers if s <= button]
    players = [
        Player(
            seat=s,
            player_id=by_seat[s].player_id,
            starting_stack=by_seat[s].stack,
            stack=by_seat[s].stack,
            posts_to_play=forced is None and by_seat[s].entry is Entry.POST_BB,
        )
        for s in order
    ]
    unknown = set(mucks) - set(numbers)
    if unknown:
        raise ValueError(f"Seat {min(unknown)} is not in this hand.")
    state = HandState(config, players, button, cards, frozenset(mucks), forced)
    state._post_forced_bets()
    for i, p in enumerate(players):
        p.hole = (cards[i], cards[n + i])
        state._event(EventKind.DEAL_HOLE, p.seat, cards=p.hole)
    state.dealt = 2 * n
    state._begin_round()
    state._advance()
    return state

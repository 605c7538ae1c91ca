"""One hand of any game the engine deals (``TableConfig.game``, games.py) as a state
machine: ``start_hand``, ``legal_actions``, ``apply``. ``HandState`` is the hand's data
(hand.py) with the moves on top; the rules it applies live below it: betting.py (what is
legal, the pot limit), blinds.py (forced bets), showdown.py (showing and pots); JSON in
serialize.py, what a viewer sees in visibility.py. Nothing here is imported by those
modules, so the engine's imports run one way.

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

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from games.engine import show_by_choice
from games.engine.betting import check_action, legal_actions, street_bet
from games.engine.blinds import check_antes, check_blinds, post_forced_bets, preflop_opener
from games.engine.cards import check_deck
from games.engine.deal_order import (
    cards_needed,
    hole_positions,
    rerun_positions,
    second_board_positions,
    street_positions,
)
from games.engine.hand import HandData, PlayerState
from games.engine.serialize import state_from_dict, state_to_dict
from games.engine.setup import HandSetup
from games.engine.showdown import (
    award_uncontested,
    reveal_for_runout,
    settle_showdown,
    showing_order,
)
from games.engine.types import (
    Action,
    ActionKind,
    Entry,
    Event,
    EventKind,
    IllegalAction,
    LegalActions,
    SeatInput,
    Street,
    TableConfig,
)
from games.engine.visibility import view_for

NEXT_STREET = {Street.PREFLOP: Street.FLOP, Street.FLOP: Street.TURN, Street.TURN: Street.RIVER}


class HandState(HandData):
    """One hand in play: its data (``HandData``: players, board, events, result) and the moves
    that change it. Build one with ``start_hand``; change it only through ``apply``."""

    def legal_actions(self) -> LegalActions | None:
        """What the actor may do, or None when nobody is to act (see betting.py)."""
        return legal_actions(self)

    def timeout_action(self, legal: LegalActions | None = None) -> Action:
        """What a player who ran out of time does: check if free, else fold (``legal``: as
        for ``apply``)."""
        if legal is None:
            legal = self.legal_actions()
        if legal is None:
            raise IllegalAction(
                "Nobody is to bet now: the players are choosing whether to run the board "
                "again (one who runs out of time declines)."
                if self.runout_voters else "The hand is over.")
        kind = ActionKind.CHECK if ActionKind.CHECK in legal.kinds else ActionKind.FOLD
        return Action(legal.seat, kind)

    # ------------------------------------------------------------------ acting

    def apply(self, action: Action, legal: LegalActions | None = None, *,
              undo: bool = True) -> list[Event]:
        """Apply the actor's decision; return the events it caused (the engine may go on to
        deal, run out the board and settle the hand). On ``IllegalAction`` nothing changed.
        ``legal``: this state's ``legal_actions()`` when the caller has just asked for it
        (a replay choosing its action), so that it is not worked out again. ``undo=False``:
        no copy is kept to undo a failed action, for a caller that drops the whole state when
        one fails (an import refuses the hand): the state is then left as the failure found it.
        """
        kind, total = check_action(self, action, legal)
        if not undo:
            before = len(self.events)
            self._act(kind, total)
            self.actions.append(Action(action.seat, kind, action.amount))
            self._advance()
            return self.events[before:]
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
            self.record(EventKind.FOLD, p.seat)
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
            self.record(EventKind.CALL, p.seat, chips, p.bet, all_in=p.stack == 0)
        else:
            self.record(EventKind.CHECK, p.seat, auto=auto)

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
        self.record(kind, p.seat, chips, total, all_in=p.stack == 0)

    # ------------------------------------------------------------------ flow

    def _advance(self) -> None:
        """Run the hand forward until someone must decide or the hand is over."""
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
                if self.ask_runouts and self.runouts > 1 and self.street is not Street.RIVER:
                    # Wait for every player still in to agree (choose_runouts).
                    self.runout_voters = [self.players[i].seat for i in showing_order(self)]
                    return
                self._run_out(self.runouts)
                return
            if self.street is Street.RIVER:
                settle_showdown(self)
                return
            self._deal_street()
            self._begin_round()

    def _nothing_to_decide(self, index: int) -> bool:
        p = self.players[index]
        top = self.max_bet
        if p.bet < top:
            return False
        for j, o in enumerate(self.players):
            if j != index and not o.folded and o.stack + o.bet > top:
                return False
        return True

    def _close_round(self) -> None:
        """Return the uncalled part of the biggest bet, then clear the bets."""
        bets = sorted(p.bet for p in self.players)
        if len(bets) >= 2 and bets[-1] > bets[-2]:
            top = max(self.players, key=lambda p: p.bet)
            excess = top.bet - bets[-2]
            top.bet -= excess
            top.stack += excess
            top.committed -= excess
            self.record(EventKind.RETURN_UNCALLED, top.seat, excess)
        for p in self.players:
            p.bet = 0

    def _deal_street(self) -> None:
        street = NEXT_STREET[self.street]
        n, hole_cards = len(self.players), self.config.game.hole_cards
        positions = street_positions(n, hole_cards)[street]
        cards = tuple(self.deck[i] for i in positions)
        self.dealt = positions[-1] + 1  # the burn before them is dealt too
        self.board.extend(cards)
        self.street = street
        self.record(EventKind.DEAL_BOARD, None, cards=cards)
        if self.boards == 2:  # the second board's street, right after the first's
            positions = second_board_positions(n, hole_cards)[street]
            cards = tuple(self.deck[i] for i in positions)
            if not self.runs:
                self.runs.append([])
            self.runs[0].extend(cards)
            self.dealt = positions[-1] + 1
            self.record(EventKind.DEAL_BOARD, None, cards=cards, board=1)

    def choose_runouts(self, seat: int, agree: bool) -> list[Event]:
        """A player still in answers whether to run the board again (``ask_runouts``); once
        all have, the board is run ``runouts`` times if everyone agreed, else once. Returns
        the events caused; on ``IllegalAction`` nothing changed.

        >>> from games.engine import TableConfig, SeatInput, FULL_DECK
        >>> s = start_hand(TableConfig(1, 2), [SeatInput(1, "a", 50), SeatInput(2, "b", 50)],
        ...                FULL_DECK, button=1, runouts=2, ask_runouts=True)
        >>> _ = s.apply(Action(1, ActionKind.ALL_IN)); _ = s.apply(Action(2, ActionKind.CALL))
        >>> s.runout_voters
        [1, 2]
        >>> _ = s.choose_runouts(1, True); _ = s.choose_runouts(2, True)
        >>> len(s.runs), s.is_complete
        (1, True)
        """
        if seat not in self.runout_voters:
            raise IllegalAction(
                f"Seat {seat} is not being asked whether to run the board again."
                if self.runout_voters else "Nobody is being asked to run the board again.")
        saved = self._save()
        before = len(self.events)
        try:
            self.runout_voters.remove(seat)
            self.runout_votes.append((seat, agree))
            self.record(EventKind.RUNOUT_VOTE, seat, text="agree" if agree else "decline")
            if not self.runout_voters:
                agreed = all(vote for _seat, vote in self.runout_votes)
                self._run_out(self.runouts if agreed else 1)
        except Exception:
            self._restore(saved)
            raise
        return self.events[before:]

    def may_show_cards(self, seat: int) -> bool:
        """Whether ``seat`` may turn its cards up now, having taken the pot uncontested."""
        return show_by_choice.why_not(self, seat) is None

    def show_cards(self, seat: int) -> list[Event]:
        """``seat`` shows its cards by choice after its uncontested win (show_by_choice.py);
        IllegalAction says why it may not."""
        return show_by_choice.show_by_choice(self, seat)

    def _run_out(self, runs: int) -> None:
        """Deal the rest of the board ``runs`` times, then settle the showdown."""
        rest: list[Street] = []
        while self.street is not Street.RIVER:
            self._deal_street()
            rest.append(self.street)
        self._run_again(rest, runs)
        settle_showdown(self)

    def _run_again(self, streets: list[Street], runs: int) -> None:
        """Deal ``streets`` again for each further run of the board (run it twice), as many
        runs as asked for and the deck holds cards for."""
        n, hole_cards = len(self.players), self.config.game.hole_cards
        shared = self.board[: len(self.board) - sum(len(street_positions(n, hole_cards)[s])
                                                     for s in streets)]
        for run in range(1, runs if streets else 1):
            positions = rerun_positions(n, hole_cards, streets, run)
            if positions[streets[-1]][-1] >= len(self.deck):
                break  # no cards left for another board: the hand is run fewer times
            board = list(shared)
            for street in streets:
                cards = tuple(self.deck[i] for i in positions[street])
                board.extend(cards)
                self.street = street  # the event names the street it deals
                self.record(EventKind.DEAL_BOARD, None, cards=cards, board=run)
            self.runs.append(board)
            self.dealt = positions[streets[-1]][-1] + 1
        self.street = Street.RIVER

    def _begin_round(self) -> None:
        """Open the betting on the current street (blinds are already in front preflop)."""
        n = len(self.players)
        for p in self.players:
            p.acted = False
        self.full_raise = street_bet(self)
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
            # The players' fields, not copies of them: cheaper, and a refused action is rare.
            [p.__dict__.copy() for p in self.players],
            self.dealt,
            list(self.board),
            [list(r) for r in self.runs],
            list(self.runout_voters),
            list(self.runout_votes),
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
        (players, self.dealt, self.board, self.runs, self.runout_voters, self.runout_votes,
         self.street, self.queue, self.full_raise,
         self.aggressor, events, actions, self.result, self.unsettled) = saved
        self.players = [PlayerState(**fields) for fields in players]
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
        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HandState:
        return state_from_dict(data, cls)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What the player in ``seat`` (None: a spectator) may see. See visibility.py."""
        return view_for(self, seat)

    def __repr__(self) -> str:
        status = "complete" if self.is_complete else f"seat {self.actor} to act"
        return f"<HandState {self.street.value} board={''.join(self.board)} {status}>"


def start_hand(
    config: TableConfig,
    seats: Sequence[SeatInput],
    deck: Sequence[str],
    button: int,
    setup: HandSetup | None = None,
    *,
    observer: Callable[[HandData, Event], None] | None = None,
    **options: Any,
) -> HandState:
    """Deal a hand: post antes and blinds, deal hole cards, open the betting.

    ``seats`` are the players dealt in (``plan_hand`` picks them); ``button`` is one of their
    seats. ``deck`` is the caller's shuffled deck, dealt in the order of ``deal_order.py``:
    one card at a time to each player starting left of the button, once per hole card of
    the game; then burn, three for the flop, burn, turn, burn, river. ``setup`` is how the
    hand is dealt beyond the table's stakes and game (setup.py: blinds and antes seat by
    seat, bomb pot, boards, run-outs, the 7-2 bounty, imported hands' mucks and shows);
    ``options`` are its fields for short (``start_hand(..., runouts=2)``), never with it.
    ``observer`` is called after each event from the first post on (``HandData.observer``:
    the replayer reads the chips with it). Bad input raises ValueError.

    >>> from games.engine.cards import FULL_DECK
    >>> s = start_hand(TableConfig(1, 2), [SeatInput(1, "a", 50), SeatInput(4, "b", 80),
    ...                SeatInput(6, "c", 100)], FULL_DECK, button=4)
    >>> s.small_blind_seat, s.big_blind_seat, s.actor
    (6, 1, 4)
    """
    if setup is not None and options:
        raise TypeError("Give start_hand a setup or its options, not both.")
    setup = HandSetup(**options) if setup is None else setup
    game = config.game
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
    if setup.bounty and game.hole_cards != 2:
        raise ValueError(f"The 7-2 bounty is for hold'em only, not {game.label}.")
    n = len(seats)
    if setup.bomb_pot:
        setup = replace(setup, blinds={})  # no blinds: only the antes are posted
    elif setup.blinds is None and game.button_blind:
        # Short deck as played: the button's blind, which the blinds seat by seat express
        # (blinds.py: the player after the biggest blind opens, so the button acts last).
        setup = replace(setup, blinds={button: config.big_blind})
    elif setup.blinds is not None:
        setup = replace(setup, blinds=check_blinds(setup.blinds, numbers))
    if setup.antes is not None:
        setup = replace(setup, antes=check_antes(setup.antes, numbers))
    if n > game.max_players:
        raise ValueError(f"{game.label} deals at most {game.max_players} players, not {n}.")
    needed = cards_needed(n, game.hole_cards, setup.boards)
    if setup.boards == 2 and needed > len(game.deck):
        raise ValueError(f"A deck holds no two boards for {n} players of {game.label}.")
    cards = check_deck(deck, needed, game.deck)
    by_seat = {s.seat: s for s in seats}
    order = [s for s in numbers if s > button] + [s for s in numbers if s <= button]
    players = [
        PlayerState(
            seat=s,
            player_id=by_seat[s].player_id,
            starting_stack=by_seat[s].stack,
            stack=by_seat[s].stack,
            posts_to_play=setup.blinds is None and by_seat[s].entry is Entry.POST_BB,
        )
        for s in order
    ]
    unknown = (setup.mucks | setup.shows) - set(numbers)
    if unknown:
        raise ValueError(f"Seat {min(unknown)} is not in this hand.")
    both = setup.mucks & setup.shows
    if both:
        raise ValueError(f"Seat {min(both)} cannot both show and muck.")
    state = HandState(config, players, button, cards, setup)
    state.observer = observer
    post_forced_bets(state)
    holes = hole_positions(n, game.hole_cards)
    for p, positions in zip(players, holes, strict=True):
        p.hole = tuple(cards[k] for k in positions)
        state.record(EventKind.DEAL_HOLE, p.seat, cards=p.hole)
    state.dealt = holes[-1][-1] + 1  # every hole card
    if setup.bomb_pot:
        state.queue = []  # nobody bets before the flop: the round closes at once
    else:
        state._begin_round()
    state._advance()
    return state

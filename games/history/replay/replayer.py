"""The replayer's steps: a finished hand replayed through the engine, one step per event.

``build_replay(state, viewer_seat, names)`` takes a state that already knows only what this
viewer may know (``masking.masked_state``) and replays its actions one by one. After each
action the step is the engine's own ``view(viewer_seat)``; the events one action caused (a
call that closes the river, the shows, the wins...) get steps of their own in between, so
the felt can move one event at a time. Every step's stacks, bets and pots are the engine's
own, as they stood after that event (``HandData.observer``, ``visibility.chips_now``):
nothing here adds or subtracts chips. Each step holds
the felt in the live table's own shape (games/felt.py, drawn by static/js/felt.js): ``seats``,
rows with stacks, bets and the cards this viewer may see, and ``hand``, the board so far, the
pots, who acts and, at the last step, each pot's winners.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from games import felt
from games.engine import UNKNOWN, Event, EventKind, HandState, start_hand
from games.engine.games import GAMES
from games.engine.hand import HandData
from games.engine.pots import pot_views
from games.engine.replay import seat_inputs
from games.engine.visibility import chips_now
from games.felt import Money
from games.hand_text import bounty_rows, event_text, result_rows, shown_text
from games.history.money import CHIPS

# The kinds of events that put a player's chips in (counted again by the tests, never here).
PAYS = {
    EventKind.POST_ANTE,
    EventKind.POST_SMALL_BLIND,
    EventKind.POST_BIG_BLIND,
    EventKind.POST_TO_PLAY,
    EventKind.POST_STRADDLE,
    EventKind.CALL,
    EventKind.BET,
    EventKind.RAISE,
}
# Board cards a run dealt from this street on shares with the first board.
SHARED_BEFORE = {"flop": 0, "turn": 3, "river": 4}


def label(
    event: Event,
    names: dict[int, str],
    money: Money | None = None,
    pots: list[dict[str, Any]] | None = None,
    *,
    timed_out: bool = False,
    button_blind: bool = False,
) -> str:
    """One line for people, from public facts only (the live table's log sentences).
    ``timed_out``: the table made this check or fold when the player's time ran out;
    ``button_blind``: the game's one blind is the button's (short deck).

    >>> from games.engine import Street
    >>> label(Event(5, EventKind.RAISE, Street.PREFLOP, 2, 5, 6), {2: "bob"})
    'bob raises to 6'
    >>> label(Event(6, EventKind.FOLD, Street.PREFLOP, 3), {3: "cy"}, timed_out=True)
    'cy timed out and folds'
    """
    if event.kind is EventKind.DEAL_HOLE:
        return "The hole cards are dealt"  # one step for the whole deal
    text = event_text(event.to_dict(), names, money, pots, timed_out=timed_out,
                      button_blind=button_blind)["text"]
    return str(text)


class _Felt:
    """The felt between two engine views, moved one public event at a time.

    It keeps the players in the shape of the engine's view and draws each step with
    games/felt.py, as the live table draws its own: the same seats, pots and results. The
    chips come from the engine after each event (``take_chips``); the events only move the
    cards and who is in.
    """

    def __init__(
        self,
        state: HandState,
        viewer_seat: int | None,
        reveal_all: bool,
        names: dict[int, str],
        money: Money | None,
    ) -> None:
        self.order = [p.seat for p in state.players]
        self.holes = {p.seat: [c for c in p.hole if c != UNKNOWN] for p in state.players}
        self.viewer_seat = viewer_seat
        self.reveal_all = reveal_all
        self.names = names
        self.money = money
        self.players: dict[int, dict[str, Any]] = {
            p.seat: {
                "seat": p.seat,
                "starting_stack": p.starting_stack,
                "stack": p.starting_stack,
                "bet": 0,
                "committed": 0,
                "folded": False,
                "all_in": False,
                "has_cards": False,
                "cards": None,
                "shown": False,
                "mucked": False,
            }
            for p in state.players
        }
        # Before the first post: nothing in (the engine's pots of no chips).
        n = len(self.order)
        self.pots: list[dict[str, Any]] = pot_views([0] * n, [True] * n, self.order)
        self.total_pot = 0
        self.shown: dict[int, dict[str, Any]] = {}  # seat -> description and best five
        self.hole_cards = state.game.hole_cards
        self.hand: dict[str, Any] = {
            "variant": state.game.code,
            "bomb_pot": state.bomb_pot,
            "bounty": state.bounty,
            "runs": [],
            "button": state.button,
            "small_blind_seat": state.small_blind_seat,
            "big_blind_seat": state.big_blind_seat,
            "street": "preflop",
            "board": [],
            "actor": None,
            "complete": False,
            "result": None,
        }

    def cards_for(self, seat: int, shown: bool) -> list[str] | None:
        hole = self.holes[seat]
        if len(hole) == self.hole_cards and (shown or self.reveal_all or seat == self.viewer_seat):
            return hole
        return None

    def apply(self, event: Event) -> None:
        """Move the cards by one public event (hole cards: everyone gets theirs)."""
        self.hand["actor"] = None
        kind = event.kind
        p = self.players.get(event.seat or 0)
        if kind is EventKind.DEAL_HOLE and p is not None:
            p["has_cards"] = True
            p["cards"] = self.cards_for(p["seat"], False)
        elif kind is EventKind.FOLD and p is not None:
            p["folded"] = True
            p["has_cards"] = False
        if kind is EventKind.DEAL_BOARD and event.board:
            # A board run again: it shares the cards dealt before the betting ended.
            runs = self.hand["runs"]
            if len(runs) < event.board:
                runs.append(self.hand["board"][: SHARED_BEFORE[event.street.value]])
            runs[event.board - 1] = [*runs[event.board - 1], *event.cards]
        elif kind is EventKind.DEAL_BOARD:
            self.hand["board"] = [*self.hand["board"], *event.cards]
            self.hand["street"] = event.street.value
        elif kind is EventKind.SHOW and p is not None:
            p["shown"] = True
            p["cards"] = list(event.cards)
            self.shown[p["seat"]] = {
                "description": event.text or None,
                "best_five": list(event.best_five) or None,
                "low": event.low,
            }
        elif kind is EventKind.MUCK and p is not None:
            p["mucked"] = True
            p["has_cards"] = False

    def take_chips(self, chips: dict[str, Any]) -> None:
        """The engine's chips after an event (``visibility.chips_now``)."""
        for seat, figures in chips["seats"].items():
            self.players[seat].update(figures)
        self.pots = chips["pots"]
        self.total_pot = chips["total_pot"]

    def sync(self, view: dict[str, Any]) -> None:
        """Take the engine's view as the truth (at every action boundary)."""
        for p in view["players"]:
            cards = p["cards"] or self.cards_for(p["seat"], p["shown"])
            self.players[p["seat"]] = {**self.players[p["seat"]], **p, "cards": cards}
        for key in ("street", "board", "actor", "complete", "result"):
            self.hand[key] = view[key]
        self.hand["runs"] = [list(run) for run in view.get("runs", ())]
        self.hand["runout_voters"] = list(view.get("runout_voters", ()))
        self.shown.update(felt.shown_hands(view))

    def engine_view(self) -> dict[str, Any]:
        """The felt as the engine's view would have it at this event."""
        return {
            **self.hand,
            "players": [self.players[seat] for seat in self.order],
            "pots": self.pots,
            "total_pot": self.total_pot,
        }

    def step(self, text: str, event: Event | None, actions: int) -> dict[str, Any]:
        engine = self.engine_view()
        seats = []
        for player in engine["players"]:
            number = player["seat"]
            row = felt.seat_row(number, self.names.get(number, f"seat {number}"), 0)
            felt.add_hand(row, player, engine, self.shown)
            seats.append(row)
        felt.add_badges(seats, live=not engine["complete"])
        return {
            "label": text,
            "kind": event.kind.value if event else "start",
            "seat": event.seat if event else None,
            "actions": actions,
            "seats": seats,
            "hand": felt.hand_part(engine, self.names, self.money),
        }


def _steps_for(
    table: _Felt,
    events: list[Event],
    chips: dict[int, dict[str, Any]],
    view: dict[str, Any],
    names: dict[int, str],
    actions: int,
    money: Money | None = None,
    timed_out: Collection[int] = (),
) -> list[dict[str, Any]]:
    """Steps for the events one action caused; the last one is the engine's view."""
    steps: list[dict[str, Any]] = []
    groups: list[list[Event]] = []
    for event in events:
        if groups and event.kind is EventKind.DEAL_HOLE and groups[-1][0].kind is event.kind:
            groups[-1].append(event)
        else:
            groups.append([event])
    for k, group in enumerate(groups):
        for event in group:
            table.apply(event)
        table.take_chips(chips[group[-1].seq])
        if k == len(groups) - 1:
            table.sync(view)
        pots = view["result"]["pots"] if view["result"] else None
        text = label(group[0], names, money, pots, timed_out=group[0].seq in timed_out,
                     button_blind=GAMES[view["variant"]].button_blind)
        steps.append(table.step(text, group[0], actions))
    return steps


def build_replay(
    state: HandState,
    viewer_seat: int | None,
    names: dict[int, str],
    *,
    reveal_all: bool = False,
    money: Money | None = None,
    timed_out: Collection[int] = (),
    rake: int = 0,
) -> dict[str, Any]:
    """Every step of the finished hand ``state`` as ``viewer_seat`` may see it.

    ``state`` must already be masked for this viewer; ``reveal_all`` shows every card it knows
    from the first step (an imported history, whose uploader knows all of it). ``timed_out``:
    the sequences of the events the table made for players whose time ran out (the replay
    deals the same events in the same order, so they keep their sequences). ``rake``: what
    the site kept (an imported hand). ``amounts`` writes every figure the page draws, by
    ``money`` (play chips: whole numbers), so the page formats no money itself.
    """
    assert state.result is not None or state.unsettled is not None
    chips: dict[int, dict[str, Any]] = {}  # event sequence -> the engine's chips after it

    def watch(hand: HandData, event: Event) -> None:
        chips[event.seq] = chips_now(hand)

    replayed = start_hand(state.config, seat_inputs(state), state.deck, state.button,
                          state.setup, observer=watch)
    table = _Felt(replayed, viewer_seat, reveal_all, names, money)
    steps = [table.step("The hand begins", None, 0)]
    steps += _steps_for(table, replayed.events, chips, replayed.view(viewer_seat), names, 0, money)
    for k, action in enumerate(state.actions, start=1):
        before = len(replayed.events)
        replayed.apply(action)
        events = replayed.events[before:]
        view = replayed.view(viewer_seat)
        steps += _steps_for(table, events, chips, view, names, k, money, timed_out)
    for seat, agree in state.runout_votes:  # run it twice? each answer, then the boards
        before = len(replayed.events)
        replayed.choose_runouts(seat, agree)
        events = replayed.events[before:]
        view = replayed.view(viewer_seat)
        steps += _steps_for(
            table, events, chips, view, names, len(state.actions), money, timed_out
        )
    for seat in state.shown_by_choice:  # a winner who showed after the hand ("Show cards")
        before = len(replayed.events)
        replayed.show_cards(seat)
        events = replayed.events[before:]
        view = replayed.view(viewer_seat)
        steps += _steps_for(
            table, events, chips, view, names, len(state.actions), money, timed_out
        )
    result = replayed.view(viewer_seat)["result"] or {"pots": [], "shown": []}
    return {
        "button": replayed.button,
        "viewer_seat": viewer_seat,
        "players": [
            {
                "seat": p.seat,
                "name": names.get(p.seat, f"seat {p.seat}"),
                "starting_stack": p.starting_stack,
            }
            for p in replayed.players
        ],
        "steps": steps,
        "result": {
            "pots": result["pots"],
            "rows": result_rows(result["pots"], names, money),
            "bounties": bounty_rows(result.get("bounties", ()), names, money),
            # A hi/lo hand's low is read with its high: "Flush, ace high; 8-6-4-2-A low".
            "shown": [{**hand, "description": shown_text(hand["description"], hand.get("low", ""))}
                      for hand in result["shown"]],
            "finishing_stacks": {str(k): v for k, v in replayed.stacks().items()},
            "unsettled": replayed.unsettled,
            "rake": rake,
        },
        "amounts": amount_texts(steps, rake, money or CHIPS.format),
    }


def amount_texts(steps: list[dict[str, Any]], rake: int, money: Money) -> dict[str, str]:
    """Each figure the replayer draws (stacks, bets, pots, the bounty, the rake), by units,
    written by ``money``.

    >>> amount_texts([], 1250, CHIPS.format)
    {'1250': '1,250'}
    """
    figures = {rake}
    for step in steps:
        hand = step["hand"]
        figures.update((hand["total_pot"], hand["bounty"]))
        figures.update(pot["amount"] for pot in hand["pots"])
        for seat in step["seats"]:
            figures.update((seat["stack"], seat["bet"]))
    return {str(units): money(units) for units in sorted(figures)}

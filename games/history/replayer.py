"""The replayer's steps: a finished hand replayed through the engine, one step per event.

``build_replay(state, viewer_seat, names)`` takes a state that already knows only what this
viewer may know (``masking.masked_state``) and replays its actions one by one. After each
action the step is the engine's own ``view(viewer_seat)``; the events one action caused (a
call that closes the river, the shows, the wins...) get steps of their own in between,
derived from the event amounts, so the felt can move one event at a time. The steps are
plain JSON: seats with stacks, bets and the cards this viewer may see, the board so far, the
pots (main and side) and who acts.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from games.engine import UNKNOWN, Event, EventKind, HandState, start_hand
from games.engine.pots import build_pots
from games.hand_text import event_text, result_rows
from games.history.masking import seat_inputs

Money = Callable[[int], str]

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
COLLECTS = {EventKind.DEAL_BOARD, EventKind.SHOW, EventKind.MUCK, EventKind.WIN}


def label(
    event: Event,
    names: dict[int, str],
    money: Money | None = None,
    pots: list[dict[str, Any]] | None = None,
    *,
    timed_out: bool = False,
) -> str:
    """One line for people, from public facts only (the live table's log sentences).
    ``timed_out``: the table made this check or fold when the player's time ran out.

    >>> from games.engine import Street
    >>> label(Event(5, EventKind.RAISE, Street.PREFLOP, 2, 5, 6), {2: "bob"})
    'bob raises to 6'
    >>> label(Event(6, EventKind.FOLD, Street.PREFLOP, 3), {3: "cy"}, timed_out=True)
    'cy timed out and folds'
    """
    if event.kind is EventKind.DEAL_HOLE:
        return "The hole cards are dealt"  # one step for the whole deal
    text = event_text(event.to_dict(), names, money, pots, timed_out=timed_out)["text"]
    return str(text)


class _Felt:
    """The felt between two engine views, moved one public event at a time."""

    def __init__(self, state: HandState, viewer_seat: int | None, reveal_all: bool) -> None:
        self.order = [p.seat for p in state.players]
        self.holes = {p.seat: [c for c in p.hole if c != UNKNOWN] for p in state.players}
        self.viewer_seat = viewer_seat
        self.reveal_all = reveal_all
        self.seats: dict[int, dict[str, Any]] = {
            p.seat: {
                "seat": p.seat,
                "stack": p.starting_stack,
                "bet": 0,
                "committed": 0,
                "folded": False,
                "all_in": False,
                "has_cards": False,
                "cards": None,
                "shown": False,
                "mucked": False,
                "description": None,
                "best_five": None,
            }
            for p in state.players
        }
        self.board: list[str] = []
        self.street = "preflop"
        self.actor: int | None = None

    def cards_for(self, seat: int, shown: bool) -> list[str] | None:
        hole = self.holes[seat]
        if len(hole) == 2 and (shown or self.reveal_all or seat == self.viewer_seat):
            return hole
        return None

    def collect(self) -> None:
        for s in self.seats.values():
            s["bet"] = 0

    def apply(self, event: Event) -> None:
        """Move the felt by one public event (hole cards: everyone gets two)."""
        self.actor = None
        kind = event.kind
        s = self.seats.get(event.seat or 0)
        if kind is EventKind.DEAL_HOLE and s is not None:
            s["has_cards"] = True
            s["cards"] = self.cards_for(s["seat"], False)
        elif kind in PAYS and s is not None:
            s["stack"] -= event.amount
            s["committed"] += event.amount
            if event.to is not None:
                s["bet"] = event.to
        elif kind is EventKind.RETURN_UNCALLED and s is not None:
            s["stack"] += event.amount
            s["bet"] -= event.amount
            s["committed"] -= event.amount
        elif kind is EventKind.FOLD and s is not None:
            s["folded"] = True
            s["has_cards"] = False
        if kind in COLLECTS:
            self.collect()
        if kind is EventKind.DEAL_BOARD:
            self.board.extend(event.cards)
            self.street = event.street.value
        elif kind is EventKind.SHOW and s is not None:
            s["shown"] = True
            s["cards"] = list(event.cards)
            s["description"] = event.text or None
            s["best_five"] = list(event.best_five) or None
        elif kind is EventKind.MUCK and s is not None:
            s["mucked"] = True
            s["has_cards"] = False
        elif kind is EventKind.WIN and s is not None:
            s["stack"] += event.amount
        for seat in self.seats.values():
            seat["all_in"] = not seat["folded"] and seat["stack"] == 0

    def sync(self, view: dict[str, Any]) -> None:
        """Take the engine's view as the truth (at every action boundary)."""
        for p in view["players"]:
            s = self.seats[p["seat"]]
            for key in ("stack", "bet", "committed", "folded", "all_in", "shown", "mucked",
                        "has_cards"):
                s[key] = p[key]
            s["cards"] = p["cards"] if p["cards"] else self.cards_for(p["seat"], p["shown"])
        self.board = list(view["board"])
        self.street = view["street"]
        self.actor = view["actor"]
        result = view["result"]
        for shown in result["shown"] if result else ():
            s = self.seats[shown["seat"]]
            s["description"] = shown["description"]
            s["best_five"] = shown["best_five"]

    def pots(self) -> list[dict[str, Any]]:
        seats = [self.seats[seat] for seat in self.order]
        pots = build_pots(
            [s["committed"] - s["bet"] for s in seats], [not s["folded"] for s in seats]
        )
        return [
            {"amount": amount, "eligible": [self.order[i] for i in eligible]}
            for amount, eligible in pots
        ]

    def step(self, text: str, event: Event | None, actions: int) -> dict[str, Any]:
        return {
            "label": text,
            "kind": event.kind.value if event else "start",
            "seat": event.seat if event else None,
            "street": self.street,
            "board": list(self.board),
            "actor": self.actor,
            "actions": actions,
            "pots": self.pots(),
            "total_pot": sum(s["committed"] for s in self.seats.values()),
            "seats": [dict(self.seats[seat]) for seat in self.order],
        }


def _steps_for(
    felt: _Felt,
    events: list[Event],
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
            felt.apply(event)
        if k == len(groups) - 1:
            felt.sync(view)
        pots = view["result"]["pots"] if view["result"] else None
        text = label(group[0], names, money, pots, timed_out=group[0].seq in timed_out)
        steps.append(felt.step(text, group[0], actions))
    return steps


def _positions(state: HandState) -> dict[int, str]:
    tags = {state.button: "BTN"}
    tags[state.small_blind_seat] = "SB" if not state.heads_up else "BTN/SB"
    tags[state.big_blind_seat] = "BB"
    return tags


def build_replay(
    state: HandState,
    viewer_seat: int | None,
    names: dict[int, str],
    *,
    reveal_all: bool = False,
    money: Money | None = None,
    timed_out: Collection[int] = (),
) -> dict[str, Any]:
    """Every step of the finished hand ``state`` as ``viewer_seat`` may see it.

    ``state`` must already be masked for this viewer; ``reveal_all`` shows every card it knows
    from the first step (an imported history, whose uploader knows all of it). ``timed_out``:
    the sequences of the events the table made for players whose time ran out (the replay
    deals the same events in the same order, so they keep their sequences).
    """
    assert state.result is not None or state.unsettled is not None
    replayed = start_hand(
        state.config,
        seat_inputs(state),
        state.deck,
        state.button,
        mucks=state.mucks,
        blinds=state.blinds,
    )
    felt = _Felt(replayed, viewer_seat, reveal_all)
    steps = [felt.step("The hand begins", None, 0)]
    steps += _steps_for(felt, replayed.events, replayed.view(viewer_seat), names, 0, money)
    for k, action in enumerate(state.actions, start=1):
        before = len(replayed.events)
        replayed.apply(action)
        events = replayed.events[before:]
        view = replayed.view(viewer_seat)
        steps += _steps_for(felt, events, view, names, k, money, timed_out)
    result = replayed.view(viewer_seat)["result"] or {"pots": [], "shown": []}
    positions = _positions(replayed)
    return {
        "button": replayed.button,
        "viewer_seat": viewer_seat,
        "players": [
            {
                "seat": p.seat,
                "name": names.get(p.seat, f"seat {p.seat}"),
                "starting_stack": p.starting_stack,
                "position": positions.get(p.seat, ""),
            }
            for p in replayed.players
        ],
        "steps": steps,
        "result": {
            "pots": result["pots"],
            "rows": result_rows(result["pots"], names, money),
            "shown": result["shown"],
            "finishing_stacks": {str(k): v for k, v in replayed.stacks().items()},
            "unsettled": replayed.unsettled,
        },
    }

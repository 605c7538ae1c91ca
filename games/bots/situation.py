"""What a bot (or the coach) may know of a hand: one player's own view, as plain values.

``Situation.from_view`` reads the engine's ``HandState.view(seat)`` and keeps only public
facts plus that seat's own hole cards. It refuses a view that shows another player's hidden
cards (a spectator's or another seat's view, or a whole state), so a decision function that
takes a ``Situation`` cannot be handed the deck or anyone else's cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.engine.games import GAMES
from games.engine.types import ActionKind, AmountRange


@dataclass(frozen=True)
class Legal:
    """The actor's legal actions, as ``hand.legal`` gives them."""

    kinds: frozenset[ActionKind]
    call: int  # chips a call adds (0: nothing to call)
    bet: AmountRange | None
    raise_to: AmountRange | None
    all_in: int | None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Legal:
        """Read ``hand.legal`` (the engine's ``LegalActions.to_dict()``).

        >>> Legal.from_dict({"fold": True, "check": True, "call": None, "bet": None,
        ...     "raise": {"min": 4, "max": 10}, "all_in": 10}).raise_to
        AmountRange(min=4, max=10)
        """
        kinds = {ActionKind.FOLD} if data.get("fold") else set()
        if data.get("check"):
            kinds.add(ActionKind.CHECK)
        if data.get("call"):
            kinds.add(ActionKind.CALL)
        spans: dict[str, AmountRange | None] = {}
        for name, kind in (("bet", ActionKind.BET), ("raise", ActionKind.RAISE)):
            span = data.get(name)
            spans[name] = AmountRange(span["min"], span["max"]) if span else None
            if span:
                kinds.add(kind)
        if data.get("all_in") is not None:
            kinds.add(ActionKind.ALL_IN)
        return cls(
            frozenset(kinds), data.get("call") or 0, spans["bet"], spans["raise"],
            data.get("all_in"),
        )


@dataclass(frozen=True)
class Opponent:
    """Another player still in the hand, and what they did in it (public facts only)."""

    seat: int
    stack: int
    bet: int
    all_in: bool
    actions: tuple[tuple[str, str], ...]  # (street, kind) of their betting actions


@dataclass(frozen=True)
class Situation:
    """The deciding player's own view of the hand (see the module docstring)."""

    seat: int
    hole: tuple[str, ...]
    board: tuple[str, ...]
    street: str
    pot: int  # every chip put in so far, bets in front included
    bet: int  # this player's bet on this street
    stack: int
    big_blind: int
    opponents: tuple[Opponent, ...]  # live opponents (not folded)
    legal: Legal | None  # None unless it is this player's turn
    raises_this_street: int
    # Where everyone sits (for positions): the button, the blinds, every seat dealt in, and
    # each preflop action so far as (seat, kind). Empty when unknown (hand-made situations).
    button: int | None = None
    blinds: tuple[int, ...] = ()  # (small blind, big blind); heads-up the button posts small
    seats: tuple[int, ...] = ()
    preflop: tuple[tuple[int, str], ...] = ()
    # This player's own betting actions so far as (street, kind): what the others have seen
    # of them (the coach models the range they put this player on).
    own_actions: tuple[tuple[str, str], ...] = ()
    # The game dealt (its PHH code, games.py) and the ranking the hand is played by: the
    # bots and the coach model hold'em's ranges only where the game is hold'em's.
    game: str = "NT"
    ranking: str = "high"

    @property
    def holdem_modelled(self) -> bool:
        """Whether hold'em's ranges, outs and charts apply: two hole cards from 52, hold'em's
        ranking (not short deck's; Omaha has four cards)."""
        return len(self.hole) == 2 and self.ranking == "high"

    @property
    def high_low(self) -> bool:
        """Pots are split between the best high and the best eight-or-better low."""
        return GAMES[self.game].high_low if self.game in GAMES else False

    @property
    def to_call(self) -> int:
        return self.legal.call if self.legal is not None else 0

    @property
    def max_bet(self) -> int:
        """The highest bet on this street."""
        return max([self.bet, *(o.bet for o in self.opponents)])

    @property
    def pot_odds(self) -> float:
        """The share of the final pot a call costs: the equity a call needs to break even.

        >>> s = Situation(1, ("As", "Ks"), (), "flop", 100, 0, 200, 2, (), Legal(
        ...     frozenset({ActionKind.CALL}), 40, None, None, None), 1)
        >>> round(s.pot_odds, 3)
        0.286
        """
        call = self.to_call
        return call / (self.pot + call) if call else 0.0

    @classmethod
    def from_view(cls, view: Mapping[str, Any], seat: int, big_blind: int) -> Situation:
        """Read ``HandState.view(seat)``; ValueError if it shows anyone else's hidden cards.

        >>> from games.engine import FULL_DECK, SeatInput, TableConfig, start_hand
        >>> state = start_hand(TableConfig(1, 2), [SeatInput(1, "a", 100),
        ...     SeatInput(2, "b", 100)], FULL_DECK, button=1)
        >>> s = Situation.from_view(state.view(1), 1, big_blind=2)
        >>> s.hole, s.to_call, s.pot
        (('2d', '2s'), 1, 3)
        >>> Situation.from_view(state.view(2), 1, big_blind=2)
        Traceback (most recent call last):
        ...
        ValueError: this view shows seat 2's hidden cards
        """
        me = None
        for player in view["players"]:
            if player["seat"] == seat:
                me = player
            elif player["cards"] is not None and not player["shown"]:
                raise ValueError(f"this view shows seat {player['seat']}'s hidden cards")
        if me is None or not me["cards"] or "deck" in view:
            raise ValueError(f"this view is not seat {seat}'s own view")
        for event in view["events"]:
            if event["kind"] == "deal_hole" and event["seat"] != seat and event["cards"]:
                raise ValueError(f"this view shows seat {event['seat']}'s hole cards")
        street = view["street"]
        actions: dict[int, list[tuple[str, str]]] = {}
        raises = 0
        for event in view["events"]:
            if event["kind"] in ("check", "call", "bet", "raise", "fold"):
                actions.setdefault(event["seat"], []).append((event["street"], event["kind"]))
                if event["street"] == street and event["kind"] in ("bet", "raise"):
                    raises += 1
        opponents = tuple(
            Opponent(
                p["seat"], p["stack"], p["bet"], p["all_in"], tuple(actions.get(p["seat"], []))
            )
            for p in view["players"]
            if p["seat"] != seat and not p["folded"] and not p["mucked"]
        )
        legal = view.get("legal")
        return cls(
            seat=seat,
            hole=tuple(me["cards"]),
            board=tuple(view["board"]),
            street=street,
            pot=view["total_pot"],
            bet=me["bet"],
            stack=me["stack"],
            big_blind=big_blind,
            opponents=opponents,
            legal=Legal.from_dict(legal) if legal else None,
            raises_this_street=raises,
            button=view["button"],
            blinds=tuple(s for s in (view["small_blind_seat"], view["big_blind_seat"])
                         if s is not None),
            seats=tuple(p["seat"] for p in view["players"]),
            preflop=tuple(
                (e["seat"], e["kind"]) for e in view["events"]
                if e["street"] == "preflop" and e["kind"] in ("check", "call", "bet", "raise",
                                                              "fold")
            ),
            own_actions=tuple(actions.get(seat, [])),
            game=view.get("variant", "NT"),
            ranking=view.get("ranking", "high"),
        )

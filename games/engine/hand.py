"""The data of one hand in play, and what can be read from it without changing it.

``HandData`` holds the players (one ``PlayerState`` each), the board, the betting queue, the
events and the result. The rule modules read it and write its public fields: betting.py
(what is legal), blinds.py (forced bets), showdown.py (showing and awarding pots);
visibility.py and serialize.py only read it. ``HandState`` (state.py) is this data with the
moves on top (``apply``, dealing, undo). The data lives apart from the moves so that every
rule module can import it without importing state.py: the engine imports one way,
types/cards/pots -> hand -> rules -> state.

Players are kept in position order: index 0 is the first seat left of the button, the last
index is the button (heads-up: index 0 is the big blind, index 1 the button and small blind).
This is also PHH's player order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import Any

from games.engine.games import Game
from games.engine.setup import HandSetup
from games.engine.types import (
    Action,
    Event,
    EventKind,
    HandResult,
    PlayerId,
    Street,
    TableConfig,
)


@dataclass
class PlayerState:
    """A player's part in one hand (mutable: only the engine's rule modules change it).

    Not the site's account (``games.models.Player``) nor its hand-history row
    (``games.models.HandPlayer``).
    """

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

    def copy(self) -> PlayerState:
        """A shallow copy (every field is immutable). Taken for each player before every
        action, so that a refused one changes nothing: five times cheaper than
        ``dataclasses.replace``, which an import of a thousand hands felt (bench/imports.py).

        >>> p = PlayerState(1, "a", 100, 100, ("As", "Kd"))
        >>> q = p.copy(); q.stack = 0
        >>> (p.stack, q.stack, q == PlayerState(1, "a", 100, 0, ("As", "Kd")))
        (100, 0, True)
        """
        twin = object.__new__(PlayerState)
        twin.__dict__.update(self.__dict__)
        return twin

    @property
    def in_hand(self) -> bool:
        return not self.folded and not self.mucked


PLAIN = HandSetup()

# Every field of an Event with its default, in the order the dataclass declares them.
EVENT_DEFAULTS = {f.name: f.default for f in fields(Event)}


class HandData:
    """The whole state of one hand, deck included (never send it to a client as it is)."""

    # Called with the hand after each event is recorded, the event's changes made (every
    # change of chips comes before its event): how the replayer reads the chips as they
    # stand after each event (``start_hand(observer=...)``). Not part of the state.
    observer: Callable[[HandData, Event], None] | None = None

    def __init__(
        self,
        config: TableConfig,
        players: list[PlayerState],
        button: int,
        deck: tuple[str, ...],
        setup: HandSetup = PLAIN,
    ) -> None:
        self.config = config
        # How the hand is dealt beyond the table's stakes and game (setup.py); its fields are
        # read below as the hand's own (``hand.blinds``, ``hand.runouts``...).
        self.setup = setup
        self.players = players
        self.button = button
        self.deck = deck
        # The second and later boards of a hand run more than once, whole (a double
        # board's second board grows with the first, street by street); each run pays its
        # share of every pot (see showdown.py).
        self.runs: list[list[str]] = []
        # With ``ask_runouts`` the players still in are asked first (all must agree, else the
        # board is dealt once): ``runout_voters`` are the seats yet to answer, the hand waits
        # for them; ``runout_votes`` the answers given, in order (seat, agreed).
        self.runout_voters: list[int] = []
        self.runout_votes: list[tuple[int, bool]] = []
        # Seats that turned their cards up after taking the pot uncontested, in order
        # (show_by_choice.py).
        self.shown_by_choice: list[int] = []
        # Why the hand stops at a showdown it cannot settle (an imported hand whose deciding
        # cards nobody recorded); None otherwise. Such a hand never gets a result.
        self.unsettled: str | None = None
        self.dealt = 0
        self.board: list[str] = []
        self.street = Street.PREFLOP
        self.queue: list[int] = []  # indices into ``players``, the next to act first
        self.full_raise = config.min_bet
        self.aggressor: int | None = None
        self.events: list[Event] = []
        self.actions: list[Action] = []
        self.result: HandResult | None = None

    # The setup's fields, read as the hand's (setup.py says what each means).
    @property
    def game(self) -> Game:
        """The game dealt (the table's config's: games.py)."""
        return self.config.game

    @property
    def blinds(self) -> dict[int, int] | None:
        """Forced bets seat by seat; None: the table's small and big blind (blinds.py)."""
        return self.setup.blinds

    @property
    def antes(self) -> dict[int, int] | None:
        """Antes seat by seat (dead money); None: the table's ante from everyone."""
        return self.setup.antes

    @property
    def mucks(self) -> frozenset[int]:
        return self.setup.mucks

    @property
    def shows(self) -> frozenset[int]:
        return self.setup.shows

    @property
    def runouts(self) -> int:
        return self.setup.runouts

    @property
    def ask_runouts(self) -> bool:
        return self.setup.ask_runouts

    @property
    def bomb_pot(self) -> bool:
        return self.setup.bomb_pot

    @property
    def bounty(self) -> int:
        return self.setup.bounty

    @property
    def boards(self) -> int:
        return self.setup.boards

    @property
    def heads_up(self) -> bool:
        return len(self.players) == 2

    @property
    def small_blind_seat(self) -> int:
        """The small blind's seat; in a game of a button blind (short deck), the button."""
        if self.game.button_blind:
            return self.button
        return self.players[1 if self.heads_up else 0].seat

    @property
    def big_blind_seat(self) -> int:
        """The big blind's seat; in a game of a button blind (short deck), the button."""
        if self.game.button_blind:
            return self.button
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

    def player(self, seat: int) -> PlayerState:
        for p in self.players:
            if p.seat == seat:
                return p
        raise KeyError(f"Seat {seat} is not in this hand.")

    @property
    def max_bet(self) -> int:
        # A plain loop: read several times per action, it was the replay's hottest line
        # as a generator expression (bench/imports.py).
        top = 0
        for p in self.players:
            if p.bet > top:
                top = p.bet
        return top

    @property
    def total_pot(self) -> int:
        """All chips put in so far, bets on the current street included."""
        return sum(p.committed for p in self.players)

    def dead_ante(self, p: PlayerState) -> int:
        """What ``p`` posted of a seat-by-seat ante (dead money; 0 at a live table). Antes
        are posted first, so until ``p`` has posted theirs nothing of it counts."""
        if self.antes is None:
            return 0
        return min(self.antes.get(p.seat, 0), p.starting_stack, p.committed)

    def pot_contributions(self, *, bets: bool = True) -> tuple[list[int], int]:
        """Each player's chips that count by level (``bets=False``: without the bets still
        in front), and the dead chips that go to the main pot: ``pots.build_pots``'s input."""
        dead = [self.dead_ante(p) for p in self.players]
        levels = [p.committed - (0 if bets else p.bet) - d
                  for p, d in zip(self.players, dead, strict=True)]
        return levels, sum(dead)

    def stacks(self) -> dict[int, int]:
        return {p.seat: p.stack for p in self.players}

    def starting_stacks(self) -> dict[int, int]:
        return {p.seat: p.starting_stack for p in self.players}

    def record(
        self,
        kind: EventKind,
        seat: int | None,
        amount: int = 0,
        to: int | None = None,
        *,
        cards: Sequence[str] = (),
        all_in: bool = False,
        auto: bool = False,
        **extra: Any,
    ) -> Event:
        """Append the next event, numbered in order, on the current street."""
        # Built field by field, as ``PlayerState.copy`` is: a frozen dataclass's __init__
        # sets each of its 13 fields through object.__setattr__, and a replay makes an event
        # for every post, deal and action (bench/imports.py).
        event = object.__new__(Event)
        data = event.__dict__
        data.update(EVENT_DEFAULTS)
        data.update(
            seq=len(self.events), kind=kind, street=self.street, seat=seat, amount=amount,
            to=to, cards=tuple(cards), all_in=all_in, auto=auto,
        )
        if extra:
            for name in extra:
                if name not in EVENT_DEFAULTS:
                    raise TypeError(f"Event has no field {name!r}.")
            data.update(extra)
        self.events.append(event)
        if self.observer is not None:
            self.observer(self, event)
        return event

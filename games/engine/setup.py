"""A hand's setup: everything a hand is dealt with beyond the table's stakes and game, the
seats, the deck and the button, as one frozen value (``HandSetup``).

``start_hand(config, seats, deck, button, setup)`` deals it, the state carries it
(``HandState.setup``), and whoever replays a hand passes it on whole (``state.setup``), so a
new option is added here once instead of at every call site. Its JSON is the state's own
keys (serialize.py), written only when they differ from the default, so stored states keep
their shape and old ones load.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

MAX_RUNOUTS = 4


@dataclass(frozen=True)
class HandSetup:
    """How one hand is dealt; the defaults are a plain hand (the table's blinds and ante, one
    board, run once, no bounty). Bad values raise ValueError with a sentence.

    - ``blinds``: each seat's forced bet instead of the table's blinds (imported hands,
      straddles; a negative amount is a post to play: see blinds.py).
    - ``antes``: each seat's ante instead of the table's (dead money: a big-blind ante).
    - ``bomb_pot``: only ``antes`` are posted (everyone's, no blinds) and the flop is dealt
      at once, with no betting before it.
    - ``boards``: 2 deals a second board street by street; each board pays half of every pot.
    - ``runouts`` (1 to 4; 2 is "run it twice"): how often the rest of the board is dealt
      when the betting ends before the river with two or more players in; with
      ``ask_runouts`` every player still in must agree first.
    - ``bounty``: the 7-2 bounty in chips (0: off), for games of two hole cards (bounty.py).
    - ``mucks``, ``shows`` (imported hands): seats that muck, or show, at the showdown
      whatever the rules would have them do (showdown.py).

    >>> HandSetup(runouts=2, ask_runouts=True).to_dict()
    {'mucks': [], 'shows': [], 'antes': None, 'blinds': None, 'runouts': 2, 'ask_runouts': True}
    >>> HandSetup.from_dict({"bounty": 10, "mucks": [3]}) == HandSetup(bounty=10, mucks={3})
    True
    >>> HandSetup(boards=2, runouts=2)
    Traceback (most recent call last):
    ...
    ValueError: A hand dealt two boards is not run again: runouts must be 1.
    """

    blinds: dict[int, int] | None = None
    antes: dict[int, int] | None = None
    bomb_pot: bool = False
    boards: int = 1
    runouts: int = 1
    ask_runouts: bool = False
    bounty: int = 0
    mucks: frozenset[int] = field(default_factory=frozenset)
    shows: frozenset[int] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        # Callers give any iterable or mapping; the setup keeps its own copies.
        set_ = object.__setattr__
        set_(self, "mucks", frozenset(self.mucks))
        set_(self, "shows", frozenset(self.shows))
        for name in ("blinds", "antes"):
            value = getattr(self, name)
            set_(self, name, None if value is None else dict(value))
        if not isinstance(self.runouts, int) or not 1 <= self.runouts <= MAX_RUNOUTS:
            raise ValueError(
                f"The board can be run 1 to {MAX_RUNOUTS} times, not {self.runouts!r}.")
        if not isinstance(self.bounty, int) or isinstance(self.bounty, bool) or self.bounty < 0:
            raise ValueError(
                f"The 7-2 bounty must be a whole number of chips, not {self.bounty!r}.")
        if self.bomb_pot and (self.blinds or not self.antes):
            raise ValueError("A bomb pot takes antes from the players and no blinds.")
        if self.boards not in (1, 2):
            raise ValueError(f"A hand is dealt one board or two, not {self.boards!r}.")
        if self.boards == 2 and self.runouts != 1:
            raise ValueError("A hand dealt two boards is not run again: runouts must be 1.")

    def to_dict(self) -> dict[str, Any]:
        """The setup as the hand state's JSON keys; those added since the first stored states
        only when not at their default, so a plain hand's state keeps its shape."""
        data: dict[str, Any] = {
            "mucks": sorted(self.mucks),
            "shows": sorted(self.shows),
            "antes": _seat_keys(self.antes),
            "blinds": _seat_keys(self.blinds),
        }
        # Only hands that use these carry them (plain hold'em states keep their shape).
        for name, plain in (("runouts", 1), ("ask_runouts", False), ("bomb_pot", False),
                            ("bounty", 0), ("boards", 1)):
            if getattr(self, name) != plain:
                data[name] = getattr(self, name)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HandSetup:
        """The setup of a stored hand state (old states lack the keys added since)."""
        return cls(
            blinds=_seat_numbers(data.get("blinds")),
            antes=_seat_numbers(data.get("antes")),
            bomb_pot=data.get("bomb_pot", False),
            boards=data.get("boards", 1),
            runouts=data.get("runouts", 1),
            ask_runouts=data.get("ask_runouts", False),
            bounty=data.get("bounty", 0),
            mucks=frozenset(data.get("mucks", ())),
            shows=frozenset(data.get("shows", ())),
        )


def _seat_keys(by_seat: Mapping[int, int] | None) -> dict[str, int] | None:
    return None if by_seat is None else {str(k): v for k, v in by_seat.items()}


def _seat_numbers(by_seat: Mapping[str, int] | None) -> dict[int, int] | None:
    return None if by_seat is None else {int(k): v for k, v in by_seat.items()}

"""The engine's plain values: table config, seats, actions, legal actions, events, results.

The sentences they give people live apart: a config's problems in config_rules.py, the
names of pots in pot_names.py.

Everything here is a frozen dataclass or a string enum and turns into JSON-safe plain data
with ``to_dict()`` and back with ``from_dict()``. Cards are two-character strings ("As",
"Td"); "??" stands for a card nobody knows (only imported hand histories have those).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cached_property
from typing import Any

from games.engine.config_rules import CONFIG_FIELDS, buy_in_problem, config_problems, unknown_game
from games.engine.games import GAMES, NO_LIMIT_HOLDEM, Game, Ranking
from games.engine.pot_names import pots_name

PlayerId = int | str


class IllegalAction(Exception):
    """An action the engine refuses. ``str(error)`` is a sentence a player can read.

    The hand state is exactly as it was before the refused call. A sentence that names
    amounts (``with_amounts``) can be worded again in another unit: an imported hand's
    engine counts cents, its file dollars.

    >>> error = IllegalAction.with_amounts("The smallest raise is to {}.", 250)
    >>> str(error), error.worded(lambda units: f"{units / 100:.2f}")
    ('The smallest raise is to 250.', 'The smallest raise is to 2.50.')
    """

    def __init__(self, message: str, template: str | None = None, amounts: tuple[int, ...] = ()):
        super().__init__(message)
        self.template, self.amounts = template, amounts

    @classmethod
    def with_amounts(cls, template: str, *amounts: int) -> IllegalAction:
        """A sentence whose ``{}`` are chip amounts, in order."""
        return cls(template.format(*amounts), template, amounts)

    def worded(self, money: Callable[[int], str]) -> str:
        """The sentence with each amount written by ``money``."""
        if self.template is None:
            return str(self)
        return self.template.format(*(money(units) for units in self.amounts))


class Street(StrEnum):
    PREFLOP = "preflop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"
    SHOWDOWN = "showdown"


class ActionKind(StrEnum):
    """What a player may do; the values match the table protocol's ``action`` field."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    ALL_IN = "all_in"


class Entry(StrEnum):
    """How a seated player takes part in the next hand (see ``plan_hand``).

    PLAYING: already in the game; dealt in every hand.
    WAIT_FOR_BB: newly seated; dealt in once the big blind reaches the seat.
    POST_BB: newly seated; posts a big blind out of position to play at once (a live bet).
    """

    PLAYING = "playing"
    WAIT_FOR_BB = "wait_for_bb"
    POST_BB = "post_bb"


class EventKind(StrEnum):
    """Kinds of hand events (each event is also one hand-history row)."""

    POST_ANTE = "post_ante"
    POST_SMALL_BLIND = "post_small_blind"
    POST_BIG_BLIND = "post_big_blind"
    POST_TO_PLAY = "post_to_play"  # a new player's big blind posted out of position
    POST_STRADDLE = "post_straddle"  # a blind bigger than the big blind (imported hands)
    DEAL_HOLE = "deal_hole"  # PRIVATE: the cards are for ``seat`` only
    DEAL_BOARD = "deal_board"
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    RETURN_UNCALLED = "return_uncalled"
    SHOW = "show"
    MUCK = "muck"
    WIN = "win"
    RUNOUT_VOTE = "runout_vote"  # a player asked to run the board again: text "agree"/"decline"
    BOUNTY = "bounty"  # the 7-2 bounty: ``seat`` collects ``amount`` from ``payer`` (bounty.py)


BETTING_EVENTS = frozenset(
    {EventKind.FOLD, EventKind.CHECK, EventKind.CALL, EventKind.BET, EventKind.RAISE}
)


@dataclass(frozen=True)
class TableConfig:
    """Stakes, size and game of a table; stakes no hand can be played with raise ValueError
    (``config_problems`` says which). ``game`` is the game dealt (games.py): no-limit
    hold'em unless given (a PHH code such as ``"PO"`` is read as the game it names).

    >>> TableConfig(small_blind=1, big_blind=2).min_bet
    2
    >>> TableConfig(1, 2, game="PO").game.label
    'Pot-limit Omaha'
    >>> TableConfig(small_blind=0, big_blind=2)
    Traceback (most recent call last):
    ...
    ValueError: The small blind must be more than zero.
    """

    small_blind: int
    big_blind: int
    ante: int = 0
    max_seats: int = 10
    min_buy_in: int = 1
    max_buy_in: int | None = None
    game: Game = NO_LIMIT_HOLDEM

    def __post_init__(self) -> None:
        problems = config_problems({name: getattr(self, name) for name in CONFIG_FIELDS})
        if problems:
            raise ValueError(next(iter(problems.values())))
        if not isinstance(self.game, Game):
            try:  # stored configs and PHH files name the game by its code
                object.__setattr__(self, "game", GAMES[self.game])
            except (KeyError, TypeError):
                raise ValueError(unknown_game(self.game)) from None

    @property
    def min_bet(self) -> int:
        """The smallest opening bet, and the smallest raise increment: the big blind."""
        return self.big_blind

    def check_buy_in(self, amount: int) -> None:
        """Raise ValueError with a readable sentence when ``amount`` is outside the range.

        >>> TableConfig(1, 2, min_buy_in=40, max_buy_in=200).check_buy_in(300)
        Traceback (most recent call last):
        ...
        ValueError: The buy-in must be between 40 and 200 chips.
        """
        problem = buy_in_problem(amount, self.min_buy_in, self.max_buy_in)
        if problem:
            raise ValueError(problem)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "ante": self.ante,
            "max_seats": self.max_seats,
            "min_buy_in": self.min_buy_in,
            "max_buy_in": self.max_buy_in,
        }
        if self.game is not NO_LIMIT_HOLDEM:  # hold'em keeps the shape it had
            data["variant"] = self.game.code  # PHH's name for the field, as stored before
        if self.game.ranking is not self.game.rankings[0]:  # a table's other order (games.py)
            data["ranking"] = self.game.ranking.value
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableConfig:
        """A stored config (``to_dict``), the game's other ranking included.

        >>> from games.engine.games import Ranking, SHORT_DECK_HOLDEM
        >>> game = SHORT_DECK_HOLDEM.ranked(Ranking.SHORT_DECK_TRIPS)
        >>> stored = TableConfig(1, 2, game=game).to_dict()
        >>> stored["variant"], stored["ranking"], TableConfig.from_dict(stored).game == game
        ('NS', 'short-deck-trips', True)
        """
        fields = {k: v for k, v in data.items() if k not in ("variant", "ranking")}
        config = cls(**fields, game=data.get("variant", NO_LIMIT_HOLDEM.code))
        if "ranking" not in data:
            return config
        try:
            game = config.game.ranked(Ranking(data["ranking"]))
        except ValueError as error:
            raise ValueError(f"The stored ranking {data['ranking']!r}: {error}") from None
        return replace(config, game=game)


@dataclass(frozen=True)
class SeatInput:
    """One seated player as the live-table layer hands them to the engine.

    ``seat`` is the seat number (1..max_seats), ``stack`` the chips behind.
    """

    seat: int
    player_id: PlayerId
    stack: int
    entry: Entry = Entry.PLAYING

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "player_id": self.player_id,
            "stack": self.stack,
            "entry": self.entry.value,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SeatInput:
        return cls(data["seat"], data["player_id"], data["stack"], Entry(data["entry"]))


@dataclass(frozen=True)
class Action:
    """A player's decision. ``amount`` is the total the seat's bet becomes on this street
    ("bet to" / "raise to") and is given for BET and RAISE only.

    >>> Action(3, ActionKind.RAISE, 60)
    Action(seat=3, kind=<ActionKind.RAISE: 'raise'>, amount=60)
    """

    seat: int
    kind: ActionKind
    amount: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind.value, "amount": self.amount}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Action:
        return cls(data["seat"], ActionKind(data["kind"]), data.get("amount"))


@dataclass(frozen=True)
class AmountRange:
    min: int
    max: int

    def __contains__(self, amount: object) -> bool:
        return isinstance(amount, int) and self.min <= amount <= self.max


@dataclass(frozen=True)
class LegalActions:
    """What the actor may do now.

    ``call`` is the chips a call adds (None when there is nothing to call); ``bet`` and
    ``raise_to`` are the ranges of "to" amounts (None when not allowed); ``all_in`` is the
    total the bet becomes when the actor pushes (None when pushing is not allowed, e.g. a
    player who may not re-raise and has more than enough to call).
    """

    seat: int
    kinds: frozenset[ActionKind]
    call: int | None
    bet: AmountRange | None
    raise_to: AmountRange | None
    all_in: int | None

    def allows(self, kind: ActionKind) -> bool:
        return kind in self.kinds

    def to_dict(self) -> dict[str, Any]:
        """The shape of the table protocol's ``hand.legal``."""

        def span(r: AmountRange | None) -> dict[str, int] | None:
            return None if r is None else {"min": r.min, "max": r.max}

        return {
            "seat": self.seat,
            "fold": ActionKind.FOLD in self.kinds,
            "check": ActionKind.CHECK in self.kinds,
            "call": self.call,
            "bet": span(self.bet),
            "raise": span(self.raise_to),
            "all_in": self.all_in,
        }


@dataclass(frozen=True)
class Event:
    """Something that happened in a hand; one hand-history row.

    ``amount``: chips that moved between the seat's stack and the table (posted, called,
    bet, returned or won). ``to``: the seat's total bet on the street after a post, call,
    bet or raise. ``cards``: hole cards (DEAL_HOLE, private; SHOW) or board cards
    (DEAL_BOARD). ``auto``: the engine acted for the player because there was nothing to
    decide. ``pot``: pot index for WIN. ``text``: the hand description for SHOW and WIN.
    ``board``: for DEAL_BOARD and WIN, which run of the board (0 unless run more than once).
    ``payer``: for BOUNTY, the seat that paid ``seat`` the ``amount``. ``half``: for WIN in
    a hi/lo game, "high" or "low" when the pot was split between the two ("" for a whole
    pot). ``low``: for SHOW in a hi/lo game, the shown hand's low ("8-6-4-2-A low"), or "".
    """

    seq: int
    kind: EventKind
    street: Street
    seat: int | None = None
    amount: int = 0
    to: int | None = None
    cards: tuple[str, ...] = ()
    best_five: tuple[str, ...] = ()
    all_in: bool = False
    auto: bool = False
    pot: int | None = None
    text: str = ""
    board: int = 0  # which run of the board (0: the first; 1: the second when run twice)
    payer: int | None = None  # BOUNTY only: who paid
    half: str = ""  # WIN of a split hi/lo pot: "high" or "low"
    low: str = ""  # SHOW in a hi/lo game: the hand's low, when it has one

    @property
    def is_private(self) -> bool:
        """True for events whose cards only ``seat`` may see (hole cards)."""
        return self.kind is EventKind.DEAL_HOLE

    def public(self) -> Event:
        """The event as anyone may see it: private cards replaced by nothing."""
        if not self.is_private:
            return self
        return Event(self.seq, self.kind, self.street, self.seat)

    @cached_property
    def public_dict(self) -> dict[str, Any]:
        """``public().to_dict()``, made once per event: every view of a hand (each version
        of a table, each bot's look) lists all its events. Shared: never change it."""
        return self.public().to_dict()

    def to_dict(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "kind": self.kind.value,
            "street": self.street.value,
            "seat": self.seat,
            "amount": self.amount,
            "to": self.to,
            "cards": list(self.cards),
            "best_five": list(self.best_five),
            "all_in": self.all_in,
            "auto": self.auto,
            "pot": self.pot,
            "text": self.text,
            **({"board": self.board} if self.board else {}),  # only a second run's events
            **({"payer": self.payer} if self.payer is not None else {}),  # only bounties
            **({"half": self.half} if self.half else {}),  # only split hi/lo pots
            **({"low": self.low} if self.low else {}),  # only a hi/lo game's shown lows
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Event:
        return cls(
            seq=data["seq"],
            kind=EventKind(data["kind"]),
            street=Street(data["street"]),
            seat=data["seat"],
            amount=data["amount"],
            to=data["to"],
            cards=tuple(data["cards"]),
            best_five=tuple(data["best_five"]),
            all_in=data["all_in"],
            auto=data["auto"],
            pot=data["pot"],
            text=data["text"],
            board=data.get("board", 0),
            payer=data.get("payer"),
            half=data.get("half", ""),
            low=data.get("low", ""),
        )


@dataclass(frozen=True)
class PotResult:
    """A main or side pot: its chips, who could win it, and (once the hand is over) who did.

    ``shares`` lines up with ``winners``; the odd chip went to the first winner left of the
    button, who is listed first. ``covers`` are the pots on the felt (0: the main pot, 1: side
    pot 1...) that this result pays: consecutive pots won by the same players are paid as one
    (see games/engine/showdown.py), and the name says which they were.

    >>> PotResult(0, 250, (1, 2, 3), (2,), (250,), covers=(0, 1)).name
    'Main pot and side pot 1'
    """

    index: int
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...] = ()
    shares: tuple[int, ...] = ()
    description: str = ""
    covers: tuple[int, ...] = ()
    board: int = 0  # which run of the board paid it (a hand run twice pays each pot twice)
    half: str = ""  # a hi/lo pot split in two: "high" or "low" ("": the whole pot)

    @property
    def name(self) -> str:
        return pots_name(self.covers or (self.index,))

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "name": self.name,
            "amount": self.amount,
            "eligible": list(self.eligible),
            "winners": list(self.winners),
            "shares": list(self.shares),
            "description": self.description,
            "covers": list(self.covers or (self.index,)),
            **({"board": self.board} if self.board else {}),
            **({"half": self.half} if self.half else {}),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PotResult:
        return cls(
            index=data["index"],
            amount=data["amount"],
            eligible=tuple(data["eligible"]),
            winners=tuple(data["winners"]),
            shares=tuple(data["shares"]),
            description=data["description"],
            covers=tuple(data.get("covers", ())),  # hands stored before covers: their index
            board=data.get("board", 0),
            half=data.get("half", ""),
        )


@dataclass(frozen=True)
class ShownHand:
    """A hand shown at the showdown: its high (``description``, ``best_five``) and, in a
    hi/lo game, its eight-or-better low when it has one (``low``: "8-6-4-2-A low")."""

    seat: int
    cards: tuple[str, ...]
    description: str
    best_five: tuple[str, ...]
    low: str = ""
    low_five: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "cards": list(self.cards),
            "description": self.description,
            "best_five": list(self.best_five),
            **({"low": self.low, "low_five": list(self.low_five)} if self.low else {}),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ShownHand:
        return cls(
            data["seat"], tuple(data["cards"]), data["description"], tuple(data["best_five"]),
            data.get("low", ""), tuple(data.get("low_five", ())),
        )


@dataclass(frozen=True)
class BountyPayment:
    """One payment of the 7-2 bounty (games/engine/bounty.py): ``payer`` gave ``collector``
    ``amount`` chips after the pots were paid."""

    collector: int
    payer: int
    amount: int

    def to_dict(self) -> dict[str, Any]:
        return {"collector": self.collector, "payer": self.payer, "amount": self.amount}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BountyPayment:
        return cls(data["collector"], data["payer"], data["amount"])


@dataclass(frozen=True)
class HandResult:
    """The outcome of a finished hand.

    ``finishing_stacks`` maps seat to chips after the hand; ``shown`` lists hands shown at
    showdown in showing order; ``mucked`` the seats that gave up their cards unseen;
    ``runs`` the other boards of a hand whose board was run more than once (``board`` is the
    first), each pot then paid in shares, one per board (``PotResult.board``);
    ``bounties`` the 7-2 bounty's payments, made after the pots (``finishing_stacks`` count
    them).
    """

    pots: tuple[PotResult, ...]
    finishing_stacks: dict[int, int]
    shown: tuple[ShownHand, ...] = ()
    mucked: tuple[int, ...] = ()
    showdown: bool = False
    board: tuple[str, ...] = field(default=())
    runs: tuple[tuple[str, ...], ...] = ()  # the second (third...) boards when run more than once
    bounties: tuple[BountyPayment, ...] = ()

    def net(self, starting_stacks: dict[int, int]) -> dict[int, int]:
        return {s: self.finishing_stacks[s] - starting_stacks[s] for s in self.finishing_stacks}

    def to_dict(self) -> dict[str, Any]:
        return {
            "pots": [p.to_dict() for p in self.pots],
            "finishing_stacks": {str(k): v for k, v in self.finishing_stacks.items()},
            "shown": [h.to_dict() for h in self.shown],
            "mucked": list(self.mucked),
            "showdown": self.showdown,
            "board": list(self.board),
            **({"runs": [list(r) for r in self.runs]} if self.runs else {}),
            **({"bounties": [b.to_dict() for b in self.bounties]} if self.bounties else {}),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HandResult:
        return cls(
            pots=tuple(PotResult.from_dict(p) for p in data["pots"]),
            finishing_stacks={int(k): v for k, v in data["finishing_stacks"].items()},
            shown=tuple(ShownHand.from_dict(h) for h in data["shown"]),
            mucked=tuple(data["mucked"]),
            showdown=data["showdown"],
            board=tuple(data["board"]),
            runs=tuple(tuple(r) for r in data.get("runs", ())),
            bounties=tuple(BountyPayment.from_dict(b) for b in data.get("bounties", ())),
        )

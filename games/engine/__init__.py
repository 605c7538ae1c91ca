"""Poker rules as a pure, replayable state machine (no Django, no I/O). The game is the
table's ``TableConfig.game``, one declaration of games.py's registry (``GAMES``: no-limit
hold'em, the default, pot-limit Omaha, fixed-limit hold'em, pot-limit Omaha hi/lo, five-card
pot-limit Omaha and its hi/lo), found by its PHH code.

Between hands
    ``plan_hand(seats, previous_button) -> Lineup | None`` moves the button to the next
    PLAYING seat and decides who is dealt in: new players wait for the big blind
    (``Entry.WAIT_FOR_BB``) or post one to play at once (``Entry.POST_BB``). See lineup.py.

A hand
    ``state = start_hand(config, lineup.seats, deck, button=lineup.button)``; the caller
    shuffles (``shuffled_deck(random.SystemRandom())``) so every hand is reproducible. A
    ``HandSetup`` (setup.py: bomb pot, boards, run-outs, bounty, seat-by-seat blinds and
    antes) is the fifth argument; the state carries it (``state.setup``).

    ``state.actor``            seat to act, None once the hand is over
    ``state.legal_actions()``  LegalActions: kinds, ``call`` (chips), ``bet``/``raise_to``
                               ranges of "to" amounts, ``all_in`` (the total), or None
    ``state.apply(Action(seat, ActionKind.RAISE, 60))`` -> list[Event]; raises
                               ``IllegalAction`` (a sentence for the player) and then the
                               state is untouched
    ``state.timeout_action()`` check if free, else fold, for the actor
    ``state.is_complete`` / ``state.result`` (HandResult: pots with winners and shares,
                               finishing stacks, shown hands with descriptions, mucked seats)
    ``state.events``           every event so far; each is one hand-history row
    ``state.to_dict()`` / ``HandState.from_dict(d)``  JSON-safe, deck included (server only)
    ``state.view(seat)``       what that player (None: a spectator) may see
    ``replay(config, seats, deck, actions, button, state.setup)``  the same state again

Private information: the deck (``state.deck``), every player's ``hole`` and DEAL_HOLE events
(``event.is_private``; ``event.public()`` strips them). Hole cards become public only for
players with ``shown`` set; a mucked hand is never revealed.

Hand histories
    ``export_phh(state)`` writes PHH TOML; ``replay_phh(text)`` reads a PHH hand of any game
    of the registry (by its variant code) and replays it through the engine
    (``python manage.py phh replay FILE...``), amounts exact in minor units, the site's rake
    and straddles included; ``split_phhs(text)`` cuts a ``.phhs`` file into its hands.

Example
    >>> from games.engine import *
    >>> config = TableConfig(small_blind=1, big_blind=2)
    >>> seats = [SeatInput(1, "ann", 100), SeatInput(2, "bob", 100), SeatInput(3, "cy", 100)]
    >>> lineup = plan_hand(seats, previous_button=None)
    >>> state = start_hand(config, lineup.seats, FULL_DECK, button=lineup.button)
    >>> state.actor, state.legal_actions().call
    (1, 2)
    >>> [e.kind.value for e in state.apply(Action(1, ActionKind.FOLD))]
    ['fold']
    >>> _ = state.apply(Action(2, ActionKind.FOLD))
    >>> state.result.finishing_stacks
    {2: 99, 3: 101, 1: 100}
"""

from games.engine.cards import FULL_DECK, UNKNOWN, shuffled_deck
from games.engine.games import (
    FIVE_CARD_OMAHA,
    FIVE_CARD_OMAHA_HI_LO,
    FIXED_LIMIT_HOLDEM,
    GAMES,
    NO_LIMIT_HOLDEM,
    POT_LIMIT_OMAHA,
    POT_LIMIT_OMAHA_HI_LO,
    Game,
    game_by_code,
)
from games.engine.hand import PlayerState
from games.engine.lineup import Lineup, plan_hand
from games.engine.phh import (
    PHHError,
    PHHReplay,
    export_phh,
    replay_phh,
    replay_phh_data,
    split_phhs,
)
from games.engine.replay import replay, replay_state
from games.engine.setup import HandSetup
from games.engine.state import HandState, start_hand
from games.engine.types import (
    Action,
    ActionKind,
    AmountRange,
    BountyPayment,
    Entry,
    Event,
    EventKind,
    HandResult,
    IllegalAction,
    LegalActions,
    PotResult,
    SeatInput,
    ShownHand,
    Street,
    TableConfig,
)

__all__ = [
    "FIVE_CARD_OMAHA",
    "FIVE_CARD_OMAHA_HI_LO",
    "FIXED_LIMIT_HOLDEM",
    "FULL_DECK",
    "GAMES",
    "NO_LIMIT_HOLDEM",
    "POT_LIMIT_OMAHA",
    "POT_LIMIT_OMAHA_HI_LO",
    "UNKNOWN",
    "Action",
    "ActionKind",
    "AmountRange",
    "BountyPayment",
    "Entry",
    "Event",
    "EventKind",
    "Game",
    "HandSetup",
    "HandResult",
    "HandState",
    "IllegalAction",
    "LegalActions",
    "Lineup",
    "PHHError",
    "PHHReplay",
    "PlayerState",
    "PotResult",
    "SeatInput",
    "ShownHand",
    "Street",
    "TableConfig",
    "export_phh",
    "game_by_code",
    "plan_hand",
    "replay",
    "replay_phh",
    "replay_phh_data",
    "replay_state",
    "shuffled_deck",
    "split_phhs",
    "start_hand",
]

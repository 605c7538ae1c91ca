"""Shared test helpers: random hands, a random player, and pokerkit as a mirror (test-only)."""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from games.engine import (
    POT_LIMIT_OMAHA,
    Action,
    ActionKind,
    Entry,
    Event,
    EventKind,
    HandState,
    LegalActions,
    SeatInput,
    TableConfig,
    shuffled_deck,
    start_hand,
)


@dataclass(frozen=True)
class Setup:
    config: TableConfig
    seats: tuple[SeatInput, ...]
    deck: tuple[str, ...]
    button: int
    antes: dict[int, int] | None = None  # seat by seat (dead money), as imported hands have
    runouts: int = 1  # run it twice: 2
    ask_runouts: bool = False  # the players still in vote on it (all must agree)

    def start(self) -> HandState:
        return start_hand(self.config, self.seats, self.deck, self.button, antes=self.antes,
                          runouts=self.runouts, ask_runouts=self.ask_runouts)

    def describe(self) -> str:
        return (
            f"config={self.config} button={self.button} antes={self.antes} "
            f"runouts={self.runouts} "
            f"seats={[(s.seat, s.stack, s.entry.value) for s in self.seats]}"
        )


def random_stack(rng: random.Random, bb: int) -> int:
    kind = rng.random()
    if kind < 0.3:
        return rng.randint(1, 4 * bb)  # short: often all-in on blinds or antes
    if kind < 0.7:
        return rng.randint(10 * bb, 60 * bb)
    return rng.randint(60 * bb, 300 * bb)


def random_setup(
    rng: random.Random, *, players: tuple[int, int] = (2, 9), posts: bool = True
) -> Setup:
    n = rng.randint(*players)
    bb = rng.choice([2, 4, 10, 20, 100])
    sb = rng.choice([bb // 2, max(1, bb // 4), bb - 1])
    ante = rng.choice([0, 0, 0, max(1, bb // 10), bb // 4, bb // 2, bb])
    config = TableConfig(sb, bb, ante, max_seats=10)
    numbers = sorted(rng.sample(range(1, 11), n))
    button = rng.choice(numbers)
    order = [s for s in numbers if s > button] + [s for s in numbers if s <= button]
    entries = {s: Entry.PLAYING for s in numbers}
    if posts and n >= 4:
        for s in order[2:-1]:  # never the blinds, never the button
            if rng.random() < 0.1:
                entries[s] = Entry.POST_BB
    seats = tuple(
        SeatInput(s, f"player{s}", random_stack(rng, bb), entries[s]) for s in numbers
    )
    return Setup(config, seats, tuple(shuffled_deck(rng)), button)


def random_ante_setup(rng: random.Random) -> Setup:
    """A random hand whose antes are given seat by seat: mostly a big-blind ante (often as
    big as the big blind, as tournaments have it), sometimes a button ante or antes that
    differ between every seat; short stacks go all-in on them."""
    setup = random_setup(rng, posts=False)
    config = TableConfig(setup.config.small_blind, setup.config.big_blind, 0, max_seats=10)
    numbers = [s.seat for s in setup.seats]
    order = [s for s in numbers if s > setup.button] + [s for s in numbers if s <= setup.button]
    big_blind = order[0] if len(order) == 2 else order[1]
    kind = rng.random()
    bb = config.big_blind
    if kind < 0.6:
        antes = {big_blind: rng.choice([bb, bb, bb // 2 or 1, 2 * bb])}
    elif kind < 0.8:
        antes = {setup.button: rng.choice([bb, bb // 2 or 1])}
    else:
        antes = {s: rng.choice([0, 1, bb // 4, bb]) for s in numbers}
    return Setup(config, setup.seats, setup.deck, setup.button, antes)


def random_omaha_setup(rng: random.Random) -> Setup:
    """A random hand of pot-limit Omaha: 2 to 9 players, as ``random_setup`` deals them
    (antes, new players' posts, short stacks all-in on the blinds)."""
    setup = random_setup(rng)
    c = setup.config
    config = TableConfig(c.small_blind, c.big_blind, c.ante, max_seats=c.max_seats,
                         game=POT_LIMIT_OMAHA)
    return Setup(config, setup.seats, setup.deck, setup.button, setup.antes)


def random_short_deck_setup(rng: random.Random) -> Setup:
    """A random hand of short-deck hold'em as it is played: 2 to 7 players, antes from
    everyone (or, one hand in five, seat by seat) and the button's blind, a 36-card deck;
    short stacks go all-in on the antes and the blind."""
    from games.engine.games import SHORT_DECK_HOLDEM

    setup = random_setup(rng, players=(2, 7), posts=False)
    bb = setup.config.big_blind
    ante = rng.choice([max(1, bb // 2), bb, bb, 2 * bb, max(1, bb // 4)])
    antes = None
    if rng.random() < 0.2:
        antes = {s.seat: rng.choice([0, ante, bb]) for s in setup.seats}
        ante = 0
    config = TableConfig(max(1, bb // 2), bb, ante, max_seats=10, game=SHORT_DECK_HOLDEM)
    deck = list(SHORT_DECK_HOLDEM.deck)
    rng.shuffle(deck)
    return Setup(config, setup.seats, tuple(deck), setup.button, antes)
def pokerkit_omaha_games() -> dict[str, Any]:
    """pokerkit's pot-limit Omaha with five hole cards, and with the eight-or-better low as a
    second hand type, for the site's codes: pokerkit declares neither game, but its
    ``PotLimitOmahaHoldem`` is one declaration (hole cards dealt, hand types) like ours."""
    from pokerkit import OmahaEightOrBetterLowHand, OmahaHoldemHand, PotLimitOmahaHoldem

    class FiveCardOmaha(PotLimitOmahaHoldem):
        hole_dealing_count = 5

    class OmahaHiLo(PotLimitOmahaHoldem):
        hand_types = (OmahaHoldemHand, OmahaEightOrBetterLowHand)

    class FiveCardOmahaHiLo(OmahaHiLo):
        hole_dealing_count = 5

    return {"PO5": FiveCardOmaha, "PO/8": OmahaHiLo, "PO5/8": FiveCardOmahaHiLo}


def random_game_setup(game: Any) -> Callable[[random.Random], Setup]:
    """``random_setup`` (2 to 9 players, antes, posts, short stacks) dealing ``game``."""
    def setups(rng: random.Random) -> Setup:
        setup = random_setup(rng, players=(2, min(9, game.max_players)))
        c = setup.config
        config = TableConfig(c.small_blind, c.big_blind, c.ante, max_seats=c.max_seats,
                             game=game)
        return Setup(config, setup.seats, setup.deck, setup.button, setup.antes)
    return setups


def random_action(rng: random.Random, legal: LegalActions, *, may_raise: bool = True) -> Action:
    """A plausible random decision among the legal ones (no raise when ``may_raise`` is off)."""
    seat = legal.seat
    span = legal.bet or legal.raise_to
    roll = rng.random()
    if roll < (0.12 if legal.call else 0.03):
        return Action(seat, ActionKind.FOLD)
    if may_raise and span is not None and roll < 0.42:
        pick = rng.random()
        if pick < 0.4:
            amount = span.min
        elif pick < 0.85:
            amount = rng.randint(span.min, span.max)
        else:
            amount = span.max
        kind = ActionKind.BET if legal.bet is not None else ActionKind.RAISE
        return Action(seat, kind, amount)
    # Pushing is a raise when raising is allowed, else it is a call of the whole stack.
    if legal.all_in is not None and roll < 0.5 and (may_raise or span is None):
        return Action(seat, ActionKind.ALL_IN)
    if legal.call:
        return Action(seat, ActionKind.CALL)
    return Action(seat, ActionKind.CHECK)


def play_random(state: HandState, rng: random.Random, max_steps: int = 500) -> HandState:
    for _ in range(max_steps):
        legal = state.legal_actions()
        if legal is None:
            return state
        state.apply(random_action(rng, legal))
    raise AssertionError("the hand did not finish")


# ---------------------------------------------------------------------------- pokerkit


def pokerkit_state(state: HandState):  # type: ignore[no-untyped-def]
    """A pokerkit state for the same hand as ``state`` (just started), hole cards dealt."""
    from pokerkit import (
        Automation,
        FixedLimitTexasHoldem,
        Mode,
        NoLimitShortDeckHoldem,
        NoLimitTexasHoldem,
        PotLimitOmahaHoldem,
    )

    config = state.config
    game = {"NT": NoLimitTexasHoldem, "PO": PotLimitOmahaHoldem,
            "FT": FixedLimitTexasHoldem, "NS": NoLimitShortDeckHoldem,
            **pokerkit_omaha_games()}[config.game.code]
    # Fixed limit: pokerkit's small and big bet; otherwise its minimum bet.
    sizes = config.game.betting.bet_sizes
    bets = ([sizes[0] * config.big_blind, sizes[-1] * config.big_blind] if sizes
            else [config.min_bet])
    players = state.players
    antes: int | list[int] = config.ante
    if state.antes is not None:  # seat by seat: pokerkit's raw antes, heads-up reversed
        antes = [state.antes.get(p.seat, 0) for p in players]
        if state.heads_up:
            antes.reverse()
    if state.blinds is not None:  # seat by seat (the button's blind): heads-up reversed too
        blinds = [state.blinds.get(p.seat, 0) for p in players]
        if state.heads_up:
            blinds.reverse()
    elif state.heads_up:
        blinds = [config.small_blind, config.big_blind]
    else:
        blinds = [config.small_blind, config.big_blind] + [
            -config.big_blind if p.posts_to_play else 0 for p in players[2:]
        ]
    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    if state.runouts == 1:  # else every player chooses the count in mirror()
        automations += (Automation.RUNOUT_COUNT_SELECTION,)
    pk = game.create_state(
        automations,
        # Ante trimming: the table's antes count by contribution level, as in the engine;
        # antes given seat by seat are dead money in the main pot (no trimming).
        state.antes is None,
        antes,
        blinds,
        *bets,
        [p.starting_stack for p in players],
        len(players),
        mode=Mode.CASH_GAME,
    )
    for p in players:
        pk.deal_hole("".join(p.hole))
    return pk


def pokerkit_play_history(history, actions, runouts: int = 1, boards: int = 1):  # type: ignore[no-untyped-def]
    """pokerkit's last state of a PHH hand (pokerkit's ``HandHistory``) with ``actions``
    applied by pokerkit's own parser, on ``boards`` boards, every player still in choosing
    ``runouts`` when pokerkit asks: its iteration can do neither."""
    from pokerkit import Automation, Mode
    from pokerkit.notation import parse_action

    state = history.game_type.create_state(
        (Automation.ANTE_POSTING, Automation.BET_COLLECTION,
         Automation.BLIND_OR_STRADDLE_POSTING, Automation.CARD_BURNING,
         Automation.HAND_KILLING, Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING),
        history.ante_trimming_status, history.antes, history.blinds_or_straddles,
        history.min_bet, history.starting_stacks, len(history.starting_stacks),
        mode=Mode.CASH_GAME, starting_board_count=boards,
    )
    for action in [*actions, None]:
        while state.can_select_runout_count():
            state.select_runout_count(runouts)
        if action is not None:
            parse_action(state, action, history.parse_value)
    assert not state.status, "pokerkit could not finish the hand"
    return state


def mirror(pk, state: HandState, events: list[Event]) -> None:  # type: ignore[no-untyped-def]
    """Apply our events to pokerkit, checking that it expected each one."""
    index = {p.seat: i for i, p in enumerate(state.players)}
    chosen = 1 if state.ask_runouts else state.runouts  # asked: each vote is mirrored
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for e in events:
            if e.kind in (EventKind.FOLD, EventKind.CHECK, EventKind.CALL, EventKind.BET,
                          EventKind.RAISE):
                assert pk.actor_index == index[e.seat], (e, pk.actor_index)
                if e.kind is EventKind.FOLD:
                    pk.fold()
                elif e.kind in (EventKind.CHECK, EventKind.CALL):
                    assert pk.checking_or_calling_amount == e.amount, e
                    pk.check_or_call()
                else:
                    pk.complete_bet_or_raise_to(e.to)
            elif e.kind is EventKind.RUNOUT_VOTE:  # pokerkit: one count differing runs once
                count = state.runouts if e.text == "agree" else 1
                # pokerkit 0.7.7 reads a player index given here as the count, so the vote
                # goes to its next selector: the outcome does not depend on the order.
                pk.select_runout_count(count)
            elif e.kind is EventKind.DEAL_BOARD:
                _show_all(pk, chosen)
                pk.deal_board("".join(e.cards))
        _show_all(pk, chosen)


def _show_all(pk, runouts: int = 1) -> None:  # type: ignore[no-untyped-def]
    """Everyone shows in pokerkit (cheaper than its own policy; a shown loser still loses),
    after every player still in asks for ``runouts`` runs of the board (all agree)."""
    while runouts > 1 and any(pk.runout_count_selector_statuses):
        pk.select_runout_count(runouts)
    while pk.showdown_index is not None:
        pk.show_or_muck_hole_cards(True)


@dataclass
class Divergence:
    """Counts of decision points where the two engines' raise rules differ (TDA vs pokerkit)."""

    decisions: int = 0
    we_allow_they_refuse: int = 0
    they_allow_we_refuse: int = 0
    examples: list[str] = field(default_factory=list)


def compare_legal(pk, state: HandState, legal: LegalActions, seen: Divergence) -> bool:  # type: ignore[no-untyped-def]
    """Check pokerkit offers the same decision; return whether pokerkit allows a raise."""
    index = {p.seat: i for i, p in enumerate(state.players)}
    seen.decisions += 1
    assert pk.actor_index == index[legal.seat]
    assert (pk.checking_or_calling_amount or 0) == (legal.call or 0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert pk.can_fold()
        theirs = pk.can_complete_bet_or_raise_to()
    span = legal.bet or legal.raise_to
    if theirs and span is not None:
        assert pk.min_completion_betting_or_raising_to_amount == span.min
        assert pk.max_completion_betting_or_raising_to_amount == span.max
    elif theirs != (span is not None):
        # Only the short all-in reopening rule may differ; it needs a short all-in bet or
        # raise earlier on this street.
        street_events = [e for e in state.events if e.street is state.street]
        assert any(
            e.kind in (EventKind.BET, EventKind.RAISE) and e.all_in for e in street_events
        ), "raise rules differ without a short all-in"
        if span is not None:
            seen.we_allow_they_refuse += 1
        else:
            seen.they_allow_we_refuse += 1
        if len(seen.examples) < 5:
            seen.examples.append(f"seat {legal.seat} {state.street}: ours {span}, pk {theirs}")
    return bool(theirs)


def play_both(setup: Setup, rng: random.Random, seen: Divergence) -> tuple[HandState, object]:
    """Play one random hand in the engine and pokerkit side by side (a hand that asks
    whether to run the board again gets random answers, mostly yes)."""
    state = setup.start()
    pk = pokerkit_state(state)
    mirror(pk, state, list(state.events))
    while True:
        if state.runout_voters:
            seat = state.runout_voters[0]
            mirror(pk, state, state.choose_runouts(seat, rng.random() < 0.8))
            continue
        legal = state.legal_actions()
        if legal is None:
            return state, pk
        they_allow = compare_legal(pk, state, legal, seen)
        action = random_action(rng, legal, may_raise=they_allow)
        mirror(pk, state, state.apply(action))


def play_and_compare(seed: int, seen: Divergence, setups: Callable[[random.Random], Setup],
                     **changes: Any) -> HandState:
    """Play the random hand of ``seed`` (drawn by ``setups``, then ``changes`` made to it)
    in the engine and in pokerkit; fail naming the seed unless pokerkit finishes it with our
    stacks (and as many boards as we ran)."""
    rng = random.Random(seed)
    setup = replace(setups(rng), **changes)
    try:
        state, pk = play_both(setup, rng, seen)
    except AssertionError as error:
        raise AssertionError(f"seed {seed}: {setup.describe()}: {error}") from error
    assert state.result is not None
    ours = [state.result.finishing_stacks[p.seat] for p in state.players]
    assert not pk.status, f"seed {seed}: pokerkit has not finished the hand"
    assert list(pk.stacks) == ours, f"seed {seed}: {setup.describe()}"
    if state.runs:
        assert pk.board_count == 1 + len(state.runs), f"seed {seed}"
    return state


def stacked_deck(holes: list[str], board: str = "") -> list[str]:
    """A deck that deals ``holes`` (position order: first left of the button first) and then
    ``board`` (up to five cards), with unused cards for the burns and the rest."""
    from games.engine.cards import FULL_DECK, UNKNOWN, split_cards
    from games.engine.deal_order import deck_that_deals

    hole_cards = [split_cards(h) for h in holes]
    board_cards = split_cards(board)
    used = {c for h in hole_cards for c in h} | set(board_cards)
    spare = [c for c in FULL_DECK if c not in used]
    deck = deck_that_deals(hole_cards, board_cards)
    return [spare.pop() if c == UNKNOWN else c for c in deck] + spare

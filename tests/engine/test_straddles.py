"""Live straddles: the player under the gun posts two big blinds before the cards
(games/table_games.straddle_blinds gives ``start_hand`` its forced bets) and acts last
preflop. pokerkit plays the same hands from the same blinds and straddle and must end them
with our stacks."""

import random

import pytest

from games.engine import (
    NO_LIMIT_HOLDEM,
    POT_LIMIT_OMAHA,
    EventKind,
    HandState,
    SeatInput,
    TableConfig,
    shuffled_deck,
    start_hand,
)
from games.table_games import straddle_blinds
from tests.engine.helpers import Divergence, compare_legal, mirror, random_action, random_stack

HANDS = 400


def pokerkit_with_blinds(state: HandState):  # type: ignore[no-untyped-def]
    from pokerkit import Automation, Mode, NoLimitTexasHoldem, PotLimitOmahaHoldem

    game = PotLimitOmahaHoldem if state.config.game is POT_LIMIT_OMAHA else NoLimitTexasHoldem
    blinds = [state.blinds.get(p.seat, 0) for p in state.players]
    pk = game.create_state(
        (Automation.ANTE_POSTING, Automation.BET_COLLECTION,
         Automation.BLIND_OR_STRADDLE_POSTING, Automation.CARD_BURNING,
         Automation.HAND_KILLING, Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
         Automation.RUNOUT_COUNT_SELECTION),
        True, 0, blinds, state.config.min_bet,
        [p.starting_stack for p in state.players], len(blinds), mode=Mode.CASH_GAME,
    )
    for p in state.players:
        pk.deal_hole("".join(p.hole))
    return pk


@pytest.mark.parametrize("block", range(4))
def test_random_straddled_hands_end_with_pokerkits_stacks(block):
    seen = Divergence()
    for seed in range(block * HANDS // 4, (block + 1) * HANDS // 4):
        rng = random.Random(7000 + seed)
        n = rng.randint(3, 9)
        bb = rng.choice([2, 4, 10])
        variant = rng.choice([NO_LIMIT_HOLDEM, POT_LIMIT_OMAHA])
        config = TableConfig(bb // 2, bb, 0, max_seats=10, game=variant)
        numbers = sorted(rng.sample(range(1, 11), n))
        button = rng.choice(numbers)
        order = [s for s in numbers if s > button] + [s for s in numbers if s <= button]
        posts = {s for s in order[3:] if rng.random() < 0.15}
        blinds = straddle_blinds(order, bb // 2, bb, order[2], posts)
        seats = [SeatInput(s, f"p{s}", random_stack(rng, bb)) for s in numbers]
        state = start_hand(config, seats, shuffled_deck(rng), button, blinds=blinds)
        straddles = [e for e in state.events if e.kind is EventKind.POST_STRADDLE]
        assert [e.seat for e in straddles] == [order[2]], seed
        pk = pokerkit_with_blinds(state)
        mirror(pk, state, list(state.events))
        while (legal := state.legal_actions()) is not None:
            they_allow = compare_legal(pk, state, legal, seen)
            mirror(pk, state, state.apply(random_action(rng, legal, may_raise=they_allow)))
        ours = [state.result.finishing_stacks[p.seat] for p in state.players]
        assert list(pk.stacks) == ours, f"seed {seed}"


@pytest.mark.parametrize("block", range(4))
def test_random_button_straddled_hands_end_with_pokerkits_stacks(block):
    """The button straddles two big blinds (pokerkit's and PHH's ``blinds_or_straddles``
    [sb, bb, 0, ..., 2bb]): preflop the small blind acts first and the button last."""
    seen = Divergence()
    small_blind_first = 0
    for seed in range(block * HANDS // 4, (block + 1) * HANDS // 4):
        rng = random.Random(8000 + seed)
        n = rng.randint(3, 9)
        bb = rng.choice([2, 4, 10])
        variant = rng.choice([NO_LIMIT_HOLDEM, POT_LIMIT_OMAHA])
        config = TableConfig(bb // 2, bb, 0, max_seats=10, game=variant)
        numbers = sorted(rng.sample(range(1, 11), n))
        button = rng.choice(numbers)
        order = [s for s in numbers if s > button] + [s for s in numbers if s <= button]
        posts = {s for s in order[2:-1] if rng.random() < 0.15}
        blinds = straddle_blinds(order, bb // 2, bb, button, posts)
        assert blinds is not None and blinds[button] == 2 * bb
        seats = [SeatInput(s, f"p{s}", random_stack(rng, bb)) for s in numbers]
        state = start_hand(config, seats, shuffled_deck(rng), button, blinds=blinds)
        straddles = [e for e in state.events if e.kind is EventKind.POST_STRADDLE]
        assert [e.seat for e in straddles] == [button], seed
        pk = pokerkit_with_blinds(state)
        mirror(pk, state, list(state.events))
        while (legal := state.legal_actions()) is not None:
            they_allow = compare_legal(pk, state, legal, seen)
            mirror(pk, state, state.apply(random_action(rng, legal, may_raise=they_allow)))
        ours = [state.result.finishing_stacks[p.seat] for p in state.players]
        assert list(pk.stacks) == ours, f"seed {seed}"
        first = next((e for e in state.events if e.kind in (
            EventKind.FOLD, EventKind.CHECK, EventKind.CALL, EventKind.RAISE)), None)
        big = next(e for e in state.events if e.kind is EventKind.POST_BIG_BLIND)
        small = next(e for e in state.events if e.kind is EventKind.POST_SMALL_BLIND)
        full = straddles[0].amount == 2 * bb and big.amount == bb and not small.all_in
        if first is not None and full:
            assert first.seat == order[0], seed  # the small blind opens
            small_blind_first += 1
    assert small_blind_first > HANDS // 8


def test_the_button_straddler_acts_last_preflop():
    seats = [SeatInput(k, f"p{k}", 200) for k in (1, 2, 3, 4)]
    blinds = straddle_blinds([1, 2, 3, 4], 1, 2, 4, set())
    state = start_hand(TableConfig(1, 2), seats, shuffled_deck(random.Random(2)), 4,
                       blinds=blinds)
    from games.engine import Action, ActionKind
    order = []
    while state.street.value == "preflop" and state.actor is not None:
        order.append(state.actor)
        legal = state.legal_actions()
        state.apply(Action(legal.seat, ActionKind.CALL if legal.call else ActionKind.CHECK))
    # Small blind, big blind, under the gun, then the straddler on the button (a check).
    assert order == [1, 2, 3, 4]
    mine = [e.kind for e in state.events if e.seat == 4 and e.kind is not EventKind.DEAL_HOLE]
    assert mine[:2] == [EventKind.POST_STRADDLE, EventKind.CHECK]

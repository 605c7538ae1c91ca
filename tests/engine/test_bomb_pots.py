"""Bomb pots: everyone antes, nobody posts a blind, and the hand starts on the flop with no
betting before it (start_hand(..., bomb_pot=True)). pokerkit has no bomb pot of its own; it
plays the same hand as antes from everyone, no blinds and a preflop where everyone checks,
and must end it with our stacks."""

import random

import pytest

from games.engine import (
    NO_LIMIT_HOLDEM,
    POT_LIMIT_OMAHA,
    Action,
    ActionKind,
    EventKind,
    HandState,
    SeatInput,
    Street,
    TableConfig,
    shuffled_deck,
    start_hand,
)
from games.engine.replay import replay_state
from tests.engine.helpers import Divergence, compare_legal, mirror, random_action, random_stack

HANDS = 400


def bomb_setup(rng: random.Random) -> tuple[TableConfig, list[SeatInput], list[str], int, dict]:
    n = rng.randint(2, 9)
    bb = rng.choice([2, 4, 10])
    variant = rng.choice([NO_LIMIT_HOLDEM, POT_LIMIT_OMAHA])
    config = TableConfig(bb // 2, bb, 0, max_seats=10, game=variant)
    numbers = sorted(rng.sample(range(1, 11), n))
    seats = [SeatInput(s, f"p{s}", random_stack(rng, bb)) for s in numbers]
    ante = rng.choice([1, 2, 5]) * bb  # the bomb: a set number of big blinds from everyone
    return config, seats, shuffled_deck(rng), rng.choice(numbers), {s: ante for s in numbers}


def pokerkit_bomb(state: HandState):  # type: ignore[no-untyped-def]
    """The same hand in pokerkit: antes from everyone, no blinds, everyone checks preflop."""
    from pokerkit import Automation, Mode, NoLimitTexasHoldem, PotLimitOmahaHoldem

    game = PotLimitOmahaHoldem if state.config.game is POT_LIMIT_OMAHA else NoLimitTexasHoldem
    antes = [state.antes.get(p.seat, 0) for p in state.players]
    pk = game.create_state(
        (Automation.ANTE_POSTING, Automation.BET_COLLECTION,
         Automation.BLIND_OR_STRADDLE_POSTING, Automation.CARD_BURNING,
         Automation.HAND_KILLING, Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
         Automation.RUNOUT_COUNT_SELECTION),
        False, antes, [0] * len(antes), state.config.min_bet,
        [p.starting_stack for p in state.players], len(antes), mode=Mode.CASH_GAME,
    )
    for p in state.players:
        pk.deal_hole("".join(p.hole))
    while pk.actor_index is not None:  # the bomb pot's "no preflop betting"
        pk.check_or_call()
    return pk


@pytest.mark.parametrize("block", range(4))
def test_random_bomb_pots_end_with_pokerkits_stacks(block):
    seen = Divergence()
    flops = 0
    for seed in range(block * HANDS // 4, (block + 1) * HANDS // 4):
        rng = random.Random(seed)
        config, seats, deck, button, antes = bomb_setup(rng)
        state = start_hand(config, seats, deck, button, antes=antes, bomb_pot=True)
        assert not [e for e in state.events if e.kind in (
            EventKind.POST_SMALL_BLIND, EventKind.POST_BIG_BLIND)], seed
        assert state.street is not Street.PREFLOP, seed  # dealt straight to the flop
        flops += len(state.board) >= 3
        pk = pokerkit_bomb(state)
        done = [e for e in state.events if e.kind is EventKind.DEAL_BOARD]
        mirror(pk, state, [e for e in state.events if e.seq >= done[0].seq])
        while (legal := state.legal_actions()) is not None:
            they_allow = compare_legal(pk, state, legal, seen)
            mirror(pk, state, state.apply(random_action(rng, legal, may_raise=they_allow)))
        ours = [state.result.finishing_stacks[p.seat] for p in state.players]
        assert list(pk.stacks) == ours, f"seed {seed}"
        again = replay_state(HandState.from_dict(state.to_dict()))
        assert again.result.finishing_stacks == state.result.finishing_stacks, seed
    assert flops == HANDS // 4


def test_a_bomb_pot_needs_antes_and_no_blinds():
    seats = [SeatInput(1, "a", 100), SeatInput(2, "b", 100)]
    with pytest.raises(ValueError, match="A bomb pot takes antes"):
        start_hand(TableConfig(1, 2), seats, shuffled_deck(random.Random(1)), 1, bomb_pot=True)
    state = start_hand(TableConfig(1, 2), seats, shuffled_deck(random.Random(1)), 1,
                       antes={1: 4, 2: 4}, bomb_pot=True)
    assert (state.street, state.total_pot, len(state.board)) == (Street.FLOP, 8, 3)
    # Heads-up after the flop the big blind's seat (not the button) speaks first.
    assert state.actor == 2
    with pytest.raises(Exception, match="turn|act"):
        state.apply(Action(1, ActionKind.CHECK))


def test_pokerkit_and_we_read_our_bomb_pot_exports_to_the_same_stacks():
    from games.engine.phh import export_phh
    from games.engine.phh_import import replay_phh
    from tests.engine.test_phh import pokerkit_final_stacks

    for seed in range(120):
        rng = random.Random(5000 + seed)
        config, seats, deck, button, antes = bomb_setup(rng)
        state = start_hand(config, seats, deck, button, antes=antes, bomb_pot=True)
        while (legal := state.legal_actions()) is not None:
            state.apply(random_action(rng, legal))
        ours = [state.result.finishing_stacks[p.seat] for p in state.players]
        text = export_phh(state)
        assert pokerkit_final_stacks(text) == ours, seed
        assert list(replay_phh(text).finishing_stacks) == ours, seed

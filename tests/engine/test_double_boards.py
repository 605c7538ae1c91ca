"""Double-board bomb pots (``start_hand(..., bomb_pot=True, boards=2)``): every street deals
a second board; each board pays half of every pot (the odd chips to the first board, as a
board run twice). pokerkit deals the same hands with ``starting_board_count=2`` and must
end them with our stacks."""

import json
import random

import pytest

from games.engine import (
    POT_LIMIT_OMAHA,
    EventKind,
    HandState,
    SeatInput,
    Street,
    TableConfig,
    replay_state,
    shuffled_deck,
    start_hand,
)
from games.engine.deal_order import deck_that_deals, second_board_positions
from tests.engine.helpers import Divergence, compare_legal, mirror, random_action
from tests.engine.test_bomb_pots import bomb_setup

HANDS = 400


def pokerkit_double_board(state: HandState):  # type: ignore[no-untyped-def]
    """The same hand in pokerkit: two boards from the start, antes from everyone, no blinds,
    everyone checks preflop (pokerkit has no bomb pot of its own)."""
    from pokerkit import Automation, Mode, NoLimitTexasHoldem, PotLimitOmahaHoldem

    game = PotLimitOmahaHoldem if state.config.game is POT_LIMIT_OMAHA else NoLimitTexasHoldem
    antes = [state.antes.get(p.seat, 0) for p in state.players]
    if state.heads_up:  # pokerkit reverses heads-up antes, as PHH does
        antes.reverse()
    pk = game.create_state(
        (Automation.ANTE_POSTING, Automation.BET_COLLECTION,
         Automation.BLIND_OR_STRADDLE_POSTING, Automation.CARD_BURNING,
         Automation.HAND_KILLING, Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
         Automation.RUNOUT_COUNT_SELECTION),
        False, antes, [0] * len(antes), state.config.min_bet,
        [p.starting_stack for p in state.players], len(antes), mode=Mode.CASH_GAME,
        starting_board_count=2,
    )
    for p in state.players:
        pk.deal_hole("".join(p.hole))
    while pk.actor_index is not None:  # the bomb pot's "no preflop betting"
        pk.check_or_call()
    return pk


def double_board(seed: int) -> tuple[HandState, random.Random]:
    rng = random.Random(seed)
    config, seats, deck, button, antes = bomb_setup(rng)
    return start_hand(config, seats, deck, button, antes=antes, bomb_pot=True, boards=2), rng


@pytest.mark.parametrize("block", range(4))
def test_random_double_board_bomb_pots_end_with_pokerkits_stacks(block):
    seen = Divergence()
    counts = {"omaha": 0, "all_in": 0, "side_pots": 0, "split_boards": 0, "showdown": 0}
    for seed in range(block * HANDS // 4, (block + 1) * HANDS // 4):
        state, rng = double_board(90_000 + seed)
        assert len(state.runs) == 1 and len(state.runs[0]) == len(state.board) >= 3, seed
        pk = pokerkit_double_board(state)
        first = next(e for e in state.events if e.kind is EventKind.DEAL_BOARD)
        mirror(pk, state, [e for e in state.events if e.seq >= first.seq])
        while (legal := state.legal_actions()) is not None:
            they_allow = compare_legal(pk, state, legal, seen)
            mirror(pk, state, state.apply(random_action(rng, legal, may_raise=they_allow)))
        assert state.result is not None
        ours = [state.result.finishing_stacks[p.seat] for p in state.players]
        assert list(pk.stacks) == ours, f"seed {90_000 + seed}"
        assert pk.board_count == 2
        for board, cards in enumerate((state.board, *state.runs)):
            assert "".join(map(repr, pk.get_board_cards(board))) == "".join(cards), seed
        assert sum(p.amount for p in state.result.pots) == state.total_pot
        again = replay_state(HandState.from_dict(json.loads(json.dumps(state.to_dict()))))
        assert again == state, seed
        counts["omaha"] += state.config.game is POT_LIMIT_OMAHA
        counts["all_in"] += any(p.all_in for p in state.players)
        counts["side_pots"] += len({p.covers for p in state.result.pots}) > 1
        counts["showdown"] += state.result.showdown
        winners = {p.board: p.winners for p in state.result.pots if p.covers[:1] == (0,)}
        counts["split_boards"] += winners.get(0) != winners.get(1)
    # The random hands reach what the test is for: Omaha, all-ins, side pots, boards won
    # by different players.
    assert all(counts.values()), counts


def test_each_board_pays_half_of_each_pot_and_the_odd_chip_goes_to_the_first():
    for seed in range(200):
        state, rng = double_board(95_000 + seed)
        while (legal := state.legal_actions()) is not None:
            state.apply(random_action(rng, legal))
        assert state.result is not None
        if not state.result.showdown:
            assert {p.board for p in state.result.pots} == {0}  # one winner: no split
            continue
        paid: dict[tuple[int, ...], dict[int, int]] = {}
        for pot in state.result.pots:
            paid.setdefault(pot.covers, {})[pot.board] = pot.amount
        for covers, by_board in paid.items():
            total = sum(by_board.values())
            assert by_board.get(0, 0) == total - total // 2, (seed, covers)
            assert by_board.get(1, 0) == total // 2, (seed, covers)


def test_the_second_board_is_dealt_with_the_first_street_by_street():
    seats = [SeatInput(1, "a", 100), SeatInput(2, "b", 100), SeatInput(3, "c", 100)]
    deck = shuffled_deck(random.Random(3))
    state = start_hand(TableConfig(1, 2), seats, deck, 1, antes={1: 4, 2: 4, 3: 4},
                       bomb_pot=True, boards=2)
    second = second_board_positions(3)
    assert state.runs == [[deck[k] for k in second[Street.FLOP]]]
    assert state.view(None)["runs"] == state.runs and state.view(None)["boards"] == 2
    from games.engine import Action, ActionKind
    for seat in (2, 3, 1):
        state.apply(Action(seat, ActionKind.CHECK))
    deals = [(e.street.value, e.board) for e in state.events if e.kind is EventKind.DEAL_BOARD]
    assert deals == [("flop", 0), ("flop", 1), ("turn", 0), ("turn", 1)]
    assert state.runs[0][3] == deck[second[Street.TURN][0]]
    # What masked replays rebuild from the cards seen: the same hand.
    rebuilt = deck_that_deals([p.hole for p in state.players], state.board, 52, runs=state.runs)
    assert [rebuilt[k] for k in second[Street.TURN]] == [state.runs[0][3]]


def test_bad_board_counts_are_refused_with_a_reason():
    seats = [SeatInput(k, f"p{k}", 100) for k in range(1, 11)]
    deck = shuffled_deck(random.Random(1))
    antes = {k: 2 for k in range(1, 11)}
    with pytest.raises(ValueError, match="one board or two, not 3"):
        start_hand(TableConfig(1, 2), seats[:2], deck, 1, antes={1: 2, 2: 2}, bomb_pot=True,
                   boards=3)
    with pytest.raises(ValueError, match="not run again"):
        start_hand(TableConfig(1, 2), seats[:2], deck, 1, runouts=2, boards=2)
    omaha = TableConfig(1, 2, game=POT_LIMIT_OMAHA)
    with pytest.raises(ValueError, match="no two boards for 10 players of Pot-limit Omaha"):
        start_hand(omaha, seats, deck, 1, antes=antes, bomb_pot=True, boards=2)
    nine = {k: 2 for k in range(1, 10)}
    assert start_hand(omaha, seats[:9], deck, 1, antes=nine, bomb_pot=True, boards=2).runs

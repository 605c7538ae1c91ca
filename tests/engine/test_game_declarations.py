"""A game is one declaration (games/engine/games.py): a toy game declared here, in the test,
is dealt, bet and shown down by the engine with no other module touched; and the
declarations of the games the site deals say what their rules are."""

import random

import pytest

from games.engine import (
    FIXED_LIMIT_HOLDEM,
    GAMES,
    NO_LIMIT_HOLDEM,
    POT_LIMIT_OMAHA,
    Action,
    ActionKind,
    Game,
    HandSetup,
    HandState,
    SeatInput,
    TableConfig,
    game_by_code,
    replay_state,
    start_hand,
)
from games.engine.games import Betting, Limit
from tests.engine.helpers import play_random, stacked_deck

# Three hole cards, exactly one of which plays with four from the board, pot limit.
ONE_CARD_HOLDEM = Game("X1", "One-card pot-limit hold'em", hole_cards=3, hole_cards_used=1,
                       betting=Betting(Limit.POT_LIMIT))


def toy_hand(game: Game = ONE_CARD_HOLDEM) -> HandState:
    # Position order, heads-up: the big blind (seat 2), then the button (seat 1).
    deck = stacked_deck(["JhTh4s", "AsAd9c"], "AhKhQh2c3d")
    seats = [SeatInput(1, "ann", 100), SeatInput(2, "bob", 100)]
    return start_hand(TableConfig(1, 2, game=game), seats, deck, button=1)


def test_a_game_declared_in_a_test_is_dealt_bet_and_shown_down():
    state = toy_hand()
    assert state.player(2).hole == ("Jh", "Th", "4s") and len(state.player(1).hole) == 3
    assert state.view(1)["players"][1]["cards"] == ["As", "Ad", "9c"]
    legal = state.legal_actions()
    assert legal is not None and legal.raise_to is not None
    assert legal.raise_to.max == 6  # pot limit: call 1, pot 4, to 6
    state.apply(Action(1, ActionKind.RAISE, 6))
    state.apply(Action(2, ActionKind.RAISE, 18))
    state.apply(Action(1, ActionKind.CALL))
    while state.actor is not None:
        state.apply(Action(state.actor, ActionKind.CHECK))
    assert state.result is not None
    # Exactly one hole card plays: the jack of hearts makes no flush, an ace makes a pair.
    assert state.result.pots[0].winners == (1,)
    assert state.result.finishing_stacks == {2: 82, 1: 118}
    shown = {hand.seat: hand.description for hand in state.result.shown}
    assert shown[1].startswith("Pair of aces")


def test_the_same_cards_in_hold_em_give_the_pot_to_the_royal_flush():
    holdem = Game("X2", "Three-card hold'em", hole_cards=3)
    state = toy_hand(holdem)
    state.apply(Action(1, ActionKind.ALL_IN))
    state.apply(Action(2, ActionKind.CALL))
    assert state.result is not None and state.result.finishing_stacks == {2: 200, 1: 0}


def test_a_toy_game_plays_random_hands_with_chips_conserved_and_replays(monkeypatch):
    monkeypatch.setitem(GAMES, ONE_CARD_HOLDEM.code, ONE_CARD_HOLDEM)  # stored by its code
    rng = random.Random(7)
    for _ in range(50):
        n = rng.randint(2, 9)
        seats = [SeatInput(k, f"p{k}", rng.randint(1, 300)) for k in range(1, n + 1)]
        deck = list(ONE_CARD_HOLDEM.deck)
        rng.shuffle(deck)
        state = start_hand(TableConfig(1, 2, game=ONE_CARD_HOLDEM), seats, deck, button=1)
        play_random(state, rng)
        assert state.result is not None
        assert sum(state.result.finishing_stacks.values()) == sum(s.stack for s in seats)
        assert HandState.from_dict(state.to_dict()) == state == replay_state(state)


def test_a_declaration_that_the_engine_cannot_deal_is_refused():
    with pytest.raises(ValueError, match="boards of a flop, turn, river"):
        Game("X3", "Two-street", hole_cards=2, board=(3, 2))
    with pytest.raises(ValueError, match="3 of 2 hole cards cannot play"):
        Game("X4", "Too many", hole_cards=2, hole_cards_used=3)
    with pytest.raises(ValueError, match="Only a fixed-limit game has bet sizes"):
        Betting(Limit.NO_LIMIT, raise_cap=4)


def test_the_site_s_games_declare_their_rules():
    assert [g.code for g in GAMES.values()] == ["NT", "PO", "FT", "NS", "PO/8", "PO5", "PO5/8"]
    assert game_by_code("NT") is NO_LIMIT_HOLDEM and NO_LIMIT_HOLDEM.hole_cards_used is None
    assert (POT_LIMIT_OMAHA.hole_cards, POT_LIMIT_OMAHA.hole_cards_used) == (4, 2)
    assert POT_LIMIT_OMAHA.pot_limit and not NO_LIMIT_HOLDEM.pot_limit
    betting = FIXED_LIMIT_HOLDEM.betting
    assert [betting.street_bet(street, 10) for street in range(4)] == [10, 10, 20, 20]
    assert betting.raise_cap == 4
    assert [len(g.deck) for g in GAMES.values()] == [52, 52, 52, 36, 52, 52, 52]
    hi_lo = [g.code for g in GAMES.values() if g.high_low]
    assert hi_lo == ["PO/8", "PO5/8"] and all(game_by_code(c).pot_limit for c in hi_lo)
    assert [(g.hole_cards, g.hole_cards_used, g.max_players) for g in GAMES.values()
            if g.hole_cards == 5] == [(5, 2, 8), (5, 2, 8)]


def test_a_game_code_longer_than_the_database_holds_is_refused():
    with pytest.raises(ValueError, match="at most 5 characters"):
        Game("PO5/8X", "Too long", hole_cards=5, hole_cards_used=2)


def test_a_hand_s_setup_is_one_value_the_state_carries_and_stores():
    setup = HandSetup(runouts=2, ask_runouts=True, bounty=4)
    seats = [SeatInput(1, "a", 100), SeatInput(2, "b", 100)]
    state = start_hand(TableConfig(1, 2), seats, list(NO_LIMIT_HOLDEM.deck), 1, setup)
    assert state.setup == setup and state.runouts == 2 and state.bounty == 4
    data = state.to_dict()
    assert (data["runouts"], data["ask_runouts"], data["bounty"]) == (2, True, 4)
    assert HandState.from_dict(data).setup == setup
    with pytest.raises(TypeError, match="a setup or its options"):
        start_hand(TableConfig(1, 2), seats, list(NO_LIMIT_HOLDEM.deck), 1, setup, runouts=2)


def test_a_state_stored_before_the_setup_existed_loads_with_the_plain_setup():
    seats = [SeatInput(1, "a", 100), SeatInput(2, "b", 100)]
    data = start_hand(TableConfig(1, 2), seats, list(NO_LIMIT_HOLDEM.deck), 1).to_dict()
    for key in ("shows", "antes", "blinds"):  # the oldest states lack them
        del data[key]
    assert HandState.from_dict(data).setup == HandSetup()

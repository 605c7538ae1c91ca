"""Pot-limit Omaha in the engine: four hole cards, exactly two used at the showdown, bets and
raises capped at the pot after calling; everything else as in no-limit hold'em."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import (
    NO_LIMIT_HOLDEM,
    POT_LIMIT_OMAHA,
    Action,
    ActionKind,
    EventKind,
    HandState,
    IllegalAction,
    SeatInput,
    TableConfig,
    replay,
    replay_state,
    start_hand,
)
from games.engine.deal_order import cards_needed, hole_positions, street_positions
from games.engine.types import Street
from tests.engine import test_properties as properties
from tests.engine.helpers import stacked_deck

F, X, C, B, R, A = (
    ActionKind.FOLD,
    ActionKind.CHECK,
    ActionKind.CALL,
    ActionKind.BET,
    ActionKind.RAISE,
    ActionKind.ALL_IN,
)
PLO = POT_LIMIT_OMAHA
HOLES = ["2c3d4h5s", "7c8d9hTs", "JcQdKhAs", "2d3h4s5c", "7d8h9sTc", "JdQhKsAc"]


def deal(
    stacks: list[int],
    button: int,
    *,
    sb: int = 1,
    bb: int = 2,
    ante: int = 0,
    holes: list[str] | None = None,
    board: str = "",
) -> HandState:
    """Seats 1..n with ``stacks`` at pot-limit Omaha; ``holes`` in position order."""
    n = len(stacks)
    seats = [SeatInput(i + 1, f"p{i + 1}", stack) for i, stack in enumerate(stacks)]
    deck = stacked_deck(holes or HOLES[:n], board.replace(" ", ""))
    return start_hand(TableConfig(sb, bb, ante, game=PLO), seats, deck, button)


def act(state: HandState, seat: int, kind: ActionKind, amount: int | None = None) -> list:
    return state.apply(Action(seat, kind, amount))


def raise_span(state: HandState) -> tuple[int, int]:
    legal = state.legal_actions()
    assert legal is not None
    span = legal.bet or legal.raise_to
    assert span is not None
    return span.min, span.max


# ---------------------------------------------------------------------------- the deal


def test_each_player_gets_four_hole_cards_one_at_a_time_round_the_table():
    assert hole_positions(3, 4) == ((0, 3, 6, 9), (1, 4, 7, 10), (2, 5, 8, 11))
    assert street_positions(3, 4)[Street.FLOP] == (13, 14, 15)  # after one burn
    assert cards_needed(10, 4) == 48
    state = deal([100, 100, 100], button=3, board="Kc Qc 7h 6d 2s")
    assert [p.hole for p in state.players] == [
        ("2c", "3d", "4h", "5s"), ("7c", "8d", "9h", "Ts"), ("Jc", "Qd", "Kh", "As")]
    dealt = [e.cards for e in state.events if e.kind is EventKind.DEAL_HOLE]
    assert [len(cards) for cards in dealt] == [4, 4, 4]


def test_ten_players_are_dealt_from_one_deck():
    seats = [SeatInput(k, f"p{k}", 100) for k in range(1, 11)]
    state = start_hand(TableConfig(1, 2, game=PLO), seats,
                       stacked_deck([], ""), button=10)
    cards = [c for p in state.players for c in p.hole]
    assert len(cards) == 40 == len(set(cards))


# ---------------------------------------------------------------------------- pot limit


def test_the_first_raise_preflop_is_capped_at_the_pot_after_calling():
    state = deal([100, 100, 100], button=3)  # seat 1 posts 1, seat 2 posts 2, seat 3 acts
    # Call 2 makes the pot 5; a pot raise is 5 more, to 7.
    assert raise_span(state) == (4, 7)
    legal = state.legal_actions()
    assert legal is not None and legal.all_in is None  # 100 chips is more than the pot allows


def test_heads_up_the_button_may_raise_to_three_big_blinds():
    state = deal([100, 100], button=1)
    assert raise_span(state) == (4, 6)


def test_a_re_raise_counts_the_raise_and_the_call_in_the_pot():
    state = deal([500, 500, 500], button=3)
    act(state, 3, R, 7)  # pot is now 10
    # Seat 1 (small blind, 1 in): call 6 makes the pot 16, raise 16 more: to 23.
    assert raise_span(state) == (12, 23)
    act(state, 1, R, 23)
    # Seat 2 (2 in): the pot is 32, call 21 makes it 53; to 23 + 53 = 76.
    assert raise_span(state) == (39, 76)


def test_a_bet_after_the_flop_may_be_the_whole_pot():
    state = deal([100, 100, 100], button=3)
    act(state, 3, C)
    act(state, 1, C)
    act(state, 2, X)
    assert state.street is Street.FLOP and state.total_pot == 6
    assert raise_span(state) == (2, 6)
    act(state, 1, B, 6)
    # Seat 2: call 6 makes the pot 18; raise to 6 + 18 = 24.
    assert raise_span(state) == (12, 24)


def test_antes_are_in_the_pot_the_limit_counts():
    state = deal([100, 100, 100], button=3, ante=1)
    # Antes 3, blinds 1 and 2; call 2 makes the pot 8: raise to 10.
    assert raise_span(state) == (4, 10)


def test_raising_past_the_pot_is_refused_and_says_the_limit():
    state = deal([100, 100, 100], button=3)
    before = state.to_dict()
    with pytest.raises(IllegalAction, match="The pot limit lets you raise to 7 at most, not to 8"):
        act(state, 3, R, 8)
    with pytest.raises(IllegalAction, match="pot limit lets you raise to 7 at most"):
        act(state, 3, A)
    assert state.to_dict() == before


def test_a_stack_within_the_pot_may_go_all_in():
    state = deal([100, 100, 6], button=3)
    legal = state.legal_actions()
    assert legal is not None and legal.all_in == 6 and legal.raise_to is not None
    assert (legal.raise_to.min, legal.raise_to.max) == (4, 6)
    events = act(state, 3, A)
    assert events[0].kind is EventKind.RAISE and events[0].all_in


def test_a_short_stack_below_the_minimum_raise_may_still_go_all_in():
    state = deal([100, 100, 3], button=3)
    legal = state.legal_actions()
    assert legal is not None and legal.all_in == 3
    assert legal.raise_to is not None and (legal.raise_to.min, legal.raise_to.max) == (3, 3)


def test_the_minimum_raise_is_the_no_limit_one():
    state = deal([500, 500, 500], button=3)
    act(state, 3, R, 7)  # a raise of 5
    with pytest.raises(IllegalAction, match="The smallest raise is to 12."):
        act(state, 1, R, 11)


# ---------------------------------------------------------------------------- showdown


def test_exactly_two_hole_cards_play_a_four_flush_board_is_no_flush_with_one_heart():
    # Seat 1 holds one heart (the ace) and a pair of queens; seat 2 two small hearts.
    state = deal([100, 100], button=2, holes=["AhQcQs2d", "3h4h9c9d"],
                 board="Kh Th 7h 6h 2c")
    while not state.is_complete:
        legal = state.legal_actions()
        assert legal is not None
        act(state, legal.seat, C if legal.call else X)
    assert state.result is not None
    (pot,) = state.result.pots
    # Three board hearts and both hole hearts: the six of hearts on the board cannot play.
    assert pot.winners == (2,) and pot.description == "Flush, king-ten-seven-four-three"
    shown = {h.seat: h for h in state.result.shown}
    assert shown[2].cards == ("3h", "4h", "9c", "9d")
    assert sorted(shown[2].best_five) == sorted(["Kh", "Th", "7h", "4h", "3h"])


def test_a_split_pot_gives_the_odd_chip_to_the_first_winner_left_of_the_button():
    # Seats 1 and 3 make the same straight, 9 to K, with their J-T; seat 2 folds.
    holes = ["JcTd2c2d", "3s3h4s4h", "JhTs5c5d"]
    state = deal([100, 100, 100], button=3, holes=holes, board="Kd Qh 9s 7c 2h", ante=1)
    act(state, 3, R, 4)
    act(state, 1, C)
    act(state, 2, F)
    while not state.is_complete:
        legal = state.legal_actions()
        assert legal is not None
        act(state, legal.seat, X)
    assert state.result is not None
    (pot,) = state.result.pots
    assert pot.amount == 13 and pot.winners == (1, 3) and pot.shares == (7, 6)
    assert pot.description == "Straight, king high"


def test_all_in_players_show_four_cards_and_side_pots_are_paid():
    state = deal([20, 60, 100], button=3, holes=["AcAdKcKd", "QcQdJcJd", "2s3s4h5h"],
                 board="Ah Ks 8d 8c 2c")
    act(state, 3, R, 7)
    act(state, 1, A)  # 20: within the pot limit (call 6 makes 16, pot raise to 23)
    act(state, 2, R, 60)
    act(state, 3, C)
    assert state.result is not None
    shown = [len(h.cards) for h in state.result.shown]
    assert shown == [4, 4, 4]
    assert [p.winners for p in state.result.pots] == [(1,), (2,)]
    assert state.result.finishing_stacks == {1: 60, 2: 80, 3: 40}


# ---------------------------------------------------------------------------- views, JSON


def test_each_viewer_sees_only_their_own_four_cards_until_the_showdown():
    state = deal([100, 100, 100], button=3)
    mine = state.view(2)
    assert [p["cards"] for p in mine["players"]] == [None, ["7c", "8d", "9h", "Ts"], None]
    assert all(p["cards"] is None for p in state.view(None)["players"])
    events = [e for e in state.view(None)["events"] if e["kind"] == "deal_hole"]
    assert all(e["cards"] == [] for e in events)
    assert mine["legal"] is None and state.view(3)["legal"]["raise"] == {"min": 4, "max": 7}


def test_the_game_round_trips_through_json_and_hold_em_keeps_its_shape():
    state = deal([100, 100], button=1)
    data = json.loads(json.dumps(state.to_dict()))
    assert data["config"]["variant"] == "PO"
    assert HandState.from_dict(data).config.game is PLO
    assert "variant" not in TableConfig(1, 2).to_dict()
    assert TableConfig.from_dict(TableConfig(1, 2).to_dict()).game is NO_LIMIT_HOLDEM
    with pytest.raises(ValueError, match="Unknown game 'XX'"):
        TableConfig(1, 2, game="XX")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- properties


@st.composite
def omaha_hands(draw: st.DrawFn):  # type: ignore[no-untyped-def]
    config, seats, deck, button, choices = draw(properties.hands())
    omaha = TableConfig(config.small_blind, config.big_blind, config.ante, game=PLO)
    return omaha, seats, deck, button, choices


@properties.PROPERTY_SETTINGS
@given(omaha_hands())
def test_chips_are_conserved_on_every_step(spec):
    properties.test_chips_are_conserved_on_every_step.hypothesis.inner_test(spec)


@properties.PROPERTY_SETTINGS
@given(omaha_hands())
def test_exactly_one_player_acts_while_betting_is_open(spec):
    properties.test_exactly_one_player_acts_while_betting_is_open.hypothesis.inner_test(spec)


@properties.PROPERTY_SETTINGS
@given(omaha_hands())
def test_legal_actions_is_exactly_what_apply_accepts(spec):
    properties.test_legal_actions_is_exactly_what_apply_accepts.hypothesis.inner_test(spec)


@properties.PROPERTY_SETTINGS
@given(omaha_hands())
def test_state_round_trips_through_json_and_replays_exactly(spec):
    properties.test_state_round_trips_through_json_and_replays_exactly.hypothesis.inner_test(
        spec)
    config, seats, deck, button, _ = spec
    state = properties.play(spec)
    assert replay_state(state) == state == replay(config, seats, deck, state.actions, button)

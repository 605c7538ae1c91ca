"""State as data: JSON round trip, exact replay, and what each viewer may see."""

import json
import random
import re

from games.engine import (
    FULL_DECK,
    Action,
    ActionKind,
    EventKind,
    HandState,
    SeatInput,
    TableConfig,
    replay,
    replay_state,
    start_hand,
)
from games.engine.deal_order import board_positions, cards_needed, hole_positions
from tests.engine.helpers import play_random, random_setup, stacked_deck


def test_a_state_survives_json_and_goes_on_identically():
    rng = random.Random(11)
    setup = random_setup(rng, players=(4, 6))
    state = setup.start()
    copy = HandState.from_dict(json.loads(json.dumps(state.to_dict())))
    assert copy == state
    twin_rng = random.Random(99)
    play_random(state, random.Random(99))
    play_random(copy, twin_rng)
    assert copy == state and copy.result == state.result


def test_replaying_the_actions_reproduces_the_hand_exactly():
    for k in range(40):
        rng = random.Random(500 + k)
        setup = random_setup(rng)
        state = play_random(setup.start(), rng)
        again = replay(setup.config, setup.seats, setup.deck, state.actions, setup.button)
        assert again == state
        assert replay_state(state) == state


def test_every_event_is_plain_data():
    rng = random.Random(3)
    state = play_random(random_setup(rng).start(), rng)
    rows = [e.to_dict() for e in state.events]
    assert json.loads(json.dumps(rows)) == rows
    assert [row["seq"] for row in rows] == list(range(len(rows)))


def hand_to_showdown() -> HandState:
    seats = [SeatInput(1, "a", 100), SeatInput(2, "b", 100), SeatInput(3, "c", 100)]
    deck = stacked_deck(["Ah7c", "Kc2d", "9s9d"], "AsKh9c7d3s")
    state = start_hand(TableConfig(1, 2), seats, deck, button=3)
    state.apply(Action(3, ActionKind.CALL))
    state.apply(Action(1, ActionKind.CALL))
    state.apply(Action(2, ActionKind.CHECK))
    while not state.is_complete:
        legal = state.legal_actions()
        assert legal is not None
        state.apply(Action(legal.seat, ActionKind.CHECK))
    return state


def test_a_viewer_sees_their_own_cards_and_nobody_elses_before_showdown():
    seats = [SeatInput(1, "a", 100), SeatInput(2, "b", 100), SeatInput(3, "c", 100)]
    state = start_hand(TableConfig(1, 2), seats, FULL_DECK, button=3)
    text = json.dumps(state.view(2))
    for p in state.players:
        if p.seat != 2:
            assert f'"{p.hole[0]}"' not in text and f'"{p.hole[1]}"' not in text
    view = state.view(2)
    assert [p["cards"] for p in view["players"] if p["seat"] == 2] == [list(state.player(2).hole)]
    assert "deck" not in view
    assert view["legal"] is None and state.view(3)["legal"] is not None
    spectator = json.dumps(state.view(None))
    assert all(f'"{p.hole[0]}"' not in spectator for p in state.players)


def test_the_deck_and_future_cards_never_appear_in_a_view():
    state = hand_to_showdown()
    # The burns are the places the engine's deal order skips: neither hole cards nor board.
    faces = {k for seat in hole_positions(3) for k in seat} | set(board_positions(3))
    burns = {state.deck[k] for k in range(cards_needed(3)) if k not in faces}
    assert len(burns) == 3
    undealt = set(state.deck[state.dealt :]) | burns
    text = json.dumps(state.view(None))
    assert not any(f'"{card}"' in text for card in undealt)


def test_shown_hands_become_public_and_mucked_hands_never_do():
    state = hand_to_showdown()
    assert state.result is not None and state.result.mucked == (2,)
    view = state.view(None)
    cards = {p["seat"]: p["cards"] for p in view["players"]}
    assert cards == {1: ["Ah", "7c"], 2: None, 3: ["9s", "9d"]}
    assert "Kc" not in json.dumps(view) and "Kc" in json.dumps(state.view(2))
    hole_events = [e for e in view["events"] if e["kind"] == EventKind.DEAL_HOLE.value]
    assert all(e["cards"] == [] for e in hole_events)


def test_public_events_strip_hole_cards_only():
    state = hand_to_showdown()
    for event in state.events:
        public = event.public()
        if event.kind is EventKind.DEAL_HOLE:
            assert event.is_private and public.cards == () and public.seat == event.seat
        else:
            assert public == event


def test_start_hand_refuses_bad_input_with_a_reason():
    import pytest

    seats = [SeatInput(1, "a", 100), SeatInput(2, "b", 100)]
    config = TableConfig(1, 2, max_seats=6)
    cases = [
        (dict(deck=FULL_DECK[:11]), "The deck has 11 cards; this hand needs 12."),
        (dict(deck=["As", "As", *FULL_DECK[2:]]), "The deck holds As twice."),
        (dict(deck=["as", *FULL_DECK[1:]]), "'as' is not a card."),
        (dict(button=3), "The button must be on a player's seat, not seat 3."),
        (dict(seats=[SeatInput(1, "a", 100)]), "A hand needs 2 to 6 players, not 1."),
        (dict(seats=[SeatInput(1, "a", 100), SeatInput(7, "b", 1)]), "Seat 7 is not a seat"),
        (dict(seats=[SeatInput(1, "a", 100), SeatInput(2, "b", 0)]), "Seat 2 has no chips"),
    ]
    for change, message in cases:
        args = {"config": config, "seats": seats, "deck": FULL_DECK, "button": 1} | change
        with pytest.raises(ValueError) as refused:
            start_hand(**args)
        assert str(refused.value).startswith(message)


def test_table_config_checks_its_values():
    import pytest

    for kwargs, message in [
        (dict(small_blind=0, big_blind=2), "The small blind must be more than zero."),
        (dict(small_blind=2, big_blind=1), "The big blind must be at least the small blind (2)."),
        (dict(small_blind=1, big_blind=2, max_seats=11), "A table has 2 to 10 seats."),
        (dict(small_blind=1, big_blind=2, ante=-1), "The ante cannot be negative."),
        (dict(small_blind=1, big_blind=2.5), "The big blind must be a whole number, not 2.5."),
        (dict(small_blind=1, big_blind=2, min_buy_in=50, max_buy_in=40),
         "The maximum buy-in must be at least the minimum buy-in (50)."),
    ]:
        with pytest.raises(ValueError, match=re.escape(message)):
            TableConfig(**kwargs)

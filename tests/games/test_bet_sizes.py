"""The amount buttons (games/bet_sizes.py) against sizes counted by hand."""

from games.bet_sizes import bet_sizes
from games.engine import (
    FULL_DECK,
    POT_LIMIT_OMAHA,
    Action,
    ActionKind,
    SeatInput,
    TableConfig,
    start_hand,
)


def sizes(state):
    return [(s["label"], s["amount"]) for s in bet_sizes(state, state.legal_actions())]


def test_no_limit_sizes_are_measured_after_the_call_and_kept_in_range():
    # Blinds 5/10, seat 1 on the button: seat 1 raises to 30, seat 2 (5 in) to act.
    state = start_hand(TableConfig(5, 10), [SeatInput(k, k, 1000) for k in (1, 2, 3)],
                       FULL_DECK, button=1)
    state.apply(Action(1, ActionKind.RAISE, 30))
    # Seat 2 calls 25 (bet 30); the pot is then 5 + 10 + 30 + 25 = 70.
    assert sizes(state) == [("Min", 50), ("½ pot", 30 + 35), ("Pot", 30 + 70), ("All-in", 1000)]


def test_under_pot_limit_pot_is_the_largest_legal_amount_and_there_is_no_all_in():
    config = TableConfig(5, 10, game=POT_LIMIT_OMAHA)
    state = start_hand(config, [SeatInput(k, k, 1000) for k in (1, 2, 3)], FULL_DECK, button=1)
    legal = state.legal_actions()
    assert legal.raise_to.max == 35  # the pot-size raise: 10 to call, then 25 more
    assert sizes(state) == [("Min", 20), ("½ pot", 10 + 25 // 2), ("Pot", 35)]


def test_nothing_to_size_when_raising_is_not_allowed():
    state = start_hand(TableConfig(5, 10), [SeatInput(1, 1, 1000), SeatInput(2, 2, 8)],
                       FULL_DECK, button=1)
    # Seat 2 is all-in for 8 on the big blind: seat 1 may only call or fold.
    assert state.legal_actions().raise_to is None and sizes(state) == []

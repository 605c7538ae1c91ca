"""PHH for hands of several boards: a board run twice and a double-board bomb pot are
written with PHH user-defined fields in pokerkit's own terms (``_runout_count``,
``_starting_board_count``; the standard has none) and ``d db`` lines in the order pokerkit
deals the boards. pokerkit 0.7.7's ``HandHistory`` reads the file, but builds its state
with one board and no runout count (neither is a field of its PHH), so ``pokerkit_stacks``
below builds the state from the file's fields with those two added, then applies every
action line with pokerkit's own parser (``pokerkit.notation.parse_action``)."""

import random
import tomllib
import warnings
from dataclasses import replace

import pytest

from games.engine import EventKind, PHHError, export_phh, replay_phh, start_hand
from tests.engine.helpers import (
    play_random,
    pokerkit_play_history,
    random_omaha_setup,
    random_setup,
)
from tests.engine.test_bomb_pots import bomb_setup

HANDS = 100


def pokerkit_stacks(text: str) -> tuple[list[int], int]:
    """pokerkit's finishing stacks and board count for a PHH file with board fields."""
    from pokerkit import HandHistory

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        history = HandHistory.loads(text)
        extra = history.user_defined_fields
        state = pokerkit_play_history(history, history.actions, extra.get("_runout_count", 1),
                                      extra.get("_starting_board_count", 1))
    return list(state.stacks), state.board_count


def paid(state) -> list[tuple]:  # type: ignore[no-untyped-def]
    """Each result's board, amount and winners (by position: the file renumbers seats)."""
    position = {p.seat: k for k, p in enumerate(state.players)}
    return [(r.board, r.amount, [position[w] for w in r.winners], r.shares)
            for r in state.result.pots]


def finished(setup, rng):  # type: ignore[no-untyped-def]
    return play_random(setup.start(), rng)


@pytest.mark.parametrize("setups", [random_setup, random_omaha_setup])
def test_hands_run_twice_round_trip_through_phh_to_the_same_stacks(setups):
    run_twice = tried = 0
    while run_twice < HANDS:
        rng = random.Random(61_000 + tried)
        tried += 1
        state = finished(replace(setups(rng), runouts=rng.choice([2, 2, 3])), rng)
        if not state.runs:
            continue
        run_twice += 1
        ours = [state.result.finishing_stacks[p.seat] for p in state.players]
        text = export_phh(state)
        data = tomllib.loads(text)
        assert data["_runout_count"] == 1 + len(state.runs)
        assert pokerkit_stacks(text) == (ours, 1 + len(state.runs)), tried
        again = replay_phh(text)
        assert list(again.finishing_stacks) == ours, tried
        assert again.state.runs == state.runs and again.state.board == state.board, tried
        assert paid(again.state) == paid(state), tried
    assert tried < 10 * HANDS


def test_double_board_bomb_pots_round_trip_through_phh_to_the_same_stacks():
    for seed in range(HANDS):
        rng = random.Random(64_000 + seed)
        config, seats, deck, button, antes = bomb_setup(rng)
        state = start_hand(config, seats, deck, button, antes=antes, bomb_pot=True, boards=2)
        play_random(state, rng)
        ours = [state.result.finishing_stacks[p.seat] for p in state.players]
        text = export_phh(state)
        assert tomllib.loads(text)["_starting_board_count"] == 2
        assert pokerkit_stacks(text) == (ours, 2), seed
        again = replay_phh(text)
        assert list(again.finishing_stacks) == ours, seed
        assert again.state.runs == state.runs and again.state.boards == 2, seed
        assert paid(again.state) == paid(state), seed
        dealt = [(e.street, e.board) for e in again.state.events if e.kind is EventKind.DEAL_BOARD]
        assert dealt == [(e.street, e.board) for e in state.events
                         if e.kind is EventKind.DEAL_BOARD], seed


FOLDED_TWICE = """variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
_runout_count = 2
actions = ['d dh p1 AsAd', 'd dh p2 KcQc', 'p2 cbr 100', 'p1 cc', 'p1 sm AsAd', 'p2 sm KcQc',
  'd db 2d3h4s', 'd db 5d', 'd db 9h', 'd db 2c7c8c', 'd db Jh', 'd db Ts']
"""


def test_a_hand_run_twice_by_hand_reads_and_bad_board_fields_are_refused():
    r = replay_phh(FOLDED_TWICE)
    # Aces make a wheel on the first board, king-queen of clubs a flush on the second.
    assert r.state.board == ["2d", "3h", "4s", "5d", "9h"]
    assert r.state.runs == [["2c", "7c", "8c", "Jh", "Ts"]]
    assert r.finishing_stacks == (100, 100)
    assert pokerkit_stacks(FOLDED_TWICE) == ([100, 100], 2)
    with pytest.raises(PHHError, match="'_runout_count' must be one of 1, 2, 3, 4, not 7"):
        replay_phh(FOLDED_TWICE.replace("_runout_count = 2", "_runout_count = 7"))
    with pytest.raises(PHHError, match="no '_runout_count' or '_starting_board_count'"):
        replay_phh(FOLDED_TWICE.replace("_runout_count = 2\n", ""))
    with pytest.raises(PHHError, match="not run again"):
        replay_phh(FOLDED_TWICE.replace("_runout_count = 2",
                                        "_runout_count = 2\n_starting_board_count = 2"))

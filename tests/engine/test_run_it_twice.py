"""Run it twice (``start_hand(..., runouts=2)``): when the betting ends before the river with
two or more players in, the rest of the board is dealt again from the cards after the river;
each board pays its share of every pot, the odd chips to the first board, and each share is
split by today's rules. Checked rule by rule and against pokerkit's runout count."""

import json
import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import (
    NO_LIMIT_HOLDEM,
    POT_LIMIT_OMAHA,
    Action,
    ActionKind,
    Entry,
    EventKind,
    HandState,
    IllegalAction,
    SeatInput,
    TableConfig,
    export_phh,
    replay,
    replay_state,
    start_hand,
)
from games.engine.cards import FULL_DECK, UNKNOWN, split_cards
from games.engine.deal_order import cards_needed, deck_that_deals
from tests.engine import test_properties as properties
from tests.engine.helpers import (
    Divergence,
    play_and_compare,
    play_random,
    random_omaha_setup,
    random_setup,
    stacked_deck,
)

A, C, X = ActionKind.ALL_IN, ActionKind.CALL, ActionKind.CHECK


def heads_up(holes: list[str], board: str, rest: list[str], *, stacks=(100, 100),
             runouts: int = 2) -> HandState:
    """Seat 2 (big blind) holds holes[0], seat 1 (button) holds holes[1]; ``board`` is the
    first board and ``rest`` the cards that follow the river (burn first) in the deck."""
    hole_cards = [split_cards(h) for h in holes]
    deck = deck_that_deals(hole_cards, split_cards(board), len(FULL_DECK))
    after = cards_needed(len(holes), len(hole_cards[0]))
    for position, card in enumerate(rest, start=after):
        deck[position] = card or UNKNOWN  # "": a burn, any card
    spare = [c for c in FULL_DECK if c not in deck]
    deck = [spare.pop() if c == UNKNOWN else c for c in deck]
    seats = [SeatInput(1, "button", stacks[1]), SeatInput(2, "big blind", stacks[0])]
    return start_hand(TableConfig(1, 2), seats, deck, button=1, runouts=runouts)


def test_each_board_pays_half_of_the_pot():
    # Preflop all-in: on the first board seat 2's aces make a wheel, on the second seat 1's
    # king-queen of clubs makes a flush.
    state = heads_up(["AsAd", "KcQc"], "2d3h4s5d9h",
                     ["", "2c", "7c", "8c", "", "Jh", "", "Ts"])
    state.apply(Action(1, A))
    state.apply(Action(2, C))
    assert state.result is not None
    assert state.runs == [["2c", "7c", "8c", "Jh", "Ts"]]
    assert [(p.board, p.winners, p.amount) for p in state.result.pots] == [
        (0, (2,), 100), (1, (1,), 100)]
    assert state.result.finishing_stacks == {1: 100, 2: 100}
    deals = [(e.street.value, e.board) for e in state.events if e.kind is EventKind.DEAL_BOARD]
    assert deals == [("flop", 0), ("turn", 0), ("river", 0),
                     ("flop", 1), ("turn", 1), ("river", 1)]


def test_the_odd_chip_of_a_pot_split_between_boards_goes_to_the_first_board():
    # Three antes of 1 and two all-ins of 99: a pot of 201, the button folded.
    odd = start_hand(TableConfig(1, 2, ante=1), [SeatInput(1, "a", 100), SeatInput(2, "b", 100),
                     SeatInput(3, "c", 100)], stacked_deck(["AsAd", "KcQc", "7h2s"]),
                     button=3, runouts=2)
    odd.apply(Action(3, ActionKind.FOLD))
    odd.apply(Action(1, A))
    odd.apply(Action(2, C))
    assert odd.result is not None
    amounts = [(p.board, p.amount) for p in odd.result.pots]
    total = sum(a for _, a in amounts)
    assert total == 201 and amounts[0] == (0, 101) and amounts[-1][1] == 100


def test_an_all_in_on_the_turn_runs_only_the_river_again():
    fresh = heads_up(["AsAd", "KcQc"], "2d3h4s5d9h", [])
    fresh.apply(Action(1, C))
    fresh.apply(Action(2, X))
    fresh.apply(Action(2, X))  # the flop checked through
    fresh.apply(Action(1, X))
    fresh.apply(Action(2, A))  # all-in on the turn
    fresh.apply(Action(1, C))
    assert fresh.result is not None and len(fresh.runs) == 1
    assert fresh.runs[0][:4] == fresh.board[:4] and fresh.runs[0][4] != fresh.board[4]


def test_a_hand_decided_on_the_river_is_not_run_again():
    state = heads_up(["AsAd", "KcQc"], "2d3h4s5d9h", [])
    state.apply(Action(1, C))
    state.apply(Action(2, X))
    for _ in range(2):
        state.apply(Action(2, X))
        state.apply(Action(1, X))
    state.apply(Action(2, A))
    state.apply(Action(1, C))
    assert state.result is not None and state.runs == [] and state.result.runs == ()
    assert all(p.board == 0 for p in state.result.pots)


def test_ten_players_of_omaha_leave_no_cards_for_a_second_board():
    seats = [SeatInput(k, f"p{k}", 50) for k in range(1, 11)]
    state = start_hand(TableConfig(1, 2, game=POT_LIMIT_OMAHA), seats,
                       stacked_deck([]), button=10, runouts=2)
    while not state.is_complete:
        legal = state.legal_actions()
        assert legal is not None
        kind = A if legal.all_in is not None else C if legal.call else X
        state.apply(Action(legal.seat, kind))
    assert state.result is not None and state.runs == []


def test_the_setting_is_checked_and_kept_through_json_and_replay():
    for bad in (0, 5, "2"):
        with pytest.raises(ValueError, match="run 1 to 4 times"):
            heads_up(["AsAd", "KcQc"], "2d3h4s5d9h", [], runouts=bad)  # type: ignore[arg-type]
    state = heads_up(["AsAd", "KcQc"], "2d3h4s5d9h", [])
    state.apply(Action(1, A))
    state.apply(Action(2, C))
    data = json.loads(json.dumps(state.to_dict()))
    assert data["runouts"] == 2 and len(data["runs"]) == 1
    assert HandState.from_dict(data) == state == replay_state(state)
    assert state.view(None)["runs"] == state.runs
    once = heads_up(["AsAd", "KcQc"], "2d3h4s5d9h", [], runouts=1)
    assert "runouts" not in once.to_dict() and "runs" not in once.view(None)


def test_phh_export_writes_a_board_run_twice_with_pokerkits_runout_count():
    state = heads_up(["AsAd", "KcQc"], "2d3h4s5d9h", [])
    state.apply(Action(1, A))
    state.apply(Action(2, C))
    text = export_phh(state)
    second_flop = "".join(state.runs[0][:3])
    assert "_runout_count = 2" in text and f"'d db {second_flop}'" in text
    once = heads_up(["AsAd", "KcQc"], "2d3h4s5d9h", [])
    once.apply(Action(1, ActionKind.FOLD))
    assert "_runout_count" not in export_phh(once)  # run twice but decided before any board


# ---------------------------------------------------------------------------- pokerkit


@pytest.mark.parametrize(("setups", "runouts", "count"), [
    (random_setup, 2, 300), (random_omaha_setup, 2, 150), (random_setup, 3, 100)])
def test_hands_run_more_than_once_end_with_pokerkits_stacks(setups, runouts, count):
    seen = Divergence()
    rerun = 0
    for k in range(count):
        state = play_and_compare(31_000 + k, seen, setups, runouts=runouts)
        rerun += bool(state.runs)
    assert rerun > count // 5  # enough hands were all-in before the river


def test_asked_players_all_agree_or_the_board_runs_once_as_pokerkit_counts_it():
    seen = Divergence()
    asked = declined = 0
    for k in range(300):
        state = play_and_compare(47_000 + k, seen, random_setup, runouts=2, ask_runouts=True)
        votes = [agree for _seat, agree in state.runout_votes]
        asked += bool(votes)
        declined += bool(votes) and not all(votes)
        assert bool(state.runs) == (bool(votes) and all(votes)), k
        assert state == replay_state(state)
    assert asked > 50 and declined > 10


def test_the_hand_waits_for_the_asked_players_and_refuses_anyone_else():
    state = heads_up(["AsAd", "KcQc"], "2d3h4s5d9h", [], runouts=2)
    state.setup = replace(state.setup, ask_runouts=True)  # as start_hand(..., ask_runouts=True)
    state.apply(Action(1, A))
    state.apply(Action(2, C))
    assert state.runout_voters == [1, 2] and not state.is_complete and state.actor is None
    assert state.view(2)["runout_voters"] == [1, 2]
    with pytest.raises(IllegalAction, match="choosing whether to run the board again"):
        state.apply(Action(1, ActionKind.CHECK))
    with pytest.raises(IllegalAction, match="Seat 3 is not being asked"):
        state.choose_runouts(3, True)
    with pytest.raises(IllegalAction, match="one who runs out of time declines"):
        state.timeout_action()
    events = state.choose_runouts(2, False)
    assert [(e.kind, e.seat, e.text) for e in events] == [(EventKind.RUNOUT_VOTE, 2, "decline")]
    with pytest.raises(IllegalAction, match="Seat 2 is not being asked"):
        state.choose_runouts(2, True)
    state.choose_runouts(1, True)
    assert state.is_complete and state.runs == []  # one "no": dealt once
    data = json.loads(json.dumps(state.to_dict()))
    assert data["runout_votes"] == [[2, False], [1, True]]
    assert HandState.from_dict(data) == state == replay_state(state)


# ---------------------------------------------------------------------------- properties


@properties.PROPERTY_SETTINGS
@given(properties.hands(), st.integers(2, 4), st.sampled_from([NO_LIMIT_HOLDEM, POT_LIMIT_OMAHA]))
def test_every_chip_is_paid_once_and_the_hand_replays_when_run_more_than_once(
    spec, runouts, variant
):
    config, seats, deck, button, choices = spec
    config = replace(config, game=variant)
    state = start_hand(config, seats, deck, button, runouts=runouts)
    for choice in [*choices, *[0] * 200]:
        legal = state.legal_actions()
        if legal is None:
            break
        state.apply(properties.choose(legal, choice))
    assert state.result is not None
    assert sum(state.result.finishing_stacks.values()) == sum(s.stack for s in seats)
    assert sum(p.amount for p in state.result.pots) == state.total_pot
    assert all(sum(p.shares) == p.amount for p in state.result.pots)
    assert len(state.runs) < runouts and {p.board for p in state.result.pots} <= set(
        range(1 + len(state.runs)))
    data = json.loads(json.dumps(state.to_dict()))
    assert HandState.from_dict(data) == state == replay_state(state)


def test_a_deck_rebuilt_from_the_cards_dealt_replays_a_hand_run_twice():
    """What masked replays do (games/history/masking.py): only the cards that were dealt,
    the second board's included, placed by deal_order.deck_that_deals(..., runs=)."""
    checked = 0
    for k in range(200):
        rng = random.Random(52_000 + k)
        setup = replace((random_omaha_setup if k % 2 else random_setup)(rng), runouts=2)
        state = play_random(setup.start(), rng)
        if not state.runs:
            continue
        deck = deck_that_deals([p.hole for p in state.players], state.board,
                               len(state.deck), runs=state.runs)
        seats = [SeatInput(p.seat, p.player_id, p.starting_stack,
                           Entry.POST_BB if p.posts_to_play else Entry.PLAYING)
                 for p in state.players]
        again = replay(state.config, seats, deck, state.actions, state.button, runouts=2)
        assert again.runs == state.runs and again.result == state.result, k
        checked += 1
    assert checked > 30

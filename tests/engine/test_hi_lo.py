"""Pot-limit Omaha hi/lo eight-or-better in the engine: every pot split between the best high
and the best qualifying low, ties quartered, the odd chip to the high half."""

import json

import pytest

from games.engine import (
    FIVE_CARD_OMAHA_HI_LO,
    POT_LIMIT_OMAHA_HI_LO,
    Action,
    ActionKind,
    EventKind,
    HandState,
    SeatInput,
    TableConfig,
    replay_state,
    start_hand,
)
from games.engine.setup import HandSetup
from tests.engine.helpers import stacked_deck

F, X, C, R, A = (ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.RAISE,
                 ActionKind.ALL_IN)


def deal(stacks: list[int], holes: list[str], board: str, *, button: int | None = None,
         ante: int = 0, game=POT_LIMIT_OMAHA_HI_LO, runouts: int = 1) -> HandState:  # type: ignore[no-untyped-def]
    """Seats 1..n; ``holes`` in position order (first left of the button first)."""
    seats = [SeatInput(i + 1, f"p{i + 1}", s) for i, s in enumerate(stacks)]
    deck = stacked_deck(holes, board.replace(" ", ""))
    return start_hand(TableConfig(1, 2, ante, game=game), seats, deck,
                      button if button is not None else len(stacks), HandSetup(runouts=runouts))


def check_down(state: HandState) -> None:
    while not state.is_complete:
        legal = state.legal_actions()
        assert legal is not None
        state.apply(Action(legal.seat, X if not legal.call else C))


def test_a_high_and_a_low_split_the_pot_and_the_odd_chip_goes_to_the_high_half():
    # Seat 1 (small blind) A-2 makes the low; seat 2 (big blind) has kings; ante 1 makes 7.
    state = deal([100, 100], ["As2d9c9h", "KsKhJcJd"], "3h 5c 8s Kd Qh", ante=1, button=2)
    # Heads-up the button (seat 2) is the small blind here; seat 1 is first left of it.
    check_down(state)
    assert state.result is not None
    high, low = state.result.pots
    assert (high.half, high.winners) == ("high", (2,))
    assert high.description == "Three of a kind, kings, queen-eight"
    assert (low.half, low.winners, low.description) == ("low", (1,), "8-5-3-2-A low")
    assert high.amount + low.amount == 6 and high.amount == 3 and low.amount == 3
    wins = [(e.seat, e.amount, e.half) for e in state.events if e.kind is EventKind.WIN]
    assert wins == [(2, 3, "high"), (1, 3, "low")]


def test_an_odd_pot_gives_the_high_half_the_odd_chip():
    # Button 3 folds its ante; the blinds see a showdown for 3 antes + 2 + 2 = 7 chips.
    state = deal([100, 100, 100], ["As2d9c9h", "KsKhJcJd", "7c7d6c6d"], "3h 5c 8s Kd Qh",
                 ante=1, button=3)
    state.apply(Action(3, F))
    check_down(state)
    assert state.result is not None
    assert [(p.half, p.amount, p.winners) for p in state.result.pots] == [
        ("high", 4, (2,)), ("low", 3, (1,))]


def test_no_qualifying_low_gives_the_high_the_whole_pot():
    state = deal([100, 100], ["As2d9c9h", "KsKhJcJd"], "3h 9s Ts Kd Qh", button=2)
    check_down(state)
    assert state.result is not None
    (pot,) = state.result.pots
    assert pot.half == "" and pot.winners == (2,) and pot.amount == 4
    assert all(not h.low for h in state.result.shown)


def test_a_player_with_the_best_high_and_low_scoops_both_halves():
    state = deal([100, 100], ["As2d3c3h", "KsKhJcJd"], "3s 4c 5s Kd 9h", button=2)
    check_down(state)
    assert state.result is not None
    assert [(p.half, p.winners) for p in state.result.pots] == [("high", (1,)), ("low", (1,))]
    assert state.result.finishing_stacks == {1: 102, 2: 98}


def test_two_equal_lows_quarter_the_pot_odd_chips_to_the_first_left_of_the_button():
    # Seats 1 and 3 both hold A-2 (the same low); seat 2 makes the high. 10 each: 30 in.
    state = deal([100, 100, 100], ["As2d9c9h", "KsKhJcJd", "Ac2hTcTd"], "3h 5c 8s Kd Qh",
                 button=3)
    state.apply(Action(3, R, 6))
    state.apply(Action(1, C))
    state.apply(Action(2, C))
    check_down(state)
    assert state.result is not None
    high, low = state.result.pots
    assert (high.amount, high.winners, high.shares) == (9, (2,), (9,))
    assert (low.amount, low.winners, low.shares) == (9, (1, 3), (5, 4))  # quartered
    assert low.description == "8-5-3-2-A low"
    assert state.result.finishing_stacks == {1: 99, 2: 103, 3: 98}


def test_a_side_pot_without_a_low_among_its_players_goes_whole_to_the_high():
    # Seat 1 (all-in for 20) holds the only low; seats 2 and 3 play a side pot for highs.
    state = deal([20, 100, 100], ["As2d9c9h", "KsKhJcJd", "QcQdTcTd"], "3h 5c 8s Kd 7h",
                 button=3)
    state.apply(Action(3, R, 7))
    state.apply(Action(1, A))
    state.apply(Action(2, R, 60))
    state.apply(Action(3, C))
    check_down(state)
    assert state.result is not None
    pots = [(p.covers, p.half, p.winners, p.amount) for p in state.result.pots]
    assert pots == [((0,), "high", (2,), 30), ((0,), "low", (1,), 30),
                    ((1,), "", (2,), 80)]
    assert sum(state.result.finishing_stacks.values()) == 220


def test_a_hand_that_can_win_only_the_low_shows_and_one_that_can_win_nothing_mucks():
    # The river is bet by seat 2 (kings): it shows first. Seat 3's low shows though its high
    # loses; seat 1 (no low, a worse high) mucks.
    state = deal([100, 100, 100], ["QcQdJsJh", "KsKhJcJd", "As2d9c9h"], "3h 5c 8s Kd Th",
                 button=3)
    state.apply(Action(3, C))
    state.apply(Action(1, C))
    state.apply(Action(2, X))
    for _ in range(2):  # flop and turn checked round
        for _seat in range(3):
            legal = state.legal_actions()
            assert legal is not None
            state.apply(Action(legal.seat, X))
    state.apply(Action(1, X))
    state.apply(Action(2, ActionKind.BET, 6))
    state.apply(Action(3, C))
    state.apply(Action(1, C))
    assert state.result is not None
    shows = [(e.seat, e.low) for e in state.events if e.kind is EventKind.SHOW]
    assert shows == [(2, ""), (3, "8-5-3-2-A low")]
    assert [e.seat for e in state.events if e.kind is EventKind.MUCK] == [1]
    assert [h.low for h in state.result.shown] == ["", "8-5-3-2-A low"]


def test_each_board_run_twice_splits_its_share_high_and_low():
    # The first board gives A-2 its low (8-5-3-2-A) and kings the high; the second is all
    # high cards: the kings take that board's share whole.
    state = deal([5, 5], ["As2d9c9h", "KsKhJcJd"], "3h 5c 8s Kd Qh", button=2, runouts=2)
    state.apply(Action(2, A))  # heads-up the button acts first preflop
    state.apply(Action(1, C))
    assert state.result is not None and len(state.result.runs) == 1
    run = state.result.runs[0]
    second_low = any(c[0] in "A2345678" for c in run)
    by_board: dict[int, int] = {}
    for p in state.result.pots:
        by_board[p.board] = by_board.get(p.board, 0) + p.amount
    assert by_board == {0: 5, 1: 5}
    first = [(p.half, p.amount, p.winners) for p in state.result.pots if p.board == 0]
    assert first == [("high", 3, (2,)), ("low", 2, (1,))]
    assert sum(state.result.finishing_stacks.values()) == 10
    assert second_low or [p.half for p in state.result.pots if p.board == 1] == [""]


def test_a_split_hand_round_trips_through_json_and_replays():
    state = deal([100, 100, 100], ["As2d9c9h", "KsKhJcJd", "Ac2hTcTd"], "3h 5c 8s Kd Qh",
                 button=3)
    check_down(state)
    data = json.loads(json.dumps(state.to_dict()))
    again = HandState.from_dict(data)
    assert again == state == replay_state(state)
    assert data["config"]["variant"] == "PO/8"
    assert [p.get("half") for p in data["result"]["pots"]] == ["high", "low"]


def test_five_card_hi_lo_deals_five_and_plays_exactly_two():
    state = deal([100, 100], ["As2d3cKcKh", "QsQhJcJdTc"], "4h 5c 8s 9d Jh", button=2,
                 game=FIVE_CARD_OMAHA_HI_LO)
    assert [len(p.hole) for p in state.players] == [5, 5]
    check_down(state)
    assert state.result is not None
    shown = {h.seat: h for h in state.result.shown}
    # A-2-3 in the hole and 4-5 on the board would be the wheel, but only two hole cards play.
    assert shown[1].low == "8-5-4-2-A low"


@pytest.mark.parametrize("players", [9])
def test_five_card_omaha_refuses_more_players_than_one_deck_deals(players: int):
    seats = [SeatInput(i + 1, f"p{i + 1}", 100) for i in range(players)]
    with pytest.raises(ValueError, match="deals at most 8 players, not 9"):
        start_hand(TableConfig(1, 2, game=FIVE_CARD_OMAHA_HI_LO), seats,
                   list(FIVE_CARD_OMAHA_HI_LO.deck), 1)

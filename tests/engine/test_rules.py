"""One test per rule of no-limit hold'em the engine follows (TDA/WSOP)."""

import pytest

from games.engine import (
    Action,
    ActionKind,
    EventKind,
    HandState,
    IllegalAction,
    SeatInput,
    Street,
    TableConfig,
    start_hand,
)
from tests.engine.helpers import stacked_deck

F, X, C, B, R, A = (
    ActionKind.FOLD,
    ActionKind.CHECK,
    ActionKind.CALL,
    ActionKind.BET,
    ActionKind.RAISE,
    ActionKind.ALL_IN,
)


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
    """Seats 1..n with ``stacks``; ``holes`` in position order (first left of the button)."""
    n = len(stacks)
    seats = [SeatInput(i + 1, f"p{i + 1}", stack) for i, stack in enumerate(stacks)]
    holes = holes or ["2c3d", "4h5s", "7c8d", "9hTs", "JcQd", "Kh2s", "3c4d", "5h6s", "7h8s"][:n]
    return start_hand(TableConfig(sb, bb, ante), seats, stacked_deck(holes, board), button)


def act(state: HandState, seat: int, kind: ActionKind, amount: int | None = None) -> list:
    return state.apply(Action(seat, kind, amount))


def kinds(state: HandState) -> set[ActionKind]:
    legal = state.legal_actions()
    assert legal is not None
    return set(legal.kinds)


def checks_down(state: HandState) -> None:
    while not state.is_complete:
        legal = state.legal_actions()
        assert legal is not None and ActionKind.CHECK in legal.kinds, legal
        act(state, legal.seat, X)


# ---------------------------------------------------------------------------- order


def test_heads_up_the_button_posts_the_small_blind_and_acts_first_preflop_last_after():
    state = deal([100, 100], button=1)
    posts = [(e.kind, e.seat, e.amount) for e in state.events if e.kind.value.startswith("post")]
    assert posts == [(EventKind.POST_SMALL_BLIND, 1, 1), (EventKind.POST_BIG_BLIND, 2, 2)]
    assert state.small_blind_seat == 1 and state.big_blind_seat == 2
    assert state.actor == 1
    act(state, 1, C)
    assert state.actor == 2 and kinds(state) == {F, X, R, A}  # the big blind's option
    act(state, 2, X)
    assert state.street is Street.FLOP and state.actor == 2
    act(state, 2, X)
    assert state.actor == 1


def test_three_handed_the_first_seat_after_the_big_blind_opens_preflop():
    state = deal([100, 100, 100], button=3)
    assert (state.small_blind_seat, state.big_blind_seat, state.actor) == (1, 2, 3)
    act(state, 3, C)
    act(state, 1, C)
    act(state, 2, X)
    assert state.street is Street.FLOP and state.actor == 1


def test_antes_then_blinds_and_a_short_player_posts_all_in():
    state = deal([100, 3, 1, 100], button=4, sb=2, bb=4, ante=2)
    posted = [(e.kind.value, e.seat, e.amount, e.all_in) for e in state.events[:6]]
    assert posted == [
        ("post_ante", 1, 2, False),
        ("post_ante", 2, 2, False),
        ("post_ante", 3, 1, True),
        ("post_ante", 4, 2, False),
        ("post_small_blind", 1, 2, False),
        ("post_big_blind", 2, 1, True),
    ]
    # Seat 3 is all-in on the ante and seat 2 for part of the big blind: the bet to call is
    # the largest blind actually posted.
    legal = state.legal_actions()
    assert legal is not None and legal.seat == 4 and legal.call == 2
    assert legal.raise_to is not None and legal.raise_to.min == 2 + 4


def test_the_round_ends_once_everyone_has_acted_and_matched():
    state = deal([100, 100, 100], button=3)
    act(state, 3, R, 6)
    act(state, 1, C)
    assert state.actor == 2
    act(state, 2, C)
    assert state.street is Street.FLOP
    assert [p.committed for p in state.players] == [6, 6, 6]


# ---------------------------------------------------------------------------- amounts


def test_the_minimum_bet_is_the_big_blind_and_a_raise_at_least_the_last_full_raise():
    state = deal([1000, 1000, 1000], button=3, sb=5, bb=10)
    legal = state.legal_actions()
    assert legal is not None and legal.raise_to is not None and legal.raise_to.min == 20
    act(state, 3, R, 35)  # a raise of 25
    legal = state.legal_actions()
    assert legal is not None and legal.raise_to is not None and legal.raise_to.min == 60
    with pytest.raises(IllegalAction, match="smallest raise is to 60"):
        act(state, 1, R, 59)
    act(state, 1, C)
    act(state, 2, C)
    legal = state.legal_actions()
    assert legal is not None and legal.bet is not None and legal.bet.min == 10
    assert legal.raise_to is None


def test_an_all_in_for_less_than_the_minimum_is_always_allowed():
    state = deal([1000, 1000, 30], button=3, sb=5, bb=10)
    act(state, 3, R, 30)  # all-in: a raise of 20, above the minimum of 20
    act(state, 1, C)
    act(state, 2, C)
    assert state.street is Street.FLOP
    state = deal([1000, 1000, 15], button=3, sb=5, bb=10)
    legal = state.legal_actions()
    assert legal is not None and legal.raise_to is not None
    assert (legal.raise_to.min, legal.raise_to.max, legal.all_in) == (15, 15, 15)
    events = act(state, 3, A)
    assert (events[0].kind, events[0].to, events[0].all_in) == (EventKind.RAISE, 15, True)


def test_folding_is_allowed_when_checking_is_free():
    state = deal([100, 100, 100], button=3)
    act(state, 3, C)
    act(state, 1, C)
    assert ActionKind.CHECK in kinds(state)
    act(state, 2, F)
    assert state.player(2).folded and state.street is Street.FLOP


# ---------------------------------------------------------------------------- reopening


def reopening_table() -> HandState:
    # Button 4; small blind seat 1 (150 chips), big blind seat 2, first to act seat 3.
    return deal([150, 1000, 1000, 1000], button=4, sb=5, bb=10)


def test_a_short_all_in_raise_does_not_reopen_the_betting_to_players_who_acted():
    state = reopening_table()
    act(state, 3, R, 100)  # a full raise of 90
    act(state, 4, C)
    act(state, 1, A)  # all-in to 150: 50 more, short of a full raise
    legal = state.legal_actions()
    assert legal is not None and legal.seat == 2  # has not acted: may re-raise
    assert legal.raise_to is not None and legal.raise_to.min == 150 + 90
    act(state, 2, C)
    assert state.actor == 3 and kinds(state) == {F, C}
    with pytest.raises(IllegalAction, match="not reopened"):
        act(state, 3, R, 400)
    with pytest.raises(IllegalAction, match="not reopened"):
        act(state, 3, A)
    act(state, 3, C)
    assert kinds(state) == {F, C}


def test_short_all_ins_that_add_up_to_a_full_raise_reopen_the_betting():
    state = deal([1000, 1000, 1000, 150, 200, 1000], button=6, sb=5, bb=10)
    act(state, 3, R, 100)  # full raise of 90
    act(state, 4, A)  # to 150: +50
    act(state, 5, A)  # to 200: +50 more; 100 in all since seat 3 acted
    act(state, 6, C)
    act(state, 1, F)
    act(state, 2, F)
    legal = state.legal_actions()
    assert legal is not None and legal.seat == 3
    assert legal.raise_to is not None and legal.raise_to.min == 200 + 90


def test_short_all_ins_that_add_up_to_less_than_a_full_raise_do_not_reopen():
    state = deal([1000, 1000, 1000, 130, 160, 1000], button=6, sb=5, bb=10)
    act(state, 3, R, 100)
    act(state, 4, A)  # +30
    act(state, 5, A)  # +30: 60 in all, short of 90
    act(state, 6, C)
    act(state, 1, F)
    act(state, 2, F)
    assert state.actor == 3 and kinds(state) == {F, C}


def test_nobody_may_raise_when_no_other_player_could_call_it():
    state = deal([1000, 50], button=1, sb=5, bb=10)
    act(state, 1, C)
    act(state, 2, A)  # all-in to 50
    legal = state.legal_actions()
    assert legal is not None and legal.seat == 1 and legal.kinds == {F, C}
    assert legal.all_in is None


def test_a_player_with_nothing_left_to_decide_checks_automatically():
    # The small blind is all-in on the blind, the button folds: the big blind can neither
    # face a bet nor be called, so the engine checks for them and runs the board out.
    state = deal([5, 1000, 1000], button=3, sb=5, bb=10)
    events = act(state, 3, F)
    auto = [e for e in events if e.auto]
    assert [(e.kind, e.seat) for e in auto] == [(EventKind.CHECK, 2)]
    assert state.is_complete and len(state.board) == 5


# ---------------------------------------------------------------------------- pots


def test_side_pots_with_three_levels_go_to_the_best_hand_in_each():
    # Seat 1 holds aces (50 chips), seat 2 kings (100), seat 3 queens (200), seat 4 jacks.
    state = deal(
        [50, 100, 200, 400],
        button=4,
        holes=["AcAd", "KcKd", "QcQd", "JcJd"],
        board="2h7s9d3h4s",
    )
    act(state, 3, A)
    act(state, 4, C)
    act(state, 1, A)
    act(state, 2, A)
    assert state.is_complete and state.result is not None
    pots = [(p.amount, p.eligible, p.winners) for p in state.result.pots]
    assert pots == [(200, (1, 2, 3, 4), (1,)), (150, (2, 3, 4), (2,)), (200, (3, 4), (3,))]
    assert state.result.finishing_stacks == {1: 200, 2: 150, 3: 200, 4: 200}


def test_the_odd_chip_goes_to_the_first_winner_left_of_the_button():
    # Button seat 2: seat 3 small blind, seat 4 big blind, seat 1 first to act. Seats 4 and 1
    # tie with ace-king; the pot of 11 splits 6 to seat 4 (first left of the button) and 5.
    state = deal(
        [100, 100, 100, 100],
        button=2,
        ante=1,
        holes=["2c3d", "AdKd", "AsKs", "QcJc"],
        board="AhKh7s5d2s",
    )
    act(state, 1, C)
    act(state, 2, C)
    act(state, 3, F)
    act(state, 4, X)
    checks_down(state)
    assert state.result is not None
    [pot] = state.result.pots
    assert (pot.amount, pot.winners, pot.shares) == (11, (4, 1), (6, 5))


def test_an_uncalled_bet_is_returned():
    state = deal([1000, 300], button=1, sb=5, bb=10)
    act(state, 1, C)
    act(state, 2, X)
    act(state, 2, X)
    act(state, 1, B, 1000 - 10)  # all-in
    events = act(state, 2, A)  # calls all-in for 290
    returned = [e for e in events if e.kind is EventKind.RETURN_UNCALLED]
    assert [(e.seat, e.amount) for e in returned] == [(1, 700)]
    assert state.result is not None and state.total_pot == 600
    assert sum(state.result.finishing_stacks.values()) == 1300


def test_a_bet_nobody_calls_comes_back_and_wins_the_blinds():
    state = deal([100, 100, 100], button=3)
    events = act(state, 3, R, 10)
    events += act(state, 1, F)
    events += act(state, 2, F)
    assert [(e.kind, e.seat, e.amount) for e in events[-2:]] == [
        (EventKind.RETURN_UNCALLED, 3, 8),
        (EventKind.WIN, 3, 5),
    ]
    assert state.result is not None and state.result.finishing_stacks == {1: 99, 2: 98, 3: 103}
    assert not state.result.showdown and state.result.shown == ()


# ---------------------------------------------------------------------------- showdown


def test_when_betting_is_over_with_one_player_able_to_bet_the_board_runs_out_face_up():
    state = deal([100, 500, 500], button=3, holes=["AcAd", "KcKd", "2h7s"], board="3s4s9cJdQh")
    act(state, 3, F)
    act(state, 1, A)
    events = act(state, 2, C)
    order = [(e.kind, e.seat) for e in events if e.kind in (EventKind.SHOW, EventKind.DEAL_BOARD)]
    assert order == [
        (EventKind.SHOW, 1),
        (EventKind.SHOW, 2),
        (EventKind.DEAL_BOARD, None),
        (EventKind.DEAL_BOARD, None),
        (EventKind.DEAL_BOARD, None),
    ]
    assert state.board == ["3s", "4s", "9c", "Jd", "Qh"]
    assert state.result is not None and state.result.finishing_stacks == {1: 200, 2: 400, 3: 500}


def river_showdown(last_bettor: bool) -> HandState:
    # Seat 1 (small blind) has two pair, seat 2 a pair of kings, seat 3 (button) trips.
    state = deal(
        [100, 100, 100],
        button=3,
        holes=["Ah7c", "Kc2d", "9s9d"],
        board="AsKh9c7d3s",
    )
    act(state, 3, C)
    act(state, 1, C)
    act(state, 2, X)
    while not state.is_complete:
        legal = state.legal_actions()
        assert legal is not None
        if state.street is Street.RIVER and last_bettor and legal.seat == 2:
            act(state, 2, B, 10)
            act(state, 3, C)
            act(state, 1, C)
            break
        act(state, legal.seat, X)
    return state


def test_the_last_aggressor_shows_first_and_a_beaten_hand_is_mucked():
    state = river_showdown(last_bettor=True)
    shows = [(e.kind, e.seat) for e in state.events if e.kind in (EventKind.SHOW, EventKind.MUCK)]
    # Seat 2 bet last and shows first; seat 3 has trips and shows; seat 1 cannot win: mucks.
    assert shows == [(EventKind.SHOW, 2), (EventKind.SHOW, 3), (EventKind.MUCK, 1)]
    assert state.result is not None and state.result.mucked == (1,)
    muck = next(e for e in state.events if e.kind is EventKind.MUCK)
    assert muck.cards == ()
    for viewer in (2, 3, None):
        seats = {p["seat"]: p for p in state.view(viewer)["players"]}
        assert seats[1]["cards"] is None
    assert state.view(1)["players"][0]["cards"] == ["Ah", "7c"]


def test_without_a_bet_on_the_last_round_the_first_player_left_of_the_button_shows_first():
    state = river_showdown(last_bettor=False)
    shows = [(e.kind, e.seat) for e in state.events if e.kind in (EventKind.SHOW, EventKind.MUCK)]
    assert shows == [(EventKind.SHOW, 1), (EventKind.MUCK, 2), (EventKind.SHOW, 3)]
    assert state.result is not None and [s.seat for s in state.result.shown] == [1, 3]
    assert state.result.pots[0].winners == (3,)


def test_a_shown_hand_carries_its_description_and_best_five():
    state = river_showdown(last_bettor=False)
    shown = next(e for e in state.events if e.kind is EventKind.SHOW and e.seat == 3)
    assert shown.cards == ("9s", "9d")
    assert shown.text == "Three of a kind, nines, ace-king"
    assert set(shown.best_five) == {"9s", "9d", "9c", "As", "Kh"}
    assert state.result is not None
    first = state.result.shown[0]
    assert (first.seat, first.description) == (1, "Two pair, aces and sevens with a king kicker")
    assert state.result.pots[0].description == "Three of a kind, nines, ace-king"


# ---------------------------------------------------------------------------- illegal


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Action(1, C), "It is not your turn: seat 3 is to act."),
        (Action(7, C), "Seat 7 is not in this hand."),
        (Action(3, X), "You cannot check: it is 2 to call."),
        (Action(3, B, 10), "There is already a bet: raise instead."),
        (Action(3, R), "A raise needs an amount: the total your bet becomes."),
        (Action(3, R, 3), "The smallest raise is to 4 (or all-in for 100)."),
        (Action(3, R, 101), "You have 100 chips in all: you cannot raise to 101."),
        (Action(3, C, 2), "A call takes no amount."),
    ],
)
def test_an_illegal_action_is_refused_with_a_sentence_and_changes_nothing(action, message):
    state = deal([100, 100, 100], button=3)
    before = state.to_dict()
    with pytest.raises(IllegalAction) as refused:
        state.apply(action)
    assert str(refused.value) == message
    assert state.to_dict() == before


def test_acting_after_the_hand_is_over_is_refused():
    state = deal([100, 100], button=1)
    act(state, 1, F)
    before = state.to_dict()
    with pytest.raises(IllegalAction, match="The hand is over."):
        act(state, 2, X)
    assert state.to_dict() == before


def test_the_timeout_action_checks_when_free_and_folds_otherwise():
    state = deal([100, 100, 100], button=3)
    assert state.timeout_action() == Action(3, F)
    act(state, 3, C)
    act(state, 1, C)
    assert state.timeout_action() == Action(2, X)


def test_a_new_player_posting_to_play_posts_a_live_big_blind():
    from games.engine import Entry

    seats = [
        SeatInput(1, "a", 100),
        SeatInput(2, "b", 100),
        SeatInput(3, "c", 100, Entry.POST_BB),
        SeatInput(4, "d", 100),
    ]
    deck = stacked_deck(["2c3d", "4h5s", "7c8d", "9hTs"])
    state = start_hand(TableConfig(1, 2), seats, deck, button=4)
    posts = [(e.kind, e.seat, e.amount) for e in state.events if e.kind.value.startswith("post")]
    assert posts[-1] == (EventKind.POST_TO_PLAY, 3, 2)
    assert state.actor == 3  # the poster still acts first after the big blind
    assert kinds(state) == {F, X, R, A}  # the post is live: checking is free


def test_an_imported_hand_shows_whom_the_site_says_showed():
    """``shows`` (imported histories): the player who cannot win shows when the site says so;
    live play (no ``shows``) still mucks them."""
    from games.engine import replay
    from games.engine.replay import replay_state

    live = river_showdown(last_bettor=True)
    seats = [SeatInput(p.seat, p.player_id, p.starting_stack) for p in live.players]
    shown = replay(live.config, seats, live.deck, live.actions, live.button, shows={1})
    kinds = [(e.kind, e.seat) for e in shown.events if e.kind in (EventKind.SHOW, EventKind.MUCK)]
    assert kinds == [(EventKind.SHOW, 2), (EventKind.SHOW, 3), (EventKind.SHOW, 1)]
    assert shown.result is not None and shown.result.mucked == ()
    assert shown.result.finishing_stacks == live.result.finishing_stacks
    assert shown.view(None)["players"][0]["cards"] == ["Ah", "7c"]
    again = HandState.from_dict(shown.to_dict())
    assert again == shown and again.shows == {1} and replay_state(again) == shown
    with pytest.raises(ValueError, match="Seat 1 cannot both show and muck"):
        replay(live.config, seats, live.deck, live.actions, live.button, shows={1}, mucks={1})
    with pytest.raises(ValueError, match="Seat 7 is not in this hand"):
        replay(live.config, seats, live.deck, live.actions, live.button, shows={7})

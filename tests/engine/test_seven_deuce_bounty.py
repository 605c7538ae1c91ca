"""The 7-2 bounty (games/engine/bounty.py): the winner of a pot who shows a seven and a deuce
collects the bounty from every other player dealt in, capped at what each has left.

pokerkit has no such rule, so every expected stack here is counted by hand in the comments;
the properties at the end check, over random hands, that chips are conserved and that a hand
without the bounty (or with nobody to collect it) ends exactly as it would have without it."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import (
    FULL_DECK,
    POT_LIMIT_OMAHA,
    Action,
    ActionKind,
    BountyPayment,
    EventKind,
    HandState,
    SeatInput,
    TableConfig,
    replay,
    start_hand,
)
from games.engine.cards import UNKNOWN, split_cards
from games.engine.deal_order import deck_that_deals, hole_positions
from games.engine.replay import replay_state
from tests.engine.helpers import stacked_deck
from tests.engine.test_properties import PROPERTY_SETTINGS, choose

CONFIG = TableConfig(1, 2)


def seats(*stacks: int) -> list[SeatInput]:
    return [SeatInput(n, f"p{n}", stack) for n, stack in enumerate(stacks, start=1)]


def check_down(state: HandState) -> HandState:
    """Call or check every decision to the showdown."""
    while state.actor is not None:
        legal = state.legal_actions()
        assert legal is not None
        kind = ActionKind.CALL if legal.call else ActionKind.CHECK
        state.apply(Action(state.actor, kind))
    return state


def payments(state: HandState) -> list[tuple[int, int, int]]:
    """(collector, payer, amount) of every bounty event, in order."""
    return [(e.seat, e.payer, e.amount) for e in state.events if e.kind is EventKind.BOUNTY]


def test_heads_up_the_seven_deuce_collects_from_the_other_player():
    # Button seat 2 (small blind) holds 7h 2c; the board 7d 7s 2h 3c 4d gives it sevens
    # full of deuces against kings up. Pot 4: seat 2 ends 100 - 2 + 4 = 102, plus the
    # bounty of 10 from seat 1 (100 - 2 - 10 = 88).
    deck = stacked_deck(["KsKd", "7h2c"], "7d7s2h3c4d")
    state = check_down(start_hand(CONFIG, seats(100, 100), deck, button=2, bounty=10))
    assert state.result is not None
    assert state.result.finishing_stacks == {1: 88, 2: 112}
    assert state.result.bounties == (BountyPayment(collector=2, payer=1, amount=10),)
    assert payments(state) == [(2, 1, 10)]
    bounty = [e for e in state.events if e.kind is EventKind.BOUNTY][0]
    assert bounty.seq > max(e.seq for e in state.events if e.kind is EventKind.WIN)


def test_multiway_a_player_who_folded_pays_too():
    # Button seat 3; order 1 (SB), 2 (BB), 3. Seat 3 (7-2) calls 2, seat 1 folds its small
    # blind, seat 2 checks, then both check down; 7-2 makes two pair, sevens and deuces.
    # Pot 2 + 2 + 1 = 5: seat 3 ends 100 - 2 + 5 = 103, +5 from seat 1, +5 from seat 2.
    deck = stacked_deck(["AsQd", "KhJd", "7c2d"], "7s2s9hTc4c")
    state = start_hand(CONFIG, seats(100, 100, 100), deck, button=3, bounty=5)
    state.apply(Action(3, ActionKind.CALL))
    state.apply(Action(1, ActionKind.FOLD))
    check_down(state)
    assert payments(state) == [(3, 1, 5), (3, 2, 5)]
    assert state.result.finishing_stacks == {1: 94, 2: 93, 3: 113}


def test_a_short_stack_pays_only_what_it_has_left():
    # Seat 1 (big blind heads-up) has 6 chips; seat 2 (button, 7-2) raises to 10 and seat 1
    # calls all-in for 6. Seat 2 wins the pot of 12 (its 4 extra returned) and seat 1 has
    # nothing left to pay: no payment. Then a 3-way hand where the loser keeps 3 chips.
    deck = stacked_deck(["KsKd", "7h2c"], "7d7s2h3c4d")
    state = start_hand(CONFIG, seats(6, 100), deck, button=2, bounty=10)
    state.apply(Action(2, ActionKind.RAISE, 10))
    state.apply(Action(1, ActionKind.CALL))
    assert state.is_complete
    assert payments(state) == []
    assert state.result.finishing_stacks == {1: 0, 2: 106}

    # Button 3; seat 1 (SB, 20 chips) folds after posting 1 and keeps 19; seat 2 (BB, 5
    # chips) checks down and loses its 2, keeping 3; seat 3 (7-2) wins 1 + 2 + 2 = 5.
    # Bounty 10: seat 1 pays 10 (19 -> 9), seat 2 pays its last 3; seat 3: 100 - 2 + 5 + 13.
    deck = stacked_deck(["AsQd", "KhJd", "7c2d"], "7s2s9hTc4c")
    state = start_hand(CONFIG, seats(20, 5, 100), deck, button=3, bounty=10)
    state.apply(Action(3, ActionKind.CALL))
    state.apply(Action(1, ActionKind.FOLD))
    check_down(state)
    assert payments(state) == [(3, 1, 10), (3, 2, 3)]
    assert state.result.finishing_stacks == {1: 9, 2: 0, 3: 116}


def test_a_losing_seven_deuce_collects_nothing():
    # 7-2 pairs its seven, the kings win the pot of 4: 102 / 98, nothing else moves.
    deck = stacked_deck(["KsKd", "7h2c"], "7dJs9h3c4d")
    state = check_down(start_hand(CONFIG, seats(100, 100), deck, button=2, bounty=10))
    assert payments(state) == []
    assert state.result.bounties == ()
    assert state.result.finishing_stacks == {1: 102, 2: 98}


def test_a_seven_deuce_that_splits_the_pot_collects_the_whole_bounty():
    # A broadway board plays for both: the pot of 4 splits 2 / 2, so both stay at 100, and
    # the 7-2 (seat 2) collects the whole bounty of 10 from seat 1.
    deck = stacked_deck(["KsKd", "7h2c"], "AcKcQhJdTs")
    state = check_down(start_hand(CONFIG, seats(100, 100), deck, button=2, bounty=10))
    assert [pot.shares for pot in state.result.pots] == [(2, 2)]
    assert payments(state) == [(2, 1, 10)]
    assert state.result.finishing_stacks == {1: 90, 2: 110}


def test_two_seven_deuce_winners_of_different_pots_each_collect():
    # Button 3; seat 1 (7h 2h, 20 chips) is all-in, seats 2 (7s 2s) and 3 (Kc Qd) have 100.
    # Seat 3 shoves, seat 1 calls all-in for 20, seat 2 calls. Board Kh 9h 4h 7c 2d: seat 1's
    # heart flush wins the main pot (3 x 20 = 60); seat 2's two pair beats seat 3's kings
    # for the side pot (2 x 80 = 160).
    # Pots paid: seat 1 60, seat 2 160, seat 3 0. Bounties of 5, collectors in position
    # order: seat 1 from seat 2 (5) and seat 3 (but seat 3 has 0 left: nothing);
    # seat 2 from seat 3 (nothing) and seat 1 (5). Stacks: seat 1 60 - 5 + 5 = 60,
    # seat 2 160 - 5 + 5 = 160, seat 3 0.
    deck = stacked_deck(["7h2h", "7s2s", "KcQd"], "Kh9h4h7c2d")
    state = start_hand(CONFIG, seats(20, 100, 100), deck, button=3, bounty=5)
    state.apply(Action(3, ActionKind.ALL_IN))
    state.apply(Action(1, ActionKind.CALL))  # all-in for 20
    state.apply(Action(2, ActionKind.CALL))
    assert state.is_complete
    assert [(pot.winners, pot.amount) for pot in state.result.pots] == [((1,), 60), ((2,), 160)]
    assert payments(state) == [(1, 2, 5), (2, 1, 5)]
    assert state.result.finishing_stacks == {1: 60, 2: 160, 3: 0}

    # With deep stacks the third player pays both: 7-2 seat 1 wins the main pot of 60,
    # seat 2 the side pot 2 x 20 = 40 (seat 3 bets 20 more on the flop, seat 2 calls, then
    # both check down). Seat 3 pays 5 to each; seats 1 and 2 pay each other 5.
    state = start_hand(CONFIG, seats(20, 100, 100), deck, button=3, bounty=5)
    state.apply(Action(3, ActionKind.RAISE, 20))
    state.apply(Action(1, ActionKind.CALL))
    state.apply(Action(2, ActionKind.CALL))
    state.apply(Action(2, ActionKind.BET, 20))
    state.apply(Action(3, ActionKind.CALL))
    check_down(state)
    assert [(pot.winners, pot.amount) for pot in state.result.pots] == [((1,), 60), ((2,), 40)]
    assert payments(state) == [(1, 2, 5), (1, 3, 5), (2, 3, 5), (2, 1, 5)]
    # seat 1: 60 + 10 - 5; seat 2: 100 - 40 + 40 + 10 - 5; seat 3: 100 - 40 - 10.
    assert state.result.finishing_stacks == {1: 65, 2: 105, 3: 50}


def test_with_the_bounty_off_nothing_moves():
    deck = stacked_deck(["KsKd", "7h2c"], "7d7s2h3c4d")
    state = check_down(start_hand(CONFIG, seats(100, 100), deck, button=2))
    assert payments(state) == [] and state.result.bounties == ()
    assert state.result.finishing_stacks == {1: 98, 2: 102}
    assert "bounty" not in state.to_dict()


def test_an_uncontested_seven_deuce_shows_to_claim_the_bounty():
    # Seat 2 (7-2, button) raises to 6, seat 1 folds its big blind: seat 2 wins 2 without a
    # showdown, turns its 7-2 up and collects 10 (the bluff the game rewards).
    deck = stacked_deck(["KsKd", "7h2c"], "7d7s2h3c4d")
    state = start_hand(CONFIG, seats(100, 100), deck, button=2, bounty=10)
    state.apply(Action(2, ActionKind.RAISE, 6))
    state.apply(Action(1, ActionKind.FOLD))
    assert payments(state) == [(2, 1, 10)] and state.result.finishing_stacks == {1: 88, 2: 112}
    assert [(e.kind, e.seat) for e in state.events if e.kind == EventKind.SHOW] == [
        (EventKind.SHOW, 2)
    ]
    # The folded kings are never shown; without the bounty the 7-2 is not shown either.
    assert state.players[0].shown is False
    off = start_hand(CONFIG, seats(100, 100), deck, button=2)
    off.apply(Action(2, ActionKind.RAISE, 6))
    off.apply(Action(1, ActionKind.FOLD))
    assert not any(e.kind == EventKind.SHOW for e in off.events)
    assert off.result.finishing_stacks == {1: 98, 2: 102}


def test_an_uncontested_winner_without_seven_deuce_shows_nothing():
    deck = stacked_deck(["7h2c", "KsKd"], "7d7s2h3c4d")
    state = start_hand(CONFIG, seats(100, 100), deck, button=2, bounty=10)
    state.apply(Action(2, ActionKind.RAISE, 6))
    state.apply(Action(1, ActionKind.FOLD))
    assert payments(state) == [] and state.result.finishing_stacks == {1: 98, 2: 102}
    assert not any(e.kind == EventKind.SHOW for e in state.events)


def test_a_hand_run_twice_pays_a_seven_deuce_that_wins_one_board():
    # All-in preflop, 100 each, run twice. Board 1 Kd 9s 4h 3c 5d: the kings win half the
    # pot of 200. Board 2 7d 7s 2h 3c 4d... shares no card: sevens full win the other 100.
    # 7-2 won a pot on one board: it collects 10 from seat 1 (100 -> 90).
    holes = [["Ks", "Kh"], ["7h", "2c"]]
    deck = deck_that_deals(holes, split_cards("Kd9s4h3c5d"), runs=[split_cards("7d7s2h8c6d")])
    spare = [c for c in FULL_DECK if c not in deck]
    deck = [spare.pop() if c == UNKNOWN else c for c in deck] + spare
    state = start_hand(CONFIG, seats(100, 100), deck, button=2, bounty=10, runouts=2)
    state.apply(Action(2, ActionKind.ALL_IN))
    state.apply(Action(1, ActionKind.CALL))
    assert state.is_complete and state.runs == [split_cards("7d7s2h8c6d")]
    assert [(pot.board, pot.winners, pot.amount) for pot in state.result.pots] == \
        [(0, (1,), 100), (1, (2,), 100)]
    assert payments(state) == [(2, 1, 10)]
    assert state.result.finishing_stacks == {1: 90, 2: 110}


def test_it_refuses_a_bounty_outside_hold_em_or_below_zero():
    omaha = TableConfig(1, 2, game=POT_LIMIT_OMAHA)
    with pytest.raises(ValueError, match="hold'em only"):
        start_hand(omaha, seats(100, 100), FULL_DECK, button=1, bounty=5)
    with pytest.raises(ValueError, match="whole number of chips, not -1"):
        start_hand(CONFIG, seats(100, 100), FULL_DECK, button=1, bounty=-1)


def test_the_bounty_is_kept_with_the_hand_and_replays():
    deck = stacked_deck(["KsKd", "7h2c"], "7d7s2h3c4d")
    state = check_down(start_hand(CONFIG, seats(100, 100), deck, button=2, bounty=10))
    assert HandState.from_dict(state.to_dict()) == state
    assert replay_state(state) == state
    assert replay_state(state).result.finishing_stacks == {1: 88, 2: 112}


# ------------------------------------------------------------------ properties


@st.composite
def bounty_hands(draw: st.DrawFn):  # type: ignore[no-untyped-def]
    """A random hold'em hand in which up to three players are dealt a seven and a deuce."""
    n = draw(st.integers(2, 7))
    bb = draw(st.sampled_from([2, 10]))
    stack = st.one_of(st.integers(1, 4 * bb), st.integers(4 * bb, 100 * bb))
    stacks = draw(st.lists(stack, min_size=n, max_size=n))
    button = draw(st.integers(1, n))
    deck = list(draw(st.permutations(FULL_DECK)))
    sevens = draw(st.lists(st.integers(0, n - 1), max_size=3, unique=True))
    holes = hole_positions(n, 2)
    for k, index in enumerate(sevens):  # swap a seven and a deuce into this player's hand
        for position, card in zip(holes[index], (f"7{'shd'[k]}", f"2{'shd'[k]}"), strict=True):
            other = deck.index(card)
            deck[position], deck[other] = deck[other], deck[position]
    bounty = draw(st.sampled_from([1, bb, 5 * bb]))
    choices = draw(st.lists(st.integers(0, 2**16), max_size=60))
    return TableConfig(bb // 2, bb), seats(*stacks), deck, button, bounty, choices


def play_choices(state: HandState, choices: list[int]) -> HandState:
    for choice in [*choices, *[0] * 200]:
        legal = state.legal_actions()
        if legal is None:
            break
        state.apply(choose(legal, choice))
    assert state.is_complete
    return state


@PROPERTY_SETTINGS
@given(bounty_hands())
def test_chips_are_conserved_and_the_bounty_changes_nothing_else(spec):
    config, players, deck, button, bounty, choices = spec
    on = play_choices(start_hand(config, players, deck, button, bounty=bounty), choices)
    off = replay(config, players, deck, on.actions, button)  # the same hand, no bounty
    # An uncontested 7-2 shows to claim the bounty: the plain hand, had that player shown.
    left = [p for p in off.players if not p.folded]
    if len(left) == 1 and sorted(card[0] for card in left[0].hole) == ["2", "7"]:
        off = replay(config, players, deck, on.actions, button, shows=[left[0].seat])
    assert on.result is not None and off.result is not None
    total = sum(s.stack for s in players)
    assert sum(on.result.finishing_stacks.values()) == total
    assert all(stack >= 0 for stack in on.result.finishing_stacks.values())
    # Everything but the payments is the hand without the bounty.
    assert on.result.pots == off.result.pots and on.result.shown == off.result.shown
    assert [e for e in on.events if e.kind is not EventKind.BOUNTY] == off.events
    # The collectors are the shown seven-deuces that won a pot, counted from the plain hand.
    won = {seat for pot in off.result.pots
           for seat, share in zip(pot.winners, pot.shares, strict=True) if share}
    sevens = {h.seat for h in off.result.shown
              if sorted(card[0] for card in h.cards) == ["2", "7"]}
    collectors = won & sevens
    assert {b.collector for b in on.result.bounties} <= collectors
    # Each payment is at most the bounty, and the stacks differ by exactly the payments.
    assert all(0 < b.amount <= bounty for b in on.result.bounties)
    moved = {seat: 0 for seat in off.result.finishing_stacks}
    for b in on.result.bounties:
        moved[b.collector] += b.amount
        moved[b.payer] -= b.amount
    assert {s: off.result.finishing_stacks[s] + moved[s] for s in moved} == \
        on.result.finishing_stacks
    # When nobody is short, each collector is paid the whole bounty by every other player.
    if all(off.result.finishing_stacks[s] >= bounty * len(collectors) for s in moved):
        for seat in moved:
            others = len(moved) - 1
            expected = (bounty * (others - (len(collectors) - 1)) if seat in collectors
                        else -bounty * len(collectors))
            assert moved[seat] == expected, (seat, collectors, on.result.bounties)
    # The bounty is kept with the hand: JSON and replay give the same state.
    assert HandState.from_dict(on.to_dict()) == on
    assert replay_state(on) == on


@PROPERTY_SETTINGS
@given(bounty_hands())
def test_a_hand_with_the_bounty_off_is_the_hand_without_it(spec):
    config, players, deck, button, _bounty, choices = spec
    plain = play_choices(start_hand(config, players, deck, button), choices)
    zero = replay(config, players, deck, plain.actions, button, bounty=0)
    assert zero.to_dict() == plain.to_dict()
    assert plain.result.bounties == () and "bounty" not in plain.to_dict()

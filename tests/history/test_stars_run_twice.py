"""Hands run twice read from PokerStars text: our own export of random engine hands run twice
(hold'em and pot-limit Omaha, all-in before the flop, on the flop and on the turn) and of
random double-board bomb pots reads back through the PokerStars import to the same hand,
both boards and what each board paid; the real hands run twice of the PokerStars, Omaha and
GGPoker corpora import to their own figures."""

import random
import re
from collections import Counter
from dataclasses import replace
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest

from games.engine import EventKind, Street
from games.history.imports.decoding import decode_text
from games.history.imports.reading import read_hands
from games.history.stars.writer import HandInfo, write_hand
from tests.engine.helpers import play_random, random_omaha_setup, random_setup
from tests.engine.test_double_boards import double_board

HANDS = 120


def exported(state, hero: int) -> str:
    info = HandInfo(number=5000 + hero, table="Twice", max_seats=10,
                    started_at=datetime(2026, 11, 27, 11, 0, tzinfo=UTC),
                    names={s: f"tw{s}" for s in state.seats}, hero_seat=hero)
    return write_hand(state, info)


def board_wins(state, seat_of=lambda seat: seat) -> Counter:
    """(board, seat) -> chips won there, from the hand's WIN events."""
    won: Counter = Counter()
    for e in state.events:
        if e.kind is EventKind.WIN:
            won[e.board, seat_of(e.seat)] += e.amount
    return won


def run_twice_hands(count: int):
    """``count`` random engine hands that were run twice, each with the street the board
    was run again from (hold'em and Omaha alternately)."""
    found, k = [], 0
    while len(found) < count:
        rng = random.Random(230_000 + k)
        setup = (random_omaha_setup if k % 2 else random_setup)(rng)
        k += 1
        state = play_random(replace(setup, runouts=2).start(), rng)
        if state.runs:
            found.append((state, rng.choice(state.seats)))
    return found


def shared_street(state) -> str:
    """Where the board was run again: "preflop", "flop" or "turn" (the cards shared)."""
    return {0: "preflop", 3: "flop", 4: "turn"}[
        sum(a == b for a, b in zip(state.board, state.runs[0], strict=True))
        if state.board[:3] == state.runs[0][:3] else 0]


def test_random_hands_run_twice_read_back_to_the_same_hands():
    kinds: Counter = Counter()
    for state, hero in run_twice_hands(HANDS):
        text = exported(state, hero)
        assert "*** SECOND SHOW DOWN ***" in text and "Hand was run twice" in text
        (back,) = read_hands(text)
        assert back.error is None, (back.error, text)
        replayed = back.replayed
        again = replayed.state
        table_seat = dict(enumerate(replayed.fields["seats"], start=1))
        assert replayed.fields["_runout_count"] == 2
        assert again.config.game is state.config.game
        assert {table_seat[p.seat]: p.starting_stack for p in again.players} == {
            p.seat: p.starting_stack for p in state.players}
        assert {table_seat[k]: v for k, v in enumerate(replayed.finishing_stacks, 1)} == (
            state.result.finishing_stacks), text
        assert (again.board, again.runs) == (state.board, state.runs), text
        assert [(p.board, p.amount, {table_seat[w] for w in p.winners}, p.shares)
                for p in again.result.pots] == [
            (p.board, p.amount, set(p.winners), p.shares) for p in state.result.pots], text
        assert board_wins(again, table_seat.get) == board_wins(state)
        assert {table_seat[h.seat]: sorted(h.cards) for h in again.result.shown} == {
            h.seat: sorted(h.cards) for h in state.result.shown}
        assert replayed.rake == {}
        kinds[state.config.game.code, shared_street(state)] += 1
    # Every kind is there: both games, run again from before the flop, the flop, the turn.
    assert {street for _, street in kinds} == {"preflop", "flop", "turn"}, kinds
    assert {game for game, _ in kinds} == {"NT", "PO"}, kinds
    assert sum(kinds.values()) == HANDS


def test_each_board_collected_is_checked_against_what_that_board_paid():
    state, hero = next((s, h) for s, h in run_twice_hands(40)
                       if len({w for p in s.result.pots for w in p.winners}) > 1
                       and all(len(p.winners) == 1 for p in s.result.pots))
    text = exported(state, hero)
    first, second = text.split("*** SECOND SHOW DOWN ***\n")
    # The two boards' winners swapped: each total may still add up, no board does.
    lines = second.split("*** SUMMARY ***")[0].splitlines()
    swapped = first + "*** SECOND SHOW DOWN ***\n" + "\n".join(lines) + "\n"
    won_first = [line for line in first.splitlines() if " collected " in line]
    won_second = [line for line in lines if " collected " in line]
    swapped = swapped.replace(won_first[0], "@@").replace(won_second[0], won_first[0]).replace(
        "@@", won_second[0]) + "*** SUMMARY ***" + second.split("*** SUMMARY ***")[1]
    (back,) = read_hands(swapped)
    assert back.error is not None and "board in the text; the replay pays" in back.error, (
        back.error, swapped)


def test_the_street_names_of_a_hand_run_twice_from_the_turn():
    state, hero = next((s, h) for s, h in run_twice_hands(HANDS) if shared_street(s) == "turn")
    text = exported(state, hero)
    assert "*** TURN ***" in text and "*** FIRST RIVER ***" in text
    assert "*** SECOND RIVER ***" in text and "*** SECOND TURN ***" not in text
    assert any(e.street is Street.RIVER and e.board == 1 for e in state.events)


DATA = Path(__file__).parent / "data"
# The real hands run twice of the corpora, with each board's collected lines, total pot and
# rake as their text writes them (by name, in the site's money).
REAL = [
    ("pokerstars/fpdb/cash/NLHE-6max-EUR-1.00-2.00-201212.RunItTwice.txt", "90721705235",
     [{"Hero": "111.59"}, {"Hero": "111.58"}], "225.32", "2.15"),
    ("pokerstars/fpdb-omaha/cash/PLO-6max-USD-200-400-201505.rit.leaves.table.txt",
     "134782498345", [{"Hero": "8385.36"}, {"Player0": "8385.36"}], "16772.72", "2"),
    ("ggpoker/cash/GG20250809-2355 - RushAndCash11072018 - 0.02 - 0.05 - 6max.txt",
     "RC3795930305", [{"1af7528e": "4.71"}, {"1af7528e": "4.71"}], "9.63", "0.14"),
]


def real_hand(path: str, number: str):
    hands = read_hands(decode_text((DATA / path).read_bytes()))
    (hand,) = [h for h in hands if h.label.endswith(f"#{number}")]
    return hand


@pytest.mark.parametrize(("path", "number", "boards", "pot", "rake"), REAL)
def test_real_hands_run_twice_replay_to_their_own_figures(path, number, boards, pot, rake):
    hand = real_hand(path, number)
    assert hand.error is None, hand.error
    replayed = hand.replayed
    state = replayed.state
    assert replayed.fields["_runout_count"] == 2 and len(state.runs) == 1
    money = replayed.amounts.money
    # What each board paid in the replay, less the rake the site kept from its winner, is
    # what the text collects on that board.
    by_name = {k + 1: name for k, name in enumerate(replayed.players)}
    paid = board_wins(state)
    kept = dict(replayed.rake)
    for board, collected in enumerate(boards):
        assert {by_name[s] for b, s in paid if b == board} == set(collected), board
        for name, amount in collected.items():
            seat = replayed.players.index(name) + 1
            due = paid[board, seat]
            taken = due - replayed.amounts.units(Decimal(amount), "collected")
            assert 0 <= taken <= kept.get(seat, 0), (board, name, due)
            kept[seat] = kept.get(seat, 0) - taken
    assert set(kept.values()) <= {0}  # every chip of the rake is one a board's winner left
    assert money(sum(p.committed for p in state.players)) == Decimal(pot)
    fees = sum(Decimal(v) for v in re.findall(r"\| (?:Jackpot|Bingo|Fortune|Tax) \$?([\d.]+)",
                                               hand.text))
    assert money(sum(replayed.rake.values())) == Decimal(rake) + fees


def test_a_real_hand_whose_second_board_is_collected_by_the_wrong_player_is_refused():
    hand = real_hand(*REAL[1][:2])
    text = hand.text.replace("Player0 collected $8385.36", "Hero collected $8385.36")
    text = text.replace("and won ($8385.36) with a pair of Aces", "and lost with a pair of Aces")
    text = text.replace("and lost with a pair of Kings", "and won ($8385.36) with a pair of Kings")
    (back,) = read_hands(text)
    assert back.error is not None
    assert "Hero collects $8,385.36 on the second board in the text; the replay pays $0" in (
        back.error), back.error


def double_board_hands(count: int):
    """``count`` random double-board bomb pots the engine played (hold'em and Omaha)."""
    hands = []
    for k in range(count):
        state, rng = double_board(61_000 + k)
        state = play_random(state, rng)
        hands.append((state, rng.choice(state.seats)))
    return hands


def test_random_double_board_bomb_pots_read_back_to_the_same_hands():
    games: Counter = Counter()
    showdowns = 0
    for state, hero in double_board_hands(HANDS):
        text = exported(state, hero)
        assert "Hand was dealt two boards" in text
        (back,) = read_hands(text)
        assert back.error is None, (back.error, text)
        replayed = back.replayed
        again = replayed.state
        table_seat = dict(enumerate(replayed.fields["seats"], start=1))
        assert replayed.fields["_starting_board_count"] == 2
        assert {table_seat[p.seat]: p.starting_stack for p in again.players} == {
            p.seat: p.starting_stack for p in state.players}
        assert {table_seat[k]: v for k, v in enumerate(replayed.finishing_stacks, 1)} == (
            state.result.finishing_stacks), text
        assert (again.board, again.runs) == (state.board, state.runs), text
        assert [(p.board, p.amount, {table_seat[w] for w in p.winners}, p.shares)
                for p in again.result.pots] == [
            (p.board, p.amount, set(p.winners), p.shares) for p in state.result.pots], text
        assert board_wins(again, table_seat.get) == board_wins(state)
        games[state.config.game.code] += 1
        showdowns += bool(state.runs and state.result.showdown)
    assert set(games) == {"NT", "PO"} and showdowns > 20, (games, showdowns)


def test_a_double_board_the_text_does_not_name_is_refused_with_the_reason():
    state, hero = next((s, h) for s, h in double_board_hands(20) if s.result.showdown)
    text = exported(state, hero).replace("Hand was dealt two boards\n", "")
    (back,) = read_hands(text)
    assert back.replayed is None
    assert "dealt street by street with the first (a double board), but the text does not say" \
        in back.error, back.error


def test_a_hand_run_twice_that_says_it_was_dealt_two_boards_is_refused():
    state, hero = run_twice_hands(1)[0]
    text = exported(state, hero).replace("Hand was run twice", "Hand was dealt two boards")
    (back,) = read_hands(text)
    assert back.replayed is None
    assert "runs the second after the first one's river" in back.error, back.error

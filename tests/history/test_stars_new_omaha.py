"""PokerStars text of Omaha hi/lo and five-card Omaha: the game named as PokerStars names it,
each half of a split pot collected on its own line, hands shown with "HI: ...; LO: ...",
"No low hand qualified" when none did; and the site reads its own texts back to the same
stacks (the reader checks every collected line against its own replay)."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime

import pytest

from games.engine import FIVE_CARD_OMAHA, FIVE_CARD_OMAHA_HI_LO, POT_LIMIT_OMAHA_HI_LO, HandState
from games.engine.games import Game
from games.history.imports.reading import read_hands
from games.history.stars.writer import HandInfo, write_hand
from tests.engine.helpers import play_random, random_game_setup
from tests.engine.test_hi_lo import check_down, deal

NAMES = {POT_LIMIT_OMAHA_HI_LO: "Omaha Hi/Lo Pot Limit", FIVE_CARD_OMAHA: "5 Card Omaha Pot Limit",
         FIVE_CARD_OMAHA_HI_LO: "5 Card Omaha Hi/Lo Pot Limit"}


def exported(state: HandState, number: int = 7) -> str:
    info = HandInfo(number=number, table="Split", max_seats=10,
                    started_at=datetime(2026, 12, 7, 19, 0, tzinfo=UTC),
                    names={s: f"pl{s}" for s in state.seats})
    return write_hand(state, info)


def test_a_quartered_pot_is_written_as_pokerstars_writes_one():
    state = deal([100, 100, 100], ["As2d9c9h", "KsKhJcJd", "Ac2hTcTd"], "3h 5c 8s Kd Qh",
                 button=3)
    check_down(state)
    text = exported(state)
    assert text.startswith("PokerStars Hand #7: Omaha Hi/Lo Pot Limit (1/2)")
    assert "pl1: shows [As 2d 9c 9h] (HI: pair of nines, king-queen-eight; LO: 8,5,3,2,A)" in text
    assert re.findall(r"^(\S+) collected (\d+) from pot$", text, re.M) == [
        ("pl2", "3"), ("pl1", "2"), ("pl3", "1")]  # high half 3; low half 3, quartered
    assert "No low hand qualified" not in text
    assert "Seat 2: pl2 (big blind) showed [Ks Kh Jc Jd] and won (3) with HI: three of a " \
           "kind, kings, queen-eight" in text


def test_a_pot_without_a_low_says_none_qualified():
    state = deal([100, 100], ["As2d9c9h", "KsKhJcJd"], "3h 9s Ts Kd Qh", button=2)
    check_down(state)
    text = exported(state)
    assert re.findall(r"^(\S+) collected (\d+) from pot$", text, re.M) == [("pl2", "4")]
    assert "No low hand qualified\n*** SUMMARY ***" in text


@pytest.mark.parametrize("game", list(NAMES), ids=lambda g: g.code)
def test_random_hands_read_back_to_the_same_stacks(game: Game):
    setups = random_game_setup(game)
    splits = 0
    for k in range(60):
        rng = random.Random(9_000 + k)
        state = play_random(setups(rng).start(), rng)
        assert state.result is not None
        text = exported(state, 100 + k)
        assert text.split(" (", 1)[0].endswith(NAMES[game])
        (hand,) = read_hands(text)
        assert hand.error is None, (k, hand.error, text)
        assert hand.replayed is not None and hand.replayed.state.config.game is game
        ours = [state.result.finishing_stacks[p.seat] for p in state.players]
        assert list(hand.replayed.finishing_stacks) == ours, k
        splits += any(p.half for p in state.result.pots)
    assert splits > 5 or not game.high_low

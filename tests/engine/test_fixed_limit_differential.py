"""Differential test for fixed-limit hold'em: random hands played by the engine and by
pokerkit's ``FixedLimitTexasHoldem`` (test-only oracle) end with identical stacks.

As in test_omaha_differential.py: 2 to 9 players, antes on and off, new players' posts and
seat-by-seat antes, random legal actions. Stacks are shorter (1 to 40 big blinds for most
players), since a fixed-limit hand rarely puts a deep stack all-in, so all-ins, side pots
and split pots come up. At every decision the two must agree on who acts, the call and the
one raise size (the small bet preflop and on the flop, the big bet on the turn and river);
when the cap (a bet and three raises) is reached neither offers a raise. ENGINE_DIFF_HANDS
(default 2,000) and ENGINE_DIFF_SEED move the slow run; the quick tests play 100.
"""

import os
import random

import pytest

from games.engine import FIXED_LIMIT_HOLDEM, EventKind, HandState, TableConfig
from tests.engine.helpers import (
    Divergence,
    Setup,
    play_and_compare,
    random_ante_setup,
    random_setup,
)

HANDS = int(os.environ.get("ENGINE_DIFF_HANDS", "2000"))
SEED = int(os.environ.get("ENGINE_DIFF_SEED", "20261121"))


def fixed_limit(setup: Setup, rng: random.Random) -> Setup:
    """The same hand at fixed-limit hold'em, most stacks shortened to 1-40 big blinds."""
    c = setup.config
    config = TableConfig(c.small_blind, c.big_blind, c.ante, max_seats=c.max_seats,
                         game=FIXED_LIMIT_HOLDEM)
    seats = tuple(
        s if rng.random() < 0.3 else type(s)(s.seat, s.player_id,
                                             rng.randint(1, 40 * c.big_blind), s.entry)
        for s in setup.seats
    )
    return Setup(config, seats, setup.deck, setup.button, setup.antes)


def random_fixed_limit_setup(rng: random.Random) -> Setup:
    return fixed_limit(random_setup(rng), rng)


def fixed_limit_ante_setup(rng: random.Random) -> Setup:
    return fixed_limit(random_ante_setup(rng), rng)


class Seen:
    """How many hands had the spots worth comparing."""

    def __init__(self) -> None:
        self.hands = self.side_pots = self.all_ins = self.splits = self.capped = 0

    def add(self, state: HandState) -> None:
        assert state.result is not None
        self.hands += 1
        self.side_pots += len(state.result.pots) > 1
        self.all_ins += any(e.all_in for e in state.events)
        self.splits += any(len(p.winners) > 1 for p in state.result.pots)
        raises: dict[str, int] = {}
        for e in state.events:
            if e.kind in (EventKind.BET, EventKind.RAISE):
                raises[e.street] = raises.get(e.street, 0) + 1
        self.capped += any(count >= 4 for count in raises.values())


def test_a_hundred_fixed_limit_hands_agree_with_pokerkit():
    seen, hands = Divergence(), Seen()
    for k in range(100):
        hands.add(play_and_compare(SEED + 30_000_000 + k, seen, random_fixed_limit_setup))
    assert seen.decisions > 300 and hands.all_ins > 10 and hands.capped > 0


def test_fixed_limit_hands_with_antes_seat_by_seat_agree_with_pokerkit():
    seen = Divergence()
    for k in range(40):
        play_and_compare(SEED + 40_000_000 + k, seen, fixed_limit_ante_setup)
    assert seen.decisions > 100


@pytest.mark.slow
def test_random_fixed_limit_hands_end_with_the_same_stacks_as_pokerkit():
    seen, hands = Divergence(), Seen()
    for k in range(HANDS):
        setups = fixed_limit_ante_setup if k % 5 == 4 else random_fixed_limit_setup
        hands.add(play_and_compare(SEED + 50_000_000 + k, seen, setups))
    print(
        f"\n{HANDS} fixed-limit hold'em hands ({hands.side_pots} with side pots, "
        f"{hands.all_ins} with all-ins, {hands.splits} with split pots, {hands.capped} "
        f"capped), {seen.decisions} decisions; raise rule differs (short all-in): engine "
        f"allows/pokerkit refuses {seen.we_allow_they_refuse}, pokerkit allows/engine "
        f"refuses {seen.they_allow_we_refuse}"
    )
    assert seen.we_allow_they_refuse + seen.they_allow_we_refuse < seen.decisions // 50
    assert min(hands.side_pots, hands.all_ins, hands.splits, hands.capped) > HANDS // 100

"""Differential test for pot-limit Omaha: random hands played by the engine and by pokerkit's
``PotLimitOmahaHoldem`` (test-only oracle) end with identical stacks.

As in test_pokerkit_differential.py: 2 to 9 players, short and deep stacks, antes on and
off, new players' posts and seat-by-seat antes, random legal actions with all-ins (only
when the stack fits under the pot limit) and pot-sized raises, so side pots and split pots
come up. At every decision the two must agree on who acts, the call and the raise range:
the pot-limit maximum is checked there. ENGINE_DIFF_HANDS (default 2,000) and
ENGINE_DIFF_SEED move the slow run (pokerkit's Omaha showdowns take about 0.1 s a hand, so
2,000 hands take minutes); the quick tests play 70.
"""

import os
import random

import pytest

from games.engine import HandState
from tests.engine.helpers import (
    Divergence,
    play_and_compare,
    random_ante_setup,
    random_omaha_setup,
    random_setup,
)

# The hold'em differential's settings (CONTRIBUTING.md): the same count, the same seeds.
HANDS = int(os.environ.get("ENGINE_DIFF_HANDS", "2000"))
SEED = int(os.environ.get("ENGINE_DIFF_SEED", "20261121"))


class Seen:
    """How many hands had side pots, all-ins and split pots (the spots worth comparing)."""

    def __init__(self) -> None:
        self.hands = self.side_pots = self.all_ins = self.splits = 0

    def add(self, state: HandState) -> None:
        assert state.result is not None
        self.hands += 1
        self.side_pots += len(state.result.pots) > 1
        self.all_ins += any(e.all_in for e in state.events)
        self.splits += any(len(p.winners) > 1 for p in state.result.pots)


def omaha_ante_setup(rng: random.Random):  # type: ignore[no-untyped-def]
    """Seat-by-seat antes (a big-blind ante and the like), at pot-limit Omaha."""
    from games.engine import POT_LIMIT_OMAHA, TableConfig
    from tests.engine.helpers import Setup

    setup = random_ante_setup(rng)
    c = setup.config
    config = TableConfig(c.small_blind, c.big_blind, c.ante, max_seats=c.max_seats,
                         game=POT_LIMIT_OMAHA)
    return Setup(config, setup.seats, setup.deck, setup.button, setup.antes)


def test_a_few_omaha_hands_agree_with_pokerkit():
    seen, hands = Divergence(), Seen()
    for k in range(30):
        hands.add(play_and_compare(SEED + 10_000_000 + k, seen, random_omaha_setup))
    assert seen.decisions > 75 and hands.all_ins > 5


def test_omaha_hands_with_antes_seat_by_seat_agree_with_pokerkit():
    seen = Divergence()
    for k in range(40):
        play_and_compare(SEED + 20_000_000 + k, seen, omaha_ante_setup)
    assert seen.decisions > 100


@pytest.mark.slow
def test_random_omaha_hands_end_with_the_same_stacks_as_pokerkit():
    seen, hands = Divergence(), Seen()
    for k in range(HANDS):
        hands.add(play_and_compare(SEED + k, seen, random_omaha_setup))
    print(
        f"\n{HANDS} pot-limit Omaha hands ({hands.side_pots} with side pots, {hands.all_ins} "
        f"with all-ins, {hands.splits} with split pots), {seen.decisions} decisions; raise "
        f"rule differs (short all-in): engine allows/pokerkit refuses "
        f"{seen.we_allow_they_refuse}, pokerkit allows/engine refuses {seen.they_allow_we_refuse}"
    )
    assert seen.we_allow_they_refuse + seen.they_allow_we_refuse < seen.decisions // 50
    assert min(hands.side_pots, hands.all_ins, hands.splits) > HANDS // 100


def test_the_omaha_setups_are_not_hold_em():
    from games.engine import NO_LIMIT_HOLDEM, POT_LIMIT_OMAHA

    rng = random.Random(SEED)
    assert random_omaha_setup(rng).config.game is POT_LIMIT_OMAHA
    assert random_setup(rng).config.game is NO_LIMIT_HOLDEM

"""Differential test for short-deck hold'em: random hands played by the engine and by
pokerkit's ``NoLimitShortDeckHoldem`` (test-only oracle) end with identical stacks.

As it is played (Triton, pokerkit's own example): 2 to 7 players, antes from everyone (one
hand in five antes seat by seat), the button's blind and no other, a 36-card deck; short
stacks all-in on the antes and the blind, random legal actions, so side pots and split
pots come up. At every decision both agree on who acts, the call and the raise range.
ENGINE_DIFF_HANDS (default 2,000) and ENGINE_DIFF_SEED move the slow run; the quick test
plays 150.
"""

import os

import pytest

from games.engine import EventKind, HandState
from tests.engine.helpers import Divergence, play_and_compare, random_short_deck_setup

HANDS = int(os.environ.get("ENGINE_DIFF_HANDS", "2000"))
SEED = int(os.environ.get("ENGINE_DIFF_SEED", "20261121"))


class Seen:
    """How many hands had the spots worth comparing."""

    def __init__(self) -> None:
        self.hands = self.side_pots = self.all_ins = self.splits = self.heads_up = 0
        self.flush_over_boat = 0

    def add(self, state: HandState) -> None:
        assert state.result is not None
        self.hands += 1
        self.side_pots += len(state.result.pots) > 1
        self.all_ins += any(e.all_in for e in state.events)
        self.splits += any(len(p.winners) > 1 for p in state.result.pots)
        self.heads_up += state.heads_up
        words = [shown.description or "" for shown in state.result.shown]
        self.flush_over_boat += any(w.startswith("Flush") for w in words) and any(
            w.startswith("Full house") for w in words)


def _button_blinds_first(state: HandState) -> None:
    posts = [e for e in state.events if e.kind is EventKind.POST_BIG_BLIND]
    assert [e.seat for e in posts] in ([state.button], [])  # the button alone (or all-in on antes)


def test_a_hundred_and_fifty_short_deck_hands_agree_with_pokerkit():
    seen, hands = Divergence(), Seen()
    for k in range(150):
        state = play_and_compare(SEED + 60_000_000 + k, seen, random_short_deck_setup)
        _button_blinds_first(state)
        hands.add(state)
    assert seen.decisions > 400 and hands.all_ins > 20 and hands.side_pots > 5
    assert hands.heads_up > 5


@pytest.mark.slow
def test_random_short_deck_hands_end_with_the_same_stacks_as_pokerkit():
    seen, hands = Divergence(), Seen()
    for k in range(HANDS):
        hands.add(play_and_compare(SEED + 70_000_000 + k, seen, random_short_deck_setup))
    print(
        f"\n{HANDS} short-deck hands ({hands.side_pots} with side pots, {hands.all_ins} with "
        f"all-ins, {hands.splits} with split pots, {hands.heads_up} heads-up, "
        f"{hands.flush_over_boat} showing a flush and a full house), {seen.decisions} "
        f"decisions; raise rule differs (short all-in): engine allows/pokerkit refuses "
        f"{seen.we_allow_they_refuse}, pokerkit allows/engine refuses "
        f"{seen.they_allow_we_refuse}"
    )
    assert seen.we_allow_they_refuse + seen.they_allow_we_refuse < seen.decisions // 50
    assert min(hands.side_pots, hands.all_ins, hands.splits) > HANDS // 100

"""Differential test: random hands played by the engine and by pokerkit (test-only oracle)
must end with identical stacks.

Hands have 2 to 9 players, short and deep stacks, antes on and off, sometimes a new player's
post, and random legal actions including all-ins. At every decision the two must agree on
who acts, the call amount and the raise range. The one known difference is the short
all-in rule: the engine follows TDA (a player who acted may raise again only when facing a
full raise since their own bet), pokerkit tracks it differently in a few spots (e.g. an
all-in opening bet below the big blind). There the test picks an action both allow and
counts the spot.

CI plays ENGINE_DIFF_HANDS hands (default 2,000); set it higher (10,000+) for a long run and
ENGINE_DIFF_SEED to move to other hands.
"""

import os

import pytest

from tests.engine.helpers import Divergence, play_and_compare, random_ante_setup, random_setup

HANDS = int(os.environ.get("ENGINE_DIFF_HANDS", "2000"))
SEED = int(os.environ.get("ENGINE_DIFF_SEED", "20261121"))


def test_a_few_hands_agree_with_pokerkit():
    seen = Divergence()
    for k in range(50):
        play_and_compare(SEED + 10_000_000 + k, seen, random_setup)
    assert seen.decisions > 100


def test_hands_with_antes_seat_by_seat_agree_with_pokerkit():
    """Big-blind antes, button antes, antes that differ by seat (imported hands): dead money
    in the main pot, as pokerkit plays them without ante trimming; short stacks all-in on
    the ante or the blind included."""
    seen = Divergence()
    for k in range(400):
        play_and_compare(SEED + 20_000_000 + k, seen, random_ante_setup)
    assert seen.decisions > 1000


@pytest.mark.slow
def test_random_hands_end_with_the_same_stacks_as_pokerkit():
    seen = Divergence()
    for k in range(HANDS):
        play_and_compare(SEED + k, seen, random_setup)
    print(
        f"\n{HANDS} hands, {seen.decisions} decisions; raise rule differs (short all-in): "
        f"engine allows/pokerkit refuses {seen.we_allow_they_refuse}, "
        f"pokerkit allows/engine refuses {seen.they_allow_we_refuse}"
    )
    # Nearly every decision agrees; the short all-in spots are rare.
    assert seen.we_allow_they_refuse + seen.they_allow_we_refuse < seen.decisions // 50

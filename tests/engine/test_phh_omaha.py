"""PHH for pot-limit Omaha ('PO'): a real hand, our exports read by pokerkit, and pokerkit's
exports of hands it played read by us, all ending with the same stacks."""

import random
import tomllib
import warnings
from decimal import Decimal
from pathlib import Path

import pytest

from games.engine import POT_LIMIT_OMAHA, EventKind, export_phh, replay_phh
from tests.engine.helpers import Divergence, play_both, play_random, random_omaha_setup
from tests.engine.test_phh import pokerkit_final_stacks
from tests.engine.test_phh_real import pokerkit_money_stacks

DATA = Path(__file__).parent / "data"


def test_the_antonius_blom_hand_replays_to_pokerkits_stacks():
    text = (DATA / "antonius-blom-2009.phh").read_text()
    replayed = replay_phh(text)
    assert replayed.state.config.game is POT_LIMIT_OMAHA
    assert replayed.players == ("Patrik Antonius", "Victor Blom")
    money = [replayed.amounts.money(x) for x in replayed.finishing_stacks]
    assert money == pokerkit_money_stacks(text) == [Decimal("1937923.75"), Decimal("0")]
    assert replayed.state.result is not None
    shown = {h.seat: h.description for h in replayed.state.result.shown}
    # Blom's 6-7-8-9 with the board's 5 and 9 is no straight: only two hole cards play.
    assert shown == {1: "Straight, five high",
                     2: "Two pair, nines and fives with an eight kicker"}


def test_an_exported_omaha_hand_names_the_game_and_deals_four_cards():
    setup = random_omaha_setup(random.Random(4))
    state = play_random(setup.start(), random.Random(5))
    data = tomllib.loads(export_phh(state))
    assert data["variant"] == "PO"
    dealt = [a for a in data["actions"] if a.startswith("d dh")]
    assert len(dealt) == len(state.players)
    assert all(len(a.split()[3]) == 8 for a in dealt)


def test_pokerkit_reads_our_omaha_exports_and_agrees_on_the_finishing_stacks():
    showdowns = 0
    for k in range(150):
        rng = random.Random(2300 + k)
        state = play_random(random_omaha_setup(rng).start(), rng)
        assert state.result is not None
        ours = [state.result.finishing_stacks[p.seat] for p in state.players]
        text = export_phh(state)
        assert pokerkit_final_stacks(text) == ours, k
        again = replay_phh(text)
        assert list(again.finishing_stacks) == ours and again.state.board == state.board, k
        showdowns += state.result.showdown
    assert showdowns > 30


def pokerkit_histories(count: int, seed: int):  # type: ignore[no-untyped-def]
    """PHH texts pokerkit writes for ``count`` random PLO hands it played (with the engine
    as the other player of each decision), and its finishing stacks."""
    from pokerkit import HandHistory, PotLimitOmahaHoldem

    seen = Divergence()
    for k in range(count):
        rng = random.Random(seed + k)
        setup = random_omaha_setup(rng)
        _state, pk = play_both(setup, rng, seen)
        c = setup.config
        game = PotLimitOmahaHoldem((), True, c.ante, (c.small_blind, c.big_blind), c.big_blind)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            history = HandHistory.from_game_state(
                game, pk, ante_trimming_status=True, finishing_stacks=list(pk.stacks))
        yield history.dumps(), list(pk.stacks)


def test_we_read_pokerkits_omaha_exports_and_agree():
    count = 0
    for text, stacks in pokerkit_histories(60, seed=4600):
        assert "variant = 'PO'" in text or 'variant = "PO"' in text
        assert list(replay_phh(text).finishing_stacks) == stacks
        count += 1
    assert count == 60


@pytest.mark.slow
def test_a_thousand_omaha_hands_pokerkit_played_replay_to_its_stacks():
    """The issue's 1,000 pokerkit-played pot-limit Omaha hands, which the engine refused."""
    for k, (text, stacks) in enumerate(pokerkit_histories(1000, seed=7700)):
        assert list(replay_phh(text).finishing_stacks) == stacks, k


def test_unknown_omaha_hole_cards_are_eight_question_marks():
    text = """variant = 'PO'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ['d dh p1 ????????', 'd dh p2 ????????', 'p2 cbr 6', 'p1 f']
"""
    replayed = replay_phh(text)
    assert replayed.finishing_stacks == (98, 102)
    assert [e.kind for e in replayed.state.events][-1] is EventKind.WIN
    with pytest.raises(ValueError, match="pot limit lets you raise to 6 at most"):
        replay_phh(text.replace("p2 cbr 6", "p2 cbr 7"))
    with pytest.raises(ValueError, match="must be dealt 4 hole cards once"):
        replay_phh(text.replace("p1 ????????", "p1 ????"))

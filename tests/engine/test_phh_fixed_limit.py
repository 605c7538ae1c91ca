"""PHH both ways for fixed-limit hold'em ('FT'): our exports name the game and its bets
(``small_bet``, ``big_bet``), pokerkit replays them to our stacks, and we replay the files
pokerkit writes of hands it played to its stacks."""

import random
import tomllib
import warnings

import pytest

from games.engine import PHHError, export_phh, replay_phh
from tests.engine.helpers import Divergence, play_both, play_random
from tests.engine.test_fixed_limit_differential import random_fixed_limit_setup
from tests.engine.test_phh import pokerkit_final_stacks


def test_an_exported_fixed_limit_hand_names_the_game_and_its_bets():
    rng = random.Random(3)
    state = play_random(random_fixed_limit_setup(rng).start(), rng)
    data = tomllib.loads(export_phh(state))
    bb = state.config.big_blind
    assert data["variant"] == "FT" and "min_bet" not in data
    assert (data["small_bet"], data["big_bet"]) == (bb, 2 * bb)


def test_pokerkit_reads_our_fixed_limit_exports_and_agrees_on_the_finishing_stacks():
    showdowns = 0
    for k in range(150):
        rng = random.Random(5100 + k)
        state = play_random(random_fixed_limit_setup(rng).start(), rng)
        assert state.result is not None
        ours = [state.result.finishing_stacks[p.seat] for p in state.players]
        text = export_phh(state)
        assert pokerkit_final_stacks(text) == ours, k
        again = replay_phh(text)
        assert list(again.finishing_stacks) == ours and again.state.board == state.board, k
        showdowns += state.result.showdown
    assert showdowns > 30


def pokerkit_histories(count: int, seed: int):  # type: ignore[no-untyped-def]
    """PHH texts pokerkit writes for ``count`` random fixed-limit hands it played (with the
    engine as the other player of each decision), and its finishing stacks."""
    from pokerkit import FixedLimitTexasHoldem, HandHistory

    seen = Divergence()
    for k in range(count):
        rng = random.Random(seed + k)
        setup = random_fixed_limit_setup(rng)
        _state, pk = play_both(setup, rng, seen)
        c = setup.config
        game = FixedLimitTexasHoldem((), True, c.ante, (c.small_blind, c.big_blind),
                                     c.big_blind, 2 * c.big_blind)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            history = HandHistory.from_game_state(
                game, pk, ante_trimming_status=True, finishing_stacks=list(pk.stacks))
        yield history.dumps(), list(pk.stacks)


def test_we_read_pokerkits_fixed_limit_exports_and_agree():
    count = 0
    for text, stacks in pokerkit_histories(80, seed=6100):
        assert "variant = 'FT'" in text
        assert list(replay_phh(text).finishing_stacks) == stacks
        count += 1
    assert count == 80


def test_a_fixed_limit_file_with_other_bet_sizes_is_refused_by_name():
    text = """variant = 'FT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 6
starting_stacks = [100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'p2 f']
"""
    with pytest.raises(PHHError, match="plays a big bet of 2/1 small bets"):
        replay_phh(text)
    with pytest.raises(PHHError, match="'small_bet' is missing"):
        replay_phh(text.replace("small_bet = 2\n", ""))

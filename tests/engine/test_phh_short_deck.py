"""PHH both ways for short-deck hold'em ('NS'): our exports name the game and the button's
blind, pokerkit replays them to our stacks, and ``manage.py phh replay`` replays the files
pokerkit writes of hands it played (``NoLimitShortDeckHoldem``) to its stacks."""

import json
import random
import tomllib
import warnings

import pytest
from django.core.management import call_command

from games.engine import PHHError, export_phh, replay_phh
from games.engine.games import Ranking
from tests.engine.helpers import Divergence, play_both, play_random, random_short_deck_setup
from tests.engine.test_phh import pokerkit_final_stacks


def test_an_exported_short_deck_hand_names_the_game_and_the_button_blind():
    for k in range(20):
        rng = random.Random(900 + k)
        state = play_random(random_short_deck_setup(rng).start(), rng)
        data = tomllib.loads(export_phh(state))
        blinds = data["blinds_or_straddles"]
        assert data["variant"] == "NS" and data["min_bet"] == state.config.big_blind
        # Position order, button last; heads-up the blinds apply in reverse, as PHH says.
        button = 0 if state.heads_up else len(blinds) - 1
        assert [i for i, b in enumerate(blinds) if b] == [button], blinds
        assert "_ranking" not in data


def test_pokerkit_reads_our_short_deck_exports_and_agrees_on_the_finishing_stacks():
    showdowns = 0
    for k in range(150):
        rng = random.Random(5300 + k)
        state = play_random(random_short_deck_setup(rng).start(), rng)
        assert state.result is not None
        ours = [state.result.finishing_stacks[p.seat] for p in state.players]
        text = export_phh(state)
        assert pokerkit_final_stacks(text) == ours, k
        again = replay_phh(text)
        assert list(again.finishing_stacks) == ours and again.state.board == state.board, k
        showdowns += state.result.showdown
    assert showdowns > 30


def test_the_trips_over_straight_order_goes_out_and_comes_back_in_a_user_field():
    rng = random.Random(11)
    setup = random_short_deck_setup(rng)
    config = setup.config
    trips = config.game.ranked(Ranking.SHORT_DECK_TRIPS)
    state = play_random(type(setup)(type(config)(config.small_blind, config.big_blind,
                                                 config.ante, game=trips), setup.seats,
                                    setup.deck, setup.button, setup.antes).start(), rng)
    text = export_phh(state)
    assert "_ranking = 'short-deck-trips'" in text
    assert replay_phh(text).state.config.game.ranking is Ranking.SHORT_DECK_TRIPS
    with pytest.raises(PHHError, match="Unsupported ranking 'high'"):
        replay_phh(text.replace("'short-deck-trips'", "'high'"))


def pokerkit_histories(count: int, seed: int):  # type: ignore[no-untyped-def]
    """PHH texts pokerkit writes for ``count`` random short-deck hands it played (with the
    engine as the other player of each decision), and its finishing stacks."""
    from pokerkit import HandHistory, NoLimitShortDeckHoldem

    seen = Divergence()
    for k in range(count):
        rng = random.Random(seed + k)
        setup = random_short_deck_setup(rng)
        state, pk = play_both(setup, rng, seen)
        c = setup.config
        antes = c.ante
        if state.antes is not None:
            antes = [state.antes.get(p.seat, 0) for p in state.players]
            if state.heads_up:
                antes.reverse()
        assert state.blinds is not None
        blinds = [state.blinds.get(p.seat, 0) for p in state.players]
        if state.heads_up:
            blinds.reverse()
        game = NoLimitShortDeckHoldem((), state.antes is None, antes, blinds, c.big_blind)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            history = HandHistory.from_game_state(
                game, pk, ante_trimming_status=state.antes is None,
                finishing_stacks=list(pk.stacks))
        yield history.dumps(), list(pk.stacks)


def replayed_by_the_command(tmp_path, capsys, count: int, seed: int) -> int:
    """Write pokerkit's files, replay them all with ``manage.py phh replay``, compare."""
    expected = {}
    for k, (text, stacks) in enumerate(pokerkit_histories(count, seed)):
        assert "variant = 'NS'" in text
        path = tmp_path / f"hand{k}.phh"
        path.write_text(text)
        expected[str(path)] = stacks
    call_command("phh", "replay", *expected)
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["file"] for line in lines] == list(expected)
    for line in lines:
        assert line.get("finishing_stacks") == expected[line["file"]], line
    return len(lines)


def test_pokerkits_short_deck_files_replay_to_its_stacks_with_the_command(tmp_path, capsys):
    assert replayed_by_the_command(tmp_path, capsys, 60, seed=8100) == 60


@pytest.mark.slow
def test_a_thousand_short_deck_hands_pokerkit_played_replay_to_its_stacks(tmp_path, capsys):
    assert replayed_by_the_command(tmp_path, capsys, 1000, seed=8800) == 1000

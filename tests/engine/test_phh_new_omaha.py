"""PHH both ways for five-card Omaha ('PO5') and Omaha hi/lo ('PO/8', 'PO5/8'), the site's
codes (PHH has none for them; games.py says so).

pokerkit reads a PHH file by its variant code from ``HandHistory.game_types``; told our
codes name its ``PotLimitOmahaHoldem`` declared with five hole cards or with the
eight-or-better low as a second hand type (tests/engine/helpers.py), it replays our exports
to its own stacks. Our reader (``replay_phh``, ``manage.py phh replay``) replays them to ours.
"""

from __future__ import annotations

import json
import random
import tomllib
from collections.abc import Iterator

import pytest
from django.core.management import call_command
from pokerkit import HandHistory

from games.engine import (
    FIVE_CARD_OMAHA,
    FIVE_CARD_OMAHA_HI_LO,
    POT_LIMIT_OMAHA_HI_LO,
    HandState,
    export_phh,
    replay_phh,
)
from games.engine.games import Game
from tests.engine.helpers import play_random, pokerkit_omaha_games, random_game_setup
from tests.engine.test_hi_lo_differential import HANDS, pokerkit_halves_a_pot_without_a_low
from tests.engine.test_phh import pokerkit_final_stacks

GAMES = [FIVE_CARD_OMAHA, POT_LIMIT_OMAHA_HI_LO, FIVE_CARD_OMAHA_HI_LO]


@pytest.fixture
def pokerkit_knows_our_codes(monkeypatch: pytest.MonkeyPatch) -> None:
    games = pokerkit_omaha_games()
    monkeypatch.setattr(HandHistory, "game_types", {**HandHistory.game_types, **games})
    fields = HandHistory.required_field_names
    monkeypatch.setattr(HandHistory, "required_field_names",
                        {**fields, **{code: fields["PO"] for code in games}})


def hands(game: Game, count: int, seed: int) -> Iterator[HandState]:
    setups = random_game_setup(game)
    for k in range(count):
        rng = random.Random(seed + k)
        yield play_random(setups(rng).start(), rng)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.code)
def test_an_export_names_the_site_s_code_and_deals_the_game_s_hole_cards(game: Game) -> None:
    state = next(hands(game, 1, 11))
    data = tomllib.loads(export_phh(state))
    assert data["variant"] == game.code and "min_bet" in data
    deals = [a for a in data["actions"] if a.startswith("d dh")]
    assert {len(a.split()[-1]) for a in deals} == {2 * game.hole_cards}


def replay_both(game: Game, count: int, seed: int) -> tuple[int, int]:
    """Each hand exported, then replayed by us and by pokerkit: our stacks every time,
    pokerkit's unless it halves a pot without a low (see test_hi_lo_differential.py)."""
    compared = apart = 0
    for k, state in enumerate(hands(game, count, seed)):
        assert state.result is not None
        ours = [state.result.finishing_stacks[p.seat] for p in state.players]
        text = export_phh(state)
        assert list(replay_phh(text).finishing_stacks) == ours, (game.code, seed + k)
        if pokerkit_halves_a_pot_without_a_low(state):
            apart += 1
            continue
        assert pokerkit_final_stacks(text) == ours, (game.code, seed + k)
        compared += 1
    return compared, apart


@pytest.mark.usefixtures("pokerkit_knows_our_codes")
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.code)
def test_pokerkit_replays_our_exports_to_our_stacks(game: Game) -> None:
    compared, apart = replay_both(game, 60, 7_000)
    assert compared >= 50 and (apart == 0 or game.high_low)


@pytest.mark.slow
@pytest.mark.usefixtures("pokerkit_knows_our_codes")
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.code)
def test_a_thousand_and_more_exports_replay_to_pokerkit_s_stacks(game: Game) -> None:
    count = max(HANDS, 1_000)
    compared, apart = replay_both(game, count, 8_000)
    print(f"\n{game.code}: {compared} of {count} exports replayed by pokerkit to our stacks; "
          f"{apart} with a pot without a low that pokerkit halves")
    assert compared >= count - count // 10 and (apart == 0 or game.high_low)


def test_the_phh_replay_command_replays_each_new_game(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    expected = {}
    for game in GAMES:
        state = next(hands(game, 1, 21))
        assert state.result is not None
        path = tmp_path / f"{game.code.replace('/', '-')}.phh"
        path.write_text(export_phh(state))
        expected[str(path)] = [state.result.finishing_stacks[p.seat] for p in state.players]
    call_command("phh", "replay", *expected)
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert {line["file"]: line["finishing_stacks"] for line in lines} == expected

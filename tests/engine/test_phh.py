"""PHH hand histories: export, import, agreement with pokerkit both ways, and the command."""

import json
import random
import subprocess
import sys
import tomllib
import warnings
from pathlib import Path

import pytest
from django.core.management import call_command

from games.engine import (
    Action,
    ActionKind,
    Entry,
    EventKind,
    PHHError,
    SeatInput,
    TableConfig,
    export_phh,
    replay,
    replay_phh,
)
from tests.engine.helpers import Divergence, play_both, play_random, random_setup, stacked_deck

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).resolve().parents[2]


def pokerkit_final_stacks(text: str) -> list[int]:
    from pokerkit import HandHistory

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        states = list(HandHistory.loads(text))
    final = states[-1]
    assert not final.status, "pokerkit could not finish the hand"
    return list(final.stacks)


def finished_hands(count: int, seed: int):
    for k in range(count):
        rng = random.Random(seed + k)
        setup = random_setup(rng)
        yield setup, play_random(setup.start(), rng)


def test_an_exported_hand_has_the_phh_fields_in_position_order():
    seats = [SeatInput(2, "ann", 100), SeatInput(5, "bob", 80), SeatInput(9, "cy", 120)]
    deck = stacked_deck(["AsKd", "7c7d", "QhJh"], "2c3c4c5d9s")
    state = replay(
        TableConfig(1, 2, ante=1, max_seats=9),
        seats,
        deck,
        [Action(2, ActionKind.RAISE, 6), Action(5, ActionKind.CALL), Action(9, ActionKind.FOLD)]
        + [Action(5, ActionKind.CHECK), Action(2, ActionKind.BET, 10), Action(5, ActionKind.FOLD)],
        button=2,
    )
    data = tomllib.loads(export_phh(state, hand=7))
    assert data["variant"] == "NT" and data["ante_trimming_status"] is True
    assert data["antes"] == [1, 1, 1] and data["blinds_or_straddles"] == [1, 2, 0]
    assert data["min_bet"] == 2 and data["starting_stacks"] == [80, 120, 100]
    assert data["players"] == ["bob", "cy", "ann"] and data["seats"] == [5, 9, 2]
    assert data["actions"] == [
        "d dh p1 AsKd",
        "d dh p2 7c7d",
        "d dh p3 QhJh",
        "p3 cbr 6",
        "p1 cc",
        "p2 f",
        "d db 2c3c4c",
        "p1 cc",
        "p3 cbr 10",
        "p1 f",
    ]
    assert data["finishing_stacks"] == [73, 117, 110] and data["hand"] == 7


def test_heads_up_exports_list_the_big_blind_first_and_the_blinds_in_reverse():
    state = replay(
        TableConfig(5, 10),
        [SeatInput(1, "a", 300), SeatInput(2, "b", 300)],
        stacked_deck(["AsKd", "7c7d"]),
        [Action(1, ActionKind.FOLD)],
        button=1,
    )
    data = tomllib.loads(export_phh(state))
    assert data["players"] == ["b", "a"] and data["blinds_or_straddles"] == [5, 10]
    assert data["finishing_stacks"] == [305, 295]


def test_an_exported_hand_replays_to_the_same_hand():
    for _setup, state in finished_hands(150, seed=700):
        again = replay_phh(export_phh(state)).state
        assert again.result is not None and state.result is not None
        assert [again.result.finishing_stacks[k + 1] for k in range(len(state.players))] == [
            state.result.finishing_stacks[p.seat] for p in state.players
        ]
        assert again.board == state.board
        kinds = [(e.kind, e.amount, e.to) for e in state.events if e.kind != EventKind.DEAL_HOLE]
        assert [(e.kind, e.amount, e.to) for e in again.events if e.kind != EventKind.DEAL_HOLE] \
            == kinds


def test_pokerkit_reads_our_exports_and_agrees_on_the_finishing_stacks():
    count = 0
    for _setup, state in finished_hands(300, seed=900):
        assert state.result is not None
        ours = [state.result.finishing_stacks[p.seat] for p in state.players]
        assert pokerkit_final_stacks(export_phh(state)) == ours
        count += 1
    assert count == 300


def test_posts_to_play_export_as_negative_blinds_that_pokerkit_understands():
    seats = [SeatInput(s, f"p{s}", 200, Entry.POST_BB if s == 4 else Entry.PLAYING)
             for s in range(1, 6)]
    rng = random.Random(5)
    from games.engine import start_hand

    state = play_random(start_hand(TableConfig(1, 2), seats, stacked_deck(
        ["AsKd", "7c7d", "QhJh", "2s3s", "9d9h"]), button=1), rng)
    text = export_phh(state)
    assert tomllib.loads(text)["blinds_or_straddles"] == [1, 2, -2, 0, 0]  # seat 4: index 2
    assert state.result is not None
    assert pokerkit_final_stacks(text) == [
        state.result.finishing_stacks[p.seat] for p in state.players
    ]
    assert replay_phh(text).state.players[2].posts_to_play


def test_we_read_pokerkits_exports_and_agree():
    from pokerkit import HandHistory, NoLimitTexasHoldem

    seen = Divergence()
    for k in range(200):
        rng = random.Random(1300 + k)
        setup = random_setup(rng)
        _state, pk = play_both(setup, rng, seen)
        config = setup.config
        game = NoLimitTexasHoldem(
            (), True, config.ante, (config.small_blind, config.big_blind), config.big_blind
        )
        history = HandHistory.from_game_state(
            game, pk, ante_trimming_status=True, finishing_stacks=list(pk.stacks)
        )
        replayed = replay_phh(history.dumps())
        assert list(replayed.finishing_stacks) == list(pk.stacks), k


def test_the_dwan_ivey_hand_with_unknown_hole_cards_replays():
    replayed = replay_phh((DATA / "dwan-ivey-2009.phh").read_text())
    assert replayed.finishing_stacks == (572100, 1997500, 1109500)
    assert replayed.players == ("Phil Ivey", "Patrik Antonius", "Tom Dwan")


def test_a_player_whose_cards_stay_unknown_at_showdown_gave_them_up():
    text = (DATA / "dwan-ivey-2009.phh").read_text().replace('"d dh p3 7h6h"', '"d dh p3 ????"')
    text = text.replace('"p3 sm 7h6h"', '"p3 sm ????"')
    replayed = replay_phh(text)
    assert replayed.settled and replayed.state.result is not None
    assert replayed.state.result.mucked == (3,)
    assert replayed.finishing_stacks == (1681600, 1997500, 0)
    assert pokerkit_final_stacks(text) == list(replayed.finishing_stacks)


def test_a_showdown_where_no_cards_are_known_is_replayed_up_to_it_and_says_so():
    text = (DATA / "dwan-ivey-2009.phh").read_text()
    for cards in ("Ac2d", "7h6h"):
        text = text.replace(f'"{cards}"', '"????"').replace(f" {cards}\"", " ????\"")
    replayed = replay_phh(text)
    assert not replayed.settled and replayed.finishing_stacks == ()
    assert replayed.unsettled == (
        "Nobody's cards in the main pot are known, so nobody can be given it."
    )
    assert replayed.state.board == ["Jc", "3d", "5c", "4h", "Jh"]
    assert replayed.state.result is None and replayed.state.actor is None


def test_a_board_that_is_not_recorded_leaves_the_hand_unsettled():
    text = (DATA / "dwan-ivey-2009.phh").read_text().replace('"d db Jh",', "")
    assert replay_phh(text).unsettled == "The showdown needs the whole board, and it is not known."


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("variant = \"NT\"", "variant = \"FO/8\""), "Unsupported variant 'FO/8'"),
        (("antes = [500, 500, 500]", "antes = [0, -500, 0]"), "'antes' .p2. must not be neg"),
        (("starting_stacks = [1125600,", "starting_stacks = [inf,"),
         "'starting_stacks' .p1. is inf"),
        (("\"p1 cbr 35000\"", "\"p1 cbr 1000\""), "smallest bet is to 2000"),
        (("\"p3 cbr 7000\"", "\"p2 cbr 7000\""), "hand is over|out of turn|p3"),
        (("\"d db 4h\"", "\"d db Ac\""), "Ac appears twice"),
        (("year = 2009", "finishing_stacks = [1, 2, 3]"), "differ from the replay"),
        (("variant", "variant = = "), "Not valid TOML"),
        (("\"d db Jh\"", "\"d db\""), "Malformed action 'd db'"),
        (("\"p3 cbr 7000\"", "\"p3\""), "Malformed action 'p3'"),
    ],
)
def test_bad_files_are_refused_with_a_reason(change, message):
    text = (DATA / "dwan-ivey-2009.phh").read_text().replace(*change)
    with pytest.raises(PHHError, match=message):
        replay_phh(text)


def test_the_phh_replay_command_prints_one_json_line_per_file(tmp_path, capsys):
    good = tmp_path / "good.phh"
    good.write_text((DATA / "dwan-ivey-2009.phh").read_text())
    call_command("phh", "replay", str(good))
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines == [{"file": str(good), "finishing_stacks": [572100, 1997500, 1109500]}]


def test_the_phh_replay_command_reports_failures_and_exits_with_status_1(tmp_path):
    good = tmp_path / "good.phh"
    good.write_text((DATA / "dwan-ivey-2009.phh").read_text())
    bad = tmp_path / "bad.phh"
    bad.write_text("variant = 'FO/8'\n")
    missing = tmp_path / "missing.phh"
    done = subprocess.run(
        [sys.executable, "manage.py", "phh", "replay", str(good), str(bad), str(missing)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [line["file"] for line in lines] == [str(good), str(bad), str(missing)]
    assert lines[0]["finishing_stacks"] == [572100, 1997500, 1109500]
    assert "Unsupported variant 'FO/8'" in lines[1]["error"]
    assert "Cannot read the file" in lines[2]["error"]


def test_a_missing_check_is_supplied_as_pokerkit_does():
    state = replay(
        TableConfig(1, 2),
        [SeatInput(1, "a", 100), SeatInput(2, "b", 100), SeatInput(3, "c", 100)],
        stacked_deck(["AsKd", "7c7d", "QhJh"], "2c3c4c5d9s"),
        [Action(3, ActionKind.CALL), Action(1, ActionKind.CALL), Action(2, ActionKind.CHECK)]
        + [Action(1, ActionKind.CHECK), Action(2, ActionKind.BET, 4), Action(3, ActionKind.FOLD)]
        + [Action(1, ActionKind.FOLD)],
        button=3,
    )
    text = export_phh(state)
    assert "'p1 cc', 'p2 cbr 4'" in text
    shortened = text.replace("'p1 cc', 'p2 cbr 4'", "'p2 cbr 4'")
    assert replay_phh(shortened).finishing_stacks == (98, 104, 98)
    assert pokerkit_final_stacks(shortened) == [98, 104, 98]


def test_several_hands_in_one_file_are_refused():
    one = (DATA / "dwan-ivey-2009.phh").read_text()
    with pytest.raises(PHHError, match="several hands"):
        replay_phh("[1]\n" + one.split("actions")[0])

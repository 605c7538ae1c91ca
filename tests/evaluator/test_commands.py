"""The evaluate, deal and equity commands: output, the deal loop, and bad input (status 2)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from evaluator import evaluate, parse_cards

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: io.StringIO | None = None) -> str:
    out = io.StringIO()
    options = {"stdin": stdin} if stdin is not None else {}
    call_command(*args, stdout=out, **options)
    return out.getvalue()


def test_evaluate_prints_category_description_and_best_five():
    out = run("evaluate", "As Ks Qs Js Ts 2c 3d")
    assert "category:  Royal flush" in out
    assert "hand:      Royal flush" in out
    assert "best five: As Ks Qs Js Ts" in out


def test_evaluate_with_several_hands_and_a_board_names_the_winner():
    out = run("evaluate", "AhAd", "KcKs", "--board", "2c 7d 9h Jc Qs")
    assert "Hand 1: Ah Ad" in out and "Hand 2: Kc Ks" in out
    assert "hand:      Pair of kings" in out
    assert out.strip().endswith("Winner: hand 1 (Pair of aces, queen-jack-nine)")


def test_evaluate_reports_a_split_pot():
    out = run("evaluate", "AhKd", "AcKc", "7s2d", "--board", "Qh Js Tc 3d 3c")
    assert out.strip().endswith("Split pot: hands 1 and 2 (Straight, ace high)")


def test_equity_prints_win_tie_and_equity():
    out = run("equity", "AhAs", "KdKc")
    assert "1,712,304 boards (exact)" in out
    assert "AhAs       81.06%    0.38%   81.26%" in out
    assert "KdKc       18.55%    0.38%   18.74%" in out


def test_equity_monte_carlo_is_reproducible():
    args = ("equity", "AhAs", "KdKc", "--board", "2c 7d 9h", "--samples", "5000", "--seed", "3")
    first = run(*args)
    assert "5,000 boards (Monte Carlo)" in first and run(*args) == first


def test_deal_deals_seven_cards_and_their_best_five_until_quit():
    out = run("deal", stdin=io.StringIO("\n\nquit\n"))
    dealt = [line for line in out.splitlines() if line.startswith("Dealt:")]
    best = [line for line in out.splitlines() if "Best five:" in line]
    assert len(dealt) == 3 and len(best) == 3
    for deal_line, best_line in zip(dealt, best, strict=True):
        seven = parse_cards(deal_line.removeprefix("Dealt:"))
        assert len(seven) == 7
        five_text = best_line.split("Best five:")[1].split("(")[0]
        value = evaluate(seven)
        assert parse_cards(five_text) == list(value.best_five)
        assert best_line.endswith(f"({value.describe()})")


def test_deal_leaves_at_end_of_input():
    out = run("deal", stdin=io.StringIO(""))
    assert out.count("Dealt:") == 1


def test_deal_shuffles_differently_each_time():
    out = run("deal", stdin=io.StringIO("\n" * 9))
    hands = {line for line in out.splitlines() if line.startswith("Dealt:")}
    assert len(hands) == 10


def test_deal_explains_an_unknown_answer_without_dealing():
    out = run("deal", stdin=io.StringIO("again?\nquit\n"))
    assert out.count("Dealt:") == 1 and "Just Enter deals again" in out


BAD = [
    (["evaluate", "As Ax Qs Js Ts"], "bad card 'Ax'"),
    (["evaluate", "As Ks Qs Js As"], "duplicate card As"),
    (["evaluate", "As Ks"], "5, 6 or 7 cards, got 2"),
    (["evaluate", "AhAd", "KcKs", "--board", "2c 7d 9h Jc Ah"], "duplicate card Ah"),
    (["equity", "AhAs"], "2 to 10 hands, got 1"),
    (["equity", "AhAs", "AhKd"], "duplicate card Ah"),
    (["equity", "AhAs", "KdKc", "--board", "2c 7d 9h 5s 6s 8s"], "at most 5 cards"),
]


@pytest.mark.parametrize(("args", "message"), BAD)
def test_bad_input_is_a_command_error_with_status_2(args, message):
    with pytest.raises(CommandError, match=message) as error:
        run(*args)
    assert error.value.returncode == 2


def manage(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "pokersite.settings"}
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, input=stdin,
        capture_output=True, text=True, timeout=120, check=False,
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["evaluate", "As Ax Qs Js Ts"], "bad card 'Ax'"),
        (["evaluate"], "the following arguments are required: hands"),
        (["equity", "AhAs", "AhKd"], "duplicate card Ah"),
        (["equity", "AhAs", "KdKc", "--samples", "0"], "positive whole number"),
        (["deal", "extra"], "unrecognized arguments: extra"),
    ],
)
def test_bad_input_from_the_shell_is_one_line_on_stderr_and_status_2(args, message):
    done = manage(*args)
    assert done.returncode == 2, done
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], done.stderr
    assert "Traceback" not in done.stderr


def test_deal_from_the_shell_quits_cleanly():
    done = manage("deal", stdin="\nquit\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("Dealt:") == 2


def test_commands_read_and_write_spanish_suits_when_asked():
    out = run("evaluate", "AT 2D 10T 3T KC", "--suits", "es")
    assert out.splitlines()[0] == "AT 2D 10T 3T KC"  # Ac 2d Tc 3c Kh
    assert "best five: AT KC 10T 3T 2D" in out
    english = run("evaluate", "AT 2D 10T 3T KC".replace("T", "c").replace("10c", "Tc"))
    assert "Kc" in english.splitlines()[0]  # the same letters mean other cards in English


def test_deal_writes_spanish_suits_when_asked():
    out = run("deal", "--suits", "es", stdin=io.StringIO("quit\n"))
    dealt = next(line for line in out.splitlines() if line.startswith("Dealt:"))
    seven = parse_cards(dealt.removeprefix("Dealt:"), suits="es")
    assert len(seven) == 7


def test_equity_takes_spanish_hands_and_board():
    spanish = run("equity", "AC AP", "KD KT", "--board", "2T 7D 9C", "--suits", "es")
    english = run("equity", "AhAs", "KdKc", "--board", "2c 7d 9h")
    assert spanish.split("\n", 1)[1].replace("ACAP", "AhAs").replace("KDKT", "KdKc") == \
        english.split("\n", 1)[1]


def test_equity_of_a_hand_against_a_range():
    out = run("equity", "AsKs", "QQ+, AKs", "--board", "Qh 7d 2c")
    assert "(exact)" in out and "QQ+, AKs" in out
    rows = [line.split() for line in out.splitlines()[2:]]
    assert [row[1] for row in rows] == ["1", "12"]
    assert float(rows[0][4].rstrip("%")) + float(rows[1][4].rstrip("%")) == pytest.approx(100,
                                                                                          abs=0.02)


def test_equity_of_ranges_by_monte_carlo_shows_a_standard_error():
    out = run("equity", "AK", "QQ+", "22-55", "--samples", "5000", "--seed", "2")
    assert "5,000 deals x boards (Monte Carlo)" in out and "+/-" in out

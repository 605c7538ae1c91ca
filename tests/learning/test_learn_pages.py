"""The learning pages over HTTP: rankings, which hand wins, odds (page and JSON), the quiz.

Bad input is a message naming the problem: the form again with status 200, or a 400 with
``{"error": ...}`` from the JSON endpoints. Never a 500.
"""

from __future__ import annotations

import html
import re

import pytest
from django.core import signing

from evaluator import evaluate, parse_cards
from evaluator.learning import RANKINGS
from learning import tool_views as learn_views
from tests.evaluator.test_whole_space import FIVE_CARD_COUNTS, SEVEN_CARD_COUNTS

AA_KK_BOARDS, AA_WINS, AA_KK_TIES = 1_712_304, 1_388_072, 6_538
KK_WINS = AA_KK_BOARDS - AA_WINS - AA_KK_TIES


def text_of(response) -> str:
    return html.unescape(response.content.decode())


def showdown_rows(page: str) -> list[tuple[bool, list[str], str]]:
    """Each showdown row: (marked as a winner, best five as drawn, description)."""
    rows = re.findall(r'<li( class="winner")?>(.*?)</li>', page, re.DOTALL)
    result = []
    for marked, row in rows:
        best = re.search(r'class="ln-best">(.*?)<span class="ln-describe">([^<]*)<', row, re.DOTALL)
        result.append((bool(marked), re.findall(r'data-card="(..)"', best.group(1)), best.group(2)))
    return result


def winner_rows(page: str) -> list[int]:
    """Numbers (from 1) of the showdown rows marked as winners."""
    return [i for i, (won, _, _) in enumerate(showdown_rows(page), 1) if won]


# --- every page renders ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("url", "heading"),
    [("/learn/", "Learn hold'em"), ("/learn/odds/", "Odds and equity"),
     ("/learn/quiz/", "Quiz: which hand wins?")],
)
def test_each_learning_page_renders_with_its_stylesheet_and_script(client, url, heading):
    response = client.get(url)
    assert response.status_code == 200
    page = text_of(response)
    assert f"<h1>{heading}</h1>" in page
    assert "css/learn.css" in page and "js/learn.js" in page


def test_the_rankings_show_each_category_with_an_example_of_it_and_its_exact_counts(client):
    page = text_of(client.get("/learn/"))
    assert "2,598,960" in page and "133,784,560" in page
    for ranking in RANKINGS:
        value = evaluate(ranking.example)
        assert value.category == ranking.category, f"{ranking.example}: {value.describe()}"
        assert ranking.five_card_hands == FIVE_CARD_COUNTS[ranking.category]
        assert ranking.seven_card_hands == SEVEN_CARD_COUNTS[ranking.category]
        assert f"{ranking.five_card_hands:,}" in page and f"{ranking.seven_card_hands:,}" in page
        assert value.describe() in page
    assert page.count('class="card suit-') == 50  # ten example hands drawn as cards
    assert "1 in 649,740" in page  # a royal flush in five cards
    assert "0.00323%" in page  # a royal flush as the best five of seven


# --- which hand wins ---------------------------------------------------------------------------
SHOWDOWNS = [
    # (hands, board, winning hands numbered from 1, a description that must show)
    (["2c 3c 4s 2d Kc", "3s 8d 2h Jd 2s"], "", [1], "Pair of twos"),  # seed 004: the kicker
    (["4d 5s 6s 8d 3h", "4s 5d 6c 8c 3c"], "", [1, 2], "High card, eight"),  # same ranks: split
    (["Ah Kd", "Ac Kc"], "Qh Js Tc 3d 3c", [1, 2], "Straight, ace high"),
    (["Ah 2c", "Kh Kd"], "3d 4s 5h Kc 9s", [1], "Straight, five high"),  # the wheel
    (["5c 4d 3h 2s Ac", "Kh Kd Ks 4c 4h"], "", [2], "Full house, kings full of fours"),
    (["Ah Kh", "Qs Qd", "7c 6c"], "Qh 8c 5c 9h 2h", [1], "Flush, ace-king-queen-nine-two"),
    (["2c 3d", "4h 5s"], "Ah Ad Ac Kd Ks", [1, 2], "Full house, aces full of kings"),
]


@pytest.mark.parametrize(("hands", "board", "expected", "description"), SHOWDOWNS)
def test_which_hand_wins_names_the_winners_and_best_fives(
    client, hands, board, expected, description
):
    response = client.get("/learn/", {"hands": "\n".join(hands), "board": board})
    page = text_of(response)
    assert response.status_code == 200
    assert winner_rows(page) == expected, f"{hands} on [{board}]: expected {expected}"
    assert description in page
    if len(expected) > 1:
        assert "Split pot between hands" in page and page.count(">Splits<") == len(expected)
    else:
        assert f"Hand {expected[0]} wins." in page
    shown = [(best, description) for _, best, description in showdown_rows(page)]
    for hand, (best, shown_description) in zip(hands, shown, strict=True):
        value = evaluate(parse_cards(hand) + parse_cards(board))
        assert best == [str(card) for card in value.best_five], f"{hand} on [{board}]"
        assert shown_description == value.describe()


def test_which_hand_wins_takes_repeated_hand_fields_and_links_to_the_odds_before_the_river(
    client,
):
    response = client.get("/learn/", {"hand": ["Ah Kd", "Qs Qc"], "board": "Qh Js Tc"})
    page = text_of(response)
    assert winner_rows(page) == [1]  # a straight beats three queens on the flop
    assert "Who wins by the river? See the odds." in page


def test_the_evaluate_json_takes_comma_separated_hands(client):
    data = client.get("/learn/api/evaluate",
                      {"hands": "Ah2c,KhKd", "board": "3d 4s 5h Kc 9s"}).json()
    assert data["winners"] == [0]
    assert data["hands"][0]["description"] == "Straight, five high"
    assert data["hands"][0]["best_five"] == "5h 4s 3d 2c Ah"


# --- odds --------------------------------------------------------------------------------------
def test_the_odds_page_gives_the_exact_preflop_equity_of_aces_against_kings(client):
    response = client.get("/learn/odds/", {"hands": "AhAs\nKdKc"})
    page = text_of(response)
    assert response.status_code == 200
    assert "Exact" in page and f"{AA_KK_BOARDS} boards" in page
    for wins in (AA_WINS, KK_WINS):
        assert f"{wins / AA_KK_BOARDS:.2%}" in page  # 81.06% and 18.55%
        assert f"{(wins + AA_KK_TIES / 2) / AA_KK_BOARDS:.2%}" in page  # 81.26% and 18.74%
    assert f"{AA_KK_TIES / AA_KK_BOARDS:.2%}" in page  # 0.38%


def test_the_equity_json_gives_the_same_numbers(client):
    response = client.get("/learn/api/equity", {"hands": "AhAs,KdKc"})
    assert response.status_code == 200
    data = response.json()
    assert (data["boards"], data["exact"], data["samples"]) == (AA_KK_BOARDS, True, None)
    aces, kings = data["hands"]
    assert (aces["cards"], aces["wins"], aces["ties"]) == ("Ah As", AA_WINS, AA_KK_TIES)
    assert (kings["wins"], kings["ties"]) == (KK_WINS, AA_KK_TIES)
    assert aces["equity"] == pytest.approx((AA_WINS + AA_KK_TIES / 2) / AA_KK_BOARDS)
    assert aces["equity"] + kings["equity"] == pytest.approx(1)


def test_the_equity_json_counts_the_board_and_dead_cards(client):
    data = client.get("/learn/api/equity",
                      {"hands": "AhAs,KdKc", "board": "2c 7d 9h", "dead": "Qs"}).json()
    assert data["boards"] == 44 * 43 // 2 and data["exact"] is True
    assert data["board"] == "2c 7d 9h" and data["dead"] == "Qs"


def test_monte_carlo_runs_when_there_are_too_many_boards_to_count(client, monkeypatch):
    monkeypatch.setattr(learn_views, "EXACT_BOARDS", 1_000)
    data = client.get("/learn/api/equity", {"hands": "AhAs,KdKc"}).json()
    assert data["exact"] is False
    assert data["boards"] == data["samples"] == learn_views.DEFAULT_SAMPLES
    assert data["hands"][0]["equity"] == pytest.approx(0.8126, abs=0.01)
    page = text_of(client.get("/learn/odds/", {"hands": "AhAs\nKdKc"}))
    assert "Monte Carlo" in page and f"{learn_views.DEFAULT_SAMPLES:,} random boards" in page


def test_monte_carlo_on_request_repeats_with_its_seed(client):
    query = {"hands": "AhAs,KdKc", "samples": "20000", "seed": "7"}
    first = client.get("/learn/api/equity", query).json()
    assert (first["exact"], first["boards"], first["seed"]) == (False, 20_000, 7)
    assert client.get("/learn/api/equity", query).json() == first
    unseeded = client.get("/learn/api/equity", {"hands": "AhAs,KdKc", "samples": "1000"}).json()
    assert isinstance(unseeded["seed"], int)  # stated, so the page can link to a repeat


def test_asking_for_more_samples_than_boards_counts_them_all(client):
    data = client.get("/learn/api/equity",
                      {"hands": "AhAs,KdKc", "board": "2c 7d 9h Jc", "samples": "10000"}).json()
    assert (data["exact"], data["boards"], data["samples"]) == (True, 44, None)


# --- bad input ---------------------------------------------------------------------------------
ELEVEN = ",".join(["AhAs", "KdKc", "QhQs", "JhJs", "ThTs", "9h9s", "8h8s", "7h7s", "6h6s",
                   "5h5s", "4h4s"])
BAD_EQUITY = [
    ({"hands": "AhAx,KdKc"}, "hand 1: bad card 'AhAx'"),
    ({"hands": "AhAs,AhKc"}, "duplicate card Ah: in hand 1 and hand 2"),
    ({"hands": "AhAs,KdKc", "board": "2c Kd"}, "duplicate card Kd: in hand 2 and the board"),
    ({"hands": "AhAs"}, "2 to 10 hands, got 1"),
    ({"hands": ELEVEN}, "2 to 10 hands, got 11"),
    ({"hands": "AhAsKs,KdKc"}, "hand 1: a hold'em hand has two hole cards, got 3"),
    ({"hands": "AhAs,KdKc", "board": "2c 3c 4c 5c 6c 7c"}, "at most 5 cards, got 6"),
    ({"hands": "AhAs,KdKc", "samples": "5000000"}, "samples must be a whole number from 1 to"),
    ({"hands": "AhAs,KdKc", "samples": "lots"}, "samples must be a whole number"),
    ({"hands": "AhAs,KdKc", "dead": " ".join(f"{r}{s}" for r in "23456789TJQ" for s in "cdhs")},
     "only 4 cards are left, too few to deal 5 more"),
]


@pytest.mark.parametrize(("params", "message"), BAD_EQUITY)
def test_bad_equity_input_is_a_400_from_the_json_and_a_message_on_the_form(
    client, params, message
):
    response = client.get("/learn/api/equity", params)
    assert response.status_code == 400
    assert message in response.json()["error"]
    page_params = {**params, "hands": params["hands"].replace(",", "\n")}
    page = client.get("/learn/odds/", page_params)
    assert page.status_code == 200
    error = re.search(r'<p class="ln-error" role="alert">(.*?)</p>', text_of(page))
    assert error and message.lower() in error.group(1).lower(), text_of(page)[-2000:]


BAD_SHOWDOWNS = [
    ({"hands": "Ah Ax\nKc Ks"}, "Hand 1: bad card 'Ax'"),
    ({"hands": "Ah Kd\nAh Qd", "board": "2c 3d 4h"}, "Duplicate card Ah: in hand 1 and hand 2"),
    ({"hands": "Ah Kd\nQs Qd", "board": "2c Kd 4h"}, "Duplicate card Kd: in hand 1 and the board"),
    ({"hands": "Ah Kd Qs Jd Tc"}, "2 to 10 hands, got 1"),
    ({"hands": ELEVEN.replace(",", "\n"), "board": "2c 3d 4h"}, "2 to 10 hands, got 11"),
    ({"hands": "Ah Kd\nQs Qd", "board": "2c"}, "Hand 1: a hand has 5, 6 or 7 cards"),
    ({"hands": ""}, "at least one hand"),
]


@pytest.mark.parametrize(("params", "message"), BAD_SHOWDOWNS)
def test_bad_showdown_input_re_renders_the_form_with_the_problem_named(client, params, message):
    response = client.get("/learn/", params)
    assert response.status_code == 200
    page = text_of(response)
    assert message in page
    assert params["hands"].split("\n")[0] in page  # what was typed is still in the form
    api = client.get("/learn/api/evaluate", params)
    assert api.status_code == 400 and message.lower() in api.json()["error"].lower()


# --- quiz --------------------------------------------------------------------------------------
def deal_token(hands: list[str], board: str) -> str:
    return signing.dumps({"hands": hands, "board": board}, salt=learn_views.QUIZ_SALT)


def test_a_new_quiz_deal_shows_two_hands_and_a_board_but_not_the_answer(client):
    response = client.get("/learn/quiz/")
    page = text_of(response)
    token = re.search(r'name="deal" value="([^"]+)"', page).group(1)
    deal = signing.loads(token, salt=learn_views.QUIZ_SALT)
    assert len(deal["hands"]) == 2 and len(parse_cards(deal["board"])) == 5
    for hand in deal["hands"]:
        assert evaluate(parse_cards(hand) + parse_cards(deal["board"])).describe() not in page
    assert "Wins<" not in page and "Right!" not in page
    assert page.count('name="pick"') == 3


@pytest.mark.parametrize(
    ("hands", "board", "pick", "right"),
    [
        (["Ah 2c", "Kh Kd"], "3d 4s 5h Kc 9s", "0", True),
        (["Ah 2c", "Kh Kd"], "3d 4s 5h Kc 9s", "1", False),
        (["Ah 2c", "Kh Kd"], "3d 4s 5h Kc 9s", "split", False),
        (["2c 3d", "4h 5s"], "Ah Ad Ac Kd Ks", "split", True),
        (["2c 3d", "4h 5s"], "Ah Ad Ac Kd Ks", "0", False),
    ],
)
def test_the_quiz_says_whether_the_pick_was_right_with_both_descriptions(
    client, hands, board, pick, right
):
    page = text_of(client.get("/learn/quiz/", {"deal": deal_token(hands, board), "pick": pick}))
    assert ("Right!" in page) is right and ("Not quite" in page) is not right
    for hand in hands:
        assert evaluate(parse_cards(hand) + parse_cards(board)).describe() in page
    assert "Next deal" in page


@pytest.mark.parametrize(
    "token",
    ["garbage", deal_token(["Ah 2c", "Kh Kd"], "3d 4s 5h Kc 9s")[:-3] + "xyz",
     signing.dumps({"hands": ["Ah 2c", "Kh Kd"], "board": "3d 4s 5h Kc 9s"}, salt="other")],
)
def test_a_tampered_quiz_token_gets_a_message_and_a_new_deal(client, token):
    response = client.get("/learn/quiz/", {"deal": token, "pick": "0"})
    assert response.status_code == 200
    page = text_of(response)
    assert "token is not valid" in page and "Right!" not in page and "Not quite" not in page
    assert 'name="deal" value="' in page and token not in page


def test_a_quiz_pick_that_is_no_answer_is_refused_politely(client):
    token = deal_token(["Ah 2c", "Kh Kd"], "3d 4s 5h Kc 9s")
    page = text_of(client.get("/learn/quiz/", {"deal": token, "pick": "2"}))
    assert "Pick hand A, hand B or a split pot." in page and "Right!" not in page
    assert token in page  # the same deal, to pick again

"""The learning pages and their JSON twins: rankings, which hand wins, odds, bad input."""

from __future__ import annotations

import pytest

from evaluator.learning import RANKINGS


def test_the_learn_page_lists_every_category_strongest_first(client):
    response = client.get("/learn/")
    assert response.status_code == 200
    text = response.content.decode()
    positions = [text.index(r.value.describe()) for r in RANKINGS]
    assert positions == sorted(positions)
    assert "1,302,540" in text and "Full house, kings full of fours" in text


def test_the_learn_page_shows_which_hand_wins(client):
    response = client.get("/learn/", {"hands": "Ah Ad\nKc Ks", "board": "2c 7d 9h Jc Qs"})
    text = response.content.decode()
    assert "Pair of aces" in text and "Pair of kings" in text
    assert text.count('class="winner"') == 1


def test_the_learn_page_names_a_bad_card(client):
    response = client.get("/learn/", {"hands": "Ah Ax\nKc Ks"})
    assert response.status_code == 200
    assert "bad card &#x27;Ax&#x27;" in response.content.decode()


def test_the_odds_page_counts_every_board(client):
    response = client.get("/learn/odds/", {"hands": "AhAs\nKdKc"})
    text = response.content.decode()
    assert "1712304 boards" in text and "81.26%" in text and "(1388072)" in text


def test_evaluate_json_gives_values_and_winners(client):
    response = client.get("/learn/api/evaluate",
                          {"hand": ["AhKd", "AcKc"], "board": "Qh Js Tc 3d 3c"})
    data = response.json()
    assert data["winners"] == [0, 1]
    assert data["hands"][0]["description"] == "Straight, ace high"
    assert data["hands"][0]["best_five"] == "Ah Kd Qh Js Tc"


def test_equity_json_is_exact(client):
    data = client.get("/learn/api/equity", {"hand": ["AhAs", "KdKc"]}).json()
    assert data["boards"] == 1_712_304 and data["exact"] is True
    assert data["hands"][0]["wins"] == 1_388_072 and data["hands"][1]["ties"] == 6_538


@pytest.mark.parametrize(
    ("url", "params", "message"),
    [
        ("/learn/api/evaluate", {"hand": ["AhAx", "KcKs"]}, "bad card 'AhAx'"),
        ("/learn/api/evaluate", {"hand": ["AhAd", "AhKs"]}, "duplicate card Ah"),
        ("/learn/api/evaluate", {}, "at least one hand"),
        ("/learn/api/equity", {"hand": ["AhAs"]}, "2 to 10 hands, got 1"),
        ("/learn/api/equity", {"hand": ["AhAs", "KdKc"], "board": "Kd"}, "duplicate card Kd"),
    ],
)
def test_bad_input_is_a_400_naming_the_problem(client, url, params, message):
    response = client.get(url, params)
    assert response.status_code == 400
    assert message in response.json()["error"]

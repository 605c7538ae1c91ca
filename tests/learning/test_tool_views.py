"""The learning pages and their JSON twins: rankings, which hand wins, odds, bad input."""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import combinations

import pytest

from evaluator import DECK, evaluate_omaha, parse_cards
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


def omaha_count(hands: list[str], board: str) -> list[tuple[int, int, Fraction]]:
    """(wins, ties, equity) per hand: evaluate_omaha on every run-out, counted here."""
    holes = [parse_cards(h) for h in hands]
    known = parse_cards(board)
    used = {c for h in holes for c in h} | set(known)
    deck = [c for c in DECK if c not in used]
    tally = [[0, 0, Fraction(0)] for _ in holes]
    runs = 0
    for rest in combinations(deck, 5 - len(known)):
        values = [evaluate_omaha(h, [*known, *rest]).strength for h in holes]
        top = [i for i, v in enumerate(values) if v == max(values)]
        for i in top:
            tally[i][0 if len(top) == 1 else 1] += 1
            tally[i][2] += Fraction(1, len(top))
        runs += 1
    return [(wins, ties, credit / runs) for wins, ties, credit in tally]


OMAHA_SPOT = {"game": "omaha", "hands": "9h 8d 6c 5s\nKd Kc Qs 2h\nAh Ad Jc Tc",
              "board": "Kh 7s 4d"}


def test_the_odds_page_counts_every_omaha_run_out(client):
    text = client.get("/learn/odds/", OMAHA_SPOT).content.decode()
    counted = omaha_count(OMAHA_SPOT["hands"].split("\n"), OMAHA_SPOT["board"])
    assert "666 boards, every one counted" in text  # C(37, 2): 12 + 3 cards are out
    rows = re.findall(r'<td class="num">([\d.]+)% <span class="muted">\((\d+)\)</span></td>\s*'
                      r'<td class="num">([\d.]+)% <span class="muted">\((\d+)\)</span></td>\s*'
                      r'<td class="num ln-equity"><strong>([\d.]+)%</strong>', text)
    assert len(rows) == 3
    for (win_pct, wins, tie_pct, ties, equity_pct), (c_wins, c_ties, c_equity) in zip(
            rows, counted, strict=True):
        assert (int(wins), int(ties)) == (c_wins, c_ties)
        assert win_pct == f"{100 * c_wins / 666:.2f}" and tie_pct == f"{100 * c_ties / 666:.2f}"
        assert equity_pct == f"{100 * float(c_equity):.2f}"
    assert "Omaha: each hand plays exactly two of its four cards" in text
    assert "Three of a kind, kings" in text  # the set, made with exactly two hole cards


def test_equity_json_counts_omaha_hands_exactly(client):
    data = client.get("/learn/api/equity", OMAHA_SPOT).json()
    counted = omaha_count(OMAHA_SPOT["hands"].split("\n"), OMAHA_SPOT["board"])
    assert data["game"] == "omaha" and data["exact"] is True and data["boards"] == 666
    for hand, (wins, ties, equity) in zip(data["hands"], counted, strict=True):
        assert (hand["wins"], hand["ties"]) == (wins, ties)
        assert hand["equity"] == pytest.approx(float(equity))


def test_omaha_monte_carlo_states_its_standard_error(client):
    params = {"game": "omaha", "hands": "AhAsKdKc\nQhJhTs9s", "samples": "10000", "seed": "5"}
    data = client.get("/learn/api/equity", params).json()
    assert data["exact"] is False and data["boards"] == 10_000 and data["seed"] == 5
    assert all(0 < hand["standard_error"] <= 0.005 for hand in data["hands"])


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"game": "omaha", "hands": "Ah As Kd\nQh Jh Ts 9s"},
         "Hand 1: an Omaha hand has four hole cards, got 3"),
        ({"game": "omaha", "hands": "Ah As Kd Kc\nQh Jh Ts Ah"},
         "Duplicate card Ah: in hand 1 and hand 2"),
        ({"hands": "Ah As Kd Kc Qc\nQh Jh"},
         "Hand 1: a hold&#x27;em hand has two hole cards, got 5"),
        ({"hands": "Ah As Kd Kc\nQh Jh Ts 9s"},
         "Hand 1: a hold&#x27;em hand has two hole cards, got 4"),
        ({"game": "omaha", "hands": "Ah As Kd Kc\nQh Jh Ts 9s", "board": "2c 3c"},
         "Board: an Omaha board has 0, 3, 4 or 5 cards, got 2"),
        ({"game": "stud", "hands": "Ah As Kd Kc\nQh Jh Ts 9s"},
         "Game must be one of holdem, omaha, omaha-hilo, omaha5, omaha5-hilo, shortdeck, "
         "got &#x27;stud&#x27;"),
    ],
)
def test_the_odds_page_names_bad_omaha_input_and_shows_no_figures(client, params, message):
    text = client.get("/learn/odds/", params).content.decode()
    assert f'<p class="ln-error" role="alert">{message}' in text
    assert "ln-odds" not in text  # no table of figures


def short_deck_count(hands: list[str], board: str):
    """(wins, ties, equity) per hand, every short-deck run-out counted here with pokerkit's
    hand type (a flush over a full house, a straight over three of a kind)."""
    from pokerkit import ShortDeckHoldemHand

    holes = [h.replace(" ", "") for h in hands]
    known = board.replace(" ", "")
    used = {holes[i][j:j + 2] for i in range(len(holes)) for j in (0, 2)}
    used |= {known[i:i + 2] for i in range(0, len(known), 2)}
    deck = [str(c) for c in DECK if c.rank >= 4 and str(c) not in used]
    tally = [[0, 0, Fraction(0)] for _ in holes]
    runs = 0
    for rest in combinations(deck, 5 - len(known) // 2):
        values = [ShortDeckHoldemHand.from_game(h, known + "".join(rest)) for h in holes]
        strengths = [v.entry.index for v in values]
        top = [i for i, v in enumerate(strengths) if v == max(strengths)]
        for i in top:
            tally[i][0 if len(top) == 1 else 1] += 1
            tally[i][2] += Fraction(1, len(top))
        runs += 1
    return runs, [(wins, ties, credit / runs) for wins, ties, credit in tally]


SHORT_SPOT = {"game": "shortdeck", "hands": "Ah Qh\nKs Kd\nTc 9c", "board": "Kh 9h 6c"}


def test_the_odds_page_counts_every_short_deck_run_out_from_36_cards(client):
    pytest.importorskip("pokerkit")
    text = client.get("/learn/odds/", SHORT_SPOT).content.decode()
    runs, counted = short_deck_count(SHORT_SPOT["hands"].split("\n"), SHORT_SPOT["board"])
    assert runs == 351  # C(27, 2): 36 cards less 6 held and 3 on the board
    assert f"{runs} boards, every one counted" in text
    rows = re.findall(r'<td class="num">([\d.]+)% <span class="muted">\((\d+)\)</span></td>\s*'
                      r'<td class="num">([\d.]+)% <span class="muted">\((\d+)\)</span></td>\s*'
                      r'<td class="num ln-equity"><strong>([\d.]+)%</strong>', text)
    assert len(rows) == 3
    for (_w, wins, _t, ties, equity_pct), (c_wins, c_ties, c_equity) in zip(
            rows, counted, strict=True):
        assert (int(wins), int(ties)) == (c_wins, c_ties)
        assert equity_pct == f"{100 * float(c_equity):.2f}"
    assert "a flush beats a full house" in text and "Three of a kind, kings" in text


def test_the_short_deck_odds_refuse_a_card_below_six(client):
    response = client.get("/learn/api/equity", {"game": "shortdeck", "hands": "AhAs,5c5d"})
    assert response.status_code == 400
    assert "5c is not a card of the short deck" in response.json()["error"]
    trips = client.get("/learn/api/equity", {**SHORT_SPOT, "order": "trips"}).json()
    assert trips["order"] == "trips-over-straight" and trips["boards"] == 351
@pytest.mark.parametrize(("game", "hands", "board", "high_low"), [
    ("omaha-hilo", "Ah 2h 9c Td\nKd Kc Qs Jh", "4d 3s 7d", True),
    ("omaha5", "9h 8d 7c 6s 2d\nAd As Kc Qh 3c", "Ah Tc 5d", False),
    ("omaha5-hilo", "Ah 2h 8c 9s Td\nKd Kc Qs Jh 3c", "4d 3s 7d", True),
])
def test_the_odds_page_counts_hi_lo_and_five_card_omaha(client, game, hands, board, high_low):
    from tests.evaluator.test_hi_lo_equity import counted

    data = client.get("/learn/api/equity", {"game": game, "hands": hands, "board": board}).json()
    expected = counted([h.split() for h in hands.split("\n")], board.split(), high_low)
    assert data["exact"] is True and data["game"] == game
    assert [h["equity"] for h in data["hands"]] == pytest.approx(expected)
    assert all(h["wins"] + h["ties"] <= data["boards"] for h in data["hands"])
    page = client.get("/learn/odds/", {"game": game, "hands": hands, "board": board})
    text = page.content.decode()
    assert data["method"].split(":")[0] in text and f">{data['counts'][0]}<" in text
    if high_low:
        assert "7-4-3-2-A low" in text  # A-2 with the board's 4-3-7, named on the flop

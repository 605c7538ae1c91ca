"""/learn/solver/: bad input named, a river solved off the request and its answer checked
against an independent count (the plain river solver of the evaluator's tests), the share
link and the JSON, a turn cancelled."""

from __future__ import annotations

import pytest
from django.http import QueryDict

from evaluator.ranges import class_of
from learning import solver_jobs
from tests.evaluator.solver.plain_cfr import PlainRiver

SPOT = {"board": "Ks 7c 2d 9h 3s", "range": ["AA, 72s, 65s, 0.5(QJs)", "KQ, QQ, 0.5(T8s)"],
        "pot": "100", "stack": "100", "bets": "50", "raises": "", "allin": "0",
        "hero": "6s5s", "played": "bet"}


@pytest.fixture(autouse=True)
def fresh_jobs():
    solver_jobs._jobs.clear()
    yield
    for job in list(solver_jobs._jobs.values()):
        job.cancel.set()
        job.done.wait(30)
    solver_jobs._jobs.clear()


@pytest.mark.parametrize("change, named", [
    ({"board": ""}, "board"), ({"board": "Ks 7c 2d"}, "board"),
    ({"board": "Ks Ks 2d 9h"}, "board"), ({"range": ["AA"]}, "range"),
    ({"range": ["AA", "ZZ"]}, "range 2"), ({"range": ["KsKh", "AA"]}, "range 1"),
    ({"pot": "-5"}, "pot"), ({"pot": "lots"}, "pot"), ({"stack": ""}, "stack"),
    ({"bets": "50,abc"}, "bets"), ({"bets": "0"}, "bets"), ({"target": "0"}, "target"),
])
def test_bad_input_gets_a_message_naming_the_field(client, change, named):
    query = {**SPOT, **change}
    answer = client.get("/learn/solver/", {**query, "format": "json"})
    assert answer.status_code == 400
    assert answer.json()["error"].lower().startswith(named)
    page = client.get("/learn/solver/", query)
    assert page.status_code == 400 and 'role="alert"' in page.content.decode()
    assert client.get("/learn/api/solver/status", query).status_code == 400


def test_a_bad_line_or_hero_is_named(client):
    ok = client.get("/learn/solver/", {**SPOT, "format": "json"})
    assert ok.status_code == 200
    for change, named in (({"line": "raise 40"}, "line"), ({"hero": "KsKh"}, "hero"),
                          ({"played": "raise"}, "played")):
        answer = client.get("/learn/solver/", {**SPOT, **change, "format": "json"})
        assert answer.status_code == 400 and answer.json()["error"].lower().startswith(named)


def test_the_json_answer_equals_an_independent_count(client):
    data = client.get("/learn/solver/", {**SPOT, "format": "json"}).json()
    assert data["state"] == "done" and data["exploitability"] <= 0.5
    answer = data["answer"]
    assert [a["label"] for a in answer["actions"]] == ["Check", "Bet 50"]
    job = solver_jobs.find(solver_jobs.read_spot(_query(SPOT)))
    combos, payoffs, solution = job.solved
    tree = solution.tree
    hands = [list(c) for c in combos]
    plain = PlainRiver(tree, [c for c in _board()], hands, [list(w) for w in payoffs.weights])
    strategies = {n: s.tolist() for n, s in solution.strategies.items()}
    # The range's frequencies: each hand weighted by its range weight and the other range's
    # hands it can be dealt against, counted pair by pair.
    dealt = [payoffs.weights[0][i] * sum(w for j, w in enumerate(payoffs.weights[1])
                                        if not set(hands[0][i]) & set(hands[1][j]))
             for i in range(len(hands[0]))]
    for a, action in enumerate(answer["actions"]):
        share = sum(d * strategies[0][a][i] for i, d in enumerate(dealt)) / sum(dealt)
        assert action["frequency"] == pytest.approx(share, abs=1e-4)
    # The hero's EV of betting: after the bet only the other player acts (fold or call).
    hero = hands[0].index(next(h for h in hands[0] if {str(c) for c in h} == {"6s", "5s"}))
    bet = tree.children[0][1]
    reach = list(payoffs.weights[1])
    count = sum(w for j, w in enumerate(reach) if not set(hands[0][hero]) & set(hands[1][j]))
    ev = plain.best(bet, 0, hero, reach, strategies) / count
    assert answer["hero"]["evs"][1] == pytest.approx(ev, abs=1e-3)
    assert answer["hero"]["played"]["label"] == "Bet 50"
    assert answer["hero"]["played"]["frequency"] == answer["hero"]["strategy"][1]
    # The grid: 169 cells, the classes of the range coloured, the others empty.
    cells = [cell for row in answer["grid"] for cell in row]
    assert len(cells) == 169
    # A class's colours: its combos' strategies weighted as the range frequencies are.
    for name in ("AA", "65s"):
        rows = [i for i, h in enumerate(hands[0]) if class_of(tuple(h)) == name]
        cell = next(c for c in cells if c["class"] == name)
        for a in range(2):
            share = sum(dealt[i] * strategies[0][a][i] for i in rows) / sum(dealt[i]
                                                                        for i in rows)
            assert cell["strategy"][a] == pytest.approx(share, abs=1e-4)
    assert {c["class"] for c in cells if c["strategy"]} == {"AA", "72s", "65s", "QJs"}


def _board():
    from evaluator.cards import to_cards
    return to_cards(SPOT["board"])


def _query(values) -> QueryDict:
    q = QueryDict(mutable=True)
    for key, value in values.items():
        q.setlist(key, value if isinstance(value, list) else [value])
    return q


def test_the_page_solves_off_the_request_then_shows_the_grid_and_a_share_link(client):
    first = client.get("/learn/solver/", SPOT).content.decode()
    assert 'class="sv-progress"' in first
    job = solver_jobs.find(solver_jobs.read_spot(_query(SPOT)))
    assert job is not None and job.done.wait(60) and job.state == "done"
    text = client.get("/learn/solver/", SPOT).content.decode()
    assert text.count('<td data-class="') == 169 and "Your hand: 6s 5s" in text
    assert 'class="sv-share"' in text and "format=json" in text
    status = client.get("/learn/api/solver/status", SPOT).json()
    assert status["state"] == "done" and status["progress"] == 1 and "sv-grid" in status["html"]


def test_the_line_shows_the_second_player_facing_a_bet(client):
    data = client.get("/learn/solver/", {**SPOT, "line": "bet 50", "hero": "KhQh",
                                          "played": "call", "format": "json"}).json()
    answer = data["answer"]
    assert answer["line"] == ["Bet 50"] and answer["player"] == 1
    assert [a["label"] for a in answer["actions"]] == ["Fold", "Call 50"]
    assert sum(a["frequency"] for a in answer["actions"]) == pytest.approx(1, abs=1e-3)


def test_a_turn_is_cancelled(client):
    spot = {**SPOT, "board": "Ks 7c 2d 9h", "range": ["random", "random"], "target": "0.05",
            "bets": "33,75", "raises": "100", "allin": "1", "hero": "", "played": ""}
    started = client.get("/learn/api/solver/status", spot).json()
    assert started["state"] == "running"
    cancelled = client.post("/learn/api/solver/cancel?" + _query(spot).urlencode()).json()
    assert cancelled["state"] == "cancelled"

"""The range page and its JSON twins: answers, limits, bad input, the progress stream and
stopping it."""

from __future__ import annotations

import asyncio
import json

import pytest
from django.http import QueryDict

from evaluator.range_equity import RangeCalculation, range_equity
from learning import range_views
from learning.range_views import API, Limits, run_blocking, stream_lines

SPOT = {"range": ["AsKs", "QQ+, AKs"], "board": "Kh 7d 2c"}


def test_the_page_shows_the_grid_the_fields_and_the_nav_link(client):
    text = client.get("/learn/ranges/").content.decode()
    assert text.count("<td data-class=") == 169 and 'data-class="AKs"' in text
    assert text.count('name="range"') == 2
    assert 'href="/learn/ranges/"' in client.get("/learn/odds/").content.decode()


def test_the_page_answers_a_shared_link_without_javascript(client):
    text = client.get("/learn/ranges/", SPOT).content.decode()
    expected = range_equity(SPOT["range"], board=SPOT["board"])
    assert "Exact" in text and f"{expected[0].equity:.2%}" in text
    assert text.count('name="range"') == 3 and 'value="QQ+, AKs"' in text


def test_the_page_names_a_bad_range_part(client):
    text = client.get("/learn/ranges/", {"range": ["AsKs", "QQ+, AKx"]}).content.decode()
    assert "Player 2: bad range part &#x27;AKx&#x27;" in text


def test_the_api_answers_per_player_class_and_combo(client):
    data = client.get("/learn/api/ranges", SPOT).json()
    expected = range_equity(SPOT["range"], board=SPOT["board"])
    assert data["exact"] and data["deals"] == expected.deals and data["capped"] == []
    assert [p["equity"] for p in data["players"]] == [p.equity for p in expected]
    villain = data["players"][1]
    assert villain["range"] == "QQ+, AKs"
    assert villain["combos"] == 6 + 1 + 3 + 2  # QQ, KK, AA and AKs without As, Ks, Kh
    assert {c["class"] for c in villain["classes"]} == {"AA", "KK", "QQ", "AKs"}
    assert len(villain["hands"]) == len(expected[1].combos)


@pytest.mark.parametrize(("query", "message"), [
    ({"range": ["AsKs"]}, "enter 2 to 6 ranges, got 1"),
    ({"range": ["AsKs", "QQ+, AKx"]}, "player 2: bad range part 'AKx'"),
    ({"range": ["AsKs", "QQ"], "board": "Kh 7d 2x"}, "bad card '2x'"),
    ({"range": ["AsKs", "QQ"], "samples": "0"}, "samples must be a whole number"),
    ({"range": ["AsKs", "QQ"], "samples": "99999999"}, "from 1 to 500,000"),
    ({"range": ["AA", "AA", "AA"]}, "no deal is possible"),
])
def test_bad_input_is_a_400_naming_the_bad_part(client, query, message):
    response = client.get("/learn/api/ranges", query)
    assert response.status_code == 400 and message in response.json()["error"]


def test_a_spot_too_big_to_count_becomes_monte_carlo_and_says_so(client):
    data = client.get("/learn/api/ranges", {"range": ["random", "random", "random"]}).json()
    assert not data["exact"] and data["samples"] == range_views.DEFAULT_SAMPLES
    assert "Too big to count" in data["capped"][0]
    assert all(p["std_error"] > 0 for p in data["players"])


def test_monte_carlo_stops_at_the_time_limit_and_keeps_what_it_dealt(monkeypatch):
    query = QueryDict(mutable=True)
    query.setlist("range", ["random", "random"])
    query["samples"] = "500000"
    data = run_blocking(query, Limits(API.exact, API.samples, seconds=0.0))
    assert data["samples"] < 500_000 and "Stopped at the 0 s limit." in data["capped"]


def test_the_parser_answers_classes_combos_and_tidy_text(client):
    data = client.get("/learn/api/ranges/parse", {"range": "AA KK QQ, 0.5(AKs), AhKd"}).json()
    assert data["text"] == "QQ+, AhKd, 0.5(AKs)" and data["combos"] == 21
    assert data["classes"]["AA"] == 1 and data["classes"]["AKs"] == 0.5
    assert data["partial"] == {"AKs": "0.5(AKs)", "AKo": "AhKd"}
    bad = client.get("/learn/api/ranges/parse", {"range": "QQ+, 7x"})
    assert bad.status_code == 400 and "'7x'" in bad.json()["error"]


async def collect(lines, limit=None):
    out = []
    async for line in lines:
        out.append(json.loads(line))
        if limit is not None and len(out) >= limit:
            break
    return out


async def test_the_stream_sends_start_progress_then_the_result(async_client):
    response = await async_client.get("/learn/api/ranges/stream", SPOT)
    assert response.status_code == 200 and response["Content-Type"] == "application/x-ndjson"
    lines = await collect(response.streaming_content)
    assert lines[0]["start"]["exact"] and lines[-2] == {"progress": 1.0}
    result = lines[-1]["result"]
    assert result["players"][0]["equity"] == range_equity(SPOT["range"],
                                                          board=SPOT["board"])[0].equity


async def test_the_stream_refuses_bad_input_with_a_400(async_client):
    response = await async_client.get("/learn/api/ranges/stream", {"range": ["AsKs", "Q"]})
    assert response.status_code == 400 and "'Q'" in json.loads(response.content)["error"]


async def test_closing_the_stream_stops_the_work():
    calc = RangeCalculation(["random", "random"], samples=5_000_000, seed=1)
    steps, taken = calc.steps(), []

    def counted():
        for fraction in steps:
            taken.append(fraction)
            yield fraction

    calc.steps = counted  # type: ignore[method-assign]
    lines = stream_lines(calc, ["random", "random"], [], range_views.STREAM)
    first = await collect(lines, limit=2)
    assert "start" in first[0]
    await lines.aclose()  # what a disconnect does to the response
    done = len(taken)
    await asyncio.sleep(0.3)
    assert len(taken) == done and taken[-1] < 0.1

"""Import: a pasted or uploaded no-limit hold'em PHH hand is replayed in the same replayer;
another variant or a broken file gets a message naming the problem; nothing is stored."""

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from games.history import queries
from games.history.export import exports
from games.models import Hand

pytestmark = pytest.mark.django_db

# A no-limit hold'em hand as a player's tracker writes it: only Bo's cards are known.
SAMPLE = """\
variant = 'NT'
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = [
  'd dh p1 ????', 'd dh p2 KdKc', 'd dh p3 ????',
  'p3 cbr 6', 'p1 f', 'p2 cbr 20', 'p3 cc',
  'd db 9h8d4c', 'p2 cbr 20', 'p3 cc',
  'd db Jd', 'p2 cc', 'p3 cc',
  'd db Qc', 'p2 cbr 40', 'p3 f',
]
players = ['Ann', 'Bo', 'Cy']
"""


def replay_json(response) -> dict:
    html = response.content.decode()
    match = re.search(r'<script id="replay-data" type="application/json">(.*?)</script>', html,
                      re.S)
    return json.loads(match.group(1))


@pytest.fixture
def logged_in(client, alice):
    client.force_login(alice)
    return client


def test_a_pasted_hand_is_replayed_and_not_stored(logged_in):
    response = logged_in.post("/hands/import/", {"text": SAMPLE})
    assert response.status_code == 200
    data = replay_json(response)
    assert [p["name"] for p in data["players"]] == ["Ann", "Bo", "Cy"]
    labels = [s["label"] for s in data["steps"]]
    assert "Cy raises to 6" in labels and "Bo raises to 20" in labels
    assert "Uncalled bet of 40 returned to Bo" in labels
    assert labels[-1] == "Bo wins 81 from the pot"
    dealt = data["steps"][3]
    assert {s["number"]: s["cards"] for s in dealt["seats"]} == {1: None, 2: ["Kd", "Kc"], 3: None}
    final = {s["number"]: s["stack"] for s in data["steps"][-1]["seats"]}
    assert final == {1: 199, 2: 241, 3: 160}
    assert data["equity"] is None  # one known hand
    assert not Hand.objects.exists()


def test_an_uploaded_file_works_too(logged_in):
    upload = SimpleUploadedFile("hand.phh", SAMPLE.encode(), content_type="application/toml")
    response = logged_in.post("/hands/import/", {"file": upload})
    assert response.status_code == 200 and replay_json(response)["steps"]


def test_our_own_export_imports_as_the_same_hand(logged_in, side_pot_hand, alice):
    review = queries.review_for_player(side_pot_hand.id, alice)
    response = logged_in.post("/hands/import/", {"text": exports.phh_text(review)})
    data = replay_json(response)
    assert [s["stack"] for s in data["steps"][-1]["seats"]] == [150, 100, 100]
    assert [p["name"] for p in data["players"]] == ["bob", "carol", "alice"]
    equity = data["equity"]  # all three were shown: equity at every street
    assert equity["streets"] == ["preflop", "flop", "turn", "river"]
    assert [h["equity"][-1] for h in equity["hands"]] == [1.0, 0.0, 0.0]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (SAMPLE.replace("'NT'", "'FO/8'"), "Unsupported variant &#x27;FO/8&#x27;"),
        ("variant = 'NT'\nactions = [", "Not valid TOML"),
        (SAMPLE.replace("min_bet = 2\n", ""), "The required field &#x27;min_bet&#x27; is missing"),
        (SAMPLE.replace("'p2 cbr 20'", "'p2 cbr 7'", 1), "p2 cbr 7: The smallest raise is to 10"),
        (SAMPLE.replace("'d db Jd'", "'d db Kd'"), "The card Kd appears twice"),
        (SAMPLE.replace(", 'p3 f'", ""), "ends before the hand is over"),
        ("[1]\n" + SAMPLE.replace("actions = [\n", "actions = [").replace(",\n  ", ", ")
         .replace("\n]", "]") + "\n[2]\n" + SAMPLE.replace("actions = [\n", "actions = [")
         .replace(",\n  ", ", ").replace("\n]", "]"), "holds 2 hands"),
        ("   ", "Paste a hand history or choose a file."),
        (SAMPLE.replace("'d db Jd'", "'d db'"), "Malformed action &#x27;d db&#x27;."),
    ],
)
def test_broken_or_unsupported_files_are_refused_with_a_clear_message(logged_in, text, message):
    response = logged_in.post("/hands/import/", {"text": text})
    assert response.status_code == 400
    html = response.content.decode()
    assert message in html, html[html.find('role="alert"') - 100:][:600]
    assert 'id="replay-data"' not in html
    assert not Hand.objects.exists()


def test_a_file_that_is_not_text_is_refused(logged_in):
    upload = SimpleUploadedFile("hand.phh", b"\xff\xfe\x00binary", content_type="text/plain")
    response = logged_in.post("/hands/import/", {"file": upload})
    assert response.status_code == 400
    assert "The file is not text" in response.content.decode()


def test_the_import_page_needs_a_login(client):
    assert client.get("/hands/import/").status_code == 302


def test_a_real_hand_in_dollars_and_cents_is_replayed_in_the_sites_money(logged_in):
    text = """\
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [0.10, 0.25, 0]
min_bet = 0.25
starting_stacks = [10.10, 25, 7.35]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 0.85', 'p1 f', 'p2 cc',
  'd db 2c3d4h', 'p2 cc', 'p3 cbr 1.20', 'p2 f']
currency_symbol = '$'
finishing_stacks = [10, 24.15, 8.20]
"""
    response = logged_in.post("/hands/import/", {"text": text})
    assert response.status_code == 200, response.content.decode()[-800:]
    data = replay_json(response)
    labels = [s["label"] for s in data["steps"]]
    assert "p3 raises to $0.85" in labels and "Uncalled bet of $1.20 returned to p3" in labels
    assert labels[-1] == "p3 wins $1.80 from the pot"
    assert data["money"] == {"symbol": "$", "scale": 100, "places": 2}
    assert data["result"]["rake"] == 10  # the site kept ten cents of p3's pot


def test_pokerstars_text_pasted_for_review_is_replayed_too(logged_in, side_pot_hand, alice):
    text = exports.pokerstars_text(queries.review_for_player(side_pot_hand.id, alice))
    response = logged_in.post("/hands/import/", {"text": text})
    assert response.status_code == 200, response.content.decode()[-600:]
    data = replay_json(response)
    assert [s["stack"] for s in data["steps"][-1]["seats"]] == [150, 100, 100]
    twice = logged_in.post("/hands/import/", {"text": text + "\n\n" + text})
    assert twice.status_code == 400 and "holds 2 hands" in twice.content.decode()


def test_a_hand_run_twice_imports_with_both_boards_in_the_replayer(logged_in):
    from tests.engine.test_phh_boards import FOLDED_TWICE

    response = logged_in.post("/hands/import/", {"text": FOLDED_TWICE})
    assert response.status_code == 200
    last = replay_json(response)["steps"][-1]
    assert last["hand"]["board"] == ["2d", "3h", "4s", "5d", "9h"]
    assert last["hand"]["runs"] == [["2c", "7c", "8c", "Jh", "Ts"]]
    # Each board paid half of the 200 chips, counted from the results' winners.
    paid = {0: 0, 1: 0}
    for row in last["hand"]["results"]:
        paid[row.get("board", 0)] += sum(w["amount"] for w in row["winners"])
    assert paid == {0: 100, 1: 100}

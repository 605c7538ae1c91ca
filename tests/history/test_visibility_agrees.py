"""One rule decides which hole cards each viewer sees, and every place a hand leaves the
server agrees on it: the live table's view, the replayer, the share link and the exports.

The hand (deal_showdown): alice (7s 2d) folds preflop; bob (As Ah) and carol (Kd Kc) go to
the river; bob shows and wins, carol mucks. The rule: your own cards, and cards shown at
showdown to everyone; a folded or mucked hand stays its owner's.
"""

import json
import re

import pytest
from django.test import Client

from games import snapshots
from games.engine import HandState
from games.engine.visibility import visible_seats
from games.history.sharing import share_token
from games.projection import personal_view, public_view
from tests.history.conftest import deal_showdown

pytestmark = pytest.mark.django_db

HOLES = {1: ("7s", "2d"), 2: ("As", "Ah"), 3: ("Kd", "Kc")}
NAMES = {1: "alice", 2: "bob", 3: "carol"}
# viewer seat (None: a spectator, or anyone with the share link) -> seats whose cards they see
EXPECTED = {1: {1, 2}, 2: {2}, 3: {2, 3}, None: {2}}


def seats_with_cards(text: str) -> set[int]:
    """Seats whose two hole cards appear together anywhere in ``text`` (any order, any
    separator the formats use: "As Ah", "AsAh", '"As", "Ah"')."""
    found = set()
    for seat, (a, b) in HOLES.items():
        for first, second in ((a, b), (b, a)):
            if re.search(rf"{first}\W{{0,4}}{second}", text):
                found.add(seat)
    return found


def live_seats(view: dict) -> set[int]:
    return {s["number"] for s in view["seats"] if s["cards"]}


def replay_seats(html: str) -> set[int]:
    data = re.search(r'<script id="replay-data" type="application/json">(.*?)</script>', html,
                     re.S)
    replay = json.loads(data.group(1))
    seen = {s["number"] for step in replay["steps"] for s in step["seats"] if s["cards"]}
    shown = {hand["seat"] for hand in replay["result"]["shown"]}
    assert seats_with_cards(json.dumps(replay)) == seen | shown
    return seen | shown


@pytest.fixture
def hand(table, alice, bob, carol):
    return deal_showdown(table, alice, bob, carol)


def test_the_rule_itself(hand):
    state = HandState.from_dict(hand.state)
    assert {seat: set(visible_seats(state, seat)) for seat in EXPECTED} == EXPECTED


def test_live_view_replayer_share_link_and_exports_agree_for_every_kind_of_viewer(
    hand, table, alice, bob, carol
):
    users = {1: alice, 2: bob, 3: carol}
    snapshot = snapshots.load(table.id)
    public = public_view(snapshot)
    shared = Client().get(f"/hands/shared/{share_token(hand.id)}/")
    assert shared.status_code == 200
    seen = {
        None: {
            "live": live_seats(public.view),
            "share link": replay_seats(shared.content.decode()),
        }
    }
    for seat, user in users.items():
        client = Client()
        client.force_login(user)
        page = client.get(f"/hands/{hand.id}/")
        phh = client.get(f"/hands/{hand.id}/hand.phh")
        stars = client.get(f"/hands/{hand.id}/pokerstars.txt")
        assert page.status_code == phh.status_code == stars.status_code == 200
        seen[seat] = {
            "live": live_seats(personal_view(snapshot, public, user.id)),
            "replayer": replay_seats(page.content.decode()),
            "PHH": seats_with_cards(phh.content.decode()),
            "PokerStars": seats_with_cards(stars.content.decode()),
        }
    for viewer, places in seen.items():
        for place, seats in places.items():
            who = NAMES.get(viewer, "a spectator")
            assert seats == EXPECTED[viewer], f"{place} shows {who} the cards of {seats}"

"""Hands of the home-game settings in history: a pot-limit Omaha hand run twice, played at
a live table, is read by My hands, the replayer (four hole cards, both boards), the exports
and the session review."""

import json
import random
import re

import pytest

from games import services
from games.engine import FULL_DECK, HandState, replay_phh
from games.models import Hand
from games.protocol import parse_command
from games.services import hosting
from tests.history.conftest import act

pytestmark = pytest.mark.django_db


def omaha_run_twice(table, alice, bob) -> Hand:
    table.host = alice
    table.save(update_fields=["host"])
    hosting.update_settings(table.id, alice, {"game": "PO", "run_it_twice": "always"})
    services.sit(table.id, alice, 1, 100)
    services.sit(table.id, bob, 2, 100)
    deck = list(FULL_DECK)
    random.Random(8).shuffle(deck)
    hand = services.start_next_hand(table.id, deck=deck)
    # Each raises to the pot limit until one is all in and the other calls, preflop.
    while hand.status == Hand.Status.IN_PROGRESS:
        state = HandState.from_dict(hand.state)
        legal = state.legal_actions()
        user = alice if state.actor == 1 else bob
        if legal.raise_to is not None:
            act(table, user, "raise", legal.raise_to.max)
        else:
            act(table, user, "call")
        hand.refresh_from_db()
    assert hand.status == Hand.Status.COMPLETE
    return hand


def replay_data(html: str) -> dict:
    found = re.search(r'<script id="replay-data" type="application/json">(.*?)</script>', html,
                      re.S)
    return json.loads(found.group(1))


def test_an_omaha_hand_run_twice_reads_everywhere(client, table, alice, bob):
    hand = omaha_run_twice(table, alice, bob)
    client.force_login(alice)
    listing = client.get("/hands/")
    page = client.get(f"/hands/{hand.id}/")
    assert page.status_code == 200
    replay = replay_data(page.content.decode())
    last = replay["steps"][-1]
    assert last["hand"]["game"] == "PO"
    assert len(last["hand"]["board"]) == 5 and [len(r) for r in last["hand"]["runs"]] == [5]
    mine = next(s for s in last["seats"] if s["player"] == "alice")
    assert len(mine["cards"]) == 4
    phh = client.get(f"/hands/{hand.id}/hand.phh")
    stars = client.get(f"/hands/{hand.id}/pokerstars.txt")
    review = client.get("/hands/review/")
    assert listing.status_code == review.status_code == 200
    # Both boards in PHH (pokerkit's runout count as a user-defined field), read back.
    assert phh.status_code == 200 and b"_runout_count = 2" in phh.content
    again = replay_phh(phh.content.decode())
    assert again.state.runs == hand_state(hand).runs
    assert list(again.finishing_stacks) == [
        hand_state(hand).result.finishing_stacks[p.seat] for p in hand_state(hand).players]
    text = stars.content.decode()
    assert text.splitlines()[0].startswith(f"PokerStars Hand #{hand.id}: Omaha Pot Limit (1/2)")
    second = text.index("*** SECOND SHOW DOWN ***")
    for part in (text[:second], text[second:]):
        # Each board paid half of the 200 chips, counted from the collected lines.
        paid = sum(int(n) for n in re.findall(r"collected (\d+) from pot", part))
        assert paid == 100
    assert f"SECOND Board [{' '.join(hand_state(hand).runs[0])}]" in text


def hand_state(hand: Hand) -> HandState:
    return HandState.from_dict(hand.state)


def test_a_bomb_pot_and_a_straddled_hand_read_in_history(client, table, alice, bob, carol):
    table.host = alice
    table.save(update_fields=["host"])
    hosting.update_settings(table.id, alice, {"straddles_allowed": True})
    for seat, user in enumerate((alice, bob, carol), start=1):
        services.sit(table.id, user, seat, 100)
    hosting.bomb_pot_next(table.id, alice)
    hands = []
    for number in range(3):  # a bomb pot, then hands until seat 3 is under the gun
        if number == 1:
            services.perform(table.id, carol, parse_command(
                '{"type": "straddle", "straddle": true, "request_id": "straddle-h1"}'))
        deck = list(FULL_DECK)
        random.Random(90 + number).shuffle(deck)
        hand = services.start_next_hand(table.id, deck=deck)
        while hand.status == Hand.Status.IN_PROGRESS:
            state = HandState.from_dict(hand.state)
            user = {1: alice, 2: bob, 3: carol}[state.actor]
            act(table, user, "call" if state.legal_actions().call else "check")
            hand.refresh_from_db()
        hands.append(hand)
    states = [hand_state(h) for h in hands]
    assert states[0].bomb_pot and any(e.kind.value == "post_straddle" for e in states[2].events)
    client.force_login(carol)
    for hand in hands:
        page = client.get(f"/hands/{hand.id}/")
        assert page.status_code == 200
        replay = replay_data(page.content.decode())
        assert replay["result"]["finishing_stacks"] == {
            str(k): v for k, v in hand_state(hand).result.finishing_stacks.items()}
        assert client.get(f"/hands/{hand.id}/pokerstars.txt").status_code == 200
        assert client.get(f"/hands/{hand.id}/hand.phh").status_code == 200
    assert replay_data(client.get(f"/hands/{hands[0].id}/").content.decode())[
        "steps"][-1]["hand"]["bomb_pot"] is True
    assert client.get("/hands/review/").status_code == 200
    assert client.get("/hands/").status_code == 200


def test_a_double_board_bomb_pot_reads_in_the_replayer_and_pokerstars_text(
    client, table, alice, bob, carol
):
    table.host = alice
    table.save(update_fields=["host"])
    hosting.update_settings(table.id, alice, {"bomb_pot_boards": 2})
    for seat, user in enumerate((alice, bob, carol), start=1):
        services.sit(table.id, user, seat, 100)
    hosting.bomb_pot_next(table.id, alice)
    deck = list(FULL_DECK)
    random.Random(95).shuffle(deck)
    hand = services.start_next_hand(table.id, deck=deck)
    while hand.status == Hand.Status.IN_PROGRESS:  # checked down: a showdown on both boards
        state = HandState.from_dict(hand.state)
        act(table, {1: alice, 2: bob, 3: carol}[state.actor], "check")
        hand.refresh_from_db()
    state = hand_state(hand)
    assert state.boards == 2 and state.result.showdown
    client.force_login(carol)
    replay = replay_data(client.get(f"/hands/{hand.id}/").content.decode())
    flop = [s for s in replay["steps"] if len(s["hand"]["board"]) == 3][-1]
    # The second board is on the felt from the flop on, street by street with the first.
    assert flop["hand"]["runs"] == [state.runs[0][:3]]
    last = replay["steps"][-1]["hand"]
    assert last["board"] == state.board and last["runs"] == state.runs
    paid = {0: 0, 1: 0}
    for row in last["results"]:
        paid[row.get("board", 0)] += sum(w["amount"] for w in row["winners"])
    assert paid == {0: 6, 1: 6}  # three antes of two big blinds (2), half on each board
    text = client.get(f"/hands/{hand.id}/pokerstars.txt").content.decode()
    assert text.index("*** FIRST FLOP ***") < text.index("*** SECOND FLOP ***") < text.index(
        "*** FIRST TURN ***")
    second = text.index("*** SECOND SHOW DOWN ***")
    for part in (text[:second], text[second:]):
        assert sum(int(n) for n in re.findall(r"collected (\d+) from pot", part)) == 6
    assert "Hand was dealt two boards" in text
    assert f"SECOND Board [{' '.join(state.runs[0])}]" in text


def test_a_button_straddle_reads_in_phh_pokerstars_text_and_the_replayer(
    client, table, alice, bob, carol
):
    from tests.engine.test_phh import pokerkit_final_stacks
    from tests.games.conftest import make_user

    dave = make_user("dave")
    table.host = alice
    table.save(update_fields=["host"])
    hosting.update_settings(table.id, alice, {"button_straddles_allowed": True})
    for seat, user in enumerate((alice, bob, carol, dave), start=1):
        services.sit(table.id, user, seat, 100)
    table.refresh_from_db()
    table.button = 3  # the next hand's button: seat 4, dave's
    table.save(update_fields=["button"])
    services.perform(table.id, dave, parse_command(
        '{"type": "straddle", "straddle": true, "request_id": "straddle-b1"}'))
    deck = list(FULL_DECK)
    random.Random(97).shuffle(deck)
    hand = services.start_next_hand(table.id, deck=deck)
    while hand.status == Hand.Status.IN_PROGRESS:  # everyone calls, then checks it down
        state = HandState.from_dict(hand.state)
        user = {1: alice, 2: bob, 3: carol, 4: dave}[state.actor]
        act(table, user, "call" if state.legal_actions().call else "check")
        hand.refresh_from_db()
    state = hand_state(hand)
    assert state.button == 4 and state.blinds == {1: 1, 2: 2, 4: 4}
    client.force_login(dave)
    phh = client.get(f"/hands/{hand.id}/hand.phh").content.decode()
    assert "blinds_or_straddles = [1, 2, 0, 4]" in phh
    ours = [state.result.finishing_stacks[p.seat] for p in state.players]
    assert pokerkit_final_stacks(phh) == ours
    text = client.get(f"/hands/{hand.id}/pokerstars.txt").content.decode()
    assert "dave: posts straddle 4" in text
    hole_cards = text.index("*** HOLE CARDS ***")
    assert text.index("alice: calls", hole_cards) < text.index("bob: calls", hole_cards)
    replay = replay_data(client.get(f"/hands/{hand.id}/").content.decode())
    labels = [s["label"] for s in replay["steps"]]
    assert "dave posts a straddle of 4" in labels
    assert replay["result"]["finishing_stacks"] == {
        str(k): v for k, v in state.result.finishing_stacks.items()}

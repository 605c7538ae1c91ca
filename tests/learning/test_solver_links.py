""""Solve this spot" from a hand's turn and river decisions: the pot and stack behind at
the street's start, the line before the decision, the hand and the play, both ranges as
the coach models them, and the solver page answering the link."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from evaluator.cards import Card
from evaluator.ranges import parse_range
from games import services
from games.engine import HandState, SeatInput, TableConfig, start_hand
from games.engine.types import Action, ActionKind
from games.models import Hand, Seat, Table
from learning import solver_jobs
from learning.solver_links import solve_links
from tests.engine.helpers import stacked_deck
from tests.games.conftest import make_user

# Seat 2 (left of the button) gets 8h8d, the button (seat 1) KcQc.
DECK = stacked_deck(["8h8d", "KcQc"], "Ks7c2d9h3s")


def hand_to_the_river():
    state = start_hand(TableConfig(1, 2), [SeatInput(1, "a", 200), SeatInput(2, "b", 200)],
                       DECK, button=1)
    for seat, kind, amount in [
        (1, "raise", 6), (2, "call", None),                      # preflop: pot 12
        (2, "check", None), (1, "bet", 6), (2, "call", None),    # flop: pot 24
        (2, "check", None), (1, "check", None),                  # turn
        (2, "check", None), (1, "bet", 18), (2, "call", None),   # river: 75% of 24
    ]:
        state.apply(Action(seat, ActionKind(kind), amount))
    return state


def test_the_links_carry_the_pot_stacks_line_hand_and_play():
    state = hand_to_the_river()
    mine = solve_links(state, 1, "/learn/solver/")
    theirs = solve_links(state, 2, "/learn/solver/")
    streets = {i: "turn" if i < 7 else "river" for i in range(10)}
    assert sorted(streets[i] for i in mine) == ["river", "turn"]  # preflop and flop: none
    river = parse_qs(urlsplit(mine[max(mine)]).query)
    assert river["board"] == ["Ks 7c 2d 9h 3s"] and river["pot"] == ["24"]
    assert river["stack"] == ["188"]  # 200 less 6 preflop and 6 on the flop
    assert river["line"] == ["check"] and river["hero"] == ["KcQc"]
    assert river["played"] == ["bet 18"] and "75" in river["bets"][0].split(",")
    # The first range is the player out of position (seat 2), the second the button's.
    button = parse_range(river["range"][1])
    assert button.weight(Card("Kc"), Card("Qc")) > 0
    # narrowed by the charts and the flop bet: weights below 1, not every hand whole
    assert button.combo_count < 0.6 * len(button) and len(button) < 1326
    facing = parse_qs(urlsplit(theirs[max(theirs)]).query)
    assert facing["line"] == ["check, bet 18"] and facing["played"] == ["call"]
    assert facing["hero"] == ["8h8d"] and facing["range"] == river["range"]


@pytest.fixture(autouse=True)
def fresh_jobs():
    solver_jobs._jobs.clear()
    yield
    for job in list(solver_jobs._jobs.values()):
        job.cancel.set()
        job.done.wait(60)
    solver_jobs._jobs.clear()


def test_the_solver_answers_the_link_for_the_hero_facing_a_bet(client):
    state = hand_to_the_river()
    link = solve_links(state, 2, "/learn/solver/")
    query = parse_qs(urlsplit(link[max(link)]).query)
    data = client.get("/learn/solver/", {**query, "format": "json"}).json()
    assert data["state"] == "done", data
    answer = data["answer"]
    assert answer["line"] == ["Check", "Bet 18"] and answer["player"] == 0
    assert [a["label"] for a in answer["actions"]][:2] == ["Fold", "Call 18"]
    assert answer["hero"]["hand"] == "8h 8d" and answer["hero"]["played"]["label"] == "Call 18"


@pytest.mark.django_db
def test_the_replayer_sends_a_river_decision_to_the_solver(client):
    table = Table.objects.create(name="Friday", small_blind=1, big_blind=2, min_buy_in=40,
                                 max_buy_in=200)
    alice, bob = make_user("alice"), make_user("bob")
    services.sit(table.id, alice, 1, 200)
    services.sit(table.id, bob, 2, 200)
    services.start_next_hand(table.id, deck=list(DECK))
    hand = Hand.objects.get(table=table)
    users = {s.number: s.user for s in Seat.objects.filter(table=table)}
    state = HandState.from_dict(hand.state)
    first, second = state.button, 2 if state.button == 1 else 1
    line = [(first, "raise", 6), (second, "call", None), (second, "check", None),
            (first, "bet", 6), (second, "call", None), (second, "check", None),
            (first, "check", None), (second, "check", None), (first, "bet", 18),
            (second, "call", None)]
    for seat, kind, amount in line:
        version = Table.objects.values_list("version", flat=True).get(pk=table.id)
        services.act(table.id, users[seat], kind, amount, version)
    hand.refresh_from_db()
    assert hand.status == Hand.Status.COMPLETE
    client.force_login(users[second])
    page = client.get(f"/hands/{hand.id}/?decision=9").content.decode()
    assert 'id="solve-spot"' in page
    sent = client.get(f"/learn/solver/hand/{hand.id}/9/")
    assert sent.status_code == 302 and sent["Location"].startswith("/learn/solver/?")
    assert "played=call" in sent["Location"]
    refused = client.get(f"/learn/solver/hand/{hand.id}/1/")  # preflop
    assert refused.status_code == 400 and "turn and river" in refused.content.decode()
    theirs = client.get(f"/learn/solver/hand/{hand.id}/8/")  # the other player's bet
    assert theirs.status_code == 400 and "not one of your decisions" in theirs.content.decode()


def test_a_hand_the_model_finds_unlikely_stays_in_its_range(monkeypatch):
    """7-2 offsuit raised from the button is off the opening chart: about 0.12 of the
    heaviest weight by the river here. With the link's floor raised past that, the range
    leaves such hands out, but keeps the hand played, so the solver can show where it
    sits."""
    from learning import solver_links

    monkeypatch.setattr(solver_links, "MIN_WEIGHT", 0.5)
    deck = stacked_deck(["8h8d", "7c2h"], "Ks7s2d9h3s")
    state = start_hand(TableConfig(1, 2), [SeatInput(1, "a", 200), SeatInput(2, "b", 200)],
                       deck, button=1)
    for seat, kind, amount in [(1, "raise", 6), (2, "call", None), (2, "check", None),
                               (1, "check", None), (2, "check", None), (1, "check", None),
                               (2, "check", None), (1, "bet", 6)]:
        state.apply(Action(seat, ActionKind(kind), amount))
    link = solve_links(state, 1, "/learn/solver/")
    query = parse_qs(urlsplit(link[max(link)]).query)
    assert query["hero"] == ["7c2h"]
    button = parse_range(query["range"][1])
    assert button.weight(Card("7c"), Card("2h")) > 0
    assert button.weight(Card("7d"), Card("2h")) == 0  # the same class, not played: out

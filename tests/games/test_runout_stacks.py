"""An all-in run-out is revealed street by street with the stacks as they stood before the
pots were paid: the server sends them (``stack_before_result``), counted here on their own."""

import json

import pytest

from games import services
from games.engine import EventKind, HandState
from games.history.replay.replayer import PAYS
from games.live.consumers import load_snapshot_frame
from games.models import Hand
from tests.games.conftest import ACES_KINGS_DECK, make_user

pytestmark = pytest.mark.django_db


def act(table, user, kind, amount=None):
    table.refresh_from_db()
    services.act(table.id, user, kind, amount, table.version)


def put_in(state: HandState, seat: int) -> int:
    """Chips ``seat`` put in, counted from the hand's events: paid less uncalled returns."""
    paid = sum(e.amount for e in state.events if e.seat == seat and e.kind in PAYS)
    back = sum(e.amount for e in state.events
               if e.seat == seat and e.kind is EventKind.RETURN_UNCALLED)
    return paid - back


def test_the_stacks_before_the_result_are_what_each_player_had_left_after_betting(table):
    # Heads-up, button seat 1: ann Kd Ah beats ben As 7s; ben calls all-in preflop.
    ann, ben, sam = make_user("js_run_ann"), make_user("js_run_ben"), make_user("js_run_sam")
    services.sit(table.id, ann, 1, 200)
    services.sit(table.id, ben, 2, 50)
    services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))
    act(table, ann, "raise", 200)
    act(table, ben, "call")
    _, text = load_snapshot_frame(table.id, sam.id)
    view = json.loads(text)["table"]
    assert view["hand"]["complete"] and len(view["hand"]["board"]) == 5
    seats = {s["number"]: s for s in view["seats"]}
    # By hand: ann's 150 uncalled come back, so 150 before the 100 pot; ben had nothing left.
    assert (seats[1]["stack_before_result"], seats[1]["stack"]) == (150, 250)
    assert (seats[2]["stack_before_result"], seats[2]["stack"]) == (0, 0)
    state = HandState.from_dict(Hand.objects.get(table=table).state)
    won = {}
    for pot in view["hand"]["results"]:
        for winner in pot["winners"]:
            won[winner["seat"]] = won.get(winner["seat"], 0) + winner["amount"]
    for p in state.players:
        assert seats[p.seat]["stack_before_result"] == p.starting_stack - put_in(state, p.seat)
        assert seats[p.seat]["stack_before_result"] + won.get(p.seat, 0) == p.stack


def test_a_chair_out_of_the_hand_keeps_its_stack(table):
    ann, ben, cy = make_user("js_out_ann"), make_user("js_out_ben"), make_user("js_out_cy")
    services.sit(table.id, ann, 1, 100)
    services.sit(table.id, ben, 2, 100)
    services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))
    services.sit(table.id, cy, 3, 80)  # sits down during the hand
    _, text = load_snapshot_frame(table.id, cy.id)
    seats = {s["number"]: s for s in json.loads(text)["table"]["seats"]}
    assert seats[3]["stack_before_result"] == seats[3]["stack"] == 80

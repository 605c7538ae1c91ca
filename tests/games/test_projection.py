"""The projection: what each kind of viewer is sent, built from one snapshot per version."""

import json

import pytest

from games import services
from games.live.consumers import load_snapshot_frame
from games.models import Seat
from tests.games.conftest import ACES_KINGS_DECK

pytestmark = pytest.mark.django_db


def act(table, user, kind, amount=None):
    table.refresh_from_db()
    services.act(table.id, user, kind, amount, table.version)


def view_of(table, user) -> dict:
    """The snapshot a socket of ``user`` would get now."""
    version, text = load_snapshot_frame(table.id, user.id)
    frame = json.loads(text)
    assert frame["version"] == version
    return frame["table"]


def test_a_player_knocked_out_still_sees_the_showdown_that_busted_them(table, alice, bob):
    # Heads-up, button seat 1: alice Kd Ah, bob As 7s; the board pairs nobody but aces.
    services.sit(table.id, alice, 1, 200)
    services.sit(table.id, bob, 2, 50)
    services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))
    act(table, alice, "raise", 200)
    act(table, bob, "call")
    # Busted: bob keeps his chair for a while, to rebuy there.
    assert Seat.objects.get(user=bob).stack == 0

    view = view_of(table, bob)
    seats = {s["player"]: s for s in view["seats"]}
    assert seats["bob"]["busted"] and seats["bob"]["rebuy_seconds_left"] > 0
    assert seats["bob"]["cards"] == ["As", "7s"] and not seats["bob"]["left"]
    assert seats["alice"]["cards"] == ["Kd", "Ah"] and seats["alice"]["description"]
    assert view["hand"]["results"][0]["winners"][0]["player"] == "alice"
    assert view["you"]["seat"] == 2 and view["you"]["bankroll"] == 10_000 - 50

    # He goes: the showdown stays whole on the felt, his chair free to take.
    services.stand(table.id, bob)
    view = view_of(table, bob)
    seats = {s["player"]: s for s in view["seats"]}
    assert seats["bob"]["left"] and seats["bob"]["cards"] == ["As", "7s"]
    assert view["you"]["seat"] is None


def test_cards_shown_at_showdown_are_public_and_mucked_ones_stay_hidden(
    table, alice, bob, carol, spectator
):
    # Seats 1-3, button 1: alice 7s 2d, bob As Ah, carol Kd Kc. Alice folds; bob bets the
    # river, carol calls and mucks when bob shows aces.
    for number, user in ((1, alice), (2, bob), (3, carol)):
        services.sit(table.id, user, number, 200)
    services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))
    for user, kind, amount in [
        (alice, "fold", None), (bob, "call", None), (carol, "check", None),
        (bob, "check", None), (carol, "check", None), (bob, "check", None),
        (carol, "check", None), (bob, "bet", 20), (carol, "call", None),
    ]:
        act(table, user, kind, amount)

    for viewer, hidden in ((spectator, "Kd Kc 7s 2d"), (alice, "Kd Kc")):
        text = json.dumps(view_of(table, viewer))
        assert '"As"' in text and '"Ah"' in text, f"{viewer} does not see bob's shown aces"
        for card in hidden.split():
            assert f'"{card}"' not in text, f"{viewer} sees {card}"
    carol_view = view_of(table, carol)
    assert next(s for s in carol_view["seats"] if s["number"] == 3)["cards"] == ["Kd", "Kc"]


def test_a_spectator_gets_no_you_in_public_frames_but_a_full_one_in_a_snapshot(
    table, alice, spectator
):
    services.sit(table.id, alice, 1, 200)
    view = view_of(table, spectator)
    assert view["you"] == {
        "user_id": spectator.id, "name": "sam", "seat": None, "bankroll": 10_000,
        "sitting_out": False, "leaving": False, "is_host": False, "top_up_queued": 0,
        "client_seed": "", "add_chips": None,
        "buy_in": {"min": 40, "max": 200, "suggested": 200},
    }
    assert view_of(table, alice)["you"]["seat"] == 1


def test_a_player_who_left_and_sat_again_is_shown_once(table, alice, bob):
    services.sit(table.id, alice, 1, 200)
    services.sit(table.id, bob, 2, 200)
    services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))
    services.stand(table.id, bob)  # leaves when the hand ends
    act(table, alice, "fold")
    view = view_of(table, alice)
    assert [(s["number"], s["left"]) for s in view["seats"]] == [(1, False), (2, True)]
    services.sit(table.id, bob, 4, 100)  # back, in another chair, before the next hand
    view = view_of(table, alice)
    assert [(s["number"], s["player"]) for s in view["seats"]] == [(1, "alice"), (4, "bob")]


def test_the_player_to_act_gets_the_amount_buttons_worked_out_from_the_pot(table, alice, bob):
    # Heads-up, button seat 1 posts 1 and acts first: 1 to call into a pot of 3.
    services.sit(table.id, alice, 1, 200)
    services.sit(table.id, bob, 2, 200)
    services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))
    hand = view_of(table, alice)["hand"]
    assert hand["legal"]["call"] == 1 and hand["total_pot"] == 3
    mine = next(s for s in view_of(table, alice)["seats"] if s["number"] == 1)
    called = mine["bet"] + hand["legal"]["call"]  # 2: the bet once called, the pot then 4
    assert hand["bet_sizes"] == [
        {"label": "Min", "amount": hand["legal"]["raise"]["min"]},
        {"label": "½ pot", "amount": called + 4 // 2},
        {"label": "Pot", "amount": called + 4},
        {"label": "All-in", "amount": 200},
    ]
    assert view_of(table, bob)["hand"]["bet_sizes"] == []  # not his turn

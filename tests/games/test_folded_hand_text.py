""""You have:" as a folded player meets it: the hand they folded, on the board they folded
on, never a made hand from cards dealt after the fold (games/projection.py)."""

import pytest

from games import services
from games.hand_text import describe_hole
from tests.games.test_home_games import live_state, shuffled, user_at, version, views

pytestmark = pytest.mark.django_db


def test_a_folded_player_is_told_the_hand_they_folded_not_one_made_later(
        table, alice, bob, carol):
    for seat, user in enumerate((alice, bob, carol), start=1):
        services.sit(table.id, user, seat, 200)
    services.start_next_hand(table.id, deck=shuffled(5))
    state = live_state(table)
    folder = user_at(table, state.actor)
    hole = list(state.player(state.actor).hole)
    services.act(table.id, folder, "fold", None, version(table))
    while len(views(table, folder)[0]["hand"]["board"]) < 5:  # the others check it down
        state = live_state(table)
        actor = user_at(table, state.actor)
        kind = "check" if state.legal_actions().call is None else "call"
        services.act(table.id, actor, kind, None, version(table))
    public, mine = views(table, folder)
    assert len(public["hand"]["board"]) == 5 and not public["hand"]["complete"]
    assert mine["hand"]["your_hand"] == f"{describe_hole(hole, [])} (folded)"

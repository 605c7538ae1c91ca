"""Bots at a live table of each new Omaha game: hands are dealt and played to the end through
the writer, every chip is kept, and each hand is the table's game."""

import pytest

from games import services
from games.bots.players import seat_bots
from games.models import Hand
from games.services import hosting
from tests.bots.test_bot_tables import tick
from tests.games.conftest import chips_in_room, issued_chips

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("game", ["PO/8", "PO5", "PO5/8"])
def test_bots_play_the_game_to_the_end_keeping_every_chip(table, alice, quick_bots, game):
    table.host = alice
    table.save(update_fields=["host"])
    hosting.update_settings(table.id, alice, {"game": game})
    services.sit(table.id, alice, 1, 200)
    services.set_sitting_out(table.id, alice, True)
    for strength in ("hard", "easy", "random"):
        seat_bots(table.id, 1, strength)
    # A long five-card hand takes many ticks; the loop stops as soon as twelve hands are
    # over (one run of the full suite ran out of 400 ticks after eight).
    for _ in range(2000):
        tick()
        if Hand.objects.filter(table=table, status=Hand.Status.COMPLETE).count() >= 12:
            break
    complete = Hand.objects.filter(table=table, status=Hand.Status.COMPLETE)
    assert complete.count() >= 12
    assert {hand.state["config"]["variant"] for hand in complete} == {game}
    for hand in complete:
        players = hand.players.all()
        assert sum(p.starting_stack for p in players) == sum(p.finishing_stack for p in players)
    assert issued_chips() == chips_in_room()

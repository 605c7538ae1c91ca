"""Sit-and-go hands in history: each hand records the blind level it was dealt at, and My
hands and the replayer mark it as a tournament hand (level, blinds); a cash hand is not."""

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import Hand
from games.services import tournaments
from tests.games.test_tournament_play import fold_around
from tests.games.tournament_helpers import deal, players, sng

pytestmark = pytest.mark.django_db


def play_hands(count: int, **options):
    """A three-player sit-and-go (levels of 3 hands: 10/20, 20/40, 50/100 ante 10...) with
    ``count`` hands folded round; returns the tournament and its players."""
    entrants = players(3, prefix="h")
    tournament = sng(entrants[0], max_players=3, **options)
    now = timezone.now()
    for user in entrants:
        tournaments.register(tournament.id, user, now=now)
    tournament.refresh_from_db()
    rng = random.Random(7)
    for _ in range(count):
        now += timedelta(seconds=10)
        assert deal(tournament.table_id, rng, now) is not None
        fold_around(tournament.table_id)
    return tournament, entrants


def test_each_tournament_hand_records_the_level_it_was_dealt_at():
    tournament, _ = play_hands(7)
    hands = Hand.objects.filter(table_id=tournament.table_id).order_by("number")
    assert [h.tournament_level for h in hands] == [1, 1, 1, 2, 2, 2, 3]
    assert [h.state["config"]["big_blind"] for h in hands] == [20, 20, 20, 40, 40, 40, 100]


def test_my_hands_and_the_replayer_mark_tournament_hands_with_level_and_blinds(
    client, alice, bob, table
):
    tournament, entrants = play_hands(7)
    # A cash hand of another player, for contrast.
    services.sit(table.id, alice, 1, 200)
    services.sit(table.id, bob, 2, 200)
    services.start_next_hand(table.id, deck=None)
    fold_around(table.id)
    client.force_login(entrants[1])
    text = client.get("/hands/").content.decode()
    assert text.count('class="hh-tournament"') == 7
    assert "tournament · level 3 · blinds 50/100, ante 10" in text
    assert "tournament · level 1 · blinds 10/20" in text
    last = Hand.objects.get(table_id=tournament.table_id, number=7)
    page = client.get(f"/hands/{last.id}/").content.decode()
    assert "tournament hand, level 3</span> · blinds 50/100 · ante 10" in page
    assert '"tournament": {"name": "Friday sit-and-go", "level": 3' in page
    client.force_login(alice)
    cash = Hand.objects.get(table_id=table.id)
    assert 'class="hh-tournament"' not in client.get("/hands/").content.decode()
    assert "tournament hand" not in client.get(f"/hands/{cash.id}/").content.decode()

"""Sit-and-go hands in history: each hand records the blind level it was dealt at; My hands
and the replayer mark it as a tournament hand (level, blinds); its PHH carries pokerkit's
tournament fields (``event``, ``level``) and its PokerStars text the tournament's first line,
both read back by pokerkit and by our own import; a cash hand has none of it."""

import random
from datetime import timedelta

import pytest
from django.utils import timezone
from pokerkit import HandHistory

from games import services
from games.engine import PHHError, replay_phh
from games.history import queries
from games.history.export import exports
from games.history.imports import uploads
from games.history.stars.text import read_hand, replay_stars
from games.models import Hand, ImportedHand
from games.services import tournaments
from tests.games.test_tournament_play import fold_around
from tests.games.tournament_helpers import deal, players, sng
from tests.history.test_exports import expected_stacks, from_pokerstars, pokerkit_stacks

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


def review_of(tournament, number: int, user):
    hand = Hand.objects.get(table_id=tournament.table_id, number=number)
    return hand, queries.review_for_player(hand.id, user)


def test_phh_export_carries_pokerkits_tournament_fields():
    tournament, entrants = play_hands(7)
    hand, review = review_of(tournament, 7, entrants[0])
    phh = exports.phh_text(review)
    assert "event = 'Friday sit-and-go'\nlevel = 3\n" in phh
    assert f"_tournament = '{tournament.id}'\n_buy_in = 100\n" in phh
    loaded = HandHistory.loads(phh)
    assert (loaded.event, loaded.level) == ("Friday sit-and-go", 3)
    assert pokerkit_stacks(loaded) == expected_stacks(hand)
    again = replay_phh(phh)  # our own import reads it back
    assert list(again.finishing_stacks) == expected_stacks(hand)
    assert again.fields["level"] == 3 and again.fields["_tournament"] == str(tournament.id)


def test_pokerstars_tournament_text_is_read_back_by_pokerkit_and_our_import():
    tournament, entrants = play_hands(7)
    first, review = review_of(tournament, 1, entrants[1])
    text = exports.pokerstars_text(review)
    lines = text.splitlines()
    assert lines[0].startswith(
        f"PokerStars Hand #{first.id}: Tournament #{tournament.id}, 100+0 Hold'em No Limit"
        " - Level I (10/20) - "
    ), lines[0]
    assert lines[1].startswith(f"Table '{tournament.id} 1' 3-max Seat #"), lines[1]
    (parsed,) = from_pokerstars(text)  # pokerkit ignores antes: a level without one
    assert pokerkit_stacks(parsed) == expected_stacks(first)
    last, review = review_of(tournament, 7, entrants[1])
    text = exports.pokerstars_text(review)
    assert " - Level III (50/100) - " in text and ": posts the ante 10" in text
    read, replayed = replay_stars(text)
    assert read.data["level"] == 3 and read.data["_tournament"] == str(tournament.id)
    assert list(replayed.finishing_stacks) == expected_stacks(last)
    # Imported into My hands, the hand stays a tournament hand.
    batch = uploads.run(uploads.start(entrants[1], text, filename="sng.txt"))
    assert batch.imported == 1, batch.refused
    imported = ImportedHand.objects.get(owner=entrants[1])
    assert (imported.tournament, imported.tournament_level) == (str(tournament.id), 3)


def test_a_cash_hand_exports_without_tournament_fields(showdown_hand, alice):
    review = queries.review_for_player(showdown_hand.id, alice)
    assert "level" not in exports.phh_text(review) and "_tournament" not in exports.phh_text(
        review)
    text = exports.pokerstars_text(review)
    assert "Tournament" not in text and ": Hold'em No Limit (" in text.splitlines()[0]
    assert read_hand(text).data.get("_tournament") is None


def test_a_bad_level_in_a_tournament_line_is_refused_with_its_hand():
    text = (
        "PokerStars Hand #5: Tournament #9, 100+0 Hold'em No Limit - Level IIII (10/20) - "
        "2026/01/02 3:04:05 UTC\nTable '9 1' 2-max Seat #1 is the button\n"
    )
    with pytest.raises(PHHError, match=r"Hand #5: 'IIII' is not a level number."):
        read_hand(text)

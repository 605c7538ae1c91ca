"""The session review counts tournaments apart from cash: a tournament hand's chips are not
money (they add nothing to the net), and a tournament's result is its prize less its buy-in;
an imported tournament hand is left out of the money too, its prize unknown."""

import random
import re
from datetime import timedelta

import pytest
from django.utils import timezone

from games.history import queries
from games.history.export import exports
from games.history.imports import uploads
from games.models import Hand, HandPlayer, Tournament
from games.services import tournaments
from tests.games.tournament_helpers import deal, play_out, sng

pytestmark = pytest.mark.django_db


def figures(page: str) -> dict[str, str]:
    return dict(re.findall(r'data-figure="(\w+)">([^<]+)<', page))


def heads_up_sng(host, guest, seed: int = 3) -> Tournament:
    """Two players, winner takes all, played to the end by the random policy."""
    tournament = sng(host, max_players=2, payout="winner-takes-all")
    now = timezone.now()
    for user in (host, guest):
        tournaments.register(tournament.id, user, now=now)
    tournament.refresh_from_db()
    rng = random.Random(seed)
    for _ in range(300):
        now += timedelta(seconds=10)
        deal(tournament.table_id, rng, now)
        play_out(tournament.table_id, rng)
        tournament.refresh_from_db()
        if tournament.status == Tournament.Status.FINISHED:
            return tournament
    raise AssertionError("no winner in 300 hands")


def test_the_review_counts_a_tournament_by_prize_less_buy_in_apart_from_cash(
    client, alice, bob, showdown_hand
):
    tournament = heads_up_sng(alice, bob)
    played = Hand.objects.filter(table_id=tournament.table_id).count()
    # At the cash table bob's aces won 32 (alice folded): the only money either moved.
    cash = {p.user_id: p.finishing_stack - p.starting_stack
            for p in HandPlayer.objects.filter(hand=showdown_hand)}
    assert (cash[alice.id], cash[bob.id]) == (0, 32)
    for user in (alice, bob):
        entry = tournament.entries.get(user=user)
        client.force_login(user)
        page = client.get("/hands/review/?source=played").content.decode()
        found = figures(page)
        assert found["hands"] == str(played + 1)
        # Only the cash hand's chips are money; thousands of tournament chips moved.
        assert found["net"] == (f"{cash[user.id]:+,}" if cash[user.id] else "0")
        assert found["tournaments"] == f"{entry.prize - 100:+,}"
        row = re.search(r'<tr data-tournament="p\d+">(.*?)</tr>', page, re.S).group(1)
        cells = re.findall(r'<td[^>]*>(.*?)</td>', row, re.S)
        assert [re.sub(r"<[^>]+>", "", c).strip() for c in cells] == [
            "Friday sit-and-go", entry.place_text, "100", str(entry.prize),
            f"{entry.prize - 100:+}",
        ]
        assert f"the chips of {played} tournament hands are tournament chips" in page


def test_a_tournament_still_running_has_no_result_yet(client, alice, bob):
    tournament = sng(alice, max_players=2, payout="winner-takes-all")
    now = timezone.now()
    for user in (alice, bob):
        tournaments.register(tournament.id, user, now=now)
    tournament.refresh_from_db()
    rng = random.Random(1)
    deal(tournament.table_id, rng, now)
    play_out(tournament.table_id, rng)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING  # seed 1: nobody busts at once
    client.force_login(alice)
    page = client.get("/hands/review/?source=played").content.decode()
    assert figures(page)["tournaments"] == "0" and figures(page)["net"] == "0"
    row = re.search(r'<tr data-tournament="p\d+">(.*?)</tr>', page, re.S).group(1)
    assert "playing" in row


def test_an_imported_tournament_hand_is_not_money(client, alice, bob):
    tournament = heads_up_sng(alice, bob, seed=5)
    hand = Hand.objects.filter(table_id=tournament.table_id).order_by("number").first()
    text = exports.pokerstars_text(queries.review_for_player(hand.id, alice))
    uploads.run(uploads.start(alice, text, filename="sng.txt", hero_name="alice"))
    client.force_login(alice)
    page = client.get("/hands/review/?source=imported").content.decode()
    assert figures(page) == {"hands": "1", "net": "0", "adjusted": "0", "tournaments": "0"}
    row = re.search(r'<tr data-tournament="iPokerStars#(\d+)">(.*?)</tr>', page, re.S)
    assert row.group(1) == str(tournament.id) and "not in the hand history" in row.group(2)

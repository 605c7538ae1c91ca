"""The felt's tournament line in every view of a sit-and-go's table: level, blinds now and
next, time or hands to the next level, players left, average stack, prize pool and payouts,
a deal waiting for answers; the same public facts for everyone, nothing private."""

import random
from datetime import datetime, timedelta

import orjson
import pytest
from django.utils import timezone

from games import snapshots
from games.projection import personal_view, public_view
from games.services import tournament_deals, tournaments
from tests.games.test_tournament_play import fold_around
from tests.games.tournament_helpers import deal, players, sng

pytestmark = pytest.mark.django_db


def line_of(table_id: int, user_id: int | None = None) -> dict:
    snapshot = snapshots.load(table_id, user_id)
    public = public_view(snapshot)
    if user_id is None:
        return public.view["tournament"]
    return personal_view(snapshot, public, user_id)["tournament"]


def running(count: int, seats: int | None = None, **values):
    entrants = players(count)
    tournament = sng(entrants[0], max_players=seats or count, **values)
    now = timezone.now()
    for user in entrants:
        tournaments.register(tournament.id, user, now=now)
    tournament.refresh_from_db()
    return tournament, entrants


def test_a_cash_table_has_no_tournament_line(table):
    assert public_view(snapshots.load(table.id)).view["tournament"] is None


def test_nobody_is_offered_a_free_chair_at_a_tournament_table():
    tournament, entrants = running(3, seats=6)
    tournaments.start(tournament.id, entrants[0])  # three of its six chairs are free
    tournament.refresh_from_db()
    watcher = public_view(snapshots.load(tournament.table_id)).view["viewer"]
    assert watcher["may_sit"] is False
    assert watcher["text"] == "You are watching a tournament."


def test_the_line_counts_levels_by_hands_players_stacks_and_prizes():
    tournament, entrants = running(3, hands=2)  # 3 x 1,000 chips; 300: 150, 90, 60
    table_id = tournament.table_id
    line = line_of(table_id)
    assert (line["level"], line["hands_to_next_level"], line["seconds_to_next_level"]) == (
        1, 2, None)
    assert line["blinds"] == {"small_blind": 10, "big_blind": 20, "ante": 0}
    assert line["next_blinds"] == {"small_blind": 20, "big_blind": 40, "ante": 0}
    assert (line["players_left"], line["entrants"], line["average_stack"]) == (3, 3, 1_000)
    assert line["prize_pool"] == 300
    assert line["payouts"] == [
        {"place": 1, "prize": 150}, {"place": 2, "prize": 90}, {"place": 3, "prize": 60}]
    rng, now = random.Random(7), timezone.now()
    deal(table_id, rng, now)  # hand 1, being played: still level 1, itself included
    assert (line_of(table_id)["level"], line_of(table_id)["hands_to_next_level"]) == (1, 2)
    fold_around(table_id)
    deal(table_id, rng, now)
    fold_around(table_id)  # two hands played: the next is level 2's
    line = line_of(table_id)
    assert (line["level"], line["hands_to_next_level"]) == (2, 2)
    assert line["blinds"]["big_blind"] == 40 and line["next_blinds"]["ante"] == 10


def test_levels_by_minutes_end_at_a_time_counted_from_the_stored_start():
    tournament, _ = running(3, hands=None, minutes=10)
    line = line_of(tournament.table_id)
    ends = datetime.fromisoformat(line["level_ends_at"])
    assert abs((ends - (tournament.started_at + timedelta(minutes=10))).total_seconds()) < 1e-3
    assert 0 < line["seconds_to_next_level"] <= 600 and line["hands_to_next_level"] is None


def test_a_waiting_deal_is_on_the_line_for_everyone_with_the_icm_figures():
    tournament, (ann, bob, cat) = running(3)
    deal(tournament.table_id, random.Random(4), timezone.now())
    fold_around(tournament.table_id)
    proposal = tournament_deals.propose_deal(tournament.id, ann, "icm")
    tournament_deals.answer_deal(tournament.id, bob, True)
    shown = line_of(tournament.table_id)["deal"]
    assert shown["method"] == "icm" and shown["proposed_by"] == ann.username
    assert [(p["name"], p["icm"], p["amount"]) for p in shown["players"]] == [
        (p["name"], p["icm"], p["amount"]) for p in proposal["players"]]
    agreed = {p["name"]: p["agreed"] for p in shown["players"]}
    assert agreed == {ann.username: True, bob.username: True, cat.username: False}
    # The same public line in a player's own view; no user id or card in it.
    assert line_of(tournament.table_id, cat.id) == line_of(tournament.table_id)
    text = orjson.dumps(line_of(tournament.table_id)).decode()
    assert "user_id" not in text and "hole" not in text

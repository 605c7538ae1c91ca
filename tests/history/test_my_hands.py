"""My hands: every hand the player played, newest first, with net chips and result, filtered
by table, date and result, paginated, in a fixed number of queries."""

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.models import Hand, Table
from tests.history.conftest import play_out, seat

pytestmark = pytest.mark.django_db


def listed(client, query="") -> list[int]:
    response = client.get(f"/hands/{query}")
    assert response.status_code == 200
    return [int(x) for x in re.findall(r'<tr data-hand="(\d+)"', response.content.decode())]


def rows(client, query="") -> dict[int, tuple[str, str]]:
    """hand id -> (net, result) as the page shows them."""
    html = client.get(f"/hands/{query}").content.decode()
    pattern = (
        r'<tr data-hand="(\d+)" class="result-(\w+)">.*?'
        r'<td class="num net">([^<]*)</td>'
    )
    return {int(h): (net, result) for h, result, net in re.findall(pattern, html, re.S)}


def test_it_needs_a_login(client):
    response = client.get("/hands/")
    assert response.status_code == 302 and "/login/" in response["Location"]


def test_each_player_sees_their_net_and_result(client, showdown_hand, alice, bob, carol):
    expected = {alice: ("0", "folded"), bob: ("+32", "won"), carol: ("-32", "lost")}
    for user, row in expected.items():
        client.force_login(user)
        assert rows(client) == {showdown_hand.id: row}


@pytest.mark.parametrize(
    ("user", "result", "found"),
    [
        ("bob", "won", True), ("bob", "lost", False), ("bob", "folded", False),
        ("carol", "lost", True), ("carol", "won", False),
        ("alice", "folded", True), ("alice", "won", False), ("alice", "lost", False),
    ],
)
def test_it_filters_by_result(client, showdown_hand, request, user, result, found):
    client.force_login(request.getfixturevalue(user))
    assert listed(client, f"?result={result}") == ([showdown_hand.id] if found else [])


def test_it_lists_newest_first_and_filters_by_table_and_date(client, table, alice, bob):
    other = Table.objects.create(name="Other game", small_blind=1, big_blind=2)
    seat(table, (alice, 200), (bob, 200))
    seat(other, (alice, 200), (bob, 200))
    here = [play_out(table, [alice, bob]) for _ in range(2)]
    there = [play_out(other, [alice, bob]) for _ in range(2)]
    old = timezone.now() - timedelta(days=10)
    Hand.objects.filter(pk=here[0].pk).update(started_at=old)
    client.force_login(alice)
    assert listed(client) == [there[1].id, there[0].id, here[1].id, here[0].id]
    assert listed(client, f"?table={table.id}") == [here[1].id, here[0].id]
    assert listed(client, f"?table={other.id}") == [there[1].id, there[0].id]
    day = old.date().isoformat()
    assert listed(client, f"?until={day}") == [here[0].id]
    assert listed(client, f"?since={(old + timedelta(days=1)).date()}&table={table.id}") == [
        here[1].id
    ]


def test_bad_filters_are_reported_not_ignored(client, showdown_hand, alice, spectator):
    client.force_login(alice)
    stranger = Table.objects.create(name="Not yours", small_blind=1, big_blind=2)
    response = client.get(f"/hands/?table={stranger.id}")
    assert response.status_code == 200 and 'role="alert"' in response.content.decode()
    assert listed(client, f"?table={stranger.id}") == []
    assert listed(client, "?since=2030-01-02&until=2030-01-01") == []
    assert "The start date is after the end date." in client.get(
        "/hands/?since=2030-01-02&until=2030-01-01"
    ).content.decode()
    client.force_login(spectator)
    assert listed(client) == []  # hands of others never show up


def test_it_paginates_and_keeps_the_filters(client, table, alice, bob):
    seat(table, (alice, 200), (bob, 200))
    hands = [play_out(table, [alice, bob]) for _ in range(27)]
    newest_first = [h.id for h in reversed(hands)]
    client.force_login(alice)
    assert listed(client) == newest_first[:25]
    assert listed(client, "?page=2") == newest_first[25:]
    html = client.get(f"/hands/?table={table.id}").content.decode()
    assert f'href="?table={table.id}&amp;page=2"' in html
    assert "Page 1 of 2 · 27 hands" in html


def test_the_page_costs_the_same_queries_for_few_or_many_hands(client, table, alice, bob):
    seat(table, (alice, 200), (bob, 200))
    client.force_login(alice)
    counts = []
    for total in (2, 25):
        while Hand.objects.filter(table=table).count() < total:
            play_out(table, [alice, bob])
        with CaptureQueriesContext(connection) as queries:
            assert len(listed(client)) == total
        counts.append(len(queries))
    assert counts[0] == counts[1], counts

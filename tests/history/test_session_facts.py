"""The session review's stored facts (``HandFacts``): written when a hand ends here and when
a hand is imported, filled by migration 0020 for hands stored before, and always equal to
the facts worked out again from the hand (``Sample.of``), on every real hand of the corpora,
on hands played here (tournaments included) and on the side-pot hand worked out by hand."""

import random
import re
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from django.apps import apps
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.engine import FULL_DECK, Action, ActionKind, HandState, SeatInput, TableConfig, replay
from games.history.imports import uploads
from games.history.imports.decoding import decode_text
from games.history.masking import masked_state
from games.history.review import session_facts
from games.history.review import views as review_views
from games.history.review.chart import MAX_STEPS, line_chart
from games.history.review.session import Sample
from games.history.review.session_tournaments import imported_key, played_key
from games.models import Hand, HandFacts, ImportedHand
from tests.history.conftest import play_random, seat
from tests.history.stars_samples import ACES_CRACKED
from tests.history.test_tournament_review import heads_up_sng
from tests.history.test_uploads import upload_in_steps

pytestmark = pytest.mark.django_db

DATA = Path(__file__).parent / "data"


def play_random_hands(table, users, rng: random.Random, count: int) -> list[Hand]:
    """``count`` random hands; a broke player is given a new stack (a test's shortcut: the
    facts do not depend on where the chips came from)."""
    hands = []
    for _ in range(count):
        table.seats.filter(user__isnull=False, stack=0).update(stack=200, busted_at=None)
        hands.append(play_random(table, users, rng))
    return hands


def stored(row: HandFacts) -> Sample:
    """A stored row as the review reads it."""
    key = f"p{row.hand_id}" if row.hand_id else f"i{row.imported_id}"
    return Sample(key, *(getattr(row, name) for name in session_facts.COLUMNS))


def recomputed_imported(hand: ImportedHand) -> Sample:
    return Sample.of(f"i{hand.id}", HandState.from_dict(hand.state), hand.hero_seat, hand.net,
                     scale=hand.scale, currency=hand.currency, tournament=imported_key(hand))


def recomputed_played(row: HandFacts) -> Sample:
    hand = Hand.objects.select_related("table__tournament").get(pk=row.hand_id)
    player = hand.players.get(seat=row.seat)
    state = masked_state(HandState.from_dict(hand.state), row.seat)
    return Sample.of(f"p{hand.id}", state, row.seat,
                     player.finishing_stack - player.starting_stack, tournament=played_key(hand))


def test_every_real_hand_of_the_corpora_stores_the_facts_the_review_would_compute(alice):
    files = sorted(p for p in DATA.rglob("*") if p.is_file() and p.suffix in (".txt", ".csv",
                                                                             ".phh", ".phhs"))
    for path in files:
        text = decode_text(path.read_bytes())
        try:
            batch = uploads.start(alice, text, filename=path.name)
        except ValueError:  # a file that holds no hand at all (its test says why)
            continue
        uploads.run(batch)
    reviewed = ImportedHand.objects.filter(owner=alice, hero_seat__isnull=False,
                                           net__isnull=False, settled=True)
    # The import leaves an all-in's equities to the first review that reads them.
    stored_rows = HandFacts.objects.filter(owner=alice)
    pending = stored_rows.filter(adjusted=session_facts.PENDING).count()
    assert pending and session_facts.fill_pending(stored_rows) == pending
    rows = {row.imported_id: row for row in HandFacts.objects.filter(owner=alice)}
    assert set(rows) == set(reviewed.values_list("id", flat=True))
    cache.clear()  # the equities worked out again, not read back from the import's cache
    compared = all_ins = 0
    for hand in reviewed:
        expected = recomputed_imported(hand)
        assert stored(rows[hand.id]) == expected, (hand.site, hand.site_hand)
        assert rows[hand.id].played_at == hand.played_at
        compared += 1
        all_ins += bool(expected.adjusted)
    assert compared > 800 and all_ins > 20, (compared, all_ins)


def test_hands_played_here_store_each_players_facts_from_their_own_seat(table, alice, bob,
                                                                         carol):
    seat(table, (alice, 200), (bob, 200), (carol, 200))
    hands = play_random_hands(table, [alice, bob, carol], random.Random(22), 25)
    stored_rows = HandFacts.objects.filter(hand__in=hands)
    # A hand's end leaves an all-in's equities to the first review that reads them.
    pending = stored_rows.filter(adjusted=session_facts.PENDING).count()
    assert pending and session_facts.fill_pending(stored_rows) == pending
    assert not stored_rows.filter(adjusted=session_facts.PENDING).exists()
    rows = list(stored_rows)
    assert len(rows) == sum(h.players.count() for h in hands) > 20
    cache.clear()
    for row in rows:
        assert stored(row) == recomputed_played(row)
        assert row.tournament == "" and row.played_at == row.hand.started_at
    assert any(row.adjusted for row in rows) and any(row.showdown for row in rows)


def test_tournament_hands_store_their_tournament_and_chips(alice, bob):
    tournament = heads_up_sng(alice, bob)
    hands = Hand.objects.filter(table_id=tournament.table_id, status=Hand.Status.COMPLETE)
    session_facts.fill_pending(HandFacts.objects.filter(hand__in=hands))
    rows = list(HandFacts.objects.filter(hand__in=hands))
    assert len(rows) == 2 * hands.count()
    assert {row.tournament for row in rows} == {f"p{tournament.id}"}
    for row in rows[:40]:
        assert stored(row) == recomputed_played(row)


def test_an_imported_hand_stores_the_all_in_adjusted_net_worked_out_by_hand(client, alice):
    client.force_login(alice)
    upload_in_steps(client, text=ACES_CRACKED)
    assert session_facts.fill_pending(HandFacts.objects.filter(owner=alice)) == 1
    row = HandFacts.objects.get(owner=alice)
    # $100 lost; the aces had 42 of the 44 rivers for the $200 pot (in dimes: scale 10).
    assert row.scale == 10 and row.net == -1000
    assert Fraction(row.adjusted) == (-100 + Fraction(200 * 42, 44)) * 10
    assert (row.position, row.showdown, row.vpip, row.pfr, row.wtsd, row.wsd) == (
        "BTN", True, True, True, True, False)


def test_the_side_pot_hand_worked_out_by_hand_stores_each_pot_by_its_own_equity(alice):
    """The queens, aces and kings of test_session_review: the queens are credited equity in
    the main pot of 90 only, never in the side pot of 340."""
    deck = ["As", "Kd", "Qc", "Ah", "Kc", "Qd", "2s", "7h", "8d", "3c", "4s", "9h", "5d", "2h"]
    deck += [card for card in FULL_DECK if card not in deck]
    seats = [SeatInput(1, "queens", 30), SeatInput(2, "aces", 200), SeatInput(3, "kings", 200)]
    state = replay(TableConfig(1, 2), seats, deck, [
        Action(1, ActionKind.RAISE, 30), Action(2, ActionKind.CALL), Action(3, ActionKind.CALL),
        Action(2, ActionKind.CHECK), Action(3, ActionKind.CHECK),
        Action(2, ActionKind.BET, 170), Action(3, ActionKind.CALL),
    ], button=1)
    expected = {1: (-30, -30 + Fraction(90 * 2, 42)),
                2: (230, 230 - 430 + Fraction(90 * 38 + 340 * 40, 42)),
                3: (-200, -200 + Fraction(90 * 2 + 340 * 2, 42))}
    for seat_number, (net, adjusted) in expected.items():
        row = session_facts.facts_row(state, seat_number, net, owner=alice)
        assert Fraction(row.adjusted) == adjusted


def test_the_migration_fills_the_facts_of_hands_stored_before(client, table, alice, bob, carol,
                                                              side_pot_hand):
    client.force_login(bob)
    upload_in_steps(client, text=ACES_CRACKED.replace("Hero", "bob"))
    session_facts.fill_pending(HandFacts.objects.all())  # the migration counts equities too
    before = sorted(stored(row) for row in HandFacts.objects.all())
    assert len(before) == 4  # three players of the side-pot hand, bob's imported hand
    HandFacts.objects.all().delete()
    migration = __import__("games.migrations.0021_hand_facts", fromlist=["fill"])
    migration.fill(apps, None)
    assert sorted(stored(row) for row in HandFacts.objects.all()) == before


def test_the_review_reads_its_facts_in_as_many_queries_for_any_number_of_hands(
        client, table, alice, bob, carol):
    seat(table, (alice, 200), (bob, 200), (carol, 200))
    client.force_login(alice)
    rng = random.Random(7)

    def queries() -> int:
        with CaptureQueriesContext(connection) as context:
            page = client.get("/hands/review/?source=played")
        assert page.status_code == 200
        return len(context.captured_queries)

    play_random(table, [alice, bob, carol], rng)
    few = queries()
    play_random_hands(table, [alice, bob, carol], rng, 12)
    assert HandFacts.objects.filter(owner=alice).count() >= 5
    assert queries() == few


def test_a_long_session_draws_every_swing_in_a_few_hundred_points():
    rng = random.Random(5)
    total, values = Decimal(0), []
    for _ in range(20_000):
        total += rng.choice((-3, -1, 1, 2))
        values.append(total)
    path = line_chart({"net": values}).lines["net"]
    points = [tuple(map(float, p[1:].split(","))) for p in path.split()]
    assert len(points) <= 1 + 3 * MAX_STEPS
    # The highest and the lowest hand of the session are both drawn (top and bottom edges).
    ys = [y for _, y in points]
    assert min(ys) == 36.0 and max(ys) == 204.0
    assert points[-1][0] == 604.0  # the last hand, at the right edge


def test_a_hand_ends_even_when_its_facts_cannot_be_worked_out(table, alice, bob, carol,
                                                              monkeypatch, caplog):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug in the review's facts")

    monkeypatch.setattr(session_facts, "played_rows", broken)
    seat(table, (alice, 200), (bob, 200), (carol, 200))
    hand = play_random(table, [alice, bob, carol], random.Random(3))
    assert hand.status == Hand.Status.COMPLETE
    assert not HandFacts.objects.filter(hand=hand).exists()
    assert f"No session-review facts for hand {hand.id}" in caplog.text


def test_a_number_behind_many_hands_lists_the_newest_and_says_how_many(
        client, table, alice, bob, carol, monkeypatch):
    monkeypatch.setattr(review_views, "MAX_LISTED", 2)
    seat(table, (alice, 200), (bob, 200), (carol, 200))
    hands = play_random_hands(table, [alice, bob, carol], random.Random(11), 4)
    client.force_login(alice)
    page = client.get("/hands/review/?source=played&show=hands").content.decode()
    assert "(4; the newest 2 listed)" in page
    links = re.findall(r'<li><a href="/hands/(\d+)/">', page)
    assert links == [str(hand.id) for hand in hands[-2:]]

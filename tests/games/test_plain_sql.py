"""The writer's compiled statements (games/plain_sql.py) read and write what the ORM does.

These run on SQLite in `make test` and on PostgreSQL in CI's second step, the two
databases whose conversions differ (SQLite returns dates as text and booleans as 0/1).
"""

from datetime import UTC, datetime, timedelta, timezone

import pytest
from django.db import DatabaseError, IntegrityError, transaction
from django.db.transaction import TransactionManagementError
from django.forms.models import model_to_dict

from games import plain_sql
from games.models import Hand, HandAction, ImportedHand, Seat, Table
from games.services import play, seating
from games.snapshots import SEAT_FIELDS
from tests.games.conftest import ACES_KINGS_DECK

pytestmark = pytest.mark.django_db

SEATS = plain_sql.CompiledQuery(
    lambda table_id: Seat.objects.filter(table_id=table_id).order_by("number").values(*SEAT_FIELDS),
    0,
)


def every_column(instance):
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}


@pytest.fixture
def hand(table, alice, bob, carol):
    for number, user in enumerate((alice, bob, carol), start=1):
        seating.sit(table.id, user, number, 100)
    Seat.objects.filter(table=table, number=2).update(
        busted_at=datetime(2026, 11, 27, 3, 4, 5, tzinfo=UTC)
    )
    return play.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))


def test_rows_are_the_querysets_values_converted(table, hand):
    wanted = list(Seat.objects.filter(table_id=table.id).order_by("number").values(*SEAT_FIELDS))
    got = [dict(zip(SEAT_FIELDS, row, strict=True)) for row in SEATS.rows(table.id)]
    assert got == wanted
    assert isinstance(got[1]["busted_at"], datetime)  # SQLite's text, converted
    assert got[0]["sitting_out"] is False  # SQLite's 0, converted
    assert SEATS.rows(table.id + 1000) == []


def test_locked_instances_have_every_column_as_the_orm_reads_it(table, hand):
    lock = plain_sql.CompiledQuery(
        lambda pk: Table.objects.select_for_update().filter(pk=pk).order_by(), 0
    )
    with transaction.atomic():
        (locked,) = lock.instances(Table, table.id)
        assert every_column(locked) == every_column(Table.objects.get(pk=table.id))
        assert not locked._state.adding
        (live,) = plain_sql.CompiledQuery(
            lambda pk: Hand.objects.filter(pk=pk).order_by(), 0
        ).instances(Hand, hand.id)
    assert every_column(live) == every_column(Hand.objects.get(pk=hand.id))
    assert isinstance(live.state, dict)  # JSON, decoded


def test_instances_attach_their_select_related_objects_as_the_orm_does(
    table, hand, alice, django_assert_num_queries
):
    query = plain_sql.CompiledQuery(
        lambda table_id: Seat.objects.filter(table_id=table_id).select_related(
            "user", "user__player"
        ),
        0,
    )
    wanted = list(Seat.objects.filter(table_id=table.id).select_related("user", "user__player"))
    with django_assert_num_queries(1):
        got = query.instances(Seat, table.id)
        related = [(seat.user, seat.user.player) for seat in got]  # no query more
    assert [every_column(s) for s in got] == [every_column(s) for s in wanted]
    assert [(every_column(u), every_column(p)) for u, p in related] == [
        (every_column(s.user), every_column(s.user.player)) for s in wanted
    ]
    assert got[0].user.username == alice.username
    with pytest.raises(ValueError, match="rows of Table"):
        query.instances(Table, table.id)


@pytest.mark.django_db(transaction=True)  # autocommit, as outside a test's transaction
def test_a_lock_outside_a_transaction_is_refused(table):
    lock = plain_sql.CompiledQuery(
        lambda pk: Table.objects.select_for_update().filter(pk=pk).order_by(), 0
    )
    with pytest.raises(TransactionManagementError):
        lock.rows(table.id)


def test_a_datetime_parameter_is_adapted_as_the_orm_adapts_it(table, hand):
    busted = plain_sql.CompiledQuery(
        lambda table_id, cutoff: Seat.objects.filter(table_id=table_id)
        .filter(busted_at__lte=cutoff).order_by("number").values_list("number"),
        0, plain_sql.STAND_IN_TIME,
    )
    busted_at = datetime(2026, 11, 27, 3, 4, 5, tzinfo=UTC)
    for cutoff in (busted_at - timedelta(microseconds=1), busted_at,
                   busted_at.astimezone(timezone(timedelta(hours=-5)))):
        orm = Seat.objects.filter(table_id=table.id, busted_at__lte=cutoff).order_by("number")
        wanted = [[number] for number in orm.values_list("number", flat=True)]
        assert busted.rows(table.id, cutoff) == wanted
    assert busted.rows(table.id, busted_at) == [[2]]


def test_a_query_whose_parameters_are_not_its_stand_ins_is_refused(table):
    doubled = plain_sql.CompiledQuery(lambda pk: Table.objects.filter(pk=pk * 2), 3)
    with pytest.raises(ValueError, match="stand-ins"):
        doubled.rows(table.id)


def test_update_writes_only_the_named_columns(table):
    table.version = 41
    table.notices = [{"text": "Back in 5", "by_seat": {3: "ok"}, "odds": 0.25}]
    table.name = "not saved"
    plain_sql.update(table, ["version", "notices"])
    saved = Table.objects.get(pk=table.id)
    # JSON as the ORM writes it: keys become strings.
    assert (saved.version, saved.notices, saved.name) == (
        41, [{"text": "Back in 5", "by_seat": {"3": "ok"}, "odds": 0.25}], "Friday game"
    )
    table.notices = []
    plain_sql.update(table, ["notices"])
    assert Table.objects.get(pk=table.id).notices == []


def test_update_of_a_missing_row_fails_loudly(table):
    Table.objects.filter(pk=table.id).delete()
    table.version = 3
    with pytest.raises(DatabaseError, match="no such row"):
        plain_sql.update(table, ["version"])


def test_update_refuses_what_is_not_a_column(table):
    with pytest.raises(ValueError, match="not a column"):
        plain_sql.update(table, ["hands"])


def test_insert_adds_the_rows_bulk_create_would(hand):
    def rows(sequence_from):
        return [
            HandAction(
                hand=hand, sequence=sequence_from + i, seat=i or None, street="flop",
                kind="bet", amount=10 * i or None, timed_out=i == 1,
            )
            for i in range(3)
        ]

    columns = ("hand", "sequence", "seat", "street", "kind", "amount", "timed_out", "created_at")
    assert plain_sql.insert(rows(100), columns) == 3
    HandAction.objects.bulk_create(rows(200))
    ours = HandAction.objects.filter(hand=hand, sequence__gte=100, sequence__lt=200)
    theirs = HandAction.objects.filter(hand=hand, sequence__gte=200)
    leave_out = ("id", "sequence", "created_at")
    assert [model_to_dict(a, exclude=leave_out) for a in ours] == [
        model_to_dict(a, exclude=leave_out) for a in theirs
    ]
    assert all(action.created_at is not None for action in ours)
    assert plain_sql.insert([], columns) == 0


def test_insert_each_adds_the_rows_bulk_create_would_and_skips_conflicts(alice, bob):
    def rows(owner, marks):
        return [
            ImportedHand(
                owner=owner, source="pokerstars", site="PokerStars", small_blind=1, big_blind=2,
                stakes="$0.01/$0.02", player_count=2, names={"1": "a", "2": "b"},
                rake={"1": 3}, state={"players": [{"seat": 1, "hole": ["As", "Kd"]}]},
                played_at=datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC), net=-5, settled=k == 0,
                text=f"hand {mark}", fingerprint=mark,
            )
            for k, mark in enumerate(marks)
        ]

    plain_sql.insert_each(rows(alice, ["a", "b"]))
    plain_sql.insert_each(rows(alice, ["b", "c"]), ignore_conflicts=True)  # "b" is there
    ImportedHand.objects.bulk_create(rows(bob, ["a", "b"]))
    ImportedHand.objects.bulk_create(rows(bob, ["b", "c"]), ignore_conflicts=True)
    leave_out = ("id", "owner", "imported_at")

    def stored(owner):
        return [model_to_dict(row, exclude=leave_out)
                for row in ImportedHand.objects.filter(owner=owner).order_by("fingerprint")]

    assert [row["text"] for row in stored(alice)] == ["hand a", "hand b", "hand c"]
    assert stored(alice) == stored(bob)
    assert all(row.imported_at is not None for row in ImportedHand.objects.filter(owner=alice))
    with pytest.raises(IntegrityError), transaction.atomic():
        plain_sql.insert_each(rows(alice, ["a"]))  # no skipping unless asked
    plain_sql.insert_each([])

"""A change's plain writes wait for its next statement on PostgreSQL (games/write_batch.py):
sent in order, in one round trip with the read after them, checked, and dropped with a
change that fails. On SQLite they are sent at once."""

import pytest
from django.db import DatabaseError, connection, transaction
from django.test.utils import CaptureQueriesContext

from games import plain_sql, write_batch
from games.models import Table

pytestmark = pytest.mark.django_db
on_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="needs PostgreSQL: set DATABASE_URL=postgres://... (as .ci/run does)",
)
NAME = plain_sql.CompiledQuery(lambda pk: Table.objects.filter(pk=pk).values("name"), 0)


def rename(table: Table, name: str) -> None:
    table.name = name
    plain_sql.update(table, ["name"])


@on_postgresql
def test_writes_go_with_the_next_read_in_one_round_trip(table):
    with transaction.atomic(), write_batch.together(), CaptureQueriesContext(connection) as sent:
        rename(table, "first")
        rename(table, "second")
        assert len(sent) == 0  # nothing sent yet
        assert NAME.rows(table.id) == [["second"]]  # the read sees both writes
    assert len(sent) == 1
    update, again, select = sent[0]["sql"].split("; ")
    assert update.startswith('UPDATE "games_table"') and again.startswith('UPDATE "games_table"')
    assert select.startswith("SELECT")
    assert Table.objects.get(pk=table.id).name == "second"


@on_postgresql
def test_any_other_statement_sends_the_waiting_writes_before_it(table):
    with transaction.atomic(), write_batch.together(), CaptureQueriesContext(connection) as sent:
        rename(table, "renamed")
        assert Table.objects.get(pk=table.id).name == "renamed"  # the ORM's read, after
        assert [q["sql"].split()[0] for q in sent] == ["UPDATE", "SELECT"]


@on_postgresql
def test_writes_still_waiting_at_the_end_are_sent(table):
    with transaction.atomic(), write_batch.together():
        rename(table, "at the end")
    assert Table.objects.get(pk=table.id).name == "at the end"


@on_postgresql
def test_an_update_that_finds_no_row_fails_when_sent(table):
    gone = Table(pk=table.id + 1000, name="gone")
    refused = pytest.raises(DatabaseError, match=f"Table {gone.pk} was not saved: no such row")
    with refused, transaction.atomic(), write_batch.together():
        rename(table, "never saved")
        rename(gone, "nowhere")
        NAME.rows(table.id)
    assert Table.objects.get(pk=table.id).name != "never saved"


@on_postgresql
def test_a_failed_inner_change_drops_only_its_own_writes(table):
    with transaction.atomic(), write_batch.together():
        rename(table, "outer")
        try:
            with transaction.atomic(), write_batch.together():
                rename(table, "inner")
                raise RuntimeError("the inner change fails")
        except RuntimeError:
            pass
    assert Table.objects.get(pk=table.id).name == "outer"


def test_on_sqlite_every_write_is_sent_at_once(table):
    if connection.vendor != "sqlite":
        pytest.skip("SQLite only")
    with transaction.atomic(), write_batch.together(), CaptureQueriesContext(connection) as sent:
        rename(table, "at once")
        assert [q["sql"].split()[0] for q in sent] == ["UPDATE"]
        assert write_batch.waiting(connection) is None

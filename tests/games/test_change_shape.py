"""Every change to a table has one shape (games/services/change.py): lock, check the quoted
version, change, bump, snapshot, publish after commit, exactly once; and the shape costs no
statement: each service sends what it sent when every service paired the lock and the
publish by hand."""

import asyncio
import json

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from games.bots.players import start_practice
from games.models import Hand, Seat, Table
from games.outbound.broadcast import channel_layer, table_group
from games.services import hosting, seating, table_memory
from games.services.change import table_change
from tests.games.conftest import ACES_KINGS_DECK

pytestmark = pytest.mark.django_db(transaction=True)  # commit callbacks run, the memory keeps

# Statements of each change on SQLite (BEGIN and COMMIT included), counted on main before
# the shape (eec7d8c), with the table memory on and its test-suite check off. A preflop call:
# BEGIN, lock the table, insert the action, save the hand, bump the version, read the seats
# for the views, COMMIT.
STATEMENTS = {"sit": 19, "deal": 13, "call": 7, "sit_out": 6, "check": 7, "timeout": 7}
# On PostgreSQL the plain writes go with the next read (games/write_batch.py): a call is
# BEGIN, the lock, one execute of the INSERT, the two UPDATEs and the seats' read, COMMIT.
ROUND_TRIPS_ON_POSTGRESQL = {
    "sit": 18, "deal": 10, "call": 4, "sit_out": 5, "check": 4, "timeout": 6,
}


def statements(change, *args, **kwargs) -> list[str]:
    with CaptureQueriesContext(connection) as captured:
        change(*args, **kwargs)
    return [query["sql"] for query in captured.captured_queries]


def version_of(table) -> int:
    return Table.objects.values_list("version", flat=True).get(pk=table.id)


def test_the_shape_adds_no_statement_to_any_change(table, alice, bob, carol, settings):
    settings.TABLE_MEMORY_CHECK = False  # the suite's check reads what the memory keeps
    services.sit(table.id, carol, 1, 200)
    services.sit(table.id, alice, 2, 200)
    counted = {"sit": statements(services.sit, table.id, bob, 3, 200)}
    counted["deal"] = statements(services.start_next_hand, table.id, deck=list(ACES_KINGS_DECK))
    counted["call"] = statements(services.act, table.id, carol, "call", None, version_of(table))
    services.act(table.id, alice, "call", None, version_of(table))
    counted["sit_out"] = statements(services.set_sitting_out, table.id, carol, True)
    counted["check"] = statements(services.act, table.id, bob, "check", None, version_of(table))
    deadline = Hand.objects.filter(table=table).latest("number").action_deadline
    counted["timeout"] = statements(services.timeout, table.id, deadline)
    wanted = ROUND_TRIPS_ON_POSTGRESQL if connection.vendor == "postgresql" else STATEMENTS
    assert {name: len(sqls) for name, sqls in counted.items()} == wanted, "\n\n".join(
        f"{name}:\n" + "\n".join(sql[:120] for sql in sqls) for name, sqls in counted.items()
    )


def broadcasts(callbacks) -> list:
    """The commit callbacks that send something (not the table memory's)."""
    return [c for c in callbacks if not isinstance(c, table_memory.KeepOnCommit)]


@pytest.fixture
def dealt(alice, bob, carol):
    """A private table (the lobby hears nothing of it), carol to act first."""
    private = Table.objects.create(
        name="Back room", small_blind=1, big_blind=2, min_buy_in=40, max_buy_in=200,
        is_private=True,
    )
    for number, user in ((1, carol), (2, alice), (3, bob)):
        services.sit(private.id, user, number, 200)
    services.start_next_hand(private.id, deck=list(ACES_KINGS_DECK))
    return private


@pytest.mark.django_db  # no commit: the callbacks are captured, not run
def test_a_change_that_returns_early_still_publishes_once(
    dealt, carol, django_capture_on_commit_callbacks
):
    """Carol leaves on her turn: the table folds for her and the change returns from the
    middle of its body; the new version goes out once, not twice and not never."""
    before = version_of(dealt)
    with django_capture_on_commit_callbacks() as callbacks:
        services.stand(dealt.id, carol)
    assert version_of(dealt) == before + 1
    assert len(broadcasts(callbacks)) == 1
    assert Seat.objects.get(table=dealt, number=1).leave_after_hand


@pytest.mark.django_db  # no commit: the callbacks are captured, not run
def test_a_refused_change_publishes_nothing_and_changes_nothing(
    dealt, bob, django_capture_on_commit_callbacks
):
    before = version_of(dealt)
    with django_capture_on_commit_callbacks() as callbacks, pytest.raises(
        services.ServiceError, match="It is not your turn"
    ):
        services.act(dealt.id, bob, "fold", None, before)
    assert callbacks == [] and version_of(dealt) == before


@pytest.mark.django_db  # no commit: the callbacks are captured, not run
def test_a_change_that_found_nothing_to_do_publishes_nothing(
    dealt, carol, django_capture_on_commit_callbacks
):
    before = version_of(dealt)
    seating.set_client_seed(dealt.id, carol, "carol-seed")
    with django_capture_on_commit_callbacks() as callbacks:
        seating.set_client_seed(dealt.id, carol, "carol-seed")  # a reconnecting page
    assert broadcasts(callbacks) == [] and version_of(dealt) == before + 1


def test_a_change_that_says_unchanged_but_changed_the_table_is_a_bug(dealt):
    before = version_of(dealt)
    with pytest.raises(RuntimeError, match="said it left the table unchanged, but it changed "
                       "bomb_pot_next"), table_change(dealt.id) as locked:
        locked.table.bomb_pot_next = True
        locked.leave_unchanged()
    assert version_of(dealt) == before
    assert not Table.objects.get(pk=dealt.id).bomb_pot_next  # rolled back


def test_a_version_the_table_has_not_reached_is_refused(dealt, carol):
    version = version_of(dealt)
    with pytest.raises(services.ServiceError, match=f"quotes version {version + 1}, but the "
                       f"table is only at version {version}"):
        services.act(dealt.id, carol, "call", None, version + 1)


def test_an_action_decided_before_its_turn_began_is_stale(dealt, carol, alice):
    seen = version_of(dealt)
    services.act(dealt.id, carol, "call", None, seen)
    with pytest.raises(services.StaleVersion):
        services.act(dealt.id, alice, "call", None, seen)
    services.act(dealt.id, alice, "call", None, version_of(dealt))


def test_with_no_hand_an_action_on_an_older_table_is_stale(table, alice, bob):
    """No hand is live: the bot driver's read came before the hand ended (issue 27: it is
    told so by its type, not by a sentence)."""
    services.sit(table.id, alice, 1, 200)
    seen = version_of(table)
    services.sit(table.id, bob, 2, 200)
    with pytest.raises(services.StaleVersion):
        services.act(table.id, alice, "call", None, seen)
    with pytest.raises(services.ServiceError, match="There is no hand in progress"):
        services.act(table.id, alice, "call", None, version_of(table))


def test_deleting_a_table_tells_its_sockets_it_closed(table, spectator):
    spectator.is_staff = True
    spectator.save(update_fields=["is_staff"])
    before = version_of(table)

    async def watch_the_deletion() -> dict:
        # One event loop for the channel, its group and its receive (the Redis layer's
        # channels live in the loop that made them).
        layer = channel_layer()
        channel = await layer.new_channel()
        await layer.group_add(table_group(table.id), channel)
        await sync_to_async(hosting.delete_table)(table.id, spectator)
        return await asyncio.wait_for(layer.receive(channel), timeout=5)

    frame = json.loads(async_to_sync(watch_the_deletion)()["frame"])
    assert (frame["version"], frame["table"]["status"]) == (before + 1, "closed")
    assert not Table.objects.filter(pk=table.id).exists()


def test_a_practice_table_is_seated_in_one_change(alice):
    table = start_practice(alice, 3, "easy")
    # Made at version 0, its person and three bots seated in the first change.
    assert version_of(table) == 1
    assert Seat.objects.filter(table=table).count() == 4

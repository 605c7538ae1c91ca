"""A process remembers a table's seats and hands between two of its changes
(games/services/table_memory.py): it reads them again only when someone else moved the
table on, a failed change leaves nothing remembered, and a write that goes round the
writer is caught by the check the test suite runs with."""

from datetime import timedelta

import pytest
from django.db import connection

from games import services, snapshots
from games.models import Hand, HandAction, Seat, Table
from games.services import table_memory
from tests.games.conftest import ACES_KINGS_DECK
from tests.games.statements import statements_everywhere

pytestmark = pytest.mark.django_db(transaction=True)  # the memory is kept on commit


@pytest.fixture
def dealt(table, alice, bob, carol):
    """Carol on the button (seat 1) acts first, then alice (seat 2, small blind), then bob
    (seat 3, big blind)."""
    for number, user in ((1, carol), (2, alice), (3, bob)):
        services.sit(table.id, user, number, 200)
    services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))
    return table


def reads_of_seats_and_hands(statements: list[str]) -> int:
    """The writer's reads of the seats (as model rows, with their users) and of the latest
    hand; not the snapshot's own read of names and bankrolls."""
    seats, hands = Seat._meta.db_table, Hand._meta.db_table
    return sum(
        1 for sql in statements
        if sql.startswith(f'SELECT "{seats}"."id"')
        or sql.startswith(f'SELECT "{hands}"."id"') and f'ORDER BY "{hands}"."number" DESC' in sql
    )


def reads_of_timed_out_actions(statements: list[str]) -> int:
    actions = HandAction._meta.db_table
    return sum(1 for sql in statements if sql.startswith("SELECT") and f'"{actions}"' in sql
               and '"timed_out"' in sql)


def act_counted(table_id, user, kind) -> list[str]:
    version = Table.objects.get(pk=table_id).version
    with statements_everywhere() as log:
        services.act(table_id, user, kind, None, version)
    return list(log.statements)


def test_a_change_after_this_process_s_own_reads_no_seats_and_no_hand(
    dealt, alice, carol, bob, settings
):
    settings.TABLE_MEMORY_CHECK = False
    first = act_counted(dealt.id, carol, "call")
    second = act_counted(dealt.id, alice, "call")
    assert reads_of_seats_and_hands(first) == 0, "\n".join(first)
    assert reads_of_seats_and_hands(second) == 0, "\n".join(second)
    assert reads_of_timed_out_actions(second) == 0, "\n".join(second)
    # The check reads them, and finds them equal.
    settings.TABLE_MEMORY_CHECK = True
    checked = act_counted(dealt.id, bob, "check")
    assert reads_of_seats_and_hands(checked) == 2 and reads_of_timed_out_actions(checked) == 1


def test_the_clocks_actions_are_remembered_as_it_takes_them(dealt, alice, carol, settings):
    """The felt marks the actions the clock took: after the clock's own change, the next
    change knows them without reading them, and they are the database's."""
    settings.TABLE_MEMORY_CHECK, settings.TIME_BANK_SECONDS = False, 0
    act_counted(dealt.id, carol, "call")
    hand = Hand.objects.filter(table=dealt).latest("number")
    with statements_everywhere() as log:  # alice's time is up
        assert services.timeout(dealt.id, hand.action_deadline + timedelta(seconds=1))
    assert reads_of_timed_out_actions(log.statements) == 0, "\n".join(log.statements)
    stored = set(
        HandAction.objects.filter(hand=hand, timed_out=True).values_list("sequence", flat=True)
    )
    assert len(stored) == 1
    kept = table_memory.take(dealt.id, Table.objects.get(pk=dealt.id).version)
    assert kept is not None and kept.hand is not None
    assert snapshots.timed_out_sequences(kept.hand) == stored


def test_another_process_s_change_makes_the_next_one_read_again(
    dealt, alice, carol, bob, settings
):
    settings.TABLE_MEMORY_CHECK = False
    act_counted(dealt.id, carol, "call")
    stale = table_memory.take(dealt.id, Table.objects.get(pk=dealt.id).version)
    assert stale is not None
    # Another process moves the table on (here: this process, with the entry taken out).
    act_counted(dealt.id, alice, "call")
    table_memory.keep(dealt.id, stale)  # what a process that did not see it still holds
    statements = act_counted(dealt.id, bob, "check")
    assert reads_of_seats_and_hands(statements) == 2, "\n".join(statements)
    state = Hand.objects.filter(table=dealt).latest("number").state
    # Both calls and the check applied, once each and in order: the flop is out.
    assert (state["street"], state["board"]) == ("flop", ["9h", "8d", "4c"])


def test_a_refused_change_leaves_nothing_remembered(dealt, alice, carol, settings):
    settings.TABLE_MEMORY_CHECK = False
    act_counted(dealt.id, carol, "call")
    version = Table.objects.get(pk=dealt.id).version
    with pytest.raises(services.ServiceError, match="not your turn"):
        services.act(dealt.id, carol, "call", None, version)
    assert table_memory.take(dealt.id, version) is None
    statements = act_counted(dealt.id, alice, "call")
    assert reads_of_seats_and_hands(statements) == 2, "\n".join(statements)


def test_a_player_sitting_down_or_leaving_is_read_again(dealt, spectator, settings):
    settings.TABLE_MEMORY_CHECK = False
    services.sit(dealt.id, spectator, 4, 200)
    version = Table.objects.get(pk=dealt.id).version
    assert table_memory.take(dealt.id, version) is None


def test_a_write_round_the_writer_is_caught(dealt, alice, carol):
    act_counted(dealt.id, carol, "call")
    Seat.objects.filter(table=dealt, number=3).update(stack=1_000)  # not through a service
    version = Table.objects.get(pk=dealt.id).version
    with pytest.raises(RuntimeError, match="something changed the table without the writer"):
        services.act(dealt.id, alice, "call", None, version)
    assert connection.in_atomic_block is False  # the change was rolled back whole
    assert Table.objects.get(pk=dealt.id).version == version

"""A club's members-only table over the real ASGI stack: a non-member's socket is closed
as if the table did not exist; a member watches; the club's manager gets the host's
controls in their view and pauses the table, a plain member is refused with a sentence."""

import pytest
from channels.db import database_sync_to_async

from games.models import Table
from tests.clubs.conftest import cash_table
from tests.games.sockets import RecordingSocket

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def members_only_table(club, host) -> Table:
    table = cash_table(host, name="Club game")
    table.club = club
    table.save(update_fields=["club"])
    return table


async def test_a_non_member_socket_is_closed_as_if_the_table_were_missing(club, alice,
                                                                          carol, outsider):
    table = await members_only_table(club, alice)
    stranger = await RecordingSocket.open(table.id, outsider)
    assert await stranger.closed_with() == 4404
    member = await RecordingSocket.open(table.id, carol)
    try:
        snapshot = await member.receive()
        assert snapshot["type"] == "snapshot" and snapshot["table"]["you"]["is_host"] is False
    finally:
        await member.close()


async def test_a_manager_pauses_from_the_felt_and_a_member_is_refused(club, alice, bob,
                                                                      carol):
    table = await members_only_table(club, alice)
    manager = await RecordingSocket.open(table.id, bob)
    member = await RecordingSocket.open(table.id, carol)
    try:
        assert (await manager.receive())["table"]["you"]["is_host"] is True
        assert (await member.receive())["table"]["you"]["is_host"] is False
        refused = await member.command({"type": "host", "control": "pause"})
        assert (refused["type"], refused["reason"]) == (
            "error", "Only the host of this table can do that.")
        paused = await manager.command({"type": "host", "control": "pause"})
        assert paused["table"]["status"] == Table.Status.PAUSED
    finally:
        await manager.close()
        await member.close()

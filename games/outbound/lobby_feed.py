"""The lobby's news: rows of public tables sent to the channel group ``lobby``, and the list
a new watcher (or the lobby page) starts from.

Messages go out after the change commits, through the same outbox as the tables' frames
(games/outbound/broadcast.py). A private table makes no row (games/lobby.py), so nothing about it is
ever sent here, not even its removal.
"""

from collections import defaultdict
from typing import Any

from django.db import transaction

from games import lobby
from games.lobby import LobbyRow
from games.models import Seat, Table
from games.outbound.broadcast import publish_to_group
from games.projection import TableSnapshot

LOBBY_GROUP = "lobby"

ROW_FIELDS = (
    "id", "name", "status", "small_blind", "big_blind", "ante", "min_buy_in", "max_buy_in",
    "max_seats", "hands_played", "version",
)


def open_rows() -> list[LobbyRow]:
    """Every table in the lobby, newest first: two queries, whatever the number of tables.

    The two reads are not one snapshot: a seat taken between them shows up with the older
    table version. A socket joins the lobby group before reading, so the frame of that
    change (a newer version) still reaches it and puts the row right.
    """
    public = Table.objects.filter(is_private=False).exclude(status=Table.Status.CLOSED).exclude(
        club__isnull=False, club_open=False  # a club's members-only tables (Table.unlisted)
    )
    tables = list(public.order_by("-id").values(*ROW_FIELDS))
    players: defaultdict[int, list[str]] = defaultdict(list)
    seats = Seat.objects.filter(table__in=public).order_by("table_id", "number")
    for table_id, name in seats.values_list("table_id", "user__username"):
        players[table_id].append(name)
    return [
        LobbyRow(**{**table, "players": tuple(players[table["id"]])}) for table in tables
    ]


def publish_change(before: LobbyRow | None, snapshot: TableSnapshot, table: Table) -> None:
    """Called by the writer inside its transaction: after commit, tell the lobby of the
    change if it shows anything new. Builds the new row from the snapshot: no query."""
    after = lobby.row_after(snapshot, table.unlisted, table.hands_played)
    message = lobby.change_message(before, after, table.id, snapshot.version)
    if message is not None:
        _send_on_commit(message)


def announce_table(table: Table) -> None:
    """A new table: its row (with nobody seated yet) once it is committed; nothing if it is
    private. Call it right after creating the table."""
    row = lobby.row_of(table, seats=[])
    if row is not None:
        _send_on_commit(lobby.row_message(row))


def announce_deleted(table: Table) -> None:
    """A deleted table leaves the lobby. Its removal is numbered after its last version, so
    no row of it still on its way can bring it back."""
    if lobby.in_lobby(table.unlisted, table.status):
        _send_on_commit(lobby.removed_message(table.id, table.version + 1))


def _send_on_commit(message: dict[str, Any]) -> None:
    # robust: the change is saved whatever happens to the channel layer.
    transaction.on_commit(lambda: publish_to_group(LOBBY_GROUP, message), robust=True)

"""What the lobby shows of a table, as plain data, and the frames that carry it.

A ``LobbyRow`` is built from what the writer already holds: the locked table and its seats
before a change, the ``TableSnapshot`` it captures after. So watching the lobby costs the
writer no query, and comparing the two rows tells whether the lobby needs to hear of the
change at all (most actions at a table change nothing it shows).

Only a public table that is not closed has a row. ``None`` stands for "not in the lobby", so
a private table can never produce a row, and a table leaving the lobby is a removal.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse

from games.models import Seat, Table
from games.projection import TableSnapshot


@dataclass(frozen=True)
class LobbyRow:
    """One table in the lobby. Two rows are equal when the lobby would show the same."""

    id: int
    name: str
    status: str  # open or paused (closed tables have no row)
    small_blind: int
    big_blind: int
    ante: int
    min_buy_in: int
    max_buy_in: int
    max_seats: int
    players: tuple[str, ...]  # names, in seat order
    hands_played: int
    # The table version the row was read at: it orders rows of one table on the way to a
    # page, and is not something the lobby shows, so it takes no part in equality.
    version: int = field(compare=False)

    @property
    def seats_taken(self) -> int:
        return len(self.players)

    @property
    def has_free_seat(self) -> bool:
        return self.seats_taken < self.max_seats

    @property
    def url(self) -> str:
        return reverse("table", kwargs={"table_id": self.id})

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "version": self.version,
            "status": self.status,
            "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "ante": self.ante,
            "min_buy_in": self.min_buy_in,
            "max_buy_in": self.max_buy_in,
            "max_seats": self.max_seats,
            "seats_taken": self.seats_taken,
            "players": list(self.players),
            "hands_played": self.hands_played,
            "url": self.url,
        }


def in_lobby(is_private: bool, status: str) -> bool:
    return not is_private and status != Table.Status.CLOSED


# The table's own fields a row shows, read by name from the model or from a snapshot.
TABLE_FIELDS = (
    "id", "name", "status", "small_blind", "big_blind", "ante", "min_buy_in", "max_buy_in",
    "max_seats",
)


def row_of(table: Table, seats: list[Seat]) -> LobbyRow | None:
    """The row of a table held in memory (the writer's locked table, with its seats' users
    loaded), or None when it is not in the lobby. Reads nothing."""
    if not in_lobby(table.unlisted, table.status):
        return None
    return LobbyRow(
        **{name: getattr(table, name) for name in TABLE_FIELDS},
        players=tuple(s.user.get_username() for s in sorted(seats, key=lambda s: s.number)),
        hands_played=table.hands_played,
        version=table.version,
    )


def row_after(snapshot: TableSnapshot, is_private: bool, hands_played: int) -> LobbyRow | None:
    """The row of the version a snapshot names. A snapshot carries what every viewer of the
    table may see, which leaves out whether it is private and its count of hands: the
    writer passes those from the table row it holds."""
    table = snapshot.table
    if not in_lobby(is_private, table["status"]):
        return None
    return LobbyRow(
        **{name: table[name] for name in TABLE_FIELDS},
        players=tuple(seat.name for seat in sorted(snapshot.seats, key=lambda s: s.number)),
        hands_played=hands_played,
        version=snapshot.version,
    )


# ------------------------------------------------------------------------------- messages
# Each message for the channel group carries its frame encoded once, plus the table and
# version, so that a lobby socket can drop a row older than what it already sent.


def change_message(
    before: LobbyRow | None, after: LobbyRow | None, table_id: int, version: int
) -> dict[str, Any] | None:
    """The message a change of one table makes for the lobby group, or None when the lobby
    shows nothing new (the table was and is out of the lobby, or its row is the same).

    >>> from dataclasses import replace
    >>> row = LobbyRow(1, "Friday", "open", 1, 2, 0, 40, 200, 6, ("ann",), 3, version=8)
    >>> change_message(row, replace(row, version=9), 1, 9) is None  # only the version moved
    True
    >>> change_message(row, None, 1, 9)["type"]
    'lobby.removed'
    >>> change_message(None, None, 1, 9) is None
    True
    """
    if before == after:
        return None
    if after is None:
        return removed_message(table_id, version)
    return row_message(after)


def row_message(row: LobbyRow) -> dict[str, Any]:
    frame = {"type": "lobby_table", "table": row.to_dict()}
    return {"type": "lobby.table", "table": row.id, "version": row.version, "frame": _text(frame)}


def removed_message(table_id: int, version: int) -> dict[str, Any]:
    frame = {"type": "lobby_removed", "table_id": table_id, "version": version}
    return {"type": "lobby.removed", "table": table_id, "version": version, "frame": _text(frame)}


def lobby_frame(rows: list[LobbyRow]) -> str:
    """A lobby socket's first frame: every table in the lobby."""
    return _text({"type": "lobby", "tables": [row.to_dict() for row in rows]})


def _text(frame: dict[str, Any]) -> str:
    return json.dumps(frame, separators=(",", ":"))

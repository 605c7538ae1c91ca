"""A process's memory of each table's seats and hands between two changes, so that a change
reads them again only when someone else moved the table on.

Every change to a table's seats or hands runs under the table's row lock and bumps its
version (games/services/writer.py). So when the version of the row just locked is the one
this process committed last, the seats and hands it kept are exactly the database's, and
``lock_table`` takes them instead of reading them (two queries and a few dozen model
instances of a change's eight statements). Another process's change, or an admin's, moves
the version on and the next change reads everything again.

An entry is taken out while a change holds the lock, and put back only when the change
commits, under the version it committed: a change that fails leaves nothing behind, and a
half-changed seat is never kept. A change that seats or frees a player keeps nothing (the
next reads all); names and bankrolls shown to players are read by the snapshot itself.

With ``settings.TABLE_MEMORY_CHECK`` (the test suite) every entry taken is compared with
the database, so a write that goes round the writer fails loudly instead of being
remembered wrong.
"""

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Model

from games.engine import HandState
from games.models import Hand, Seat
from games.outbound import runtime

# Tables remembered per process (the least recently changed are forgotten first).
MOST_TABLES = 2_000


@dataclass
class Kept:
    version: int
    seats: list[Seat]
    hand: Hand | None
    state: HandState | None
    last_hand: Hand | None


class KeptTables:
    """The tables this process remembers, least recently changed first; one per process,
    kept in its runtime (``memory()``)."""

    def __init__(self) -> None:
        self.tables: OrderedDict[int, Kept] = OrderedDict()
        self.guard = threading.Lock()  # the database threads of a process share the memory


def memory() -> KeptTables:
    return runtime.current().own(KeptTables)


def take(table_id: int, version: int) -> Kept | None:
    """What this process kept of the table, if it is still at ``version``; the entry is
    removed either way (the change now holding the lock puts it back when it commits)."""
    kept_tables = memory()
    with kept_tables.guard:
        kept = kept_tables.tables.pop(table_id, None)
    return kept if kept is not None and kept.version == version else None


def keep(table_id: int, kept: Kept) -> None:
    kept_tables = memory()
    with kept_tables.guard:
        kept_tables.tables[table_id] = kept
        kept_tables.tables.move_to_end(table_id)
        while len(kept_tables.tables) > MOST_TABLES:
            kept_tables.tables.popitem(last=False)


class KeepOnCommit:
    """The callback a change leaves for its commit: ``what()`` says what to keep (or None).

    A class of its own so that tests counting a change's broadcasts among its commit
    callbacks can leave it out."""

    def __init__(self, what: Callable[[], tuple[int, Kept] | None]) -> None:
        self.what = what

    def __call__(self) -> None:
        found = self.what()
        if found is not None:
            keep(*found)


def forget_all() -> None:
    """Forget every table (tests start from nothing)."""
    kept_tables = memory()
    with kept_tables.guard:
        kept_tables.tables.clear()


def differences(kept: Kept, seats: list[Seat], hand: Hand | None, last: Hand | None) -> list[str]:
    """How ``kept`` differs from what was just read from the database (empty: not at all)."""
    found = []
    if _rows(kept.seats) != _rows(seats):
        found.append(f"seats: kept {_rows(kept.seats)}, stored {_rows(seats)}")
    for name, mine, theirs in (("hand", kept.hand, hand), ("last hand", kept.last_hand, last)):
        kept_rows, stored_rows = _rows([mine] if mine else []), _rows([theirs] if theirs else [])
        if kept_rows != stored_rows:
            found.append(f"{name}: kept {kept_rows}, stored {stored_rows}")
    stored_state = HandState.from_dict(hand.state).to_dict() if hand is not None else None
    kept_state = kept.state.to_dict() if kept.state is not None else None
    if kept_state != stored_state:
        found.append("the live hand's engine state")
    return found


def _rows(objects: Sequence[Model]) -> list[tuple[Any, ...]]:
    """Each object's primary key and every column's value, in a stable order."""
    return sorted(
        (obj.pk, tuple((f.attname, getattr(obj, f.attname)) for f in obj._meta.concrete_fields))
        for obj in objects
    )

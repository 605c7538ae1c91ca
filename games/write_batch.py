"""On PostgreSQL, a change's plain writes wait and go to the server with its next statement.

A player's action sends: the table's lock, the action's INSERT, the hand's and the table's
UPDATEs, the seats' read for the frames, and the commit. Each is a round trip, and after
each the database thread waits for the interpreter lock again (behind an event loop busy
with a burst). The writes need no answer but their row count, so inside ``together()`` the
INSERTs and UPDATEs of games/plain_sql.py wait and are sent in one ``execute`` with the next
statement (the seats' read), in order: three round trips where there were six.

Order is kept: any other statement on the connection (the ORM's, a savepoint's) sends the
waiting writes first (an execute wrapper), and the end of ``together()`` sends what is left
before the transaction commits. An UPDATE that finds no row still fails the change, when
its batch is sent. A change that fails drops its waiting writes: they roll back with it.

SQLite takes one statement an ``execute``: there every write is sent at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import TracebackType
from typing import Any

from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections
from django.db.backends.base.base import BaseDatabaseWrapper

# A write waiting on a connection: its SQL, its parameters, and what to say if it does not
# touch exactly one row (None: any row count will do).
Write = tuple[str, Sequence[Any], str | None]
_WAITING = "_writes_waiting"  # the connection's attribute holding them while together()


class together:  # noqa: N801  (used as ``with write_batch.together():``)
    """Writes wait for the next statement while inside (on PostgreSQL). Inside another
    ``together()`` (a change within a change) the outer writes are sent first, so that the
    inner change's failure drops only its own. (A change within a change also opens a
    savepoint, whose SAVEPOINT and ROLLBACK TO statements send the waiting writes anyway;
    this keeps a ``together()`` without one right too.)"""

    def __init__(self, using: str = DEFAULT_DB_ALIAS) -> None:
        self.using = using
        self.outermost = False

    def __enter__(self) -> None:
        connection = connections[self.using]
        if waiting(connection) is not None:
            send_waiting(connection)
        elif connection.vendor == "postgresql":
            setattr(connection, _WAITING, [])
            connection.execute_wrappers.append(_send_waiting_first)
            self.outermost = True

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        connection = connections[self.using]
        try:
            if kind is None:
                send_waiting(connection)
            elif (writes := waiting(connection)) is not None:
                writes.clear()  # rolled back with the change
        finally:
            if self.outermost:
                delattr(connection, _WAITING)
                connection.execute_wrappers.remove(_send_waiting_first)


def waiting(connection: BaseDatabaseWrapper) -> list[Write] | None:
    """The connection's waiting writes; None outside ``together()`` (or on SQLite)."""
    return getattr(connection, _WAITING, None)


def write(connection: BaseDatabaseWrapper, sql: str, params: Sequence[Any],
          refusal: str | None) -> None:
    """Send a write now, or leave it waiting for the next statement inside ``together()``."""
    writes = waiting(connection)
    if writes is not None:
        writes.append((sql, params, refusal))
        return
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        if refusal is not None and cursor.rowcount != 1:
            raise DatabaseError(refusal)


def read(connection: BaseDatabaseWrapper, sql: str, params: Sequence[Any]) -> list[tuple]:
    """Run a SELECT, with the waiting writes before it in the same round trip; its rows."""
    with connection.cursor() as cursor:
        _execute_in_order(cursor, [*_take_waiting(connection), (sql, params, None)])
        return cursor.fetchall()


def send_waiting(connection: BaseDatabaseWrapper) -> None:
    """Send the waiting writes now, in one round trip."""
    writes = _take_waiting(connection)
    if writes:
        with connection.cursor() as cursor:
            _execute_in_order(cursor, writes)


def _take_waiting(connection: BaseDatabaseWrapper) -> list[Write]:
    writes = waiting(connection)
    if not writes:
        return []
    taken = list(writes)
    writes.clear()  # before sending: the execute wrapper must find nothing more to send
    return taken


def _execute_in_order(cursor: Any, statements: list[Write]) -> None:
    """The statements in one execute, each write's row count checked; the cursor is left
    on the last one's result."""
    cursor.execute(
        "; ".join(sql for sql, _, _ in statements),
        [value for _, values, _ in statements for value in values],
    )
    for index, (_, _, refusal) in enumerate(statements):
        if refusal is not None and cursor.rowcount != 1:
            raise DatabaseError(refusal)
        if index < len(statements) - 1:
            cursor.nextset()


def _send_waiting_first(execute, sql, params, many, context):  # type: ignore[no-untyped-def]
    """Execute wrapper: any other statement sends the waiting writes before it."""
    send_waiting(context["connection"])
    return execute(sql, params, many, context)

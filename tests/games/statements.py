"""Counting SQL statements in every thread: a socket's database work runs in a worker thread,
with its own connection, where Django's CaptureQueriesContext does not look."""

import threading
from contextlib import asynccontextmanager, contextmanager

from channels.db import database_sync_to_async
from django.db import connections
from django.db.backends.signals import connection_created


class StatementLog:
    def __init__(self):
        self.statements: list[str] = []
        self._lock = threading.Lock()
        self.watched: list = []  # connections this log was added to

    def __call__(self, execute, sql, params, many, context):
        with self._lock:
            self.statements.append(sql)
        return execute(sql, params, many, context)

    def __len__(self) -> int:
        return len(self.statements)

    def clear(self) -> None:
        with self._lock:
            self.statements.clear()

    def watch(self, connection) -> None:
        if connection.alias == "default" and self not in connection.execute_wrappers:
            connection.execute_wrappers.append(self)
            self.watched.append(connection)

    def watch_this_thread(self) -> None:
        self.watch(connections["default"])


@contextmanager
def statements_everywhere():
    """Log every statement any thread runs on the default database while inside."""
    log = StatementLog()

    def install(sender=None, connection=None, **kwargs):
        log.watch(connection)

    connection_created.connect(install)
    log.watch_this_thread()  # this thread's own connection
    try:
        yield log
    finally:
        connection_created.disconnect(install)
        for connection in log.watched:
            if log in connection.execute_wrappers:
                connection.execute_wrappers.remove(log)


@asynccontextmanager
async def statements_in_every_thread():
    """``statements_everywhere``, for async tests: the sockets' database thread keeps its
    connection open (SQLite), so it was made before the log began and no connection_created
    signal would add the log to it; it is added there explicitly."""
    with statements_everywhere() as log:
        await database_sync_to_async(log.watch_this_thread)()
        yield log

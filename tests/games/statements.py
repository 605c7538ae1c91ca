"""Counting SQL statements in every thread: a socket's database work runs in a worker thread,
with its own connection, where Django's CaptureQueriesContext does not look."""

import threading
from contextlib import contextmanager

from django.db import connections
from django.db.backends.signals import connection_created


class StatementLog:
    def __init__(self):
        self.statements: list[str] = []
        self._lock = threading.Lock()

    def __call__(self, execute, sql, params, many, context):
        with self._lock:
            self.statements.append(sql)
        return execute(sql, params, many, context)

    def __len__(self) -> int:
        return len(self.statements)

    def clear(self) -> None:
        with self._lock:
            self.statements.clear()


@contextmanager
def statements_everywhere():
    """Log every statement any thread runs on the default database while inside."""
    log = StatementLog()
    wrapped = []

    def install(sender=None, connection=None, **kwargs):
        if connection.alias == "default" and log not in connection.execute_wrappers:
            connection.execute_wrappers.append(log)
            wrapped.append(connection)

    connection_created.connect(install)
    install(connection=connections["default"])  # this thread's own connection
    try:
        yield log
    finally:
        connection_created.disconnect(install)
        for connection in wrapped:
            if log in connection.execute_wrappers:
                connection.execute_wrappers.remove(log)

"""Counting SQL statements in every thread: a socket's database work runs in worker threads
(games/outbound/database_threads.py), each with its own connection, where Django's
CaptureQueriesContext does not look."""

import asyncio
import threading
from contextlib import asynccontextmanager, contextmanager

from django.db import connections
from django.db.backends.signals import connection_created

from games.outbound import database_threads


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
    """``statements_everywhere``, for async tests: on SQLite the database threads keep their
    connections open, so they were made before the log began and no connection_created
    signal would add the log to them; it is added in every such thread explicitly. (On
    PostgreSQL every call takes a connection from the pool, which sends the signal.)"""
    with statements_everywhere() as log:
        await asyncio.to_thread(on_every_database_thread, log.watch_this_thread)
        yield log


def on_every_database_thread(func) -> None:
    """Run ``func`` once in each thread of the database pools: as many calls as threads,
    held at a barrier until all have started, so that no thread takes two."""
    for executor in {database_threads._readers(), database_threads._writers()}:
        threads = executor._max_workers
        barrier = threading.Barrier(threads)
        calls = [executor.submit(_after, barrier, func) for _ in range(threads)]
        for call in calls:
            call.result(timeout=60)


def _after(barrier: threading.Barrier, func) -> None:
    barrier.wait(timeout=30)
    func()

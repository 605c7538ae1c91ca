"""Database work called from the event loop, with different tables' changes side by side.

Channels' ``database_sync_to_async`` runs every call of a process on one shared thread
(asgiref's ``thread_sensitive`` default): fifty tables acting in the same instant queue
there behind each other, although each table has a row lock of its own. So the sockets, the
clock and liveness call the database through these two instead:

- ``writing(func)``: a change to a table (a command, a clock item);
- ``reading(func)``: a read (a socket's first snapshot, the liveness check).

On PostgreSQL both run on one pool of ``DATABASE_THREADS`` threads (default: two), each
thread with its own connection: one table's changes still serialize on
its row lock and version, other tables' go on beside them. SQLite has one writer at a time:
its writes run on one thread, in order (a second writer thread would only wait in SQLite's
busy handler, which sleeps up to 100 ms between tries), and its reads on the pool beside it,
as write-ahead logging lets readers go on while a writer commits.
"""

import functools
import os
import sys
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

from channels.db import DatabaseSyncToAsync
from django.conf import settings
from django.db import connection, connections

P = ParamSpec("P")
R = TypeVar("R")


def one_writer_at_a_time() -> bool:
    return connection.vendor == "sqlite"


def _threads(count: int, name: str) -> ThreadPoolExecutor:
    # Threads now share the interpreter with the event loop: let them take turns sooner
    # (settings.THREAD_SWITCH_SECONDS says why).
    sys.setswitchinterval(settings.THREAD_SWITCH_SECONDS)
    return ThreadPoolExecutor(count, thread_name_prefix=name)


@functools.cache
def _readers() -> ThreadPoolExecutor:
    return _threads(settings.DATABASE_THREADS, "database")


@functools.cache
def _writers() -> ThreadPoolExecutor:
    if one_writer_at_a_time():
        return _threads(1, "database-writer")
    return _readers()


def _forget_executors() -> None:
    """A forked process (Channels' live test server) has none of its parent's threads."""
    _readers.cache_clear()
    _writers.cache_clear()


os.register_at_fork(after_in_child=_forget_executors)


class DatabaseCall(DatabaseSyncToAsync):
    """Channels' call in a thread, which also hands a PostgreSQL connection back to the pool
    after every call: a pool thread holds none while idle, so N threads never starve the
    others of the pool's connections. (SQLite keeps each thread's connection open.)"""

    def thread_handler(self, loop, *args, **kwargs):  # type: ignore[no-untyped-def]
        try:
            return super().thread_handler(loop, *args, **kwargs)
        finally:
            if not one_writer_at_a_time():
                connections.close_all()


def writing(func: Callable[P, R]) -> Callable[P, Awaitable[R]]:
    """``await writing(services.perform)(...)``: a change, on a writer thread."""
    return DatabaseCall(func, thread_sensitive=False, executor=_writers())


def reading(func: Callable[P, R]) -> Callable[P, Awaitable[R]]:
    """``await reading(snapshots.load)(...)``: a read, on the pool."""
    return DatabaseCall(func, thread_sensitive=False, executor=_readers())

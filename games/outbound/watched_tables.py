"""The tables this process's sockets watch, and the newest version it has seen of each.

Liveness (games/live/liveness.py) compares these with the database to find a version a
dead process never broadcast. Used on the event loop only; one per process, in the live
runtime (games/outbound/runtime.py).
"""

from collections import Counter


class WatchedTables:
    """Table id -> how many of this process's sockets watch it, and the newest version seen.

    >>> watched = WatchedTables()
    >>> watched.watch(7); watched.saw(7, 41); watched.saw(8, 3)
    >>> watched.seen()
    {7: 41}
    >>> watched.unwatch(7); watched.seen()
    {}
    """

    def __init__(self) -> None:
        self.sockets: Counter[int] = Counter()  # table id -> sockets of this process watching it
        self.newest: dict[int, int] = {}  # table id -> newest version this process has seen

    def watch(self, table_id: int) -> None:
        self.sockets[table_id] += 1
        self.newest.setdefault(table_id, -1)

    def unwatch(self, table_id: int) -> None:
        self.sockets[table_id] -= 1
        if self.sockets[table_id] <= 0:
            del self.sockets[table_id]
            self.newest.pop(table_id, None)

    def saw(self, table_id: int, version: int) -> None:
        if table_id in self.newest and version > self.newest[table_id]:
            self.newest[table_id] = version

    def seen(self) -> dict[int, int]:
        """A copy: table id -> the newest version seen, for every watched table."""
        return dict(self.newest)

"""Liveness: the sockets of every process reach the database's latest version by themselves.

A change is broadcast after its commit; a process that dies between the two leaves everyone
one version behind until the next change (which may be a whole clock away). So each process
remembers, for the tables its sockets watch, the newest version it has seen
(games/outbound/watched_tables.py), and a loop compares that with the database every few
seconds. A table found behind at the same database version twice in a row (stuck: not
merely a broadcast on its way, nor a table in play, whose next change brings everything) is
published again from the database by this process; sockets drop versions they already
have, so a repeat costs nothing.

Everything here but the two functions run in the database thread is used on the event loop.
"""

import asyncio
import logging

from games import snapshots
from games.models import Table
from games.outbound import broadcast
from games.outbound.database_threads import reading
from games.outbound.watched_tables import WatchedTables

log = logging.getLogger(__name__)
CHECK_SECONDS = 2.0


def latest_versions(table_ids: list[int]) -> dict[int, int]:
    return dict(Table.objects.filter(id__in=table_ids).values_list("id", "version"))


def republish(table_id: int) -> None:
    """Publish the table's latest committed version to every socket, in every process."""
    snapshot = snapshots.load(table_id)
    if snapshot is not None:
        broadcast.publish(snapshot)


async def tables_behind(watched: WatchedTables) -> dict[int, int]:
    """Table id -> database version, for the watched tables this process has not seen at it."""
    seen = watched.seen()
    if not seen:
        return {}
    latest = await reading(latest_versions)(list(seen))
    return {table: version for table, version in latest.items() if version > seen[table]}


async def run_liveness(watched: WatchedTables) -> None:
    """Forever: republish tables stuck behind the database at one version for two checks."""
    behind_before: dict[int, int] = {}
    while True:
        await asyncio.sleep(CHECK_SECONDS)
        try:
            behind = await tables_behind(watched)
            for table_id, version in behind.items():
                if behind_before.get(table_id) == version:
                    log.warning("table %s: version %s was never broadcast; publishing it",
                                table_id, version)
                    await reading(republish)(table_id)
            behind_before = behind
        except Exception:
            log.exception("liveness check failed")

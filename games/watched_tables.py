"""Liveness: the sockets of every process reach the database's latest version by themselves.

A change is broadcast after its commit; a process that dies between the two leaves everyone
one version behind until the next change (which may be a whole clock away). So each process
remembers, for the tables its sockets watch, the newest version it has seen, and a loop
compares that with the database every few seconds. A table found behind twice in a row
(so not merely a broadcast still on its way) is published again from the database by this
process; sockets drop versions they already have, so a repeat costs nothing.

Everything here but the two functions run in the database thread is used on the event loop.
"""

import asyncio
import logging
from collections import Counter

from channels.db import database_sync_to_async

from games import broadcast, snapshots
from games.models import Table

log = logging.getLogger(__name__)
CHECK_SECONDS = 1.5

_sockets: Counter[int] = Counter()  # table id -> sockets of this process watching it
_seen: dict[int, int] = {}  # table id -> newest version this process has seen


def watch(table_id: int) -> None:
    _sockets[table_id] += 1
    _seen.setdefault(table_id, -1)


def unwatch(table_id: int) -> None:
    _sockets[table_id] -= 1
    if _sockets[table_id] <= 0:
        del _sockets[table_id]
        _seen.pop(table_id, None)


def saw(table_id: int, version: int) -> None:
    if table_id in _seen and version > _seen[table_id]:
        _seen[table_id] = version


def latest_versions(table_ids: list[int]) -> dict[int, int]:
    return dict(Table.objects.filter(id__in=table_ids).values_list("id", "version"))


def republish(table_id: int) -> None:
    """Publish the table's latest committed version to every socket, in every process."""
    snapshot = snapshots.load(table_id)
    if snapshot is not None:
        broadcast.publish(snapshot)


async def tables_behind() -> set[int]:
    seen = dict(_seen)
    if not seen:
        return set()
    latest = await database_sync_to_async(latest_versions)(list(seen))
    return {table for table, version in latest.items() if version > seen[table]}


async def run_liveness() -> None:
    """Forever: republish tables that stayed behind the database for two checks."""
    behind_before: set[int] = set()
    while True:
        await asyncio.sleep(CHECK_SECONDS)
        try:
            behind = await tables_behind()
            for table_id in behind & behind_before:
                log.warning("table %s: a change was never broadcast; publishing it", table_id)
                await database_sync_to_async(republish)(table_id)
            behind_before = behind
        except Exception:
            log.exception("liveness check failed")

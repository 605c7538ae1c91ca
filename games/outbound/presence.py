"""Presence: which seated people have their table open, across every server process.

Each table socket is an entry ``"<user id> <channel name>"`` in a store shared by the
processes (a Redis sorted set per table when ``REDIS_URL`` is set, else this process's
memory, as the in-memory channel layer serves one process only), scored by when it expires.
A socket adds its entry when it connects and removes it when it goes, clean close or not:
the server notices a silent drop by its WebSocket pings and disconnects the socket. Each
process renews its own sockets' entries every third of ``PRESENCE_SECONDS``, so a process
that dies without a word leaves entries that expire; another process's next renewal then
tells the table.

The table is told with a ``presence`` frame (docs/protocol.md): ``away`` lists the seats
whose player (not a bot) has no page open, with the player's name. Those are public facts:
who sits where is on the felt already, and nothing says who is watching. A frame goes out
when the list changes; every process that has sockets at the table hears it (the table's
group) and remembers it, so none of them sends it again. Seats taken or left while every
socket stays open are picked up at the next renewal: someone who sits down does so from an
open page, and a page marks a seat away only when its player's name matches.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
import weakref
from collections.abc import Coroutine
from typing import Any

from channels.layers import get_channel_layer
from django.conf import settings

from games.models import Seat
from games.outbound import runtime
from games.outbound.database_threads import reading
from games.outbound.groups import table_group

log = logging.getLogger(__name__)


def ttl() -> float:
    return float(settings.PRESENCE_SECONDS)


class MemoryStore:
    """The entries in this process (with the in-memory channel layer: one process)."""

    def __init__(self) -> None:
        self.tables: dict[int, dict[str, float]] = {}

    async def put(self, table_id: int, entries: dict[str, float]) -> None:
        await self.put_many({table_id: entries})

    async def put_many(self, by_table: dict[int, dict[str, float]]) -> None:
        for table_id, entries in by_table.items():
            self.tables.setdefault(table_id, {}).update(entries)

    async def remove(self, table_id: int, entry: str) -> None:
        self.tables.get(table_id, {}).pop(entry, None)

    async def users(self, table_id: int, now: float) -> set[int]:
        return (await self.users_many([table_id], now))[table_id]

    async def users_many(self, table_ids: list[int], now: float) -> dict[int, set[int]]:
        found = {}
        for table_id in table_ids:
            live = {e: t for e, t in self.tables.get(table_id, {}).items() if t > now}
            self.tables[table_id] = live
            found[table_id] = {int(entry.split(" ", 1)[0]) for entry in live}
        return found

    def users_now(self, table_id: int, now: float) -> set[int]:
        """``users`` for a database thread (the writer), which only reads."""
        entries = list(self.tables.get(table_id, {}).items())
        return {int(entry.split(" ", 1)[0]) for entry, expiry in entries if expiry > now}


# Connections of a process's presence client, and how long a call waits for a free one.
POOL_CONNECTIONS = 20
POOL_WAIT_SECONDS = 10


class RedisStore:
    """The entries in Redis, one sorted set per table scored by expiry, for every process."""

    def __init__(self, url: str) -> None:
        self.url = url
        # A client per event loop (its connections belong to the loop that made them), and
        # one for the database threads: a connection per call would cost a handshake each.
        self._clients: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Any] = (
            weakref.WeakKeyDictionary()
        )
        self._sync_client: Any = None

    def key(self, table_id: int) -> str:
        return f"poker:presence:{table_id}"

    def client(self) -> Any:
        import redis.asyncio

        loop = asyncio.get_running_loop()
        if loop not in self._clients:
            # A pool that waits for a free connection: redis-py's default one raises past
            # its size, and three hundred sockets opening at once each note their presence.
            pool = redis.asyncio.BlockingConnectionPool.from_url(
                self.url, max_connections=POOL_CONNECTIONS, timeout=POOL_WAIT_SECONDS
            )
            self._clients[loop] = redis.asyncio.Redis(connection_pool=pool)
        return self._clients[loop]

    async def put(self, table_id: int, entries: dict[str, float]) -> None:
        await self.put_many({table_id: entries})

    async def put_many(self, by_table: dict[int, dict[str, float]]) -> None:
        """Every table's entries in one round trip (a pipeline, not a transaction: each
        table's pair of commands stands on its own)."""
        async with self.client().pipeline(transaction=False) as pipe:
            for table_id, entries in by_table.items():
                pipe.zadd(self.key(table_id), entries)
                pipe.expire(self.key(table_id), int(ttl() * 2) + 1)
            await pipe.execute()

    async def remove(self, table_id: int, entry: str) -> None:
        await self.client().zrem(self.key(table_id), entry)

    async def users(self, table_id: int, now: float) -> set[int]:
        return (await self.users_many([table_id], now))[table_id]

    async def users_many(self, table_ids: list[int], now: float) -> dict[int, set[int]]:
        """Each table's users with a live entry (lapsed ones dropped), in one round trip."""
        async with self.client().pipeline(transaction=False) as pipe:
            for table_id in table_ids:
                pipe.zremrangebyscore(self.key(table_id), "-inf", now)
                pipe.zrange(self.key(table_id), 0, -1)
            replies = await pipe.execute()
        return {
            table_id: {int(entry.split(b" ", 1)[0]) for entry in replies[2 * n + 1]}
            for n, table_id in enumerate(table_ids)
        }

    def users_now(self, table_id: int, now: float) -> set[int]:
        """``users`` for a database thread (the writer, the clock process): it only reads."""
        if self._sync_client is None:
            import redis

            self._sync_client = redis.Redis.from_url(self.url)
        entries = self._sync_client.zrangebyscore(self.key(table_id), now, "+inf")
        return {int(entry.split(b" ", 1)[0]) for entry in entries}


def new_store() -> MemoryStore | RedisStore:
    return RedisStore(settings.REDIS_URL) if settings.REDIS_URL else MemoryStore()


def store() -> MemoryStore | RedisStore:
    """The shared store (Redis, or with the in-memory layer this process's stand-in for it),
    made on first use like the channel layer it goes with, kept in the process's runtime."""
    return runtime.current().own(new_store)


def here() -> Presence:
    """This process's side of presence (its sockets), kept in the process's runtime."""
    return runtime.current().own(Presence)


def users_with_table_open(table_id: int) -> set[int]:
    """The users who have the table open in some process now, for synchronous code (the
    writer deciding whether a practice table deals; the clock, in its own process too)."""
    return store().users_now(table_id, time.time())


def entry(user_id: int, channel: str) -> str:
    return f"{user_id} {channel}"


async def frames_for(table_ids: list[int]) -> dict[int, str]:
    """Each table's presence frame: one Redis round trip and one query for them all."""
    users = await store().users_many(table_ids, time.time())
    seated = await reading(_seated_people)(table_ids)
    frames = {}
    for table_id in table_ids:
        away = [
            {"seat": number, "player": name}
            for number, user, name in seated.get(table_id, [])
            if user not in users[table_id]
        ]
        frames[table_id] = json.dumps({"type": "presence", "away": away}, separators=(",", ":"))
    return frames


def _seated_people(table_ids: list[int]) -> dict[int, list[tuple[int, int, str]]]:
    """Table -> its seats' (number, user, name) in seat order; bots are never away."""
    rows = Seat.objects.filter(table_id__in=table_ids, user__player__bot_style="")
    seated: dict[int, list[tuple[int, int, str]]] = {}
    for table_id, number, user, name in rows.order_by("table_id", "number").values_list(
        "table_id", "number", "user_id", "user__username"
    ):
        seated.setdefault(table_id, []).append((number, user, name))
    return seated


# A socket's connect and close wait for none of this: frames that a socket has not started
# (or stopped) reading pile up in the server meanwhile (games/live/guarded_socket.py).


class Presence:
    """This process's side of presence: its sockets' entries, the last frame of each table,
    the task renewing the entries, and the work under way. One per process (``here()``)."""

    def __init__(self) -> None:
        self.sockets: dict[str, tuple[int, int]] = {}  # channel -> (table, user)
        self.last: dict[int, str] = {}  # table -> the last presence frame sent or heard
        self.renewer: asyncio.Task[None] | None = None
        self.work: set[asyncio.Task[None]] = set()  # under way (a loop holds tasks weakly)

    def beside(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        """Run ``work`` as a task, counted as under way from now on (not from when it
        starts)."""
        task = asyncio.get_running_loop().create_task(work)
        self.work.add(task)
        task.add_done_callback(self.work.discard)
        return task

    async def settled(self) -> None:
        """Wait until this event loop has no presence work under way (for tests that count a
        change's database statements: presence reads are not part of it)."""
        loop = asyncio.get_running_loop()
        # Tasks of a loop that closed before they ran never finish: not this loop's business.
        while any(task.get_loop() is loop and not task.done() for task in list(self.work)):
            await asyncio.sleep(0.01)

    def opened(self, table_id: int, user_id: int, channel: str) -> asyncio.Task[None]:
        """A socket opened: count it, and send it (and the table, if it changed) who is
        away."""
        self.sockets[channel] = (table_id, user_id)
        self.keep_renewing()
        return self.beside(self.arrive(table_id, user_id, channel))

    async def arrive(self, table_id: int, user_id: int, channel: str) -> None:
        try:
            await store().put(table_id, {entry(user_id, channel): time.time() + ttl()})
            await self.publish(table_id, reply_to=channel)
        except Exception:  # presence must never cost a socket its table
            log.warning("table %s: presence not recorded", table_id, exc_info=True)

    def closed(self, channel: str) -> None:
        """A socket closed (cleanly or not): uncount it and tell the table if that changed
        it."""
        found = self.sockets.pop(channel, None)
        if found is not None:
            self.beside(self.depart(*found, channel))

    async def depart(self, table_id: int, user_id: int, channel: str) -> None:
        try:
            await store().remove(table_id, entry(user_id, channel))
            await self.publish(table_id)
        except Exception:
            log.warning("table %s: presence not updated", table_id, exc_info=True)

    def heard(self, table_id: int, frame: str) -> None:
        """A presence frame for the table reached a socket of this process."""
        self.last[table_id] = frame

    async def publish(self, table_id: int, reply_to: str | None = None) -> None:
        """Work out the table's presence frame now and ``send`` it."""
        await self.send(table_id, (await frames_for([table_id]))[table_id], reply_to)

    async def send(self, table_id: int, frame: str, reply_to: str | None = None) -> None:
        """Send the table ``frame`` if it changed; ``reply_to`` gets it in any case."""
        layer = get_channel_layer()
        assert layer is not None  # settings always name one
        message = {"type": "table.presence", "table": table_id, "frame": frame}
        if self.last.get(table_id) != frame:
            self.last[table_id] = frame
            await layer.group_send(table_group(table_id), message)
        elif reply_to is not None:
            await layer.send(reply_to, message)

    def keep_renewing(self) -> None:
        loop = asyncio.get_running_loop()
        renewer = self.renewer
        if renewer is None or renewer.done() or renewer.get_loop() is not loop:
            self.renewer = loop.create_task(self.renew_forever())

    async def renew_forever(self) -> None:
        """Renew this process's entries every third of their life, and tell each table of
        ours whether that changed who is away (another process died, someone's seat
        changed)."""
        while self.sockets:
            await asyncio.sleep(ttl() / 3)
            await self.renew_once()

    async def renew_once(self) -> None:
        """All of this process's tables at once: two Redis round trips and one query
        however many tables it serves (a query per table would queue them all, every few
        seconds, on the threads that on PostgreSQL also write the tables' changes)."""
        by_table: dict[int, dict[str, float]] = {}
        expires = time.time() + ttl()
        for channel, (table_id, user_id) in list(self.sockets.items()):
            by_table.setdefault(table_id, {})[entry(user_id, channel)] = expires
        if not by_table:
            return
        try:
            await store().put_many(by_table)
            frames = await frames_for(list(by_table))
        except Exception:
            log.warning("presence of %d tables not renewed", len(by_table), exc_info=True)
            return
        for table_id, frame in frames.items():
            try:
                await self.send(table_id, frame)
            except Exception:
                log.warning("table %s: presence not sent", table_id, exc_info=True)

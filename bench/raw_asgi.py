"""The burst's floor without Channels: the bare table write, fanned out by hand.

    DJANGO_SETTINGS_MODULE=pokersite.settings REDIS_URL=redis://127.0.0.1:6379/14 \\
        .venv/bin/uvicorn --port 8100 bench.raw_asgi:application

The same bare tables as bench/bare_asgi.py's ``/ws/bare/table/<n>/`` (a socket that sends
``act <size>`` locks the table's row, stores an action and bumps the version, in a thread),
but the frame goes out without Channels: one Redis PUBLISH on the table's channel, and each
process, subscribed once per table it has sockets of, writes it to those sockets' ASGI
``send`` itself. No channel layer, no consumer, no per-socket queue or dispatch: what is left
is Redis, the server's own write of each frame, and the database. bench/burst_floor.py runs
it beside the Channels floor to show what Channels' delivery to each consumer costs.

A benchmark's floor, not a design: a socket whose client stops reading would hold up the
others of its process here (Channels' per-consumer queues are what prevent that).
"""

import asyncio
import os
import re

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokersite.settings")
django.setup()

import redis.asyncio as aioredis  # noqa: E402
from channels.db import database_sync_to_async  # noqa: E402

# Importing bench.bare_asgi also makes (and empties) the bare tables, as its server does.
from bench.bare_asgi import (  # noqa: E402
    frame_text,
    healthz,
    open_bare_table,
    write_bare_action,
)

TABLE_PATH = re.compile(r"^/ws/bare/table/(\d+)/$")


class Fanout:
    """This process's sockets by table, and its one Redis subscription for all of them."""

    def __init__(self) -> None:
        self.sockets: dict[int, set] = {}
        self.redis = aioredis.from_url(os.environ["REDIS_URL"])
        self.pubsub = self.redis.pubsub()
        self.subscribing = asyncio.Lock()
        self.reader: asyncio.Task | None = None

    async def join(self, table: int, send) -> None:
        async with self.subscribing:
            if table not in self.sockets:
                await self.pubsub.subscribe(channel_of(table))
                self.sockets[table] = set()
            if self.reader is None:
                self.reader = asyncio.create_task(self.read())
        self.sockets[table].add(send)

    def leave(self, table: int, send) -> None:
        self.sockets.get(table, set()).discard(send)

    async def publish(self, table: int, text: str) -> None:
        await self.redis.publish(channel_of(table), text)

    async def read(self) -> None:
        """Write every frame published to the sockets of its table in this process."""
        while True:
            message = await self.pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
            if message is None:
                continue
            table = int(message["channel"].rsplit(b"_", 1)[1])
            frame = {"type": "websocket.send", "text": message["data"].decode()}
            for send in list(self.sockets.get(table, ())):
                await send(frame)


def channel_of(table: int) -> str:
    return f"bench_raw_table_{table}"


_fanout: Fanout | None = None


def fanout() -> Fanout:
    global _fanout
    if _fanout is None:  # on the server's loop: the Redis client belongs to it
        _fanout = Fanout()
    return _fanout


async def table_socket(scope, receive, send) -> None:
    table = int(TABLE_PATH.match(scope["path"]).group(1))
    if (await receive())["type"] != "websocket.connect":
        return
    await database_sync_to_async(open_bare_table)(table)
    hub = fanout()
    await hub.join(table, send)
    await send({"type": "websocket.accept"})
    write = database_sync_to_async(write_bare_action, thread_sensitive=False)
    try:
        while True:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                return
            word, size = (message.get("text") or "").split()
            if word == "act":
                version = await write(table)
                await hub.publish(table, frame_text(version, int(size)))
    finally:
        hub.leave(table, send)


async def lifespan(scope, receive, send) -> None:
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return


async def application(scope, receive, send) -> None:
    if scope["type"] == "http":
        await healthz(scope, receive, send)
    elif scope["type"] == "websocket" and TABLE_PATH.match(scope["path"]):
        await table_socket(scope, receive, send)
    elif scope["type"] == "lifespan":
        await lifespan(scope, receive, send)



"""The live benchmark's baselines: a bare Channels group broadcast, and a bare table write.

    DJANGO_SETTINGS_MODULE=pokersite.settings .venv/bin/daphne -b 127.0.0.1 -p 8100 \\
        bench.bare_asgi:application

Every socket at ``/ws/bare/`` joins the group ``bare``. A socket that sends
``go <seq> <size>`` makes the server ``group_send`` one text frame of ``size`` characters
carrying ``"version": <seq>``; each consumer forwards it with ``self.send``. That is the
floor any table broadcast stands on: the same channel layer as the site (read from
``pokersite.settings``: in-memory, or Redis when ``REDIS_URL`` is set), no database, no
authentication, no JSON work on the server. ``/healthz`` answers 200 for the start-up check.

Every socket at ``/ws/bare/table/<n>/`` joins the group of "table" ``n``. A socket that sends
``act <size>`` makes the server do what any table write must at the least, the way plain
Channels does it: one transaction through Django's database connection, in
``database_sync_to_async`` (lock the table's row, insert the action, bump the version; on
the loop's default thread pool rather than Channels' one shared thread, so that the floor
is the CPU's and not one thread's queue), then
one ``group_send`` of a ``size``-character frame carrying the new version to the table's
sockets. No rules, no personal frames, no snapshot: the floor under the burst scenario.
"""

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokersite.settings")
django.setup()

from channels.db import database_sync_to_async  # noqa: E402
from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.urls import path  # noqa: E402

GROUP = "bare"


def frame_text(seq: int, size: int) -> str:
    """A JSON text of about ``size`` characters that looks like a table update to a client.

    ``frame_text(3, 60)`` -> ``'{"type": "update", "version": 3, "table": "xxxx...x"}'``.
    """
    head = f'{{"type": "update", "version": {seq}, "table": "'
    return head + "x" * max(0, size - len(head) - 2) + '"}'


class BareBroadcastConsumer(AsyncWebsocketConsumer):
    groups = [GROUP]  # joined on connect, left on disconnect, by Channels itself

    async def receive(self, text_data=None, bytes_data=None):
        word, seq, size = (text_data or "").split()
        if word == "go":
            text = frame_text(int(seq), int(size))
            await self.channel_layer.group_send(GROUP, {"type": "bare.frame", "text": text})

    async def bare_frame(self, event):
        await self.send(text_data=event["text"])


def create_bare_tables() -> None:
    """The two tables the bare write uses (each server process asks; the first makes them)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE TABLE IF NOT EXISTS bench_bare_table"
            " (id integer PRIMARY KEY, version integer NOT NULL)"
        )
        cursor.execute(
            "CREATE TABLE IF NOT EXISTS bench_bare_action"
            " (table_id integer NOT NULL, version integer NOT NULL, action text NOT NULL)"
        )
        cursor.execute("DELETE FROM bench_bare_action")
        cursor.execute("DELETE FROM bench_bare_table")
    connection.close()  # the server's threads open their own


def open_bare_table(table: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO bench_bare_table (id, version) VALUES (%s, 0) ON CONFLICT DO NOTHING",
            [table],
        )


def write_bare_action(table: int) -> int:
    """Lock the table's row, store an action, bump the version; return the new version."""
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"SELECT version FROM bench_bare_table WHERE id = %s{lock}", [table])
        version = cursor.fetchone()[0] + 1
        cursor.execute(
            "INSERT INTO bench_bare_action (table_id, version, action) VALUES (%s, %s, %s)",
            [table, version, '{"kind": "call"}'],
        )
        cursor.execute("UPDATE bench_bare_table SET version = %s WHERE id = %s", [version, table])
    return version


class BareTableConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        self.table = int(self.scope["url_route"]["kwargs"]["table"])
        self.group = f"bare_table_{self.table}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await database_sync_to_async(open_bare_table)(self.table)
        await self.accept()

    async def disconnect(self, code):
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        word, size = (text_data or "").split()
        if word == "act":
            write = database_sync_to_async(write_bare_action, thread_sensitive=False)
            version = await write(self.table)
            text = frame_text(version, int(size))
            await self.channel_layer.group_send(self.group, {"type": "bare.frame", "text": text})

    async def bare_frame(self, event):
        await self.send(text_data=event["text"])


async def healthz(scope, receive, send):
    """Any HTTP request: 200 "ok" (the benchmark polls /healthz until the server is up)."""
    if scope["type"] != "http":
        return
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"ok"})


create_bare_tables()
application = ProtocolTypeRouter(
    {
        "http": healthz,
        "websocket": URLRouter(
            [
                path("ws/bare/", BareBroadcastConsumer.as_asgi()),
                path("ws/bare/table/<int:table>/", BareTableConsumer.as_asgi()),
            ]
        ),
    }
)

"""The live benchmark's baseline: a bare Channels group broadcast, nothing else.

    DJANGO_SETTINGS_MODULE=pokersite.settings .venv/bin/daphne -b 127.0.0.1 -p 8100 \\
        bench.bare_asgi:application

Every socket at ``/ws/bare/`` joins the group ``bare``. A socket that sends
``go <seq> <size>`` makes the server ``group_send`` one text frame of ``size`` characters
carrying ``"version": <seq>``; each consumer forwards it with ``self.send``. That is the
floor any table broadcast stands on: the same channel layer as the site (read from
``pokersite.settings``: in-memory, or Redis when ``REDIS_URL`` is set), no database, no
authentication, no JSON work on the server. ``/healthz`` answers 200 for the start-up check.
"""

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokersite.settings")
django.setup()

from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
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


async def healthz(scope, receive, send):
    """Any HTTP request: 200 "ok" (the benchmark polls /healthz until the server is up)."""
    if scope["type"] != "http":
        return
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"ok"})


application = ProtocolTypeRouter(
    {
        "http": healthz,
        "websocket": URLRouter([path("ws/bare/", BareBroadcastConsumer.as_asgi())]),
    }
)

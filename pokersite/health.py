"""Health checks: ``/healthz`` over HTTP and ``/ws/health/`` over WebSocket.

The WebSocket check answers ``{"type": "ping"}`` with ``{"type": "pong"}`` and
relays ``{"type": "broadcast", "text": ...}`` through the channel layer to every
health socket in every server process. That second part proves the channel layer
(Redis in production) really connects the processes.
"""

import json

from channels.generic.websocket import AsyncWebsocketConsumer
from django.db import connection
from django.http import JsonResponse

HEALTH_GROUP = "health"


def healthz(request):
    """Answer 200 when the database answers a trivial query."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return JsonResponse({"status": "ok"})


class HealthConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        await self.channel_layer.group_add(HEALTH_GROUP, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        await self.channel_layer.group_discard(HEALTH_GROUP, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        try:
            message = json.loads(text_data or "")
        except json.JSONDecodeError:
            await self._send({"type": "error", "reason": "Message is not valid JSON."})
            return
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "ping":
            await self._send({"type": "pong"})
        elif kind == "broadcast" and isinstance(message.get("text"), str):
            await self.channel_layer.group_send(
                HEALTH_GROUP, {"type": "health.relay", "text": message["text"][:200]}
            )
        else:
            await self._send(
                {"type": "error", "reason": "Send {'type': 'ping'} or a 'broadcast' with text."}
            )

    async def health_relay(self, event):
        await self._send({"type": "broadcast", "text": event["text"]})

    async def _send(self, payload):
        await self.send(text_data=json.dumps(payload))

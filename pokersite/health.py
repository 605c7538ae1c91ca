"""Health checks: ``/healthz`` over HTTP and ``/ws/health/`` over WebSocket.

``/healthz`` answers 200 when the database answers, over plain http too (a load balancer's
check does not follow redirects). The WebSocket check answers ``{"type": "ping"}`` with
``{"type": "pong"}``: it proves the ASGI stack upgrades and serves sockets. It relays
nothing between clients (cross-process delivery is proven by the table sockets' tests).
"""

import json

from channels.generic.websocket import AsyncWebsocketConsumer
from django.db import connection
from django.http import JsonResponse

from games.protocol import ProtocolError, decode_object


def healthz(request):
    """Answer 200 when the database answers a trivial query."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return JsonResponse({"status": "ok"})


class HealthConsumer(AsyncWebsocketConsumer):
    async def receive(self, text_data=None, bytes_data=None):
        try:
            message = decode_object(text_data, max_bytes=256)
        except ProtocolError as error:
            await self._send({"type": "error", "reason": str(error)})
            return
        if message.get("type") == "ping":
            await self._send({"type": "pong"})
        else:
            await self._send({"type": "error", "reason": "Send {\"type\": \"ping\"}."})

    async def _send(self, payload):
        await self.send(text_data=json.dumps(payload))

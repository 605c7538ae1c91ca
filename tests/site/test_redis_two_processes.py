"""With Redis, a message sent through one server process reaches a client of another."""

import asyncio
import json
import os

import pytest
import websockets
from django.conf import settings

from tests.servers import daphne_server

pytestmark = pytest.mark.services


def database_url_for_subprocess() -> str:
    db = settings.DATABASES["default"]
    return f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"


def test_a_broadcast_crosses_processes_through_redis():
    env = {"DATABASE_URL": database_url_for_subprocess(), "REDIS_URL": os.environ["REDIS_URL"]}
    with daphne_server(env) as first, daphne_server(env) as second:

        async def scenario() -> dict:
            async with (
                websockets.connect(f"ws://{first}/ws/health/", origin=f"http://{first}") as a,
                websockets.connect(f"ws://{second}/ws/health/", origin=f"http://{second}") as b,
            ):
                # Both sockets have joined the group once each has answered a ping.
                for socket in (a, b):
                    await socket.send(json.dumps({"type": "ping"}))
                    assert json.loads(await socket.recv()) == {"type": "pong"}
                await a.send(json.dumps({"type": "broadcast", "text": "hello from A"}))
                return json.loads(await asyncio.wait_for(b.recv(), timeout=10))

        assert asyncio.run(scenario()) == {"type": "broadcast", "text": "hello from A"}

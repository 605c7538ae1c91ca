"""The WebSocket health check round-trips through the real ASGI stack.

First in-process through `pokersite.asgi.application` (origin validator, auth middleware,
router), then against a real daphne process started the way `make run` starts it.
"""

import json
import subprocess
import sys
import urllib.request

import pytest
import websockets
from channels.testing import WebsocketCommunicator

from pokersite.asgi import application
from tests.games.sockets import REFUSED_HANDSHAKE, SITE
from tests.servers import ROOT, daphne_server


@pytest.mark.django_db(transaction=True)
async def test_ping_gets_pong_through_the_asgi_application():
    communicator = WebsocketCommunicator(application, "/ws/health/", headers=SITE)
    connected, _ = await communicator.connect()
    assert connected
    await communicator.send_json_to({"type": "ping"})
    assert await communicator.receive_json_from(timeout=5) == {"type": "pong"}
    await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_bad_json_gets_an_error_and_the_socket_stays_open():
    communicator = WebsocketCommunicator(application, "/ws/health/", headers=SITE)
    await communicator.connect()
    await communicator.send_to(text_data="{not json")
    reply = await communicator.receive_json_from(timeout=5)
    assert reply == {"type": "error", "reason": "Message is not valid JSON."}
    await communicator.send_json_to({"type": "ping"})
    assert await communicator.receive_json_from(timeout=5) == {"type": "pong"}
    await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_nesting_long_frames_and_relay_requests_get_errors_and_the_socket_stays_open():
    communicator = WebsocketCommunicator(application, "/ws/health/", headers=SITE)
    await communicator.connect()
    for text, reason in [
        ("[" * 100 + "]" * 100, "Message must be a JSON object"),
        ("[" * 2000 + "]" * 2000, "Message is too long"),
        ('{"type": "broadcast", "text": "hello everyone"}', 'Send {"type": "ping"}.'),
    ]:
        await communicator.send_to(text_data=text)
        reply = await communicator.receive_json_from(timeout=5)
        assert reply["type"] == "error" and reason in reply["reason"], (text, reply)
    await communicator.send_json_to({"type": "ping"})
    assert await communicator.receive_json_from(timeout=5) == {"type": "pong"}
    await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_foreign_origin_is_refused():
    communicator = WebsocketCommunicator(
        application, "/ws/health/", headers=[(b"origin", b"https://evil.example")]
    )
    connected, code = await communicator.connect()
    assert (connected, code) == (False, REFUSED_HANDSHAKE)


def test_make_run_path_serves_the_lobby_and_the_websocket(tmp_path):
    """migrate + ensure_demo_table + daphne, on a fresh SQLite file, as `make run` does."""
    env = {"DATABASE_URL": f"sqlite:///{tmp_path}/site.sqlite3"}
    for command in (["migrate", "--noinput"], ["ensure_demo_table"]):
        subprocess.run(
            [sys.executable, "manage.py", *command],
            cwd=ROOT, env={**__import__("os").environ, **env}, check=True,
            capture_output=True, timeout=120,
        )
    with daphne_server(env) as base:
        with urllib.request.urlopen(f"http://{base}/", timeout=5) as response:
            assert response.status == 200
            assert "Demo table" in response.read().decode()

        async def round_trip() -> tuple[dict, int | None]:
            async with websockets.connect(
                f"ws://{base}/ws/health/", origin=f"http://{base}"
            ) as socket:
                await socket.send(json.dumps({"type": "ping"}))
                reply = json.loads(await socket.recv())
            return reply, socket.close_code  # the server's answer to our normal close

        import asyncio

        assert asyncio.run(round_trip()) == ({"type": "pong"}, 1000)

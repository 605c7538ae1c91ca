"""Every ASGI server the docs name deals hands and pushes them: the table clock, the outbox
and liveness start with daphne (on its loop), uvicorn and hypercorn (the lifespan protocol);
and ``manage.py runclock`` alone can drive web processes that run with TABLE_CLOCK=off."""

import asyncio
import os
import signal
import subprocess
import sys
from contextlib import contextmanager

import pytest
import websockets

from games import services
from games.models import Hand, HandAction, Table
from tests.games.live import LiveSocket, session_key_for, subprocess_env
from tests.servers import MAX_MESSAGE_BYTES, ROOT, SERVERS, daphne_process, daphne_server

pytestmark = pytest.mark.django_db(transaction=True)


def sit_two(table, alice, bob) -> list[str]:
    services.sit(table.id, alice, 1, 200)
    services.sit(table.id, bob, 2, 200)
    assert not Hand.objects.filter(table=table).exists()
    return [asyncio.run(session_key_for(alice)), asyncio.run(session_key_for(bob))]


def hand_of(frame: dict) -> dict | None:
    return (frame.get("table") or {}).get("hand")


async def first_hand_seen(base: str, table_id: int, session_key: str) -> dict:
    """Open a socket and read until the table has a hand: the view that shows it."""
    socket = await LiveSocket.open(base, table_id, session_key)
    if not (socket.table or {}).get("hand"):
        await socket.receive_until(lambda f: hand_of(f) is not None, timeout=60)
    await socket.close()
    assert socket.table is not None
    return socket.table


@pytest.mark.parametrize("server", SERVERS)
def test_every_documented_server_deals_a_hand_and_pushes_it(server, table, alice, bob):
    alice_key, _ = sit_two(table, alice, bob)
    with daphne_server(subprocess_env(TABLE_CLOCK="on"), server=server) as base:
        view = asyncio.run(first_hand_seen(base, table.id, alice_key))
    assert view["hand"]["number"] == 1
    mine = next(seat for seat in view["seats"] if seat["player"] == "alice")
    assert len(mine["cards"]) == 2  # her own cards, in the frame pushed to her socket


def test_a_server_without_lifespan_still_deals_and_says_so_in_its_log(
    table, alice, bob, tmp_path
):
    """uvicorn told not to speak lifespan (and not daphne): the background work starts on
    the first request, and the log says how to run the server properly."""
    alice_key, _ = sit_two(table, alice, bob)
    log = tmp_path / "server.log"
    env = subprocess_env(TABLE_CLOCK="on")
    with daphne_server(env, server="uvicorn --lifespan off", log_path=log) as base:
        view = asyncio.run(first_hand_seen(base, table.id, alice_key))
    assert view["hand"]["number"] == 1
    assert "sent no lifespan startup" in log.read_text()


@pytest.mark.parametrize("server, code", [("uvicorn", 1012), ("daphne", 4012)])
def test_a_stopping_server_closes_its_sockets_with_a_restart_code(server, code, table, alice):
    """SIGTERM (a restart) closes each socket with "service restart" (1012; daphne's library
    allows only 4012): pages reconnect at once (static/js/connection.js), through the proxy
    to another process, instead of backing off after a dropped connection (1006)."""
    key = asyncio.run(session_key_for(alice))
    with daphne_process(subprocess_env(), server=server) as (base, process):

        async def close_code_after_sigterm() -> int | None:
            socket = await LiveSocket.open(base, table.id, key)
            process.send_signal(signal.SIGTERM)
            with pytest.raises(websockets.ConnectionClosed):
                while True:
                    await socket.receive(timeout=60)
            return socket.connection.close_code

        closed_with = asyncio.run(close_code_after_sigterm())
    assert closed_with == code


@contextmanager
def clock_process(env: dict[str, str], log_path):
    """``manage.py runclock`` in a process of its own; stopped with SIGTERM on exit, after
    which it must exit cleanly."""
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            [sys.executable, "manage.py", "runclock"],
            cwd=ROOT, env={**os.environ, **env}, stdout=log, stderr=subprocess.STDOUT,
        )
    try:
        yield process
    finally:
        process.terminate()
        code = process.wait(timeout=30)
    text = log_path.read_text()
    assert code == 0, text
    assert "The table clock stopped." in text


@pytest.mark.services
def test_the_clock_process_alone_drives_two_web_processes(table, alice, bob, tmp_path):
    """Both web processes (daphne and uvicorn) run with TABLE_CLOCK=off: only runclock deals
    and folds the idle player, and the sockets of both processes hear of it."""
    Table.objects.filter(pk=table.id).update(action_seconds=5)
    keys = sit_two(table, alice, bob)
    web = subprocess_env(TABLE_CLOCK="off")
    with daphne_server(web) as first, daphne_server(web, server="uvicorn") as second:

        async def watch_first_hand_end() -> list[int]:
            sockets = [
                await LiveSocket.open(first, table.id, keys[0]),
                await LiveSocket.open(second, table.id, keys[1]),
            ]
            assert not any((s.table or {}).get("hand") for s in sockets), "a web process dealt"
            with clock_process(subprocess_env(), tmp_path / "runclock.log"):
                ended = []
                for socket in sockets:
                    frame = await socket.receive_until(
                        lambda f: bool((hand_of(f) or {}).get("complete")), timeout=60
                    )
                    ended.append(hand_of(frame)["number"])
            for socket in sockets:
                await socket.close()
            return ended

        ended = asyncio.run(watch_first_hand_end())
    assert ended == [1, 1]
    timed_out = HandAction.objects.get(hand__table=table, hand__number=1, timed_out=True)
    assert timed_out.kind == "fold"


def test_runclock_refuses_to_start_without_redis():
    env = {key: value for key, value in os.environ.items() if key != "REDIS_URL"}
    result = subprocess.run(
        [sys.executable, "manage.py", "runclock"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode != 0
    assert "runclock needs REDIS_URL" in result.stderr


@pytest.mark.parametrize("server", SERVERS)
def test_every_documented_server_closes_a_frame_too_big_for_any_command_with_1009(
    server, table, alice
):
    """The read limit of docs/deploy.md: the server itself refuses a message longer than
    any command can be, before the application holds it; a long frame under the limit
    still gets the application's polite error."""
    key = asyncio.run(session_key_for(alice))
    with daphne_server(subprocess_env(), server=server) as base:

        async def send_long_frames() -> tuple[dict, int | None]:
            socket = await LiveSocket.open(base, table.id, key)
            await socket.connection.send("x" * 5000)
            refusal = await socket.receive()
            await socket.connection.send("x" * (MAX_MESSAGE_BYTES + 1))
            await socket.connection.wait_closed()
            return refusal, socket.connection.close_code

        refusal, code = asyncio.run(send_long_frames())
    assert refusal["reason"] == "Message is too long (5000 characters; at most 4096)."
    # 1009, "message too big"; daphne (autobahn) drops the connection instead of closing it.
    assert code == (1006 if server == "daphne" else 1009)

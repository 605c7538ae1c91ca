"""The live runtime (games/outbound/runtime.py): one object per process, started once, its state
(the outbox, the watched tables, presence, the tasks) its own; a test makes a fresh one
instead of resetting globals."""

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from games.live.background import start_runtime, with_background_work
from games.outbound.presence import Presence
from games.outbound.runtime import LiveRuntime, current, installed
from tests.games.sockets import RecordingSocket

ROOT = Path(__file__).resolve().parents[2]

# Starts a fresh runtime the way a server does, prints its tasks' names, and stops it before
# any of them ran (so nothing reads the database).
PRINT_TASKS = """
import asyncio, json, django
django.setup()
from games.live.background import start_runtime
from games.outbound.runtime import LiveRuntime

async def main():
    runtime = start_runtime("a test", runtime=LiveRuntime())
    print(json.dumps(sorted(task.get_name() for task in runtime.tasks)))
    await runtime.stop()

asyncio.run(main())
"""


async def until(condition, timeout: float = 10) -> None:
    """Wait for ``condition()`` to hold, at most ``timeout`` seconds."""

    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(poll(), timeout)


def tasks_started_with(environment: dict[str, str]) -> list[str]:
    env = {key: value for key, value in os.environ.items() if key != "TABLE_CLOCK"}
    env.update(environment, DJANGO_SETTINGS_MODULE="pokersite.settings")
    done = subprocess.run(
        [sys.executable, "-c", PRINT_TASKS], cwd=ROOT, env=env, capture_output=True,
        text=True, check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


@pytest.mark.parametrize("value", ["no", "off", "0", "false"])
def test_table_clock_off_in_the_environment_leaves_the_clock_out(value):
    assert tasks_started_with({"TABLE_CLOCK": value}) == ["liveness", "outbox"]


@pytest.mark.parametrize("environment", [{}, {"TABLE_CLOCK": "yes"}])
def test_the_clock_runs_by_default_and_when_asked(environment):
    assert tasks_started_with(environment) == ["liveness", "outbox", "table-clock"]


async def test_the_lifespan_starts_the_runtime_once_and_stops_it(settings):
    settings.TABLE_CLOCK = False  # no clock ticking against the test database
    messages: asyncio.Queue[dict] = asyncio.Queue()
    answers: list[str] = []

    async def send(message: dict) -> None:
        answers.append(message["type"])

    async def untouched(scope, receive, send) -> None:
        raise AssertionError("the lifespan is the wrapper's, never the application's")

    with installed(LiveRuntime()) as runtime:
        serving = asyncio.create_task(
            with_background_work(untouched)({"type": "lifespan"}, messages.get, send)
        )
        await messages.put({"type": "lifespan.startup"})
        await until(lambda: answers == ["lifespan.startup.complete"])
        assert runtime.started_by == "lifespan"
        assert sorted(task.get_name() for task in runtime.tasks) == ["liveness", "outbox"]
        start_runtime("a second start")  # changes nothing: the runtime is started once
        assert runtime.started_by == "lifespan" and len(runtime.tasks) == 2
        tasks = list(runtime.tasks)
        await messages.put({"type": "lifespan.shutdown"})
        await serving
        assert answers[-1] == "lifespan.shutdown.complete"
        assert not runtime.started and all(task.done() for task in tasks)
    assert current() is not runtime


@pytest.mark.django_db(transaction=True)
async def test_a_socket_counts_itself_in_its_own_runtime(table, alice):
    before = current().watched.seen(), dict(current().own(Presence).sockets)
    with installed(LiveRuntime()) as runtime:
        socket = await RecordingSocket.open(table.id, alice)
        frame = await socket.receive()
        assert runtime.watched.seen() == {table.id: frame["version"]}
        # Counted in presence at the end of the connect, after the snapshot went out.
        await until(lambda: list(runtime.own(Presence).sockets.values()) == [(table.id, alice.id)])
        await socket.close()
        await until(lambda: not runtime.watched.seen() and not runtime.own(Presence).sockets)
        await runtime.own(Presence).settled()
    assert (current().watched.seen(), current().own(Presence).sockets) == before

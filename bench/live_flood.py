"""The flood scenario: one table of instant bots plays while a seventh socket floods it.

The measured time has three phases: before, during and after the flood. "During" is
``FLOOD_SECONDS`` from the go given to the flooder, whether or not the server closed it
sooner (a backlog of its frames can outlive the socket); before and after are the
scenario's own length each. Per phase: the players' latency (action -> every bot's socket;
the flooder's socket is left out), the server CPU, and the server RSS (before: the last
reading; during: the peak; after: the last reading, to see whether the memory came back).

The flooder (bench/live_flooder.py) is a logged-in user of its own, watching the table
from the first server process. It runs in its own process, so its busy loop does not slow
the client that times the players.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
import time
from pathlib import Path

from live_bots import Run
from live_measure import CpuWindow, LatencySummary, RssSampler, latency_to_all
from live_scenarios import (
    address,
    close_sockets,
    make_sockets,
    open_sockets,
    stand_up,
    table_figures,
    warm_up,
)

FLOOD_SECONDS = 10.0
PHASES = ("before", "during", "after")
FLOODER = Path(__file__).resolve().parent / "live_flooder.py"
FLOODER_CONNECT_LIMIT = 60.0
FLOODER_REPORT_LIMIT = 30.0  # after its flood: its own close may wait for a busy server


async def start_flooder(server, table_id: int, session_key: str, seconds: float):
    """Start the flooder's process and wait until its socket is open; ``(process, hello)``,
    where ``hello`` is ``"connected"`` or why it is not."""
    url, origin = address(server, f"/ws/tables/{table_id}/")
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        str(FLOODER),
        url,
        origin,
        f"sessionid={session_key}",
        str(seconds),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
    )
    try:
        line = await asyncio.wait_for(process.stdout.readline(), FLOODER_CONNECT_LIMIT)
    except TimeoutError:
        line = b"failed: no answer from the flooder"
    return process, line.decode().strip() or "failed: the flooder exited"


async def finish_flooder(process, hello: str) -> dict:
    """The flooder's own account of its flood (or why there is none); it is ended."""
    try:
        if hello != "connected":
            return {"failed": hello}
        with contextlib.suppress(TimeoutError):
            line = await asyncio.wait_for(process.stdout.readline(), FLOODER_REPORT_LIMIT)
            if line.strip():
                return json.loads(line)
        return {"failed": "the flooder did not report"}
    finally:
        if process.returncode is None:
            process.kill()
        await process.wait()


async def run_flood_scenario(
    scenario, made: dict, servers: list, phase_seconds: float, flood_seconds: float, grace: float
) -> dict:
    """Play one table before, during and after a flood; return its figures."""
    run = Run()
    by_table, bots_by_table = make_sockets(scenario, made, servers, run)
    sockets = by_table[0]
    pids = [server.pid for server in servers]
    listeners = await open_sockets(sockets)
    memory = RssSampler(pids)
    memory.start()
    flooder, hello = await start_flooder(
        servers[0], made["tables"][0], made["flooders"][0], flood_seconds
    )
    phases: dict[str, tuple[float, float, CpuWindow]] = {}
    try:
        dealt = await warm_up(bots_by_table)
        window = CpuWindow(pids)
        window.start()
        run.measuring = True
        for name in PHASES:
            if name == "during" and hello == "connected":
                flooder.stdin.write(b"go\n")
                await flooder.stdin.drain()
            cpu = CpuWindow(pids)
            cpu.start()
            start = time.perf_counter()
            await asyncio.sleep(flood_seconds if name == "during" else phase_seconds)
            cpu.stop()
            phases[name] = (start, time.perf_counter(), cpu)
        run.measuring = False
        window.stop()
        run.acting = False
        await asyncio.sleep(grace)
    finally:
        run.acting = False
        flood = await finish_flooder(flooder, hello)
        await stand_up(bots_by_table[0])
        await close_sockets(run, sockets, listeners)
        await memory.stop()
    row = table_figures(scenario, run, window, by_table, servers, dealt)
    row["flood"] = {
        "seconds": flood_seconds,
        "flooder_process": 1,
        "flooder": flood,
        "phases": {
            name: phase_figures(name, run, sockets, start, end, cpu, memory)
            for name, (start, end, cpu) in phases.items()
        },
    }
    return row


def phase_figures(name, run: Run, sockets, start, end, cpu: CpuWindow, memory) -> dict:
    """The players' latency, CPU and memory of one phase."""
    latencies, unseen = [], 0
    for action in run.actions:
        if action.failed or not start <= action.t0 < end:
            continue
        latency = latency_to_all(sockets, action.seen_version, action.t0)
        if latency is None:
            unseen += 1
        else:
            latencies.append(latency)
    rss = memory.peak(start, end) if name == "during" else memory.last(start, end)
    return {
        "seconds": end - start,
        "latency": LatencySummary.of(latencies).__dict__,
        "unseen": unseen,
        "server_cpu_pct": [cpu.percent(c) for c in cpu.server_cpu],
        "rss_mb": rss,
    }

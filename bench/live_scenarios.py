"""The live benchmark's scenarios, and how one is run against running servers.

A scenario connects its bots and spectators, lets the first hands deal (warm-up), measures
for a fixed time, stops the bots, waits a little for the last frames, and closes every
socket. Everything it does is bounded in time, so a stuck server shows up as figures
(unseen actions, drops), never as a benchmark that hangs. The flood scenario
(bench/live_flood.py) uses the same pieces around its three phases.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from dataclasses import dataclass

from live_bots import BURST_SPREAD_SECONDS, Bot, Recorder, Run, seconds_to_tick
from live_measure import CpuWindow, LatencySummary, latency_to_all
from live_servers import Server

INSTANT, ONE_SECOND, ONE_TO_THREE = (0.0, 0.0), (1.0, 1.0), (1.0, 3.0)
CONNECTS_AT_ONCE = 20  # handshakes in flight, so 500 sockets do not arrive as one burst
WARM_UP_LIMIT = 20.0  # seconds to wait for the first hand at every table
STAND_UP_SECONDS = 1.0
CLOSE_LIMIT = 15.0


@dataclass(frozen=True)
class Scenario:
    key: str  # for --only
    title: str
    tables: int
    think: tuple[float, float]
    seconds: float  # measured time of a full run; --quick divides it
    # How sockets are spread over server processes (when there are several):
    # "socket": round robin per socket; "table": per table; "table+": per table, but every
    # fifth table's sockets round robin, so its broadcasts cross processes.
    placement: str = "socket"
    spectators: int = 0
    # Seconds between shared ticks: the actor at every table acts on the next tick plus
    # 0-100 ms (live_bots.seconds_to_tick), so all tables' actions land together.
    tick: float | None = None
    flooders: int = 0  # extra logged-in sockets at table 1 that flood it (live_flood.py)


SCENARIOS = [
    Scenario("instant", "1 table x 6 instant bots", 1, INSTANT, 20),
    Scenario("think1", "1 table x 6 bots, 1 s think", 1, ONE_SECOND, 25),
    Scenario("tables50", "50 tables x 6 bots, 1-3 s think", 50, ONE_TO_THREE, 40, "table+"),
    Scenario("burst", "burst: 50 tables x 6, 1.5 s ticks", 50, INSTANT, 40, "table+", tick=1.5),
    Scenario("throughput", "throughput: 20 tables x 6 instant", 20, INSTANT, 25, "table"),
    Scenario("spectators", "1 table x 6 instant + 500 spectators", 1, INSTANT, 20, spectators=500),
    # Measured time: before, during and after the flood; the flood itself is FLOOD_SECONDS.
    Scenario("flood", "flood: 1 table x 6 instant + flooder", 1, INSTANT, 30, flooders=1),
]
BARE_SOCKETS = 500
BARE_SECONDS = 12


def process_for(placement: str, table: int, socket: int, processes: int) -> int:
    if placement == "table" or (placement == "table+" and table % 5):
        return table % processes
    return socket % processes


def address(server: Server, path: str) -> tuple[str, str]:
    return f"ws://{server.base}{path}", f"http://{server.base}"


async def open_sockets(sockets: list[Recorder]) -> list[asyncio.Task]:
    limit = asyncio.Semaphore(CONNECTS_AT_ONCE)
    opened = await asyncio.gather(*(s.connect(limit) for s in sockets))
    return [asyncio.create_task(s.listen()) for s, ok in zip(sockets, opened, strict=True) if ok]


async def close_sockets(run: Run, sockets: list[Recorder], listeners: list[asyncio.Task]) -> None:
    run.closing, run.acting = True, False
    open_ones = [s.connection.close() for s in sockets if s.connection is not None]
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(asyncio.gather(*open_ones, return_exceptions=True), CLOSE_LIMIT)
    for task in listeners:
        task.cancel()
    await asyncio.gather(*listeners, return_exceptions=True)


async def warm_up(bots_by_table: list[list[Bot]]) -> int:
    """Wait until a hand was dealt at every table (bounded); return how many have one."""
    deadline = time.monotonic() + WARM_UP_LIMIT
    while True:
        dealt = sum(any(b.saw_hand for b in bots) for bots in bots_by_table)
        if dealt == len(bots_by_table) or time.monotonic() > deadline:
            break
        await asyncio.sleep(0.2)
    await asyncio.sleep(1.0)  # a few actions first: caches, first queries, JIT-free warm-up
    return dealt


async def stand_up(bots: list[Bot]) -> None:
    """Leave the tables, so their clocks do not keep dealing to absent bots afterwards."""
    stand = {"type": "stand"}
    await asyncio.gather(*(b.command(stand) for b in bots if b.connection is not None))
    await asyncio.sleep(STAND_UP_SECONDS)


def make_sockets(scenario: Scenario, made: dict, servers: list[Server], run: Run):
    """The scenario's bots and spectators, not yet connected: ``(by_table, bots_by_table)``,
    every socket of each table (bots first), and the bots alone."""
    by_table: list[list[Recorder]] = []
    bots_by_table: list[list[Bot]] = []
    for t, (table_id, keys) in enumerate(zip(made["tables"], made["players"], strict=True)):
        path = f"/ws/tables/{table_id}/"
        bots = []
        for s, key in enumerate(keys):
            server = servers[process_for(scenario.placement, t, s, len(servers))]
            url, origin = address(server, path)
            bots.append(
                Bot(
                    run,
                    url,
                    origin,
                    f"sessionid={key}",
                    t,
                    servers.index(server),
                    seat=s + 1,
                    think=scenario.think,
                    seed=f"{scenario.key}/{t}/{s}",
                    tick=scenario.tick,
                )
            )
        bots_by_table.append(bots)
        by_table.append(list(bots))
    for s, key in enumerate(made["spectators"]):
        server = servers[s % len(servers)]
        url, origin = address(server, f"/ws/tables/{made['tables'][0]}/")
        by_table[0].append(Recorder(run, url, origin, f"sessionid={key}", 0, servers.index(server)))
    return by_table, bots_by_table


async def run_table_scenario(
    scenario: Scenario, made: dict, servers: list[Server], seconds: float, grace: float
) -> dict:
    """Play ``scenario`` for ``seconds`` on ``servers``; return its figures."""
    run = Run()
    by_table, bots_by_table = make_sockets(scenario, made, servers, run)
    sockets = [s for table in by_table for s in table]
    listeners = await open_sockets(sockets)
    try:
        dealt = await warm_up(bots_by_table)
        window = CpuWindow([server.pid for server in servers])
        window.start()
        run.measuring = True
        await asyncio.sleep(seconds)
        run.measuring = False
        window.stop()
        run.acting = False
        await asyncio.sleep(grace)
    finally:
        run.acting = False
        await stand_up([b for bots in bots_by_table for b in bots])
        await close_sockets(run, sockets, listeners)
    return table_figures(scenario, run, window, by_table, servers, dealt)


def table_figures(scenario, run, window, by_table, servers, dealt) -> dict:
    applied = [a for a in run.actions if not a.failed]
    latencies, unseen = [], 0
    per_process = [0] * len(servers)  # actions that took effect, by the process that got them
    for action in applied:
        latency = latency_to_all(by_table[action.table], action.seen_version, action.t0)
        if latency is None:
            unseen += 1
        else:
            latencies.append(latency)
            per_process[action.process] += 1
    sockets = [s for table in by_table for s in table]
    gap_tables = [table for table in by_table if any(s.gaps for s in table)]
    window_end = window.wall + window.seconds
    versions_at_table_1 = sum(window.wall <= t <= window_end for t in by_table[0][0].times)
    return {
        "scenario": scenario.key,
        "title": scenario.title,
        "seconds": window.seconds,
        "sockets": len(sockets),
        "connected": sum(s.connection is not None for s in sockets),
        "tables_dealt": dealt,
        "tables": len(by_table),
        "actions_sent": len(run.actions),
        "actions_applied": len(applied),
        "unseen": unseen,
        "latency": LatencySummary.of(latencies).__dict__,
        **common_figures(run, window, sockets),
        "actions_per_s_per_process": [n / window.seconds for n in per_process],
        "versions_per_s_table_1": versions_at_table_1 / window.seconds,
        "tables_with_gaps": len(gap_tables),
        # Tables whose sockets were on more than one process: their frames crossed Redis.
        "tables_with_gaps_across_processes": sum(
            len({s.process for s in table}) > 1 for table in gap_tables
        ),
    }


def common_figures(run: Run, window: CpuWindow, sockets: list[Recorder]) -> dict:
    server_cpu = sum(window.server_cpu)
    return {
        "gaps": sum(s.gaps for s in sockets),
        "missed_versions": sum(s.missed_versions for s in sockets),
        "out_of_order": sum(s.out_of_order for s in sockets),
        "drops": sum(run.drops.values()),
        "drop_reasons": dict(run.drops),
        "connect_failures": dict(run.connect_failures),
        "errors": sum(run.errors.values()),
        "error_reasons": dict(run.errors.most_common(5)),
        "errors_outside_window": dict(run.errors_outside.most_common(5)),
        "frames": run.frames,
        "server_cpu_pct": [window.percent(c) for c in window.server_cpu],
        "server_rss_mb": window.server_rss,
        "client_cpu_pct": window.percent(window.client_cpu),
        "services_cpu_pct": window.percent(window.services_cpu),
        "others_cpu_pct": window.percent(window.others_cpu),
        "server_cpu_ms_per_frame": 1000 * server_cpu / run.frames if run.frames else None,
        "frame_chars": run.frame_chars / run.frames if run.frames else None,
    }


async def run_bare_broadcast(
    servers: list[Server], seconds: float, grace: float, rate: float, size: int
) -> dict:
    """Broadcast ``size``-character frames at ``rate``/s to 500 sockets; time each one."""
    run = Run()
    sockets = []
    for s in range(BARE_SOCKETS):
        server = servers[s % len(servers)]
        url, origin = address(server, "/ws/bare/")
        sockets.append(Recorder(run, url, origin, "", 0, servers.index(server)))
    listeners = await open_sockets(sockets)
    sent: list[tuple[int, float]] = []
    try:
        driver = sockets[0]  # sends "go" to the first process; in config b, Redis fans out
        await asyncio.sleep(0.5)
        window = CpuWindow([server.pid for server in servers])
        window.start()
        run.measuring = True
        start = time.perf_counter()
        for seq in range(1, int(seconds * rate) + 1):  # open loop, paced like the table
            await asyncio.sleep(max(0.0, start + (seq - 1) / rate - time.perf_counter()))
            sent.append((seq, time.perf_counter()))
            await driver.send(f"go {seq} {size}")
        await asyncio.sleep(max(0.0, start + seconds - time.perf_counter()))
        run.measuring = False
        window.stop()
        await asyncio.sleep(grace)
    finally:
        await close_sockets(run, sockets, listeners)
    latencies = [latency_to_all(sockets, seq - 1, t0) for seq, t0 in sent]
    return {
        "scenario": "bare",
        "title": f"bare group broadcast to {BARE_SOCKETS}",
        "seconds": window.seconds,
        "sockets": len(sockets),
        "connected": sum(s.connection is not None for s in sockets),
        "broadcasts": len(sent),
        "rate_per_s": rate,
        "unseen": sum(latency is None for latency in latencies),
        "latency": LatencySummary.of(x for x in latencies if x is not None).__dict__,
        **common_figures(run, window, sockets),
    }


async def run_bare_burst(
    servers: list[Server], seconds: float, grace: float, scenario: Scenario, size: int
) -> dict:
    """The burst scenario's floor: as many bare tables (bench/bare_asgi.py) of six sockets,
    placed on the processes the same way, where on every tick one socket per table sends
    ``act`` within the same 100 ms; each action timed until all six sockets have its frame."""
    run = Run()
    by_table: list[list[Recorder]] = []
    for t in range(scenario.tables):
        sockets = []
        for s in range(6):
            server = servers[process_for(scenario.placement, t, s, len(servers))]
            url, origin = address(server, f"/ws/bare/table/{t}/")
            sockets.append(Recorder(run, url, origin, "", t, servers.index(server)))
        by_table.append(sockets)
    everyone = [s for table in by_table for s in table]
    listeners = await open_sockets(everyone)
    sent: list[tuple[int, int, float, int]] = []  # (table, version the actor saw, t0, process)

    async def act_on_ticks(table: int) -> None:
        rng, turn = random.Random(f"bare burst {table}"), 0
        while run.acting:
            wait = seconds_to_tick(time.perf_counter(), run.epoch, scenario.tick or 1.5)
            await asyncio.sleep(wait + rng.uniform(0, BURST_SPREAD_SECONDS))
            if not run.acting:
                return
            actor, turn = by_table[table][turn % 6], turn + 1
            seen = actor.versions[-1] if actor.versions else 0
            if run.measuring:
                sent.append((table, seen, time.perf_counter(), actor.process))
            await actor.send(f"act {size}")

    actors = [asyncio.create_task(act_on_ticks(t)) for t in range(len(by_table))]
    try:
        await asyncio.sleep(2 * (scenario.tick or 1.5))  # two ticks of warm-up
        window = CpuWindow([server.pid for server in servers])
        window.start()
        run.measuring = True
        await asyncio.sleep(seconds)
        run.measuring = False
        window.stop()
        run.acting = False
        await asyncio.sleep(grace)
    finally:
        run.acting = False
        for task in actors:
            task.cancel()
        await asyncio.gather(*actors, return_exceptions=True)
        await close_sockets(run, everyone, listeners)
    latencies = [latency_to_all(by_table[t], seen, t0) for t, seen, t0, _ in sent]
    per_process = [0] * len(servers)
    for (_, _, _, process), latency in zip(sent, latencies, strict=True):
        if latency is not None:
            per_process[process] += 1
    return {
        "scenario": "bare-burst",
        "title": f"bare write + broadcast, {scenario.tables} x 6",
        "seconds": window.seconds,
        "sockets": len(everyone),
        "connected": sum(s.connection is not None for s in everyone),
        "actions_applied": len(sent),
        "unseen": sum(latency is None for latency in latencies),
        "latency": LatencySummary.of(x for x in latencies if x is not None).__dict__,
        **common_figures(run, window, everyone),
        "actions_per_s_per_process": [n / window.seconds for n in per_process],
    }

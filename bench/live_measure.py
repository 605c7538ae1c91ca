"""Figures for the live benchmark: latency to every socket, percentiles, CPU and memory.

All times are ``time.perf_counter()`` readings taken in the one client process, so a send
time and the arrival times of the frames it caused are on the same clock.
"""

from __future__ import annotations

import asyncio
import math
import os
import resource
import time
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def first_arrival_after(versions: Sequence[int], times: Sequence[float], version: int, t0: float):
    """When a socket first received a frame newer than ``version``, at or after ``t0``.

    ``versions``/``times`` are the socket's frames in arrival order (versions ascending).
    Returns None if no such frame arrived.
    """
    index = bisect_right(versions, version)
    while index < len(times) and times[index] < t0:
        index += 1  # a newer frame that arrived before the send was caused by something else
    return times[index] if index < len(times) else None


def latency_to_all(recorders: Iterable, version: int, t0: float) -> float | None:
    """Seconds from ``t0`` until every socket had a frame newer than ``version``.

    Sockets that dropped are left out (drops are counted on their own); None when some
    open socket never got such a frame.
    """
    latest = t0
    for recorder in recorders:
        if recorder.dropped:
            continue
        arrival = first_arrival_after(recorder.versions, recorder.times, version, t0)
        if arrival is None:
            return None
        latest = max(latest, arrival)
    return latest - t0


def percentile(sorted_values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile of an ascending list: ``percentile([1, 2, 3, 4], 0.5)`` -> 2."""
    if not sorted_values:
        return float("nan")
    rank = max(1, math.ceil(fraction * len(sorted_values)))
    return sorted_values[min(rank, len(sorted_values)) - 1]


@dataclass
class LatencySummary:
    count: int
    p50_ms: float
    p95_ms: float
    p99_ms: float
    max_ms: float

    @classmethod
    def of(cls, seconds: Iterable[float]) -> LatencySummary:
        values = sorted(seconds)
        nan = float("nan")
        return cls(
            count=len(values),
            p50_ms=percentile(values, 0.50) * 1000 if values else nan,
            p95_ms=percentile(values, 0.95) * 1000 if values else nan,
            p99_ms=percentile(values, 0.99) * 1000 if values else nan,
            max_ms=values[-1] * 1000 if values else nan,
        )


# ------------------------------------------------------------------ processes, from /proc


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (all its threads), in seconds; 0 if it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    # After the ")" that ends the command name: state is field 3, utime 14, stime 15.
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def rss_mb(pid: int) -> float:
    """Resident memory of a process in MB (VmRSS), or NaN if it is gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def pids_named(names: set[str]) -> list[int]:
    """Processes whose command name is one of ``names`` (e.g. postgres, redis-server)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() in names:
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def machine_busy_seconds() -> float:
    """CPU time all cores spent busy since boot (user, nice, system, irq, softirq, steal)."""
    fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    user, nice, system, _idle, _iowait, irq, softirq, steal = map(int, fields[:8])
    return (user + nice + system + irq + softirq + steal) / CLOCK_TICKS


def client_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


class CpuWindow:
    """CPU used by some processes (and this client) between ``start()`` and ``stop()``."""

    SERVICES = {"postgres", "redis-server"}

    def __init__(self, server_pids: list[int]):
        self.server_pids = server_pids

    def start(self) -> None:
        self.wall = time.perf_counter()
        self.servers = [cpu_seconds(pid) for pid in self.server_pids]
        self.client = client_cpu_seconds()
        self.machine = machine_busy_seconds()
        # PostgreSQL starts a process per connection, so read them at both ends by pid.
        self.services = {pid: cpu_seconds(pid) for pid in pids_named(self.SERVICES)}

    def stop(self) -> None:
        self.seconds = time.perf_counter() - self.wall
        self.server_cpu = [
            cpu_seconds(p) - s for p, s in zip(self.server_pids, self.servers, strict=True)
        ]
        self.client_cpu = client_cpu_seconds() - self.client
        now = {pid: cpu_seconds(pid) for pid in pids_named(self.SERVICES)}
        self.services_cpu = sum(now[pid] - self.services.get(pid, 0.0) for pid in now)
        self.server_rss = [rss_mb(pid) for pid in self.server_pids]
        # Whatever else ran on the machine meanwhile (other people's work): the noise.
        ours = sum(self.server_cpu) + self.client_cpu + self.services_cpu
        self.others_cpu = max(0.0, machine_busy_seconds() - self.machine - ours)

    def percent(self, cpu: float) -> float:
        return 100 * cpu / self.seconds if self.seconds else float("nan")


async def wait_until_idle(pids: list[int], limit_seconds: float = 15, below_percent: float = 10):
    """Let servers finish leftover work (a backlog from the last scenario) before measuring.

    Samples every half second; returns when all are under ``below_percent`` of a core, or
    after ``limit_seconds`` whatever they do.
    """
    deadline = time.monotonic() + limit_seconds
    while time.monotonic() < deadline:
        before = [cpu_seconds(pid) for pid in pids]
        await asyncio.sleep(0.5)
        busy = [100 * (cpu_seconds(pid) - b) / 0.5 for pid, b in zip(pids, before, strict=True)]
        if all(b < below_percent for b in busy):
            return


class RssSampler:
    """Resident memory of some processes, read every ``interval`` seconds while running.

    ``samples`` holds ``(perf_counter time, [MB per process])``; a flood shows up as a peak
    that ``peak`` finds and ``last`` tells whether it was given back.
    """

    def __init__(self, pids: list[int], interval: float = 0.2):
        self.pids, self.interval = pids, interval
        self.samples: list[tuple[float, list[float]]] = []
        self.task: asyncio.Task | None = None

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._sample())

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)

    async def _sample(self) -> None:
        while True:
            self.samples.append((time.perf_counter(), [rss_mb(pid) for pid in self.pids]))
            await asyncio.sleep(self.interval)

    def _within(self, start: float, end: float) -> list[list[float]]:
        return [mb for t, mb in self.samples if start <= t <= end]

    def peak(self, start: float, end: float) -> list[float]:
        """The highest reading of each process between ``start`` and ``end``."""
        within = self._within(start, end)
        return [max(column) for column in zip(*within, strict=True)] if within else []

    def last(self, start: float, end: float) -> list[float]:
        """The last reading of each process between ``start`` and ``end``."""
        within = self._within(start, end)
        return within[-1] if within else []

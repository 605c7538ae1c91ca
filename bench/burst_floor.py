"""What the burst's floor costs, by frame size and by the way frames reach the sockets.

    .venv/bin/python bench/burst_floor.py                          # 1,000 and 6,400 characters
    .venv/bin/python bench/burst_floor.py 500 2000 12800 --rounds 3

Runs the live benchmark's bare write + broadcast burst (bench/live_scenarios.py's
``run_bare_burst``: 50 bare tables of six sockets, every table acting within the same
100 ms of a 1.5 s tick, each action one locked transaction and one broadcast of the new
version) on uvicorn, two processes, PostgreSQL + Redis, in two ways: through Channels (a
group send, each consumer forwarding it: bench/bare_asgi.py) and without it (one PUBLISH,
each process writing to its own sockets: bench/raw_asgi.py). Each way runs once per frame
size in each round, all alternated, and the rows give each run's latency to every socket of
the table and the servers' CPU per frame delivered.

Two questions for the site's burst (issue 29): would smaller frames (a delta protocol; the
site's frame is about 6,400 characters, the public view with one person's part) make it
cheaper, and how much of a frame's cost is Channels' delivery to each consumer?
It reports; it never passes or fails.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # for tests.servers; bench/ itself is on the path as our folder

from live_measure import wait_until_idle  # noqa: E402
from live_scenarios import SCENARIOS, run_bare_burst  # noqa: E402
from live_servers import BARE_APPLICATION, postgres_redis, servers  # noqa: E402

WAYS = {"Channels": BARE_APPLICATION, "without Channels": "bench.raw_asgi:application"}

SECONDS = 30.0  # measured per run, after two ticks of warm-up
GRACE = 3.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sizes", nargs="*", type=int, default=[1000, 6400])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--server", default="uvicorn")
    args = parser.parse_args()
    burst = next(s for s in SCENARIOS if s.key == "burst")
    workdir = Path(tempfile.mkdtemp(prefix="bench-burst-floor-"))
    configuration = postgres_redis(workdir)
    if isinstance(configuration, str):
        print(f"PostgreSQL + Redis needed: {configuration}")
        return 1
    print(f"{'round':>5} {'fan-out':>17} {'frame chars':>12} {'actions':>8} {'p50 ms':>7} "
          f"{'p95 ms':>7} {'p99 ms':>7} {'unseen':>7} {'server CPU ms/frame':>20}")
    for round_ in range(1, args.rounds + 1):
        for way, application in WAYS.items():
            for size in args.sizes:
                name = f"floor-{way.replace(' ', '-')}-{size}-{round_}"
                with servers(configuration, application, name, workdir, args.server) as bare:
                    asyncio.run(wait_until_idle([process.pid for process in bare]))
                    row = asyncio.run(run_bare_burst(bare, SECONDS, GRACE, burst, size))
                report(round_, way, size, row)
    print(f"(server logs in {workdir}; nothing here passes or fails)")
    return 0


def report(round_: int, way: str, size: int, row: dict) -> None:
    latency = row["latency"]
    print(
        f"{round_:>5} {way:>17} {size:>12,} {row['actions_applied']:>8} "
        f"{latency['p50_ms']:>7.1f} {latency['p95_ms']:>7.1f} {latency['p99_ms']:>7.1f} "
        f"{row['unseen']:>7} {row['server_cpu_ms_per_frame']:>20.3f}",
        flush=True,
    )


if __name__ == "__main__":
    sys.exit(main())

"""Live benchmark: real daphne and uvicorn servers, bots and spectators over real WebSockets.

    make bench-live                                        # or: .venv/bin/python bench/live.py
    .venv/bin/python bench/live.py --quick                 # 5x shorter scenarios
    .venv/bin/python bench/live.py --configs embedded --only instant think1
    .venv/bin/python bench/live.py --servers daphne        # daphne alone, half the time
    .venv/bin/python bench/live.py --servers "uvicorn,uvicorn --ws wsproto"   # with options
    .venv/bin/python bench/live.py --json /tmp/live.json   # the raw figures too

It starts the servers itself, in each configuration: "embedded" (one process, a fresh SQLite
file, Channels' in-memory layer) and "postgres+redis" (two processes, a fresh PostgreSQL
database ``pokersite_bench`` and Redis database 14), the latter only when both answer on
127.0.0.1; each configuration is served by every server of ``--servers`` in turn (daphne
and uvicorn by default). Scenarios (see bench/live_scenarios.py): one table of instant bots,
bots that think 1 s, 50 tables of bots thinking 1-3 s, the same 50 tables acting together
on a shared 1.5 s tick (burst), a throughput run, one table with 500 spectators followed by
a bare Channels group broadcast to 500 sockets (bench/bare_asgi.py, on the first server
of ``--servers``) at the same rate and frame size, as the baseline (and after the burst, its
own baseline: bare tables whose every action is one small transaction and one group
broadcast of the table's frame size, under the same ticks), and one table played
before, during and after a seventh socket floods it (bench/live_flood.py). It prints
p50/p95/p99 action -> every socket at the table, version gaps, drops, errors, actions/s,
CPU and memory per server process, the servers side by side, and the issue's goals beside
the figures. It reports; it never passes or fails.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # for tests.servers; bench/ itself is on the path as our folder

from live_flood import FLOOD_SECONDS, run_flood_scenario  # noqa: E402
from live_measure import wait_until_idle  # noqa: E402
from live_report import configuration_report  # noqa: E402
from live_scenarios import (  # noqa: E402
    BARE_SECONDS,
    SCENARIOS,
    run_bare_broadcast,
    run_bare_burst,
    run_table_scenario,
)
from live_servers import (  # noqa: E402
    BARE_APPLICATION,
    SERVERS,
    SITE_APPLICATION,
    embedded,
    log_problems,
    postgres_redis,
    prepare,
    servers,
)

CONFIGURATIONS = ("embedded", "postgres+redis")
QUICK_DIVISOR = 5
DEFAULT_FRAME_CHARS = 2000
STARTED = time.monotonic()


def server_names(text: str) -> list[str]:
    """``"daphne,uvicorn"`` -> ``["daphne", "uvicorn"]``; the first one also serves the bare
    baseline. A server may carry options of its own, to compare two ways of running one
    server in one run: ``"uvicorn,uvicorn --ws wsproto"``."""
    names = [" ".join(name.split()) for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name.split()[0] not in SERVERS]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"choose from {', '.join(SERVERS)}, comma-separated")
    return list(dict.fromkeys(names))


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="scenarios 5x shorter")
    parser.add_argument(
        "--scale",
        type=float,
        default=1.0,
        help="multiply every measured duration (e.g. 0.5 for a slow server)",
    )
    parser.add_argument("--configs", nargs="+", choices=CONFIGURATIONS, default=CONFIGURATIONS)
    parser.add_argument(
        "--servers",
        type=server_names,
        default=list(SERVERS),
        help="ASGI servers to run every scenario on, in turn (default: daphne,uvicorn); one "
        "may carry options: \"uvicorn --ws wsproto\"",
    )
    parser.add_argument(
        "--only",
        nargs="+",
        choices=[s.key for s in SCENARIOS],
        help="run only these scenarios ('spectators' includes the bare baseline)",
    )
    parser.add_argument("--json", type=Path, help="also write the raw figures to this file")
    return parser.parse_args()


def seconds_for(full: float, args: argparse.Namespace) -> float:
    seconds = full / QUICK_DIVISOR if args.quick else full
    return max(3.0, seconds * args.scale)


def run_baseline(configuration, table_row: dict, args, grace: float, workdir: Path, logs):
    """The bare group broadcast to 500 sockets, at the pace and frame size the table had."""
    rate = min(100.0, max(2.0, table_row["versions_per_s_table_1"]))
    size = int(table_row["frame_chars"] or DEFAULT_FRAME_CHARS)
    seconds = seconds_for(BARE_SECONDS, args)
    server = table_row["server"]
    print(f"[{configuration.name}] bare broadcast to 500 sockets on {server}...", flush=True)
    with servers(configuration, BARE_APPLICATION, "bare", workdir, server) as bare:
        logs += [process.log for process in bare]
        row = asyncio.run(run_bare_broadcast(bare, seconds, grace, rate, size))
    return {**row, "server": server}


def run_burst_baseline(configuration, scenario, table_row: dict, args, grace, workdir, logs):
    """The bare write + broadcast under the same burst, with the table's frame size."""
    size = int(table_row["frame_chars"] or DEFAULT_FRAME_CHARS)
    seconds = seconds_for(scenario.seconds, args)
    server = table_row["server"]
    print(f"[{configuration.name}] bare write + broadcast burst on {server}...", flush=True)
    with servers(configuration, BARE_APPLICATION, "bare-burst", workdir, server) as bare:
        logs += [process.log for process in bare]
        row = asyncio.run(run_bare_burst(bare, seconds, grace, scenario, size))
    return {**row, "server": server}


def run_scenario(scenario, made: dict, site, args, grace: float) -> dict:
    """One scenario on running servers; the flood has phases of its own (live_flood.py)."""
    seconds = seconds_for(scenario.seconds, args)
    if scenario.flooders:
        phase = seconds_for(scenario.seconds / 3, args)
        flood = max(3.0, FLOOD_SECONDS * args.scale)  # --quick keeps the whole flood
        return asyncio.run(run_flood_scenario(scenario, made, site, phase, flood, grace))
    return asyncio.run(run_table_scenario(scenario, made, site, seconds, grace))


def run_configuration(configuration, scenarios, args, workdir: Path) -> dict:
    """Prepare the database, then per server: start it, run every scenario; return figures."""
    print(f"\n[{configuration.name}] migrating and creating tables, users, sessions...", flush=True)
    spec = [
        {
            "name": f"{server} {s.key}",
            "tables": s.tables,
            "players_per_table": 6,
            "spectators": s.spectators,
            "flooders": s.flooders,
        }
        for server in args.servers
        for s in scenarios
    ]
    made = prepare(configuration, spec, workdir)
    grace = 1.5 if args.quick else 3.0
    rows, logs = [], []
    for server in args.servers:
        with servers(configuration, SITE_APPLICATION, "site", workdir, server) as site:
            logs += [process.log for process in site]
            pids = [process.pid for process in site]
            for scenario in scenarios:
                asyncio.run(wait_until_idle(pids))
                print(
                    f"[{configuration.name}, {server}] {scenario.title}"
                    f" (at {time.monotonic() - STARTED:.0f} s)...",
                    flush=True,
                )
                row = run_scenario(scenario, made[f"{server} {scenario.key}"], site, args, grace)
                rows.append({**row, "server": server})
                if scenario.key == "spectators" and server == args.servers[0]:
                    # The baseline runs right after, on idle site servers.
                    asyncio.run(wait_until_idle(pids))
                    rows.append(run_baseline(configuration, rows[-1], args, grace, workdir, logs))
                if scenario.key == "burst" and server == args.servers[0]:
                    asyncio.run(wait_until_idle(pids))
                    rows.append(
                        run_burst_baseline(
                            configuration, scenario, rows[-1], args, grace, workdir, logs
                        )
                    )
    return {
        "name": configuration.name,
        "description": configuration.description,
        "rows": rows,
        "logs": [str(log) for log in logs],
        "log_problems": log_problems(logs),
    }


def main() -> int:
    args = parse_args()
    scenarios = [s for s in SCENARIOS if not args.only or s.key in args.only]
    workdir = Path(tempfile.mkdtemp(prefix="bench-live-"))
    print(
        f"Live benchmark ({'quick' if args.quick else 'full'} run): {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, load average {os.getloadavg()[0]:.2f}; "
        f"servers {', '.join(args.servers)}; logs in {workdir}",
        flush=True,
    )
    results, reports = [], []
    for name in args.configs:
        configuration = embedded(workdir) if name == "embedded" else postgres_redis(workdir)
        if isinstance(configuration, str):
            reports.append(f"== {name}: {configuration} ==")
            results.append({"name": name, "skipped": configuration})
            continue
        try:
            result = run_configuration(configuration, scenarios, args, workdir)
        except Exception as error:  # report what we have, with where to look
            reports.append(f"== {name}: failed: {error} ==\n  logs: {workdir}")
            results.append({"name": name, "failed": str(error)})
            continue
        results.append(result)
        report = configuration_report(
            name, configuration.description, result["rows"], args.servers
        )
        if result["log_problems"]:
            report += "\n\nserver logs (besides requests; most frequent first):\n  "
            report += "\n  ".join(result["log_problems"])
            report += "\n  logs: " + ", ".join(result["logs"])
        reports.append(report)
    print("\n" + "\n\n".join(reports))
    print(
        f"\n(took {time.monotonic() - STARTED:.0f} s, load average now "
        f"{os.getloadavg()[0]:.2f}; nothing here passes or fails)"
    )
    if args.json:
        figures = {"quick": args.quick, "servers": args.servers, "configs": results}
        args.json.write_text(json.dumps(figures, indent=1))
        print(f"raw figures: {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Plain-text report of the live benchmark: figures per scenario, then the goals beside them.

Nothing here judges: each goal of the issue is printed next to the measured figure with
their ratio, the servers are printed side by side with their ratio to the first one, and
the reader decides.
"""

from __future__ import annotations

import math

NAME_WIDTH = 38
SERVER_WIDTH = 22  # "uvicorn --ws wsproto" and a space (a server with options, bench/live.py)
PHASES = ("before", "during", "after")


def _number(value, digits: int = 1, width: int = 7) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return f"{'-':>{width}}"
    return f"{value:>{width}.{digits}f}"


def _per_process(values: list[float], digits: int = 0) -> str:
    return " / ".join(_number(v, digits, 1) for v in values) if values else "-"


def _name(row: dict) -> str:
    return f"{row['title']:<{NAME_WIDTH}}{row.get('server', ''):<{SERVER_WIDTH}}"


def latency_table(rows: list[dict]) -> list[str]:
    lines = [
        f"{'':<{NAME_WIDTH + SERVER_WIDTH}}{'':>8}{'':>9}   action -> every socket at the"
        " table (ms)",
        f"{'scenario':<{NAME_WIDTH}}{'server':<{SERVER_WIDTH}}{'sockets':>8}{'actions':>9}"
        f"{'p50':>8}{'p95':>8}{'p99':>8}{'max':>8}{'unseen':>8}{'gaps':>6}{'drops':>6}"
        f"{'errors':>7}",
    ]
    for row in rows:
        latency = row["latency"]
        count = row.get("actions_applied", row.get("broadcasts", 0))
        lines.append(
            f"{_name(row)}{row['connected']:>8}{count:>9}"
            f"{_number(latency['p50_ms'], 1, 8)}{_number(latency['p95_ms'], 1, 8)}"
            f"{_number(latency['p99_ms'], 1, 8)}{_number(latency['max_ms'], 1, 8)}"
            f"{row['unseen']:>8}{row['gaps']:>6}{row['drops']:>6}{row['errors']:>7}"
        )
    return lines


def resource_table(rows: list[dict]) -> list[str]:
    lines = [
        f"{'scenario':<{NAME_WIDTH}}{'server':<{SERVER_WIDTH}}{'actions/s':>11}"
        f"{'server CPU %':>15}{'RSS MB':>11}"
        f"{'pg+redis %':>11}{'client %':>9}{'others %':>9}{'frames':>9}{'CPU ms/frame':>13}",
        f"{'':<{NAME_WIDTH + SERVER_WIDTH}}{'per process':>11}{'per process':>15}"
        f"{'per proc':>11}",
    ]
    for row in rows:
        rate = row.get("actions_per_s_per_process")
        lines.append(
            f"{_name(row)}{_per_process(rate, 1) if rate else '-':>11}"
            f"{_per_process(row['server_cpu_pct']):>15}{_per_process(row['server_rss_mb']):>11}"
            f"{_number(row['services_cpu_pct'], 0, 11)}{_number(row['client_cpu_pct'], 0, 9)}"
            f"{_number(row.get('others_cpu_pct'), 0, 9)}"
            f"{row['frames']:>9}{_number(row['server_cpu_ms_per_frame'], 3, 13)}"
        )
    return lines


def is_baseline(row: dict) -> bool:
    return row["scenario"] in ("bare", "bare-burst")


def _ratio(measured, goal) -> str:
    if measured is None or goal in (None, 0) or math.isnan(measured):
        return "-"
    return f"{measured / goal:.2f}x"


# Issue 29's burst goal: p95 of an action until every socket at its table has it.
BURST_GOAL_MS = 50


def goal_lines(rows: list[dict]) -> list[str]:
    """The issue's goals table, each with the figure measured in this configuration."""
    by_key = {row["scenario"]: row for row in rows}
    lines = []

    def latency_goal(key: str, label: str, goal_ms: float) -> None:
        if key in by_key:
            p95 = by_key[key]["latency"]["p95_ms"]
            lines.append(
                f"  {label:<52} p95 {_number(p95, 1)} ms   goal <= {goal_ms:.0f} ms"
                f"   ({_ratio(p95, goal_ms)} of goal)"
            )

    latency_goal("instant", "1 table, 6 instant bots: action -> all 6 sockets", 30)
    latency_goal("think1", "6 players who think 1 s before acting", 30)
    latency_goal("tables50", "50 tables x 6 players, 1-3 s thinking", 50)
    latency_goal("burst", "burst: 50 tables acting within the same 100 ms", BURST_GOAL_MS)
    if "burst" in by_key and "bare-burst" in by_key:
        table, bare = by_key["burst"], by_key["bare-burst"]
        for label, pick in (("p50", "p50_ms"), ("p95", "p95_ms")):
            mine, floor = table["latency"][pick], bare["latency"][pick]
            ratio = mine / floor if floor and not math.isnan(floor) else None
            lines.append(
                f"  {'  ... ' + label + ' vs a bare write + broadcast':<52}"
                f" {_number(mine, 1)} ms vs {_number(floor, 1, 1)} ms = {_number(ratio, 2, 1)}x"
            )
        floor_p95 = bare["latency"]["p95_ms"]
        if floor_p95 > BURST_GOAL_MS:  # NaN compares false: no figure, no remark
            lines.append(
                f"  {'  ... the bare write + broadcast alone is over the goal here':<52}"
                f" ({_ratio(floor_p95, BURST_GOAL_MS)} of goal): this machine cannot show it"
            )
    if "tables50" in by_key:
        row = by_key["tables50"]
        lines.append(
            f"  {'  ... version gaps (missed versions)':<52} {row['gaps']:>7} "
            f"({row['missed_versions']})   goal 0"
        )
    if "throughput" in by_key:
        rates = by_key["throughput"]["actions_per_s_per_process"]
        mean = sum(rates) / len(rates)
        lines.append(
            f"  {'throughput, instant bots: actions/s per process':<52}     {_number(mean, 1)}"
            f"      goal >= 100 (moonshot 300)   ({_ratio(mean, 100)} of goal)"
        )
    if "spectators" in by_key and "bare" in by_key:
        table, bare = by_key["spectators"], by_key["bare"]
        p95, bare_p95 = table["latency"]["p95_ms"], bare["latency"]["p95_ms"]
        ratio = p95 / bare_p95 if bare_p95 and not math.isnan(bare_p95) else None
        lines.append(
            f"  {'1 table + 500 spectators, p95 vs bare broadcast':<52}"
            f" {_number(p95, 1)} ms vs {_number(bare_p95, 1, 1)} ms = {_number(ratio, 2, 1)}x"
            f"   goal <= 1.5x"
        )
        cpu, bare_cpu = table["server_cpu_ms_per_frame"], bare["server_cpu_ms_per_frame"]
        ratio = cpu / bare_cpu if cpu is not None and bare_cpu else None
        lines.append(
            f"  {'server CPU per frame delivered vs bare broadcast':<52}"
            f" {_number(cpu, 3)} ms vs {_number(bare_cpu, 3, 1)} ms = {_number(ratio, 2, 1)}x"
            f"   goal <= 2x"
        )
    return lines


def detail_lines(rows: list[dict]) -> list[str]:
    """Why figures are missing or odd: errors by reason, drops, failed connections."""
    lines = []
    for row in rows:
        notes = []
        if row.get("tables_dealt") is not None and row["tables_dealt"] < row["tables"]:
            notes.append(f"only {row['tables_dealt']} of {row['tables']} tables dealt in warm-up")
        if row["connected"] < row["sockets"]:
            notes.append(
                f"{row['sockets'] - row['connected']} sockets failed to connect: "
                f"{row['connect_failures']}"
            )
        if row["drops"]:
            notes.append(f"drops: {row['drop_reasons']}")
        if row.get("tables_with_gaps"):
            notes.append(
                f"gaps at {row['tables_with_gaps']} tables, "
                f"{row['tables_with_gaps_across_processes']} of them served by several processes"
            )
        if row["out_of_order"]:
            notes.append(f"{row['out_of_order']} frames not newer than the one before")
        for reason, count in row["error_reasons"].items():
            notes.append(f"error x{count}: {reason}")
        for reason, count in row["errors_outside_window"].items():
            notes.append(f"error x{count} outside the measured time: {reason}")
        if row.get("rate_per_s") is not None:
            notes.append(
                f"{row['rate_per_s']:.1f} broadcasts/s of {row['frame_chars']:.0f}"
                " characters (the table's rate and frame size)"
                if row["frame_chars"]
                else f"{row['rate_per_s']:.1f} broadcasts/s"
            )
        lines.extend(f"  {row['title']} [{row.get('server', '')}]: {note}" for note in notes)
    return lines


def _scaled(value, base) -> str:
    """``value`` and its ratio to ``base``: ``" 12.0 (1.50x)"``."""
    ratio = _ratio(value, base) if value is not None and base is not None else "-"
    return f"{_number(value, 1)} ({ratio})"


def side_by_side(rows: list[dict], servers: list[str]) -> list[str]:
    """Each scenario's figures per server, with each server's ratio to the first one."""
    if len(servers) < 2:
        return []
    first = servers[0]
    head = "".join(f"{server:>17}" for server in servers)
    lines = [
        f"servers side by side (ratio to {first}; the bare baseline ran on {first} only):",
        f"  {'scenario':<{NAME_WIDTH}}{'figure':<16}{head}",
    ]
    figures = (
        ("p95 ms", lambda r: r["latency"]["p95_ms"]),
        ("p99 ms", lambda r: r["latency"]["p99_ms"]),
        ("actions/s", lambda r: sum(r.get("actions_per_s_per_process") or [0])),
        ("server CPU %", lambda r: sum(r["server_cpu_pct"])),
        ("CPU us/frame", lambda r: 1000 * (r["server_cpu_ms_per_frame"] or float("nan"))),
    )
    titles = list(dict.fromkeys(row["title"] for row in rows if not is_baseline(row)))
    for title in titles:
        by_server = {row["server"]: row for row in rows if row["title"] == title}
        if first not in by_server:
            continue
        for index, (label, figure) in enumerate(figures):
            base = figure(by_server[first])
            cells = "".join(
                f"{_scaled(figure(by_server[s]), base) if s in by_server else '-':>17}"
                for s in servers
            )
            lines.append(f"  {title if index == 0 else '':<{NAME_WIDTH}}{label:<16}{cells}")
    return lines


def flood_lines(rows: list[dict]) -> list[str]:
    """Before / during / after the flood, per server; then what became of the flooder."""
    floods = [row for row in rows if "flood" in row]
    if not floods:
        return []
    seconds = floods[0]["flood"]["seconds"]
    lines = [
        f"flood: the other players before / during ({seconds:.0f} s from its first frame) /"
        " after; the flooder watches from process 1",
        f"  {'server':<{SERVER_WIDTH}}{'actions':>18}{'p95 ms':>27}{'p99 ms':>27}"
        f"{'server CPU %':>21}{'RSS MB (during: peak)':>33}",
    ]
    for row in floods:
        phases = row["flood"]["phases"]

        def three(pick, digits=1, width=8, phases=phases):
            return " /".join(
                _number(pick(phases[p]), digits, width) if p in phases else f"{'-':>{width}}"
                for p in PHASES
            )

        def per_process(key, phases=phases):
            return " | ".join(
                _per_process(phases[p][key]) if p in phases else "-" for p in PHASES
            )

        lines.append(
            f"  {row['server']:<{SERVER_WIDTH}}{three(lambda p: p['latency']['count'], 0, 4)}"
            f"{three(lambda p: p['latency']['p95_ms'])}"
            f"{three(lambda p: p['latency']['p99_ms'])}"
            f"   {per_process('server_cpu_pct'):>18}   {per_process('rss_mb'):>30}"
        )
    lines.append(
        f"  {'server':<{SERVER_WIDTH}}{'frames sent':>12}{'in s':>7}{'closed after s':>16}"
        f"{'close code':>12}{'answers':>9}{'longest send ms':>17}{'its CPU s':>11}   stopped by"
    )
    for row in floods:
        flooder = row["flood"]["flooder"]
        if "failed" in flooder:
            lines.append(f"  {row['server']:<{SERVER_WIDTH}}flooder failed: {flooder['failed']}")
            continue
        code = flooder["close_code"]
        stopped = flooder["stopped"]
        if not flooder["closed_by_server"]:
            stopped += "; we closed it" if code is not None else "; our close went unanswered"
        if flooder.get("close_reason"):
            stopped += f" ({flooder['close_reason']})"
        lines.append(
            f"  {row['server']:<{SERVER_WIDTH}}{flooder['sent']:>12,}"
            f"{_number(flooder['sending_s'], 1)}"
            f"{_number(flooder['closed_after_s'], 2, 16)}"
            f"{code if code is not None else '-':>12}{flooder['frames_received']:>9,}"
            f"{_number(1000 * flooder['longest_send_s'], 0, 17)}"
            f"{_number(flooder.get('cpu_s'), 1, 11)}   {stopped}"
        )
    return lines


def configuration_report(
    name: str, description: str, rows: list[dict], servers: list[str]
) -> str:
    title = f"== {name}: {description}; servers: {', '.join(servers)} =="
    order = {server: index for index, server in enumerate(servers)}
    seen = list(dict.fromkeys(row["title"] for row in rows))
    rows = sorted(rows, key=lambda r: (seen.index(r["title"]), order.get(r.get("server"), 0)))
    parts = [title, *latency_table(rows), "", *resource_table(rows)]
    for extra in (side_by_side(rows, servers), flood_lines(rows)):
        if extra:
            parts += ["", *extra]
    bare = [row for row in rows if is_baseline(row)]
    for server in servers:
        mine = [row for row in rows if row.get("server") == server and not is_baseline(row)]
        parts += ["", f"goals, {server}:"]
        parts += goal_lines(mine + bare) or ["  (no scenario with a goal was run)"]
    details = detail_lines(rows)
    if details:
        parts += ["", "notes:", *details]
    return "\n".join(parts)

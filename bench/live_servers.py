"""Server side of the live benchmark: configurations, fresh databases, server processes.

A configuration is the environment the site runs with: "embedded" (one process, a fresh
SQLite file, Channels' in-memory layer) or "postgres+redis" (two processes sharing a fresh
PostgreSQL database and a flushed Redis database). Each is migrated and filled with the
benchmark's tables and users by subprocesses (Django can be set up once per process only).
Either configuration is served by daphne or uvicorn (``SERVERS``), started the way the
docs say: ``daphne pokersite.asgi:application``, ``uvicorn pokersite.asgi:application``
(its lifespan starts the table clock), each with its own defaults.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.servers import daphne_process

ROOT = Path(__file__).resolve().parents[1]
POSTGRES_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
BENCH_DATABASE = "pokersite_bench"
BENCH_REDIS_URL = "redis://127.0.0.1:6379/14"  # a database of its own, flushed before use
SITE_APPLICATION = "pokersite.asgi:application"
BARE_APPLICATION = "bench.bare_asgi:application"
SERVERS = ("daphne", "uvicorn")
# A line per request or socket event: daphne's access log; everything uvicorn logs at INFO.
ACCESS_LOG = re.compile(r"\S+:\d+ - - \[|INFO:\s")
TRACEBACK_BODY = re.compile(r" |Traceback|The above exception|During handling")


@dataclass
class Configuration:
    name: str
    description: str
    processes: int
    env: dict[str, str | None]


@dataclass
class Server:
    base: str  # host:port
    pid: int
    log: Path


def server_env(workdir: Path, database_url: str, redis_url: str | None) -> dict[str, str | None]:
    """Production-like settings (DEBUG off: DEBUG keeps every query in memory)."""
    static_root = workdir / "static"
    static_root.mkdir(exist_ok=True)
    return {
        "DJANGO_SETTINGS_MODULE": "pokersite.settings",
        "DEBUG": "0",
        "SECRET_KEY": "bench-live-not-a-secret-0123456789abcdefghijklmnopqrstuvwxyz",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "0",
        "STATIC_ROOT": str(static_root),  # an empty folder: WhiteNoise warns without one
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,  # None unsets it: the in-memory layer
        "TABLE_CLOCK": "on",
        "NEXT_HAND_DELAY_SECONDS": "0.5",
        "RUNOUT_STREET_SECONDS": "0",  # all-in run-outs: no pause between streets
        # Instant bots act far faster than people: the per-socket budget is for abusers.
        "SOCKET_FRAME_RATES": "1000/second",
        "LOG_LEVEL": "WARNING",
    }


def embedded(workdir: Path) -> Configuration:
    database = workdir / "embedded.sqlite3"
    return Configuration(
        name="embedded",
        description="1 server process, SQLite file, in-memory channel layer",
        processes=1,
        env=server_env(workdir, f"sqlite:///{database}", None),
    )


def postgres_redis(workdir: Path) -> Configuration | str:
    """The production shape, on a fresh database; or a sentence saying why it cannot run."""
    try:
        import psycopg
        import redis
    except ImportError as error:
        return f"skipped: {error}"
    try:
        with psycopg.connect(POSTGRES_ADMIN_URL, connect_timeout=3, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {BENCH_DATABASE} WITH (FORCE)")
            admin.execute(f"CREATE DATABASE {BENCH_DATABASE}")
    except psycopg.Error as error:
        return f"skipped: PostgreSQL on 127.0.0.1:5432 is not usable ({error})".strip()
    try:
        client = redis.Redis.from_url(BENCH_REDIS_URL, socket_timeout=3)
        client.flushdb()
        client.close()
    except redis.RedisError as error:
        return f"skipped: Redis on 127.0.0.1:6379 is not usable ({error})"
    return Configuration(
        name="postgres+redis",
        description="2 server processes, PostgreSQL, Redis channel layer",
        processes=2,
        env=server_env(
            workdir, f"postgres://postgres@127.0.0.1:5432/{BENCH_DATABASE}", BENCH_REDIS_URL
        ),
    )


def _subprocess_env(configuration: Configuration) -> dict[str, str]:
    env = {**os.environ, **configuration.env}
    return {key: value for key, value in env.items() if value is not None}


def prepare(configuration: Configuration, spec: list[dict], workdir: Path) -> dict:
    """Migrate the configuration's database and create the scenarios' tables and users."""
    env = _subprocess_env(configuration)
    log = workdir / f"{configuration.name}-migrate.log"
    with open(log, "wb") as out:
        migrated = subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            timeout=300,
        )
    if migrated.returncode:
        raise RuntimeError(f"migrate failed; see {log}")
    spec_path = workdir / f"{configuration.name}-spec.json"
    spec_path.write_text(json.dumps(spec))
    made = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "live_setup.py"), str(spec_path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if made.returncode:
        raise RuntimeError(f"bench/live_setup.py failed:\n{made.stderr[-3000:]}")
    return json.loads(made.stdout)


@contextmanager
def servers(
    configuration: Configuration, application: str, label: str, workdir: Path, server: str
):
    """Start ``configuration.processes`` processes of ``server``; yield them; stop them all."""
    with ExitStack() as stack:
        started = []
        for index in range(configuration.processes):
            log = workdir / f"{configuration.name}-{server}-{label}-{index + 1}.log"
            base, process = stack.enter_context(
                daphne_process(
                    configuration.env, application=application, log_path=log, server=server
                )
            )
            started.append(Server(base, process.pid, log))
        yield started


def log_problems(server_logs: list[Path], limit: int = 10) -> list[str]:
    """What the servers said besides their access log, grouped: ``"12 x site-1.log: ..."``.

    The servers log at WARNING, so every such line is worth a look. Numbers are blanked so
    one problem seen with different ids counts once; traceback bodies are left out (the log
    has them).
    """
    seen: Counter = Counter()
    for log in server_logs:
        if not log.exists():
            continue
        for line in log.read_text(errors="replace").splitlines():
            if not line.strip() or ACCESS_LOG.match(line) or TRACEBACK_BODY.match(line):
                continue
            seen[f"{log.name}: {re.sub(r'[0-9]+', 'N', line.strip())[:150]}"] += 1
    return [f"{count} x {text}" for text, count in seen.most_common(limit)]

"""The production stack on this machine's loopback, for CI and for trying a deployment.

nginx, with the production site config (``deploy/nginx/poker.conf.in``) and a self-signed
certificate for 127.0.0.1, in front of N web processes and one table clock started by the
same scripts systemd and the Procfile run (``deploy/bin/``), with ``DEBUG=0``, on a fresh
PostgreSQL database and a Redis database of its own::

    .venv/bin/python -m deploy.stack --web 2     # prints the address; Ctrl-C stops it

Nothing needs root: nginx runs as the current user with its pid, logs and temporary files in
the stack's folder. Stopping the stack drops the database and flushes the Redis database; the
folder (logs included) is left for reading.
"""

import argparse
import ipaddress
import os
import secrets
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from deploy.render import APP_DIR, DEPLOY, render, site_values

DEFAULT_DATABASE_SERVER = "postgres://postgres@127.0.0.1:5432/postgres"
DEFAULT_REDIS_SERVER = "redis://127.0.0.1:6379"
# Far from the 0 the site and CI use by default, so a stack never flushes their data.
DEFAULT_REDIS_DB = 13  # the live benchmark flushes 14
STOP_SECONDS = 60.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def tail(path: Path, lines: int = 40) -> str:
    text = path.read_text(errors="replace") if path.exists() else ""
    return "\n".join(text.splitlines()[-lines:])


def nginx_path() -> str | None:
    """Debian's nginx lives in /usr/sbin, which an ordinary user's PATH may lack."""
    return shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")


def self_signed_certificate(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 and localhost, and its key: the stack speaks https like
    production (secure cookies, X-Forwarded-Proto, the https origin check)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.now(UTC)
    names = [x509.IPAddress(ipaddress.ip_address("127.0.0.1")), x509.DNSName("localhost")]
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(hours=1))
        .not_valid_after(now + timedelta(days=7))
        .add_extension(x509.SubjectAlternativeName(names), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = folder / "tls.crt", folder / "tls.key"
    cert_path.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    key_path.chmod(0o600)
    return cert_path, key_path


def with_path(url: str, path: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, path, "", ""))


@contextmanager
def fresh_database(server_url: str) -> Iterator[str]:
    """A new, empty PostgreSQL database on the server of ``server_url``; yields its URL and
    drops it (closing whatever is still connected) on exit."""
    import psycopg
    from psycopg import sql

    name = f"poker_stack_{secrets.token_hex(4)}"
    admin = with_path(server_url, "/postgres")
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield with_path(server_url, f"/{name}")
    finally:
        with psycopg.connect(admin, autocommit=True) as connection:
            drop = sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)")
            connection.execute(drop.format(sql.Identifier(name)))


@contextmanager
def own_redis_database(server_url: str, number: int) -> Iterator[str]:
    """Redis database ``number`` on that server, flushed before and after; yields its URL."""
    import redis

    url = with_path(server_url, f"/{number}")
    client = redis.Redis.from_url(url)
    client.flushdb()
    try:
        yield url
    finally:
        client.flushdb()
        client.close()


def wait_until_healthy(
    url: str, process: subprocess.Popen, log: Path, seconds: float, context=None
) -> None:
    """Poll ``url`` (a /healthz) until it answers 200; fail if the process exits first or
    ``seconds`` pass."""
    deadline = time.monotonic() + seconds
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"{log.stem} exited with {process.returncode}:\n{tail(log)}")
        try:
            with urllib.request.urlopen(url, timeout=2, context=context) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"{url} did not answer within {seconds:g} s:\n{tail(log)}")
        time.sleep(0.2)


def stop(process: subprocess.Popen, signum: int = signal.SIGTERM) -> int:
    """Signal the process and wait for it; kill it if it lingers. Returns its exit code."""
    if process.poll() is None:
        process.send_signal(signum)
    try:
        return process.wait(timeout=STOP_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        return process.wait()


@dataclass
class Stack:
    """A running stack: ``url`` is the proxy's https address, ``plain_url`` its http one
    (which redirects to ``url``)."""

    folder: Path
    env: dict[str, str]
    url: str
    tls_context: ssl.SSLContext
    start_seconds: float
    plain_url: str = ""
    web: dict[int, subprocess.Popen] = field(default_factory=dict)
    # The clock and nginx, by name.
    others: dict[str, subprocess.Popen] = field(default_factory=dict)

    def log(self, name: str) -> Path:
        return self.folder / "logs" / f"{name}.log"

    def spawn(self, name: str, command: list[str]) -> subprocess.Popen:
        """Start a process with the stack's environment, appending to its log."""
        with open(self.log(name), "ab") as log:
            return subprocess.Popen(
                command, cwd=APP_DIR, env=self.env, stdout=log, stderr=subprocess.STDOUT
            )

    def start_web(self, port: int) -> None:
        """Start the web process of ``port`` and wait until it answers."""
        process = self.spawn(f"web-{port}", [str(DEPLOY / "bin/poker-web"), str(port)])
        self.web[port] = process
        health = f"http://127.0.0.1:{port}/healthz"
        wait_until_healthy(health, process, self.log(f"web-{port}"), self.start_seconds)

    def stop_web(self, port: int) -> int:
        """SIGTERM the web process of ``port`` (what systemd's stop sends) and wait for it to
        exit; returns its exit code."""
        return stop(self.web.pop(port))

    def restart_web(self, port: int) -> None:
        """One step of a rolling restart: stop the process, start it again on its port."""
        code = self.stop_web(port)
        # uvicorn re-raises the signal once it has shut down cleanly (systemd counts death
        # by SIGTERM as a clean stop too).
        if code not in (0, -signal.SIGTERM):
            raise RuntimeError(f"web-{port} exited with {code}:\n{tail(self.log(f'web-{port}'))}")
        self.start_web(port)

    def logs_tail(self, lines: int = 30) -> str:
        """The end of every process's log, for a failure message."""
        logs = sorted((self.folder / "logs").iterdir())
        return "\n".join(f"--- {path.name}\n{tail(path, lines)}" for path in logs)

    def manage(self, *arguments: str) -> str:
        """Run ``manage.py`` with the stack's environment; returns what it printed."""
        done = subprocess.run(
            [sys.executable, "manage.py", *arguments],
            cwd=APP_DIR, env=self.env, capture_output=True, text=True, timeout=300,
        )
        if done.returncode != 0:
            raise RuntimeError(f"manage.py {' '.join(arguments)}:\n{done.stdout}{done.stderr}")
        return done.stdout


def start_proxy(stack: Stack, web_ports: list[int], certificate: tuple[Path, Path]) -> int:
    """Render the site config and a main config into the stack's folder, start nginx on a
    free port, and wait until it answers through to a web process. Returns the https port."""
    prefix = stack.folder / "nginx"
    for temp in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (prefix / "temp" / temp).mkdir(parents=True, exist_ok=True)
    https_port = int(urlsplit(stack.url).port or 443)
    stack.plain_url = f"http://127.0.0.1:{free_port()}"
    site = site_values(
        server_name="127.0.0.1 localhost",
        public_origin=stack.url,
        web_ports=web_ports,
        https_listen=f"127.0.0.1:{https_port}",
        http_listen=urlsplit(stack.plain_url).netloc,
        certificate=str(certificate[0]),
        certificate_key=str(certificate[1]),
        static_root=stack.env["STATIC_ROOT"],
    )
    (prefix / "poker.conf").write_text(render(DEPLOY / "nginx/poker.conf.in", site))
    # As root, nginx's workers would drop to "nobody", who cannot read this private folder.
    worker_user = "user root;" if os.geteuid() == 0 else "# workers run as the current user"
    main = render(
        DEPLOY / "nginx/local.conf.in", {"PREFIX": str(prefix), "WORKER_USER": worker_user}
    )
    (prefix / "nginx.conf").write_text(main)
    nginx = nginx_path()
    if nginx is None:
        raise RuntimeError("nginx is not installed (apt-get install nginx)")
    command = [nginx, "-p", str(prefix), "-c", str(prefix / "nginx.conf"), "-g", "daemon off;"]
    process = stack.spawn("nginx", command)
    stack.others["nginx"] = process
    log = prefix / "error.log"
    wait_until_healthy(f"{stack.url}/healthz", process, log, 30, context=stack.tls_context)
    return https_port


@contextmanager
def running_stack(
    folder: Path,
    *,
    web_processes: int = 2,
    database_server: str = DEFAULT_DATABASE_SERVER,
    redis_server: str = DEFAULT_REDIS_SERVER,
    redis_db: int = DEFAULT_REDIS_DB,
    start_seconds: float = 120.0,
    extra_env: dict[str, str] | None = None,
) -> Iterator[Stack]:
    """Start the whole stack in ``folder``; stop it, drop its database and flush its Redis
    database on exit. ``start_seconds`` bounds each web process's start (a loaded machine
    takes long to import Django)."""
    (folder / "logs").mkdir(parents=True, exist_ok=True)
    with ExitStack() as cleanup:
        database_url = cleanup.enter_context(fresh_database(database_server))
        redis_url = cleanup.enter_context(own_redis_database(redis_server, redis_db))
        certificate = self_signed_certificate(folder)
        env = {key: value for key, value in os.environ.items() if key != "TABLE_CLOCK"}
        env.update(
            DEBUG="0",
            SECRET_KEY=secrets.token_urlsafe(50),
            ALLOWED_HOSTS="127.0.0.1,localhost",
            DATABASE_URL=database_url,
            REDIS_URL=redis_url,
            STATIC_ROOT=str(folder / "static"),
            PYTHONUNBUFFERED="1",
            **(extra_env or {}),
        )
        # CSRF_TRUSTED_ORIGINS stays unset: forms and sockets must pass on the Host header
        # the proxy forwards, which proves it forwards the right one.
        stack = Stack(
            folder=folder,
            env=env,
            url=f"https://127.0.0.1:{free_port()}",
            tls_context=ssl.create_default_context(cafile=str(certificate[0])),
            start_seconds=start_seconds,
        )
        stack.manage("migrate", "--noinput")
        stack.manage("collectstatic", "--noinput")
        stack.manage("check", "--deploy", "--fail-level", "WARNING")
        cleanup.callback(stop_all, stack)
        web_ports = [free_port() for _ in range(web_processes)]
        for port in web_ports:
            stack.start_web(port)
        stack.others["clock"] = stack.spawn("clock", [str(DEPLOY / "bin/poker-clock")])
        start_proxy(stack, web_ports, certificate)
        yield stack


def stop_all(stack: Stack) -> None:
    """nginx first (no new requests), then the web processes and the clock."""
    proxy = stack.others.pop("nginx", None)
    if proxy is not None:
        stop(proxy, signal.SIGQUIT)  # nginx's graceful stop
    processes = [*stack.web.values(), *stack.others.values()]
    for process in processes:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
    for process in processes:
        stop(process)
    stack.web.clear()
    stack.others.clear()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--web", type=int, default=2, help="web processes (default 2)")
    parser.add_argument("--database-server", default=DEFAULT_DATABASE_SERVER)
    parser.add_argument("--redis-server", default=DEFAULT_REDIS_SERVER)
    parser.add_argument("--redis-db", type=int, default=DEFAULT_REDIS_DB)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="poker-stack-"))
    print(f"Starting in {folder} ...", flush=True)
    stopping = {"now": False}
    signal.signal(signal.SIGTERM, lambda *_: stopping.update(now=True))
    with running_stack(
        folder,
        web_processes=args.web,
        database_server=args.database_server,
        redis_server=args.redis_server,
        redis_db=args.redis_db,
    ) as stack:
        ports = ", ".join(str(port) for port in stack.web)
        print(f"{stack.url}/  (web processes on {ports}; logs in {folder / 'logs'})")
        print("Ctrl-C stops it.", flush=True)
        try:
            while not stopping["now"]:
                time.sleep(0.5)
        except KeyboardInterrupt:
            pass
    print("Stopped; database dropped, Redis database flushed.")


if __name__ == "__main__":
    main()

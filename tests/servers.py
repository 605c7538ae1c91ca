"""Start real server processes (daphne, uvicorn or hypercorn) for tests that need them.

A server has ``TEST_SERVER_START_SECONDS`` (default 120) to answer ``/healthz``: a busy
machine can take far longer than an idle one to import Django and the site.
"""

import os
import shlex
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
SERVERS = ("daphne", "uvicorn", "hypercorn")  # every ASGI server the docs name
# The largest WebSocket message each server reads, as docs/deploy.md sets it: 4,096
# characters of up to 4 bytes (games/protocol.py). hypercorn reads it from its config file.
MAX_MESSAGE_BYTES = 16384
READ_LIMITS = {
    "daphne": [
        f"--websocket-max-message-size={MAX_MESSAGE_BYTES}",
        f"--websocket-max-frame-size={MAX_MESSAGE_BYTES}",
    ],
    "uvicorn": [f"--ws-max-size={MAX_MESSAGE_BYTES}"],
    "hypercorn": ["--config", str(ROOT / "pokersite" / "hypercorn.toml")],
}


def server_command(server: str, application: str, port: int) -> list[str]:
    """The command line that serves ``application`` with ``server`` on 127.0.0.1:port, with
    the read limits of docs/deploy.md (``server`` may carry more options:
    ``"uvicorn --lifespan off"``)."""
    name, *more = server.split()
    options = [*READ_LIMITS.get(name, []), *more]
    if name == "daphne":
        return [str(BIN / name), "-b", "127.0.0.1", "-p", str(port), *options, application]
    if name == "uvicorn":
        where = ["--host", "127.0.0.1", "--port", str(port)]
        return [str(BIN / name), *where, *options, application]
    if name == "hypercorn":
        return [str(BIN / name), "-b", f"127.0.0.1:{port}", *options, application]
    raise ValueError(f"unknown ASGI server {server!r}; expected one of {SERVERS}")


def make_run_command(port: int) -> list[str]:
    """The server command `make run` runs (its recipe's last line, as `make -n` prints it),
    on 127.0.0.1:port: the same server and options a person gets from the README."""
    # Not as a sub-make of `make test`: one would print "Leaving directory" after the recipe.
    alone = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    recipe = subprocess.run(
        ["make", "--no-print-directory", "-n", "run", "HOST=127.0.0.1", f"PORT={port}"],
        cwd=ROOT, env=alone, check=True, capture_output=True, text=True, timeout=60,
    ).stdout.splitlines()
    command = shlex.split(recipe[-1])
    if "-p" not in command or command[command.index("-p") + 1] != str(port):
        raise RuntimeError(f"`make run` no longer ends with a server on PORT: {recipe[-1]!r}")
    return command


DEFAULT_START_SECONDS = 120.0


def start_seconds() -> float:
    """How long a server may take to start: ``TEST_SERVER_START_SECONDS`` or the default."""
    text = os.environ.get("TEST_SERVER_START_SECONDS", "").strip()
    if not text:
        return DEFAULT_START_SECONDS
    try:
        seconds = float(text)
    except ValueError:
        seconds = 0.0
    if not seconds > 0:
        raise ValueError(f"TEST_SERVER_START_SECONDS must be a positive number, not {text!r}")
    return seconds


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _tail(path: Path, lines: int = 60) -> str:
    text = path.read_text(errors="replace") if path.exists() else ""
    return "\n".join(text.splitlines()[-lines:])


@contextmanager
def daphne_server(
    env_overrides: dict[str, str | None],
    timeout: float | None = None,
    log_path=None,
    server: str = "daphne",
    command: Callable[[int], list[str]] | None = None,
):
    """Run ``daphne pokersite.asgi:application`` (or ``server``, or ``command``: see
    ``daphne_process``) on a free port; yield ``host:port``.

    The process gets the current environment with ``env_overrides`` applied (None unsets a
    variable), writes its output to ``log_path`` (a temporary file if not given, quoted on
    failure), and is stopped, then killed if it lingers, on exit. Waits for ``/healthz`` up
    to ``timeout`` seconds (None: ``start_seconds()``).
    """
    with daphne_process(
        env_overrides, timeout=timeout, log_path=log_path, server=server, command=command
    ) as (base, _process):
        yield base


@contextmanager
def daphne_process(
    env_overrides: dict[str, str | None],
    *,
    application: str = "pokersite.asgi:application",
    timeout: float | None = None,
    log_path=None,
    server: str = "daphne",
    command: Callable[[int], list[str]] | None = None,
):
    """Like ``daphne_server``, for any ASGI ``application``; yield ``(host:port, Popen)``.

    The process handle is for callers that watch the server itself (the live benchmark
    reads its CPU time and memory from /proc). The application must answer ``/healthz``.
    ``command``: the command line for a port, in place of ``server`` serving ``application``
    (``make_run_command``: the one `make run` runs).
    """
    timeout = start_seconds() if timeout is None else timeout
    port = free_port()
    env = {**os.environ, **env_overrides}
    env = {key: value for key, value in env.items() if value is not None}
    prefix = server.split()[0]
    log_path = Path(log_path or tempfile.mkstemp(prefix=f"{prefix}-", suffix=".log")[1])
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            command(port) if command else server_command(server, application, port),
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    base = f"127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"{server} exited with {process.returncode}:\n{_tail(log_path)}")
            try:
                with urllib.request.urlopen(f"http://{base}/healthz", timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(
                    f"{server} did not answer within {timeout:g} s (TEST_SERVER_START_SECONDS):"
                    f"\n{_tail(log_path)}"
                )
            time.sleep(0.2)
        yield base, process
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

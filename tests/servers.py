"""Start real server processes (daphne) for tests that need more than one process."""

import os
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DAPHNE = Path(sys.executable).parent / "daphne"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def daphne_server(env_overrides: dict[str, str], timeout: float = 30.0):
    """Run ``daphne pokersite.asgi:application`` on a free port; yield its base URL.

    The process gets the current environment plus ``env_overrides`` and is stopped
    (then killed if it lingers) on exit. Waits until ``/healthz`` answers 200.
    """
    port = free_port()
    env = {**os.environ, **env_overrides}
    process = subprocess.Popen(
        [str(DAPHNE), "-b", "127.0.0.1", "-p", str(port), "pokersite.asgi:application"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    base = f"127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while True:
            if process.poll() is not None:
                output = process.stdout.read().decode(errors="replace")
                raise RuntimeError(f"daphne exited with {process.returncode}:\n{output}")
            try:
                with urllib.request.urlopen(f"http://{base}/healthz", timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"daphne did not answer on {base} within {timeout}s")
            time.sleep(0.2)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

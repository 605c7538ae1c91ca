"""A real site for the browser tests: daphne on a fresh SQLite file, driven by Chromium.

The server is a separate process serving the real ASGI app (HTTP and WebSockets, with the
table clock on, so hands deal by themselves). It never shares the pytest-django test
database: it has its own SQLite file under a temporary folder, migrated before it starts,
and the in-memory channel layer (REDIS_URL is dropped), whatever database the rest of the
run uses. People, tables and seats are made through the pages themselves.
"""

import os
import shutil
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.servers import DAPHNE, ROOT, free_port

ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str:
    path = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
    return path if os.path.exists(path) else (shutil.which("chromium") or path)


def pytest_collection_modifyitems(config, items):
    # Browser tests last: Playwright's sync API leaves its own event loop behind, which
    # async tests collected after it would trip over (see DESIGN.md, "Stack facts").
    items.sort(key=lambda item: "browser" in item.keywords)


@dataclass
class Site:
    url: str
    log: Path

    def log_tail(self, lines: int = 60) -> str:
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return "\n".join(text.splitlines()[-lines:])


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("browser-site")
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{folder}/site.sqlite3",
        "TABLE_CLOCK": "on",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DEBUG": "1",
    }
    env.pop("REDIS_URL", None)
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"],
        cwd=ROOT, env=env, check=True, capture_output=True, timeout=120,
    )
    port = free_port()
    log_path = folder / "daphne.log"
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            [str(DAPHNE), "-b", "127.0.0.1", "-p", str(port), "pokersite.asgi:application"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
        )
    site = Site(url=f"http://127.0.0.1:{port}", log=log_path)
    try:
        _wait_for_health(process, site)
        yield site
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _wait_for_health(process, site: Site, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"daphne exited with {process.returncode}:\n{site.log_tail()}")
        try:
            with urllib.request.urlopen(f"{site.url}/healthz", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"daphne did not answer within {timeout}s:\n{site.log_tail()}")
        time.sleep(0.2)


@pytest.fixture(scope="session")
def chromium():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_path(), args=CHROMIUM_FLAGS
        )
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS

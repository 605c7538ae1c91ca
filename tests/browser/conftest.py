"""A real site for the browser tests: `make run`'s daphne on a fresh SQLite file, driven by
Chromium.

Under pytest-xdist every worker that runs browser tests has a site of its own: its own
SQLite file (in the worker's temporary folder), its own free port and its own Chromium.

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
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.browser_last import CHROMIUM_OPEN, put_browser_tests_last
from tests.servers import ROOT, daphne_server, make_run_command

HERE = Path(__file__).resolve().parent
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


@pytest.hookimpl(tryfirst=True)  # before `-m "not browser"` deselects by marker
def pytest_collection_modifyitems(config, items):
    # Every test in this folder, and any elsewhere that drives Chromium, is a browser test,
    # marked or not: `make check` leaves them out, and they are skipped without Chromium.
    for item in items:
        if item.path.is_relative_to(HERE) or "chromium" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
    # Browser tests last, in every process (tests/browser_last.py).
    put_browser_tests_last(items)


@dataclass
class Site:
    url: str
    log: Path
    env: dict

    def run(self, code: str) -> str:
        """Run Python ``code`` in ``manage.py shell`` on the site's own database (to set up
        hands with known decks); returns what it printed. Nothing it does is broadcast: pages
        see it when they load."""
        env = {**os.environ, **{k: v for k, v in self.env.items() if v is not None}}
        for name in (k for k, v in self.env.items() if v is None):
            env.pop(name, None)
        done = subprocess.run(
            [sys.executable, "manage.py", "shell", "-c", code],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
            text=True,
            timeout=120,
        )
        return done.stdout

    def log_tail(self, lines: int = 60) -> str:
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return "\n".join(text.splitlines()[-lines:])


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("browser-site")
    env = {
        "DATABASE_URL": f"sqlite:///{folder}/site.sqlite3",
        "TABLE_CLOCK": "on",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DEBUG": "1",
        "REDIS_URL": None,
        "TIME_BANK_SECONDS": "3",  # short, so a test can watch a clock run out
        "BOT_THINK_SECONDS": "0.3",  # bots at practice tables: quick, but not instant
        # Every browser test makes its guests from 127.0.0.1: more than a person would in an
        # hour, fewer than this. The limit itself is tested in tests/site.
        "GUEST_RATE_PER_ADDRESS": "500/h",
        # The site's pauses, short: the tests wait for what the pages show, never for a time,
        # so the site's own 4 s between hands and 1.5 s between run-out streets only slow
        # them. Not zero: a finished hand and a run-out still show before the next deal.
        "NEXT_HAND_DELAY_SECONDS": "1",
        "RUNOUT_STREET_SECONDS": "0.4",
        # What no variable reaches (the import step): tests/browser/site_settings.py.
        "DJANGO_SETTINGS_MODULE": "tests.browser.site_settings",
    }
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"],
        cwd=ROOT,
        env={**os.environ, **{k: v for k, v in env.items() if v is not None}},
        check=True,
        capture_output=True,
        timeout=120,
    )
    log_path = folder / "daphne.log"
    # The server people get from the README: `make run`'s own command (daphne, read limits).
    with daphne_server(env, log_path=log_path, command=make_run_command) as base:
        yield Site(url=f"http://{base}", log=log_path, env=env)


@pytest.fixture(scope="session")
def chromium(pytestconfig):
    from playwright.sync_api import sync_playwright

    pytestconfig.stash[CHROMIUM_OPEN] = True  # from now on, browser tests only
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_path(), args=CHROMIUM_FLAGS
        )
        yield browser
        browser.close()


@pytest.fixture
def clean_page(chromium, site):
    """A laptop-sized page of the site, not yet opened (``clean_page.goto(path)``); the test
    fails if a script on it throws."""
    context = chromium.new_context(viewport={"width": 1280, "height": 900}, base_url=site.url)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    yield page
    context.close()
    assert not problems, problems


@pytest.fixture
def page_for(chromium, site):
    """``page_for(name)``: a laptop-sized page of the site with ``name`` logged in (None:
    nobody); each keeps the scripts' errors in ``page.problems``."""
    contexts = []

    def open_page(name=None):
        context = chromium.new_context(viewport={"width": 1280, "height": 900},
                                       base_url=site.url)
        contexts.append(context)
        page = context.new_page()
        page.problems = []
        page.on("pageerror", lambda error: page.problems.append(str(error)))
        if name is not None:
            log_in(page, name)
        return page

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


def log_in(page, name):
    """Log ``name`` in through the login form (test users' password is "pw-" + name x 3)."""
    from playwright.sync_api import expect

    page.goto("/login/")
    page.get_by_label("Username").fill(name)
    page.get_by_label("Password").fill("pw-" + name * 3)
    page.get_by_role("button", name="Log in").click()
    expect(page.locator(".site-header .who")).to_have_text(name)

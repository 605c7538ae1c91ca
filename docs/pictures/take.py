"""Take the README's pictures from a played table, so that they show the site as it is.

    make pictures      # or: .venv/bin/python docs/pictures/take.py

Starts the site the way `make run` does (daphne, on a fresh SQLite file in a temporary
folder, with short pauses between hands), opens it in Debian's Chromium (CHROMIUM_PATH),
practises against two bots with the coach open, and saves, at 1366x860:
``felt.png`` (your turn at the table, the coach beside it), ``replayer.png`` (the first hand
in the replayer) and ``coach.png`` (the coach's review of the hands played).
"""

from __future__ import annotations

import os
import re
import shlex
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
PYTHON = sys.executable
SIZE = {"width": 1366, "height": 860}
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync"]
HANDS = 3


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def serve(env: dict[str, str], port: int) -> subprocess.Popen:
    """`make run`'s own server command (the last line of its recipe) on ``port``."""
    alone = {k: v for k, v in env.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    recipe = subprocess.run(  # `make pictures` runs this: not as a sub-make (see tests/servers.py)
        ["make", "--no-print-directory", "-n", "run", "HOST=127.0.0.1", f"PORT={port}"],
        cwd=ROOT, env=alone, check=True, capture_output=True, text=True,
    ).stdout.splitlines()
    server = subprocess.Popen(shlex.split(recipe[-1]), cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(600):  # until /healthz answers (a slow machine takes a while)
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                return server
        except OSError:
            time.sleep(0.2)
    server.terminate()
    raise SystemExit("the site did not start")


def your_turn_or_over(page: Page) -> None:
    page.wait_for_function(
        "() => { const h = window.pokerTable.view && window.pokerTable.view.hand;"
        " return Boolean(h && (h.complete || h.legal)); }", timeout=60_000)


def practise(page: Page) -> str:
    """A practice table with two bots: the felt on your first turn, then hands played by
    checking or calling until ``HANDS`` are over. Returns the coach's review of the last."""
    page.goto("/")
    page.locator("#practise-now").click()
    page.get_by_label(re.compile(r"^Bots")).fill("2")
    page.get_by_role("button", name="Deal me in").click()
    expect(page.locator(".seat.me")).to_be_visible()
    pictured, done = False, set()
    while len(done) < HANDS:
        your_turn_or_over(page)
        hand = page.evaluate("window.pokerTable.view.hand")
        if hand["complete"]:
            done.add(hand["number"])
            review = page.locator("#coach").get_by_role("link", name="Review this hand")
            expect(review).to_be_visible()
            address = review.get_attribute("href") or ""
            if len(done) == HANDS:
                return address
            page.wait_for_function("n => window.pokerTable.view.hand.number !== n",
                                   arg=hand["number"], timeout=60_000)
            continue
        if not pictured:
            expect(page.locator("#coach [data-coach=equity]")).to_have_text(re.compile(r"\d+%"))
            page.screenshot(path=HERE / "felt.png")
            pictured = True
        bar = page.locator("#action-bar")
        for action in ("check", "call"):
            button = bar.locator(f"button.act.{action}")
            if button.count():
                button.click()
                break
        page.wait_for_function("v => window.pokerTable.view.version > v",
                               arg=page.evaluate("window.pokerTable.view.version"))
    raise AssertionError("unreachable")


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="pictures-"))
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{folder}/site.sqlite3",
           "NEXT_HAND_DELAY_SECONDS": "1", "BOT_THINK_SECONDS": "0.3", "DEBUG": "1"}
    env.pop("REDIS_URL", None)
    subprocess.run([PYTHON, "manage.py", "migrate", "--noinput"], cwd=ROOT, env=env,
                   check=True, capture_output=True)
    port = free_port()
    server = serve(env, port)
    try:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(
                executable_path=os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"),
                args=CHROMIUM_FLAGS)
            page = chromium.new_context(viewport=SIZE,
                                        base_url=f"http://127.0.0.1:{port}").new_page()
            page.goto("/guest/")
            page.get_by_label("Nickname").fill("ann")
            page.get_by_role("button", name="Play").click()
            review = practise(page)
            page.goto(review)
            page.screenshot(path=HERE / "coach.png")
            page.goto("/hands/")
            page.locator("a[href^='/hands/']").filter(has_text=re.compile(r"#\d")).first.click()
            expect(page.locator("#rp-log")).to_be_visible()
            page.keyboard.press("End")
            page.screenshot(path=HERE / "replayer.png")
            chromium.close()
    finally:
        server.terminate()
        server.wait(timeout=30)
    print("pictures saved in", HERE)


if __name__ == "__main__":
    main()

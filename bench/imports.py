"""Import speed on the real PokerStars corpus, beside pokerkit's own PokerStars parser.

    .venv/bin/python bench/imports.py            # best of 3 rounds
    .venv/bin/python bench/imports.py --rounds 1

The corpus is every file of tests/history/data/pokerstars (real hands from public parsers'
tests). Each round, in one process, on the same decoded texts:

- ours, read: the formats seam cuts each file into hands and reads each into PHH fields
  (``SiteFormat.read``), nothing replayed;
- ours, import: what the bulk upload does to each hand before storing it
  (``reading.split_upload`` and ``read_part``): read, replay through the engine, check the
  text's own figures against the replay; refused hands count as well;
- pokerkit, parse: ``HandHistory.from_pokerstars`` over each file (its regular-expression
  parser), the hand histories it yields, none played;
- pokerkit, parse and play: the same, then each hand history iterated to its last state
  (pokerkit's replay of the hand).

Each row is timed by the wall clock and by the process's CPU time (on a machine shared
with other work, the wall clock also counts the waits for a core). Hands per second count
the hands each side handles: pokerkit skips hands its parser cannot
read (it warns), so its count is printed beside ours. The database write is not timed here
(bench/writer_cost.py measures the writer).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokersite.settings")

import django  # noqa: E402

django.setup()

from pokerkit import HandHistory  # noqa: E402

from games.history.decoding import decode_text  # noqa: E402
from games.history.formats import format_of  # noqa: E402
from games.history.reading import clean, read_part, split_upload  # noqa: E402

CORPUS = ROOT / "tests" / "history" / "data" / "pokerstars"


def texts() -> list[str]:
    return [clean(decode_text(path.read_bytes())) for path in sorted(CORPUS.rglob("*.txt"))]


def ours_read(files: list[str]) -> int:
    hands = 0
    for text in files:
        site = format_of(text)
        assert site is not None
        for part in site.split(text):
            # A refusal is work done too; the import counts it alike.
            with contextlib.suppress(Exception):
                site.read(part)
            hands += 1
    return hands


def ours_import(files: list[str]) -> int:
    return sum(1 for text in files for part in split_upload(text) if read_part(*part))


def pokerkit_parse(files: list[str], play: bool = False) -> int:
    hands = 0
    # Its parser warns, and prints a traceback, for each hand it skips: kept off the screen.
    with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
        warnings.simplefilter("ignore")
        for text in files:
            for history in HandHistory.from_pokerstars(text):
                if play:  # a hand pokerkit parsed but cannot play counts as played
                    with contextlib.suppress(Exception):
                        for _ in history:
                            pass
                hands += 1
    return hands


def best(run: Callable[[], int], rounds: int) -> tuple[int, float, float]:
    """Hands handled, the best wall time and the best CPU time of ``rounds`` runs. On a
    machine shared with other work the wall time counts the waits for a core too; the CPU
    time is this process's own work."""
    wall, cpu = [], []
    hands = 0
    for _ in range(rounds):
        start, start_cpu = time.perf_counter(), time.process_time()
        hands = run()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return hands, min(wall), min(cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    rounds = parser.parse_args().rounds
    files = texts()
    size = sum(len(t) for t in files)
    print(f"corpus: {len(files)} files, {size / 1e6:.2f} MB of text, best of {rounds}")
    rows = [
        ("ours, read (split + read)", lambda: ours_read(files)),
        ("ours, import (read + replay + check)", lambda: ours_import(files)),
        ("pokerkit, parse (from_pokerstars)", lambda: pokerkit_parse(files)),
        ("pokerkit, parse and play", lambda: pokerkit_parse(files, play=True)),
    ]
    results = [(name, *best(run, rounds)) for name, run in rows]
    print(f"{'':40} {'hands':>6} {'seconds':>8} {'hands/s':>9} {'cpu s':>7} {'cpu hands/s':>12}")
    for name, hands, seconds, cpu in results:
        print(f"{name:40} {hands:6d} {seconds:8.3f} {hands / seconds:9.0f} {cpu:7.3f} "
              f"{hands / cpu:12.0f}")
    rate = {name: hands / seconds for name, hands, seconds, _cpu in results}
    per_cpu = {name: hands / cpu for name, hands, _seconds, cpu in results}
    for label, rates in (("wall", rate), ("cpu", per_cpu)):
        print(f"{label}: ours read / pokerkit parse: {rates[rows[0][0]] / rates[rows[2][0]]:.1f}x; "
              f"ours import / pokerkit parse and play: "
              f"{rates[rows[1][0]] / rates[rows[3][0]]:.1f}x")

if __name__ == "__main__":
    main()

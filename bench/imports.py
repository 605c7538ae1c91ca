"""Import speed through the upload's own path on every site's real files, on SQLite and on
PostgreSQL, beside pokerkit's parsers, in one run.

    .venv/bin/python bench/imports.py                       # both databases, best of 3
    .venv/bin/python bench/imports.py --rounds 1 --database sqlite
    .venv/bin/python bench/imports.py --profile             # cProfile of the upload, SQLite

The corpora: each site's files in tests/history/data/<site> and ../shared/realhands/wild/<site>
(real hands from public parsers' tests and public logs), decoded once.

- ours, upload: what "Import hands" does with each file, in a scratch database (a temporary
  SQLite file; PostgreSQL's ``imports_bench`` database at 127.0.0.1:5432, made again, or
  the one ``--postgres`` names): ``uploads.start`` (cut into hands, stored) then
  ``uploads.step`` of ``HISTORY_IMPORT_STEP`` hands until done (read, replay, check, store
  the hands, their facts and the stack records). Refused hands count: the import handles
  them. Each round imports for a new user (nothing is found already imported). Each
  database runs in a process of its own.
- pokerkit, its parser: ``HandHistory.from_<site>`` over the same files, for the sites it
  reads (PokerStars, Full Tilt, PartyPoker, iPoker), each hand history then played to its
  end (pokerkit's replay); hands it skips are not counted.
- pokerkit, PHH: every hand we import, written as PHH beforehand (``export_phh``), read by
  ``HandHistory.loads`` and played to its end: pokerkit's own reading of the same hands, for
  every site.

Timed by the wall clock, and by CPU time (this process's; PostgreSQL's server is not in it).
On a machine shared with other work the wall clock counts the waits for a core.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import json
import os
import pstats
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
SITES = ("888poker", "fulltilt", "ggpoker", "ipoker", "partypoker", "pokernow", "pokerstars",
         "winamax")

from tests.history.wild import WILD  # noqa: E402 - ../shared/realhands/wild, from a worktree too

CORPORA = (ROOT / "tests" / "history" / "data", WILD)
POSTGRES = "postgres://postgres@127.0.0.1:5432/imports_bench"


def corpus(site: str) -> list[tuple[str, bytes]]:
    """(name, bytes) of every file of the site's folders (not ``sources.tsv``, READMEs)."""
    files = []
    for root in CORPORA:
        folder = root / site
        if folder.is_dir():
            files += [(str(p.relative_to(root)), p.read_bytes()) for p in sorted(folder.rglob("*"))
                      if p.is_file() and p.name != "sources.tsv" and p.suffix != ".md"]
    return files


def timed(run: Callable[[], int], rounds: int) -> tuple[int, float, float]:
    """Hands handled, the best wall and CPU seconds of ``rounds`` runs."""
    wall, cpu, hands = [], [], 0
    for _ in range(rounds):
        start, start_cpu = time.perf_counter(), time.process_time()
        hands = run()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return hands, min(wall), min(cpu)


# ----- ours: one database, in a process of its own (``--child``) -----

def setup_django(url: str) -> None:
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokersite.settings")
    os.environ.pop("REDIS_URL", None)
    # Production-like: DEBUG keeps every query in memory.
    os.environ.setdefault("DEBUG", "0")
    os.environ.setdefault("SECRET_KEY", "imports-bench-not-a-secret-0123456789abcdefghijklmnop")
    os.environ.setdefault("ALLOWED_HOSTS", "testserver")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def upload_all(texts: list[str], tag: str) -> int:
    """Every file uploaded and imported in steps, as the page does, by a new user."""
    from django.conf import settings
    from django.contrib.auth import get_user_model

    from games.engine import PHHError
    from games.history.imports import uploads

    users = get_user_model()
    users.objects.filter(username=tag).delete()
    user = users.objects.create(username=tag)
    size = getattr(settings, "HISTORY_IMPORT_STEP", uploads.STEP)
    hands = 0
    for text in texts:
        try:
            batch = uploads.start(user, text)
        except PHHError:  # a file with no hand (refused whole)
            continue
        while not batch.finished:
            batch = uploads.step(batch, size)
        hands += batch.total
    return hands


def child(url: str, rounds: int, profile: bool) -> None:
    setup_django(url)
    from games.history.imports.decoding import decode_text

    results = {}
    for site in SITES:
        texts = [decode_text(raw) for _name, raw in corpus(site)]
        results[site] = timed(lambda texts=texts, site=site: upload_all(texts, f"bench-{site}"),
                              rounds)
    if profile:
        texts = [decode_text(raw) for site in SITES for _name, raw in corpus(site)]
        profiler = cProfile.Profile()
        profiler.runcall(upload_all, texts, "bench-profile")
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(40)
        print(out.getvalue(), file=sys.stderr)
    print(json.dumps(results))


def scratch_postgres(url: str) -> None:
    """A new, empty database at ``url`` (dropped first when there)."""
    import psycopg

    base, name = url.rsplit("/", 1)
    with psycopg.connect(f"{base}/postgres", autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}"')
        connection.execute(f'CREATE DATABASE "{name}"')


def ours(database: str, url: str, rounds: int, profile: bool) -> dict[str, list]:
    command = [sys.executable, __file__, "--child", url, "--rounds", str(rounds)]
    if profile:
        command.append("--profile")
    print(f"ours on {database}: importing...", file=sys.stderr)
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode:
        sys.exit(f"the {database} run failed:\n{done.stderr}")
    if profile:
        print(done.stderr, file=sys.stderr)
    return json.loads(done.stdout.strip().splitlines()[-1])


# ----- pokerkit, in this process -----

PARSERS = {"pokerstars": "from_pokerstars", "fulltilt": "from_full_tilt_poker",
           "partypoker": "from_partypoker", "ipoker": "from_ipoker_network"}


def pokerkit_parser(site: str, texts: list[str]) -> int:
    from pokerkit import HandHistory

    hands = 0
    parse = getattr(HandHistory, PARSERS[site])
    # It warns, and prints a traceback, for each hand it skips: kept off the screen.
    with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
        warnings.simplefilter("ignore")
        for text in texts:
            with contextlib.suppress(Exception):
                for history in parse(text):
                    with contextlib.suppress(Exception):  # parsed but not playable: counted
                        for _ in history:
                            pass
                    hands += 1
    return hands


def phh_of(texts: list[str]) -> list[str]:
    """Each hand the import replays, as PHH text (not timed)."""
    from games.engine.phh import export_phh
    from games.history.imports.reading import clean, names, read_part, split_upload

    found = []
    for text in texts:
        with contextlib.suppress(Exception):
            for part in split_upload(clean(text)):
                hand = read_part(*part)
                if hand.replayed is not None and hand.replayed.state.result is not None:
                    replayed = hand.replayed
                    with contextlib.suppress(Exception):
                        found.append(export_phh(replayed.state, replayed.amounts.scale,
                                                players=list(names(replayed).values())))
    return found


def pokerkit_phh(phhs: list[str]) -> int:
    from pokerkit import HandHistory

    hands = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for text in phhs:
            with contextlib.suppress(Exception):
                for _ in HandHistory.loads(text):
                    pass
                hands += 1
    return hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--database", choices=("sqlite", "postgres", "both"), default="both")
    parser.add_argument("--postgres", default=POSTGRES, help="a database of its own (dropped)")
    parser.add_argument("--profile", action="store_true", help="cProfile the SQLite upload")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.rounds, args.profile)
        return
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokersite.settings")
    import django

    django.setup()
    from games.history.imports.decoding import decode_text

    runs = {}
    if args.database in ("sqlite", "both"):
        with tempfile.TemporaryDirectory() as folder:
            runs["SQLite"] = ours("SQLite", f"sqlite:///{folder}/bench.sqlite3", args.rounds,
                                  args.profile)
    if args.database in ("postgres", "both"):
        scratch_postgres(args.postgres)
        runs["PostgreSQL"] = ours("PostgreSQL", args.postgres, args.rounds, False)
    print("pokerkit: parsing and playing...", file=sys.stderr)
    header = f"{'site':11} {'hands':>6}"
    for name in runs:
        header += f" {name + ' h/s':>15} {'cpu h/s':>8}"
    header += f" {'pk parser':>10} {'pk h/s':>7} {'pk PHH':>7} {'pk h/s':>7}  ours/pk"
    print(header)
    total: dict[str, list[float]] = {name: [0, 0.0, 0.0] for name in [*runs, "pk", "phh"]}
    for site in SITES:
        texts = [decode_text(raw) for _name, raw in corpus(site)]
        line = ""
        hands = 0
        for name, result in runs.items():
            hands, wall, cpu = result[site]
            line += f" {hands / wall:15.0f} {hands / cpu:8.0f}"
            total[name] = [total[name][0] + hands, total[name][1] + wall, total[name][2] + cpu]
        rates = [hands / runs[name][site][1] for name in runs]
        pk = ""
        if site in PARSERS:
            count, wall, cpu = timed(lambda texts=texts, site=site: pokerkit_parser(site, texts),
                                     args.rounds)
            pk = f" {count:10d} {count / wall:7.0f}" if count else f" {0:10d} {'-':>7}"
            total["pk"] = [total["pk"][0] + count, total["pk"][1] + wall, total["pk"][2] + cpu]
        else:
            pk = f" {'none':>10} {'-':>7}"
        phhs = phh_of(texts)
        count, wall, cpu = timed(lambda phhs=phhs: pokerkit_phh(phhs), args.rounds)
        total["phh"] = [total["phh"][0] + count, total["phh"][1] + wall, total["phh"][2] + cpu]
        ratio = "/".join(f"{rate / (count / wall):.1f}x" for rate in rates) if count else "-"
        print(f"{site:11} {hands:6d}{line}{pk} {count:7d} {count / wall:7.0f}  {ratio}")
    line = ""
    for name in runs:
        hands, wall, cpu = total[name]
        line += f" {hands / wall:15.0f} {hands / cpu:8.0f}"
    pk_hands, pk_wall, _ = total["pk"]
    phh_hands, phh_wall, _ = total["phh"]
    print(f"{'all':11} {int(hands):6d}{line} {int(pk_hands):10d} {pk_hands / pk_wall:7.0f} "
          f"{int(phh_hands):7d} {phh_hands / phh_wall:7.0f}")
    print("h/s: hands a second by the wall clock; cpu h/s: by this process's CPU time; "
          "ours/pk: our upload's rate over pokerkit's PHH reading and play of the same hands")


if __name__ == "__main__":
    main()

"""The session review over 100,000 hands: its data and its page, beside the old recomputation.

    .venv/bin/python bench/review.py                  # 100,000 hands, best of 3
    .venv/bin/python bench/review.py --hands 20000 --rounds 1

In a scratch SQLite database (a temporary file, migrated here; or the database named by
DATABASE_URL, which should be one of its own: the benchmark's user is deleted and made
again), one player gets:

- the real hands of tests/history/data/pokerstars, imported as a player imports them
  (``uploads``: read, replay, store, and the facts of each hand stored once), the first
  ``--slice`` of them;
- then ``--hands`` hands in all: the stored facts of those real hands repeated, each copy an
  imported hand row of its own with a later date (the hand's text and state left empty: the
  review reads only the facts).

Timed, best of ``--rounds``:

- review data: ``session_facts.samples`` (one query) and ``session.review`` (net, all-in
  adjusted net, showdown lines, stats by position) over every hand;
- the page: GET /hands/review/?source=imported through Django's test client, everything
  the view does (filters, counts, the chart, the template);
- the old way, on the real slice only: each hand's state loaded and decoded, and its facts
  worked out again (``session.facts``, equities included, the cache emptied first), as the
  review did before the facts were stored; per hand, and scaled to ``--hands``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
SCRATCH = Path(tempfile.gettempdir()) / f"review-bench-{os.getpid()}.sqlite3"
os.environ.setdefault("DATABASE_URL", f"sqlite:///{SCRATCH}")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokersite.settings")
os.environ.pop("REDIS_URL", None)
# Production-like: DEBUG keeps every query in memory and wraps each in a timing cursor.
os.environ.setdefault("DEBUG", "0")
os.environ.setdefault("SECRET_KEY", "review-bench-not-a-secret-0123456789abcdefghijklmnopqrstuv")
os.environ.setdefault("ALLOWED_HOSTS", "testserver")

import django  # noqa: E402
from django.conf import settings  # noqa: E402

django.setup()
# Static files by name, as in DEBUG: the manifest needs a collectstatic the bench need not run.
settings.STORAGES = {**settings.STORAGES, "staticfiles": {
    "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}

from datetime import UTC, datetime, timedelta  # noqa: E402

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from games.engine import HandState  # noqa: E402
from games.history.imports import uploads  # noqa: E402
from games.history.imports.decoding import decode_text  # noqa: E402
from games.history.review import session_facts  # noqa: E402
from games.history.review.session import Sample, review  # noqa: E402
from games.models import HandFacts, ImportedHand  # noqa: E402

CORPUS = ROOT / "tests" / "history" / "data" / "pokerstars"
NAME = "review_bench"


def real_hands(user, wanted: int) -> list[ImportedHand]:
    """Import corpus files until ``wanted`` hands with the hero are stored; those hands."""
    for path in sorted(CORPUS.rglob("*.txt")):
        if HandFacts.objects.filter(owner=user).count() >= wanted:
            break
        uploads.run(uploads.start(user, decode_text(path.read_bytes()), filename=path.name))
    return list(ImportedHand.objects.filter(owner=user, facts__isnull=False)
                .order_by("id")[:wanted])


def copies(user, real: list[ImportedHand], total: int) -> None:
    """Fill the player's hands up to ``total`` with copies of the real hands' facts."""
    facts = {row.imported_id: row for row in HandFacts.objects.filter(owner=user)}
    start = datetime(2020, 1, 1, tzinfo=UTC)
    made = len(real)
    while made < total:
        chunk = min(10_000, total - made)
        rows, hands = [], []
        for k in range(made, made + chunk):
            model = real[k % len(real)]
            hand = ImportedHand(
                owner=user, source=model.source, site=model.site, site_hand=str(k),
                played_at=start + timedelta(minutes=k), currency=model.currency,
                scale=model.scale, small_blind=model.small_blind, big_blind=model.big_blind,
                stakes=model.stakes, player_count=model.player_count,
                hero_seat=model.hero_seat, position=model.position, net=model.net,
                result=model.result, tournament=model.tournament, state={}, text="",
                fingerprint=f"{NAME}-{k}",
            )
            hands.append(hand)
            row = facts[model.id]
            rows.append(HandFacts(
                owner=user, seat=row.seat, played_at=hand.played_at, position=row.position,
                net=row.net, adjusted=row.adjusted, showdown=row.showdown, folded=row.folded,
                vpip=row.vpip, pfr=row.pfr, three_bet=row.three_bet, wtsd=row.wtsd,
                wsd=row.wsd, big_blind=row.big_blind, scale=row.scale, currency=row.currency,
                tournament=row.tournament,
            ))
        ImportedHand.objects.bulk_create(hands, batch_size=2000)
        ids = dict(ImportedHand.objects.filter(
            owner=user, fingerprint__in=[h.fingerprint for h in hands]
        ).values_list("fingerprint", "id"))
        for hand, row in zip(hands, rows, strict=True):
            row.imported_id = ids[hand.fingerprint]
        HandFacts.objects.bulk_create(rows, batch_size=2000)
        made += chunk


def old_way(real: list[ImportedHand]) -> int:
    """The review's work before the facts were stored, on the real hands."""
    cache.clear()
    count = 0
    for hand in ImportedHand.objects.filter(id__in=[h.id for h in real]).defer("text"):
        assert hand.hero_seat is not None and hand.net is not None
        Sample.of(f"i{hand.id}", HandState.from_dict(hand.state), hand.hero_seat, hand.net,
                  scale=hand.scale, currency=hand.currency)
        count += 1
    return count


def best(run: Callable[[], object], rounds: int) -> tuple[float, float]:
    """The best wall time and the best CPU time of ``rounds`` runs (CPU time tells the work
    apart from waiting for a core on a busy machine)."""
    wall, cpu = [], []
    for _ in range(rounds):
        start, start_cpu = time.perf_counter(), time.process_time()
        run()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return min(wall), min(cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--slice", type=int, default=300, help="real hands imported")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    get_user_model().objects.filter(username=NAME).delete()
    user = get_user_model().objects.create_user(NAME)
    start = time.perf_counter()
    real = real_hands(user, args.slice)
    imported_in = time.perf_counter() - start
    copies(user, real, args.hands)
    total = HandFacts.objects.filter(owner=user).count()
    all_ins = HandFacts.objects.filter(owner=user).exclude(adjusted="").count()
    print(f"database: {django.db.connection.vendor}; {total:,} hands of one player "
          f"({len(real)} real hands imported in {imported_in:.1f} s, repeated), "
          f"{all_ins:,} counted by all-in equity; best of {args.rounds}")

    def data() -> None:
        session = review(session_facts.samples(session_facts.imported_facts(user)))
        assert len(session.samples) == total

    client = Client()
    client.force_login(user)

    def page() -> None:
        response = client.get("/hands/review/?source=imported", secure=True)
        text = response.content.decode()
        assert response.status_code == 200 and f">{total}<" in text, response.status_code

    data_s, data_cpu = best(data, args.rounds)
    page_s, page_cpu = best(page, args.rounds)
    old_s, old_cpu = best(lambda: old_way(real), args.rounds)
    scaled = old_s / len(real) * total
    print(f"{'':40} {'hands':>8} {'seconds':>8} {'cpu s':>7} {'hands/s':>10}")
    for name, hands, wall, cpu in (
        ("review data, stored facts (one query)", total, data_s, data_cpu),
        ("review page, stored facts", total, page_s, page_cpu),
        ("old way: replay + facts (real slice)", len(real), old_s, old_cpu),
    ):
        print(f"{name:40} {hands:8,} {wall:8.3f} {cpu:7.3f} {hands / wall:10,.0f}")
    print(f"old way scaled to {total:,} hands: {scaled:.1f} s; stored facts are "
          f"{scaled / data_s:,.0f}x faster for the data, {scaled / page_s:,.0f}x for the page")
    if str(SCRATCH) in os.environ["DATABASE_URL"]:
        django.db.connections.close_all()
        SCRATCH.unlink(missing_ok=True)


if __name__ == "__main__":
    main()

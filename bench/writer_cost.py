"""What one action costs the writer: CPU, wall time and SQL statements, with no sockets.

    createdb -h 127.0.0.1 -U postgres writer_bench
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/writer_bench \
        .venv/bin/python bench/writer_cost.py

Plays hands of six bots by calling the services directly (games/services/play.py), the way
a socket's command runs in a database thread, with the outbox running on an event loop of
its own as in a server (games/outbound/outbox.py), and prints per action, until its frames are
sent: the process's CPU time (every thread), the wall time, and the statements sent. The
frames go to the in-memory channel layer with no socket listening: building them counts, a
transport does not. The benchmark's own table and users are deleted and made again in the
database named by DATABASE_URL; use a database of its own.

The figures are a floor for the live server's cost per action (docs/deploy.md, "Capacity"):
a server also reads the command frame, routes each frame through the channel layer and
writes it to every socket.
"""

import argparse
import asyncio
import functools
import os
import random
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokersite.settings")
os.environ.pop("REDIS_URL", None)  # the in-memory layer: the transport is not measured here
# Production-like, as the live benchmark's servers (bench/live_servers.py): DEBUG keeps every
# query in memory and wraps each in a timing cursor (about 15% of a change's CPU here).
os.environ.setdefault("DEBUG", "0")
os.environ.setdefault("SECRET_KEY", "writer-cost-not-a-secret-0123456789abcdefghijklmnopqrstuvwxyz")
os.environ.setdefault("ALLOWED_HOSTS", "127.0.0.1")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402

from games import snapshots  # noqa: E402
from games.engine import Action, ActionKind, HandState  # noqa: E402
from games.models import Hand, Table  # noqa: E402
from games.outbound.runtime import current  # noqa: E402
from games.projection import update_frames  # noqa: E402
from games.services import table_memory  # noqa: E402
from games.services.play import act, start_next_hand  # noqa: E402
from games.services.seating import sit  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
from live_setup import make_table, make_users  # noqa: E402

PREFIX = "writer_bench_"


def set_up() -> tuple[int, dict[int, object]]:
    """A fresh table of six players with chips; returns its id and seat -> user."""
    Table.objects.filter(name__startswith=PREFIX).delete()
    get_user_model().objects.filter(username__startswith=PREFIX).delete()
    table = make_table(f"{PREFIX}table")
    users = make_users(PREFIX, 6, with_chips=True)
    for number, user in enumerate(users, start=1):
        sit(table.id, user, number, 200, post_now=True)
    return table.id, {number: user for number, user in enumerate(users, start=1)}


def live_hand(table_id: int) -> Hand | None:
    hand = Hand.objects.filter(table_id=table_id, status=Hand.Status.IN_PROGRESS).first()
    if hand is None:
        return start_next_hand(table_id)
    return hand


def choose(legal, rng: random.Random) -> tuple[str, int | None]:
    """Mostly check or call, sometimes a min raise or a fold: hands reach every street."""
    roll = rng.random()
    if legal.raise_to is not None and roll < 0.1:
        return ActionKind.RAISE.value, legal.raise_to.min
    if legal.bet is not None and roll < 0.15:
        return ActionKind.BET.value, legal.bet.min
    if legal.call is not None and roll < 0.2:
        return ActionKind.FOLD.value, None
    if legal.call is not None:
        return ActionKind.CALL.value, None
    return ActionKind.CHECK.value, None


def count_statement(sent: list[str], execute, sql, params, many, context):  # noqa: ANN001
    sent.append(sql)
    return execute(sql, params, many, context)


def start_outbox() -> asyncio.AbstractEventLoop:
    """The server's outbox, on a loop in a thread of its own (a server's event loop)."""
    outbox = current().outbox
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, daemon=True).start()
    asyncio.run_coroutine_threadsafe(outbox.run(), loop)
    while outbox.queue is None:
        time.sleep(0.01)
    return loop


def measure(
    table_id: int, users: dict, actions: int, seed: int, loop: asyncio.AbstractEventLoop,
    forget: bool = False,
) -> dict:
    """Time ``act`` until its frames are sent (not the benchmark's own reads of whose turn
    it is). With ``forget``, every change finds the table missing from the process's memory
    (games/services/table_memory.py), as after another process's change or the clock's."""
    rng = random.Random(seed)
    cpu, wall, statements, floor = [], [], [], []
    while len(cpu) < actions:
        hand = live_hand(table_id)
        if hand is None:
            raise SystemExit("no hand could be dealt: the players' stacks ran out")
        hand.refresh_from_db()
        if hand.status != Hand.Status.IN_PROGRESS:
            continue
        state = HandState.from_dict(hand.state)
        version = Table.objects.values_list("version", flat=True).get(pk=table_id)
        kind, amount = choose(state.legal_actions(), rng)
        sent: list[str] = []
        if forget:
            table_memory.forget_all()
        with connection.execute_wrapper(functools.partial(count_statement, sent)):
            c0, w0 = time.process_time(), time.perf_counter()
            act(table_id, users[state.actor], kind, amount, version)
            asyncio.run_coroutine_threadsafe(current().outbox.flush(), loop).result()
            c1, w1 = time.process_time(), time.perf_counter()
        cpu.append((c1 - c0) * 1000)
        wall.append((w1 - w0) * 1000)
        statements.append(len(sent))
        floor.append(engine_and_frames(state, kind, amount, table_id))
    return {"cpu": cpu, "wall": wall, "statements": statements, "floor": floor}


def engine_and_frames(state: HandState, kind: str, amount: int | None, table_id: int) -> float:
    """CPU ms of the work no storage design avoids: the rules applied to the hand, and the
    frames of the new version built (from a snapshot read beforehand, untimed)."""
    snapshot = snapshots.load(table_id)
    assert snapshot is not None
    c0 = time.process_time()
    state.apply(Action(state.actor, ActionKind(kind), amount))
    update_frames(snapshot)
    return (time.process_time() - c0) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--forget", action="store_true",
        help="every change reads the table again, as after another process's change",
    )
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    table_id, users = set_up()
    loop = start_outbox()
    measure(table_id, users, 200, args.seed + 1, loop)  # warm-up: imports, caches, the pool
    figures = measure(table_id, users, args.actions, args.seed, loop, forget=args.forget)
    vendor = connection.vendor
    memory = ", table read again at every change" if args.forget else ""
    print(f"writer cost per action ({vendor}, {args.actions} actions, six players{memory}):")
    rows = (("cpu", "ms CPU"), ("wall", "ms wall"), ("floor", "ms CPU, rules + frames only"))
    for name, unit in rows:
        values = sorted(figures[name])
        p95 = values[int(0.95 * (len(values) - 1))]
        print(
            f"  {unit:28} mean {statistics.fmean(values):6.2f}  median "
            f"{statistics.median(values):6.2f}  p95 {p95:6.2f}"
        )
    counts = figures["statements"]
    print(
        f"  {'statements':28} mean {statistics.fmean(counts):6.2f}  "
        f"min {min(counts)}, max {max(counts)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

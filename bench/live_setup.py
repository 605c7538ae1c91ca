"""Create the live benchmark's tables, players and logged-in sessions; print them as JSON.

    DATABASE_URL=sqlite:////tmp/x.sqlite3 .venv/bin/python bench/live_setup.py SPEC.json

Run as a subprocess by bench/live.py once per configuration, because Django can be set up
only once per process and each configuration has its own database. SPEC.json is a list of
``{"name": ..., "tables": N, "players_per_table": 6, "spectators": M, "flooders": F}``
(the last two may be left out); the answer, on standard output, maps each name to
``{"tables": [id, ...], "players": [[session key, ...] per table], "spectators": [session
key, ...], "flooders": [session key, ...]}``. Every scenario gets fresh tables and users,
so one scenario's leftover seats never touch the next; a flooder is a logged-in user of its
own, so the budget and the close it earns are its own.
"""

import importlib
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokersite.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth import (  # noqa: E402
    BACKEND_SESSION_KEY,
    HASH_SESSION_KEY,
    SESSION_KEY,
    get_user_model,
)
from django.contrib.auth.hashers import make_password  # noqa: E402

from games.chips import ensure_player  # noqa: E402
from games.models import Table  # noqa: E402

SessionStore = importlib.import_module(settings.SESSION_ENGINE).SessionStore


def session_key_for(user) -> str:
    """A logged-in session, as a browser carries it (the same as tests/games/sockets.py)."""
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return session.session_key


def make_users(prefix: str, count: int, with_chips: bool) -> list:
    """``count`` users without a usable password (no hashing: setup stays fast)."""
    User = get_user_model()
    unusable = make_password(None)
    User.objects.bulk_create(User(username=f"{prefix}{i}", password=unusable) for i in range(count))
    users = list(User.objects.filter(username__startswith=prefix).order_by("id"))
    if with_chips:
        for user in users:
            ensure_player(user)  # the 10,000-chip starting grant
    return users


def make_table(name: str) -> Table:
    return Table.objects.create(
        name=name,
        small_blind=1,
        big_blind=2,
        min_buy_in=40,
        max_buy_in=200,
        action_seconds=30,
        max_seats=6,
    )


def build(spec: list[dict]) -> dict:
    answer = {}
    for index, scenario in enumerate(spec):
        names = [f"bench {scenario['name']} {i + 1}" for i in range(scenario["tables"])]
        tables = [make_table(name) for name in names]
        per_table = scenario["players_per_table"]
        players = make_users(f"b{index}p_", len(tables) * per_table, with_chips=True)
        spectators = make_users(f"b{index}s_", scenario.get("spectators", 0), with_chips=False)
        flooders = make_users(f"b{index}f_", scenario.get("flooders", 0), with_chips=False)
        keys = [session_key_for(user) for user in players]
        answer[scenario["name"]] = {
            "tables": [table.id for table in tables],
            "players": [keys[i * per_table : (i + 1) * per_table] for i in range(len(tables))],
            "spectators": [session_key_for(user) for user in spectators],
            "flooders": [session_key_for(user) for user in flooders],
        }
    return answer


if __name__ == "__main__":
    spec = json.loads(Path(sys.argv[1]).read_text())
    print(json.dumps(build(spec)))

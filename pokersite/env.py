"""Typed readers for environment variables.

Each helper returns a default when the variable is unset and raises
``ImproperlyConfigured`` naming the variable when its value is malformed, so a
typo in production fails at start-up instead of half-working.
"""

import os
import re
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str | None = None) -> str | None:
    """Return the raw value, or ``default``. ``env_str("HOME")`` -> ``"/root"``."""
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    """Read a yes/no flag: ``DEBUG=1`` -> True, ``DEBUG=off`` -> False."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean; use 1/0, true/false, yes/no.")


def env_choice(name: str, choices: tuple[str, ...], default: str) -> str:
    """Read one of a few words: ``REDIS_CHANNEL_LAYER=pubsub`` -> ``"pubsub"``."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    value = raw.strip().lower()
    if value not in choices:
        raise ImproperlyConfigured(f"{name}={raw!r} must be one of: {', '.join(choices)}.")
    return value


def env_int(name: str, default: int) -> int:
    """Read an integer: ``WORKERS=4`` -> 4."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not an integer.") from None


def env_float(name: str, default: float, minimum: float = 0.0) -> float:
    """Read a number of at least ``minimum``: ``NEXT_HAND_DELAY_SECONDS=2.5`` -> 2.5."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a number.") from None
    if not value >= minimum:  # also refuses nan
        raise ImproperlyConfigured(f"{name}={raw!r} must be at least {minimum}.")
    return value


def env_rates(name: str, default: str) -> str:
    """Read rate limits in the ``limits`` notation: ``10/second;120/minute``."""
    from limits import parse_many

    raw = os.environ.get(name, default)
    try:
        parse_many(raw)
    except ValueError:
        raise ImproperlyConfigured(
            f"{name}={raw!r} is not a rate limit; write e.g. 10/second;120/minute."
        ) from None
    return raw


def env_throttle_rate(name: str, default: str) -> str:
    """Read a django-ratelimit rate, a count per period: ``5/m``, ``20/h``, ``100/5m``."""
    raw = os.environ.get(name, default)
    if not re.fullmatch(r"\d+/\d*[smhd]", raw.strip()):
        raise ImproperlyConfigured(
            f"{name}={raw!r} is not a rate; write a count per s, m, h or d, e.g. 5/m."
        )
    return raw.strip()


def env_list(name: str, default: list[str]) -> list[str]:
    """Read a comma-separated list: ``ALLOWED_HOSTS=a.com, b.com`` -> ``["a.com", "b.com"]``."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def _pool_options() -> dict[str, object]:
    """psycopg's connection pool (Django's ``"pool"`` option): a server process reuses a
    few open connections instead of opening one per request, socket call or clock tick.
    ``DATABASE_POOL_SIZE=0`` turns it off (e.g. behind PgBouncer in transaction mode)."""
    size = env_int("DATABASE_POOL_SIZE", 10)
    if size < 0:
        raise ImproperlyConfigured(f"DATABASE_POOL_SIZE={size} must be 0 (off) or more.")
    if size == 0:
        return {}
    return {"pool": {"min_size": min(2, size), "max_size": size, "timeout": 20}}


# The databases the site runs on; dj-database-url knows more schemes than these.
_ENGINES = {
    "sqlite": "django.db.backends.sqlite3",
    "postgres": "django.db.backends.postgresql",
    "postgresql": "django.db.backends.postgresql",
}


def parse_database_url(url: str, base_dir: Path) -> dict[str, object]:
    """Turn a database URL into a Django ``DATABASES`` entry (read by dj-database-url), with
    this site's options for each database.

    ``sqlite:///db.sqlite3`` (relative to the project), ``sqlite:////abs/path.db`` and
    ``postgres://user:pass@host:5432/name?sslmode=require`` are understood.

    >>> parse_database_url("postgres://postgres@127.0.0.1:5432/poker", Path("."))["NAME"]
    'poker'
    """
    scheme = urlsplit(url).scheme
    if scheme not in _ENGINES:
        raise ImproperlyConfigured(
            f"DATABASE_URL scheme {scheme!r} is not supported; use sqlite:// or postgres://."
        )
    try:
        config: dict[str, object] = dict(dj_database_url.parse(url))
    except ValueError as error:  # a bad port, say
        raise ImproperlyConfigured(f"DATABASE_URL cannot be read: {error}") from None
    if scheme == "sqlite":
        return _sqlite(config, base_dir)
    if not config.get("NAME"):
        raise ImproperlyConfigured("DATABASE_URL for postgres needs a database name.")
    options = config.get("OPTIONS")
    return {
        **config,
        "PORT": str(config.get("PORT") or ""),
        "OPTIONS": {**(options if isinstance(options, dict) else {}), **_pool_options()},
        # No persistent connections: Django advises against them under ASGI, where each
        # sync_to_async thread would hold its own. The pool keeps connections open instead.
        "CONN_MAX_AGE": 0,
        # Explicit, so that every process (including a forked live server) finds it.
        "TEST": {"NAME": f"test_{config['NAME']}"},
    }


def _sqlite(config: dict[str, object], base_dir: Path) -> dict[str, object]:
    path = str(config.get("NAME") or "")
    if not path or path == ":memory:":
        raise ImproperlyConfigured("DATABASE_URL for sqlite needs a file path.")
    file = Path(path) if Path(path).is_absolute() else base_dir / path
    # The test database must be a file too, so server processes started by tests can
    # open it; one per test process, so that test runs side by side do not collide.
    test_name = Path(tempfile.gettempdir()) / f"{file.stem}-test-{os.getpid()}.sqlite3"
    return {
        **config,
        "NAME": str(file),
        "OPTIONS": {
            # Writers take the lock when their transaction begins, and others wait for
            # it, instead of failing with "database is locked" halfway through.
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            # Write-ahead log: readers (a socket's snapshot) never wait for the writer, and
            # a commit needs no fsync: it survives the process dying, though a power cut
            # may lose the last moments (the embedded default is for home games).
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        },
        # Kept open: the sockets' and the clock's database thread reuses its connection
        # (opening one costs about a millisecond, and closing the last one checkpoints the
        # log). Per-request threads' connections close when their thread ends.
        "CONN_MAX_AGE": None,
        "CONN_HEALTH_CHECKS": True,
        "TEST": {"NAME": str(test_name)},
    }

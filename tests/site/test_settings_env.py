"""The typed environment helpers fail loudly on bad values and parse good ones."""

import ast
import os
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from pokersite.env import env_bool, env_float, env_int, env_list, parse_database_url


def test_it_reads_booleans_in_common_spellings(monkeypatch):
    for raw, expected in [("1", True), ("yes", True), ("On", True), ("0", False), ("off", False)]:
        monkeypatch.setenv("FLAG", raw)
        assert env_bool("FLAG", default=not expected) is expected


def test_it_rejects_a_boolean_it_cannot_read(monkeypatch):
    monkeypatch.setenv("DEBUG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="DEBUG='maybe' is not a boolean"):
        env_bool("DEBUG", default=False)


def test_it_rejects_a_non_integer(monkeypatch):
    monkeypatch.setenv("WORKERS", "four")
    with pytest.raises(ImproperlyConfigured, match="WORKERS='four' is not an integer"):
        env_int("WORKERS", default=1)


def test_it_splits_lists_and_drops_blanks(monkeypatch):
    monkeypatch.setenv("ALLOWED_HOSTS", " a.example, b.example ,,")
    assert env_list("ALLOWED_HOSTS", []) == ["a.example", "b.example"]


def test_it_parses_a_postgres_url_with_an_explicit_test_database():
    config = parse_database_url(
        "postgres://poker:s%40cret@db.internal:6543/room?sslmode=require", Path("/srv")
    )
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert (config["NAME"], config["USER"], config["PASSWORD"]) == ("room", "poker", "s@cret")
    assert (config["HOST"], config["PORT"]) == ("db.internal", "6543")
    assert config["OPTIONS"] == {
        "sslmode": "require",
        "pool": {"min_size": 2, "max_size": 10, "timeout": 20},
    }
    assert config["TEST"] == {"NAME": "test_room"}


def test_the_postgres_pool_size_is_a_setting_and_zero_turns_it_off(monkeypatch):
    monkeypatch.setenv("DATABASE_POOL_SIZE", "4")
    options = parse_database_url("postgres://p@h/room", Path("."))["OPTIONS"]
    assert options["pool"]["max_size"] == 4
    monkeypatch.setenv("DATABASE_POOL_SIZE", "0")
    assert "pool" not in parse_database_url("postgres://p@h/room", Path("."))["OPTIONS"]
    monkeypatch.setenv("DATABASE_POOL_SIZE", "-1")
    with pytest.raises(ImproperlyConfigured, match="DATABASE_POOL_SIZE=-1"):
        parse_database_url("postgres://p@h/room", Path("."))


def test_it_reads_a_delay_in_seconds_and_names_a_bad_one(monkeypatch):
    monkeypatch.setenv("NEXT_HAND_DELAY_SECONDS", "0.5")
    assert env_float("NEXT_HAND_DELAY_SECONDS", 4.0) == 0.5
    for bad, reason in (("soon", "is not a number"), ("-1", "must be at least 0"),
                        ("nan", "must be at least 0")):
        monkeypatch.setenv("NEXT_HAND_DELAY_SECONDS", bad)
        with pytest.raises(ImproperlyConfigured, match=reason):
            env_float("NEXT_HAND_DELAY_SECONDS", 4.0)


def test_it_places_a_relative_sqlite_file_in_the_project():
    config = parse_database_url("sqlite:///db.sqlite3", Path("/srv/app"))
    assert config["NAME"] == "/srv/app/db.sqlite3"
    assert config["TEST"]["NAME"].endswith(f"db-test-{os.getpid()}.sqlite3")


def test_it_names_an_unsupported_database_scheme():
    with pytest.raises(ImproperlyConfigured, match="'mysql' is not supported"):
        parse_database_url("mysql://root@localhost/x", Path("."))



ROOT = Path(__file__).resolve().parents[2]


def environment_reads(source: str) -> list[str]:
    """Each use of ``os.environ`` or ``os.getenv`` in ``source``, as written. An entry
    point's ``os.environ.setdefault("DJANGO_SETTINGS_MODULE", ...)`` names the settings
    module rather than reading a setting, and is left out."""
    tree = ast.parse(source)
    naming_settings = {
        id(node.func.value) for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
        and ast.unparse(node.func) == "os.environ.setdefault"
        and ast.unparse(node.args[0]) == "'DJANGO_SETTINGS_MODULE'"
    }
    found = [
        ast.unparse(node) for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and ast.unparse(node) in ("os.environ", "os.getenv")
        and id(node) not in naming_settings
    ]
    found += [
        f"from os import {alias.name}" for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module == "os"
        for alias in node.names if alias.name in ("environ", "getenv")
    ]
    return found


def test_the_scan_sees_a_read_and_leaves_the_settings_module_out():
    assert environment_reads("import os\nos.environ.get('TABLE_CLOCK')") == ["os.environ"]
    assert environment_reads("from os import getenv") == ["from os import getenv"]
    assert environment_reads(
        "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'pokersite.settings')"
    ) == []


def test_the_site_reads_the_environment_only_in_pokersite_env():
    """Every setting goes through pokersite/env.py's typed helpers (and the settings), so
    that ``TABLE_CLOCK=no`` means what ``TABLE_CLOCK=off`` does everywhere."""
    readers = {
        str(path.relative_to(ROOT)): reads
        for package in ("evaluator", "games", "learning", "pokersite")
        for path in sorted((ROOT / package).rglob("*.py"))
        if (reads := environment_reads(path.read_text()))
    }
    assert set(readers) == {"pokersite/env.py"}, readers

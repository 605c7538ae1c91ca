"""The typed environment helpers fail loudly on bad values and parse good ones."""

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

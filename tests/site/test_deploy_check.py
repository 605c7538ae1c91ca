"""Production settings come only from the environment and pass Django's deploy check."""

import os
import subprocess
import sys

from tests.servers import ROOT

PRODUCTION_ENV = {
    "DEBUG": "0",
    "SECRET_KEY": "x" * 20 + "-a-long-random-production-secret-key-for-the-check",
    "ALLOWED_HOSTS": "poker.example.com",
    "DATABASE_URL": "postgres://poker@db.example.com:5432/poker",
    "REDIS_URL": "redis://cache.example.com:6379/0",
}


def run_manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_deploy_check_passes_with_production_variables():
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION_ENV)
    assert result.returncode == 0, result.stdout + result.stderr


def test_it_refuses_to_start_without_a_secret_key_when_debug_is_off():
    env = {**PRODUCTION_ENV, "SECRET_KEY": ""}
    result = run_manage("check", env=env)
    assert result.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in result.stderr


def test_it_names_a_malformed_variable():
    result = run_manage("check", env={"DEBUG": "perhaps"})
    assert result.returncode != 0
    assert "DEBUG='perhaps' is not a boolean" in result.stderr

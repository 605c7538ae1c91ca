"""The database threads (games/outbound/database_threads.py) and the interpreter lock they share."""

import os
import subprocess
import sys

import pytest

from games.outbound import database_threads
from tests.servers import ROOT


@pytest.fixture
def fresh_threads():
    """No pools yet, and Python's own switch interval; both restored after the test."""
    interval = sys.getswitchinterval()
    database_threads._forget_executors()
    sys.setswitchinterval(0.005)
    yield
    database_threads._forget_executors()
    sys.setswitchinterval(interval)


@pytest.mark.django_db
def test_making_the_threads_shortens_the_interpreters_switch_interval(fresh_threads, settings):
    settings.THREAD_SWITCH_SECONDS = 0.0007
    assert sys.getswitchinterval() == pytest.approx(0.005)
    database_threads._writers()
    assert sys.getswitchinterval() == pytest.approx(0.0007)


def test_an_interval_too_short_for_the_interpreter_is_refused_at_start_up():
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "pokersite.settings",
           "THREAD_SWITCH_SECONDS": "0"}
    started = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )
    assert started.returncode != 0
    assert "THREAD_SWITCH_SECONDS='0' must be at least 0.0001" in started.stderr

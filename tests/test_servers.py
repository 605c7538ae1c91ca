"""The test servers' start timeout comes from TEST_SERVER_START_SECONDS (tests/servers.py)."""

import pytest

from tests.servers import DEFAULT_START_SECONDS, start_seconds


def test_the_start_timeout_defaults_to_a_generous_one(monkeypatch):
    monkeypatch.delenv("TEST_SERVER_START_SECONDS", raising=False)
    assert start_seconds() == DEFAULT_START_SECONDS == 120
    monkeypatch.setenv("TEST_SERVER_START_SECONDS", " ")
    assert start_seconds() == DEFAULT_START_SECONDS


def test_the_start_timeout_follows_the_environment(monkeypatch):
    monkeypatch.setenv("TEST_SERVER_START_SECONDS", "300")
    assert start_seconds() == 300
    monkeypatch.setenv("TEST_SERVER_START_SECONDS", "7.5")
    assert start_seconds() == 7.5


@pytest.mark.parametrize("text", ["soon", "0", "-5", "nan"])
def test_a_start_timeout_that_is_not_a_positive_number_is_refused_by_name(monkeypatch, text):
    monkeypatch.setenv("TEST_SERVER_START_SECONDS", text)
    with pytest.raises(ValueError, match="TEST_SERVER_START_SECONDS must be a positive number"):
        start_seconds()

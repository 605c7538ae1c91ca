"""Shared test setup: which optional services this run has, and skips that say why.

Suites needing PostgreSQL + Redis (`services` marker) run when DATABASE_URL is a
postgres URL and REDIS_URL is set, as `.ci/run` does; browser suites run when Debian's
Chromium is installed; tests of the deployment stack (the `deploy_stack` fixture) when nginx
is. Otherwise they are skipped with a reason that pytest's `-ra` summary prints at the end
of the run.
"""

import os
import shutil

import pytest
from django.conf import settings

from deploy.stack import nginx_path
from tests.browser_last import refuse_a_test_after_chromium

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")


def services_missing_reason() -> str | None:
    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        return "needs PostgreSQL: set DATABASE_URL=postgres://... (as .ci/run does)"
    if not os.environ.get("REDIS_URL"):
        return "needs Redis: set REDIS_URL=redis://... (as .ci/run does)"
    return None


def browser_missing_reason() -> str | None:
    if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
        return f"needs Chromium at {CHROMIUM} (apt-get install chromium; .ci/run installs it)"
    return None


def proxy_missing_reason() -> str | None:
    if nginx_path() is None:
        return "needs nginx (apt-get install nginx; .ci/run installs it)"
    return None


def pytest_collection_modifyitems(config, items):
    services_reason = services_missing_reason()
    browser_reason = browser_missing_reason()
    proxy_reason = proxy_missing_reason()
    for item in items:
        if proxy_reason and "deploy_stack" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.skip(reason=proxy_reason))
        if services_reason and "services" in item.keywords:
            item.add_marker(pytest.mark.skip(reason=services_reason))
        if browser_reason and "browser" in item.keywords:
            item.add_marker(pytest.mark.skip(reason=browser_reason))


def pytest_runtest_setup(item):
    refuse_a_test_after_chromium(item)


# Every server process a test starts inherits this: what a process remembers of a table is
# checked against the database at every change (games/services/table_memory.py).
os.environ["TABLE_MEMORY_CHECK"] = "1"


@pytest.fixture(autouse=True)
def table_memory_checked(settings):
    """Each test starts with no table remembered, and checks every one it uses."""
    from games.services import table_memory

    settings.TABLE_MEMORY_CHECK = True
    table_memory.forget_all()


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Tests create many users; the production hasher is slow on purpose."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def no_throttles(settings):
    """Tests log in and create guests far faster than people do; the throttles' own tests
    (tests/site/test_throttles_and_headers.py) turn them back on."""
    settings.RATELIMIT_ENABLE = False

"""Browser tests run last in every test process, whole runs and pytest-xdist workers alike.

Playwright's sync API leaves its own event loop behind in the process once Chromium is open
(the session's ``chromium`` fixture), and an async test run after it trips over that loop.
So collection puts the browser tests after all others; pytest-xdist's default ``load``
scheduling hands each worker its tests in collection order, so on every worker they come
last too. Should some other scheduling break that, the test that would trip fails at once
and says why, instead of failing on an event loop.
"""

import pytest

CHROMIUM_OPEN = pytest.StashKey[bool]()


def put_browser_tests_last(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: "browser" in item.keywords)


def refuse_a_test_after_chromium(item: pytest.Item) -> None:
    if "browser" not in item.keywords and item.config.stash.get(CHROMIUM_OPEN, False):
        pytest.fail(
            "a test that is not a browser test runs after Chromium opened in this process: "
            "browser tests must run last (tests/browser_last.py; pytest-xdist's --dist load "
            "keeps collection order per worker)",
            pytrace=False,
        )

"""Browser tests run last in every test process, whole runs and pytest-xdist workers alike.

Playwright's sync API leaves its own event loop behind in the process once Chromium is open
(the session's ``chromium`` fixture), and an async test run after it trips over that loop.
So collection puts the browser tests after all others, and pytest-xdist must hand each
worker its tests in collection order for them to come last on every worker too: ``--dist
load`` does, and ``--dist loadfile`` with ``--no-loadscope-reorder`` (what ``make test``
uses; without that flag xdist sends the files with the most tests first). Should a run
break the order, the test that would trip fails at once and says why.
"""

import pytest

CHROMIUM_OPEN = pytest.StashKey[bool]()


def put_browser_tests_last(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: "browser" in item.keywords)


def refuse_a_test_after_chromium(item: pytest.Item) -> None:
    if "browser" not in item.keywords and item.config.stash.get(CHROMIUM_OPEN, False):
        pytest.fail(
            "a test that is not a browser test runs after Chromium opened in this process: "
            "browser tests must run last (tests/browser_last.py: with pytest-xdist, "
            "--dist load, or --dist loadfile --no-loadscope-reorder)",
            pytrace=False,
        )

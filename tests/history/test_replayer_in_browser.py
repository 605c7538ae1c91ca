"""The replayer in Chromium: keys and buttons step through the hand, the felt shows each
step's stacks and pot, and the page holds no card the viewer may not see.

Pages come from Django's live server (a thread of this process, on the test database).
Playwright's sync API keeps an event loop running in the test's thread, so the hands are
dealt in a helper thread (the services broadcast through ``async_to_sync``) and the database
work left in this thread is allowed explicitly (Django's escape hatch for such cases).
"""

import json
import threading

import pytest
from playwright.sync_api import expect

from tests.browser import conftest as browser
from tests.history.conftest import ACES_KINGS_DECK, deal_showdown, deal_side_pots, play, seat

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]


@pytest.fixture(scope="module")
def chromium():
    """A Chromium of this module's own, closed at its end. These tests run first among the
    browser tests (see tests/history/conftest.py), before tests/browser starts its own."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=browser.chromium_path(), args=browser.CHROMIUM_FLAGS
        )
        yield chromium
        chromium.close()


@pytest.fixture(scope="module", autouse=True)
def _database_beside_playwright():
    # Module scope: still set when the test database is flushed after each test.
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        yield


def off_the_loop(function, *args):
    """Run ``function`` in a thread with no event loop and return what it returns."""
    result = {}

    def run():
        try:
            result["value"] = function(*args)
        except BaseException as error:  # re-raised in the test's thread
            result["error"] = error
        finally:
            from django.db import connection

            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if "error" in result:
        raise result["error"]
    return result["value"]


@pytest.fixture
def page_for(transactional_db, live_server, chromium, client):
    contexts = []

    def open_page(user=None):
        context = chromium.new_context(viewport={"width": 1280, "height": 900})
        contexts.append(context)
        if user is not None:
            client.force_login(user)
            cookie = client.cookies["sessionid"].value
            context.add_cookies([{"name": "sessionid", "value": cookie, "url": live_server.url}])
        page = context.new_page()
        page.problems = []
        page.on("pageerror", lambda error: page.problems.append(str(error)))
        return page

    yield open_page
    for context in contexts:
        context.close()


def felt(page) -> dict:
    return {
        "pot": int(page.locator("#rp-felt .pot").get_attribute("data-pot")),
        "stacks": {
            int(seat.get_attribute("data-seat")): int(seat.get_attribute("data-stack"))
            for seat in page.locator("#rp-felt .seat.taken").all()
        },
        "cards": {c.get_attribute("data-card") for c in page.locator("[data-card]").all()},
    }


def test_keys_and_buttons_step_through_the_hand(page_for, live_server, table, alice, bob, carol):
    hand = off_the_loop(deal_side_pots, table, alice, bob, carol)
    page = page_for(alice)
    page.goto(f"{live_server.url}/hands/{hand.id}/")
    steps = json.loads(page.locator("#replay-data").text_content())["steps"]
    count = page.locator("#rp-count")
    expect(count).to_have_text(f"Step 1 of {len(steps)}")
    for k in range(1, len(steps)):
        page.keyboard.press("ArrowRight")
        expect(count).to_have_text(f"Step {k + 1} of {len(steps)}")
        shown = felt(page)
        assert shown["pot"] == steps[k]["hand"]["total_pot"]
        assert shown["stacks"] == {s["number"]: s["stack"] for s in steps[k]["seats"]}
    expect(page.locator("#rp-result")).to_contain_text("carol wins 100 from side pot 1")
    page.keyboard.press("Home")
    expect(count).to_have_text(f"Step 1 of {len(steps)}")
    page.get_by_role("button", name="Step forward").click()
    expect(count).to_have_text(f"Step 2 of {len(steps)}")
    page.get_by_role("button", name="▶ Play").click()
    expect(count).to_have_text(f"Step 4 of {len(steps)}", timeout=5_000)
    page.keyboard.press("End")
    expect(count).to_have_text(f"Step {len(steps)} of {len(steps)}")
    expect(page.locator(".rp-equity-table tbody tr")).to_have_count(3)
    browser.ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=browser.ARTIFACTS / "replayer-showdown.png", full_page=True)
    assert page.problems == []


def test_a_decision_link_opens_the_hand_as_that_action_was_to_be_taken(
    page_for, live_server, table, alice, bob, carol
):
    """The coach's review links to a decision with ``?decision=N`` (the hand's action N,
    from 0): the replayer opens at the last step before it, the player to act on it."""
    hand = off_the_loop(deal_side_pots, table, alice, bob, carol)
    page = page_for(alice)
    page.goto(f"{live_server.url}/hands/{hand.id}/")
    steps = json.loads(page.locator("#replay-data").text_content())["steps"]
    decisions = max(step["actions"] for step in steps)
    assert decisions >= 2
    count = page.locator("#rp-count")
    for decision in (0, 1, decisions - 1):
        page.goto(f"{live_server.url}/hands/{hand.id}/?decision={decision}")
        expected = max(k for k, step in enumerate(steps) if step["actions"] == decision)
        expect(count).to_have_text(f"Step {expected + 1} of {len(steps)}")
        assert steps[expected + 1]["actions"] == decision + 1  # the next step is that action
    page.goto(f"{live_server.url}/hands/{hand.id}/?decision=nonsense")
    expect(count).to_have_text(f"Step 1 of {len(steps)}")
    assert page.problems == []


def test_the_page_never_draws_a_hidden_card(page_for, live_server, table, alice, bob, carol):
    hand = off_the_loop(deal_showdown, table, alice, bob, carol)
    owner = page_for(alice)
    owner.goto(f"{live_server.url}/hands/{hand.id}/")
    share_url = owner.locator("#share-url").input_value()
    for page, hidden in ((owner, {"Kd", "Kc"}), (page_for(), {"Kd", "Kc", "7s", "2d"})):
        if page is not owner:
            page.goto(share_url)
        drawn = set()
        for _ in range(20):
            drawn |= felt(page)["cards"]
            page.keyboard.press("ArrowRight")
        assert {"As", "Ah"} <= drawn and not drawn & hidden, drawn
        assert page.problems == []


def test_a_hand_won_without_a_showdown_has_a_clean_result_panel(
    page_for, live_server, table, alice, bob, carol
):

    def folded():
        seat(table, (alice, 200), (bob, 200), (carol, 200))
        return play(table, ACES_KINGS_DECK, [(alice, "raise", 6), (bob, "fold"), (carol, "fold")])

    hand = off_the_loop(folded)
    page = page_for(alice)
    page.goto(f"{live_server.url}/hands/{hand.id}/")
    page.keyboard.press("End")
    result = page.locator("#rp-result")
    expect(result).to_contain_text("alice wins 5 from the pot")
    assert "null" not in result.inner_text()
    assert "undefined" not in result.inner_text()
    assert page.problems == []


def test_pots_paid_as_one_are_named_as_the_felt_showed_them(
    page_for, live_server, table, alice, bob, carol
):

    def merged():
        seat(table, (alice, 50), (bob, 200), (carol, 100))
        return play(table, ACES_KINGS_DECK, [(alice, "all_in"), (bob, "all_in"), (carol, "call")])

    hand = off_the_loop(merged)
    page = page_for(bob)
    page.goto(f"{live_server.url}/hands/{hand.id}/")
    page.keyboard.press("End")
    expect(page.locator("#rp-felt .side-pot")).to_have_text(["Main pot: 150", "Side pot 1: 100"])
    result = page.locator("#rp-result .rp-pot-results")
    expect(result).to_contain_text(
        "bob wins 250 from the main pot and side pot 1 with a pair of aces"
    )
    expect(page.locator("#rp-log")).to_contain_text("bob wins 250 from the main pot and side pot 1")
    assert page.problems == []

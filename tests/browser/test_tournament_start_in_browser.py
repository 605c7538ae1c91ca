"""A sit-and-go's start, as the people on its page meet it: the page used to keep saying
"Registering · 1 of 2" while the table dealt with the clock running. Now a registered player
waiting on the page is taken to their seat when it starts, and someone watching the page is
told it started, with the table's link (a laptop at 1366 px, a phone at 375 px). The last
registrant, whose entry starts it, goes straight from the button to their seat (on a phone)."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.people import Person

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

expect.set_options(timeout=20_000)


def create_two_player_tournament(host: Person, name: str) -> str:
    """Two players, winner takes all; the tournament page's path."""
    page = host.page
    page.goto("/tournaments/")
    form = page.locator("#create form")
    form.get_by_label("Tournament name").fill(name)
    form.get_by_label("Players (it starts when full)").fill("2")
    form.get_by_label("Buy-in (from your bankroll)").fill("100")
    form.get_by_label("Starting stack").fill("1000")
    form.get_by_label("Payout").select_option("winner-takes-all")
    form.get_by_label("Seconds to act").fill("120")
    form.get_by_role("button", name="Create tournament").click()
    expect(page.locator("h1")).to_have_text(name)
    return re.sub(r"^https?://[^/]+", "", page.url)


def test_a_player_waiting_on_the_page_is_taken_to_their_seat_when_it_starts(chromium, site):
    waiter, last, watcher = (Person(chromium, site, name)
                             for name in ("start-ann", "start-bo", "start-cy"))
    try:
        waiter.page.set_viewport_size({"width": 1366, "height": 860})
        last.page.set_viewport_size({"width": 375, "height": 812})
        watcher.page.set_viewport_size({"width": 375, "height": 812})
        for person in (waiter, last, watcher):
            person.join_as_guest()
        path = create_two_player_tournament(waiter, "Start together")
        waiter.page.get_by_role("button", name="Register (100 from your bankroll)").click()
        expect(waiter.page.locator("ul.messages")).to_contain_text("You are registered")
        watcher.page.goto(path)
        expect(watcher.page.locator("#tournament-status")).to_contain_text(
            "Registering · 1 of 2 registered")

        last.page.goto(path)
        last.page.get_by_role("button", name="Register (100 from your bankroll)").click()
        # The entry that filled it: straight to the table, told where they sit.
        expect(last.page).to_have_url(re.compile(r"/tables/\d+/$"))
        expect(last.page.locator("ul.messages")).to_contain_text(
            re.compile(r"The tournament is on: you are in seat \d+\."))
        expect(last.page.locator(".seat.me")).to_have_count(1)

        expect(waiter.page).to_have_url(re.compile(r"/tables/\d+/$"))
        expect(waiter.page.locator(".seat.me")).to_have_count(1)
        status = watcher.page.locator("#tournament-status")
        expect(status).to_contain_text("Running · it has started")
        link = status.get_by_role("link", name="Open the table")
        expect(link).to_be_visible()
        assert link.get_attribute("href") == re.sub(r"^https?://[^/]+", "", waiter.page.url)
        box = link.bounding_box()
        assert box is not None and box["x"] + box["width"] <= 375
        for person in (waiter, last, watcher):
            assert not person.problems, f"{person.name}: {person.problems}"
    finally:
        for person in (waiter, last, watcher):
            person.close()

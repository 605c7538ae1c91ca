"""The table as people meet it, in Chromium at a laptop's 1366 px and a phone's 375 px: what
the host, a player or a visitor finds on the page in small things (how many bots the host
may seat, what a dialog offers, what a closed table still links)."""

import pytest
from playwright.sync_api import expect

from tests.browser.people import Person

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]
WIDTHS = [1366, 375]
# The table page (loaded anew after a form's POST) shows ``n`` seats taken.
SEATS_TAKEN = ("n => { const t = window.pokerTable;"
               " return Boolean(t && t.view && t.view.seats.length === n); }")


def at_width(person: Person, width: int) -> Person:
    person.page.set_viewport_size({"width": width, "height": 860})
    return person


@pytest.mark.parametrize("width", WIDTHS)
def test_a_host_fills_every_free_seat_of_a_ten_seat_table_with_bots(chromium, site, width):
    host = at_width(Person(chromium, site, f"tenhost{width}"), width)
    try:
        host.join_as_guest()
        host.create_table("Ten seats of bots", seats=10)
        host.sit(1)
        tools = host.page.locator("#host-tools")
        tools.locator("summary").click()
        tools.get_by_label("How many bots").fill("9")
        tools.get_by_role("button", name="Fill empty seats").click()
        expect(host.page.locator(".messages")).to_have_text("9 bot(s) took a seat.")
        host.page.wait_for_function(SEATS_TAKEN, arg=10)
        assert not host.problems, host.problems
    finally:
        host.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_a_table_closed_before_your_eyes_stops_inviting_and_links_its_ledger(
    chromium, site, width
):
    host = at_width(Person(chromium, site, f"closer{width}"), width)
    try:
        host.join_as_guest()
        host.create_table("Closing time")
        host.sit(1)
        page = host.page
        expect(page.locator("#invite")).to_be_visible()
        expect(page.locator("#table-ledger")).to_be_hidden()
        page.on("dialog", lambda dialog: dialog.accept())  # "Close this table for good?"
        page.locator("#host-panel summary").click()
        page.locator("#host-panel button[data-control=close]").click()
        expect(page.locator("#table-banner")).to_contain_text("This table is closed")
        expect(page.locator("#invite")).to_be_hidden()
        ledger = page.locator("#table-ledger")
        expect(ledger).to_be_visible()
        # Opened again later: the same, drawn by the server.
        page.reload()
        expect(page.locator("#invite")).to_have_count(0)
        ledger.get_by_role("link", name="the table's ledger").click()
        expect(page.get_by_role("heading", level=1)).to_contain_text("Closing time")
        assert not host.problems, host.problems
    finally:
        host.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_a_practice_table_neither_invites_friends_nor_offers_host_panels(
    chromium, site, width
):
    pupil = at_width(Person(chromium, site, f"pupil{width}"), width)
    try:
        pupil.join_as_guest()
        page = pupil.page
        page.goto("/practice/")
        page.get_by_label("Bots (1 to 8)").fill("1")
        page.get_by_role("button", name="Deal me in").click()
        expect(page.locator(".seat.me")).to_have_attribute("data-seat", "1")
        page.wait_for_function(SEATS_TAKEN, arg=2)
        expect(page.get_by_text("Invite friends")).to_have_count(0)
        expect(page.get_by_text("Private table")).to_have_count(0)
        expect(page.locator("#host-tools, #host-panel")).to_have_count(0)
        assert not pupil.problems, pupil.problems
    finally:
        pupil.close()

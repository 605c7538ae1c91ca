"""The house rules explained at the table, in Chromium at 1366 and 375 px (issue 40: the 7-2
bounty, straddles, Omaha's "exactly two" and dealer's choice were not explained there). The
host turns on the bounty and straddles and deals pot-limit Omaha; the guest's page, opened
before, gets the explanations with the change, its "House rules" line names them, and the
Straddle button says what a straddle is."""

import pytest
from playwright.sync_api import expect

from tests.browser.people import Person, open_table

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

HEIGHTS = {1366: 860, 375: 812}


@pytest.mark.parametrize("width", [1366, 375])
def test_a_newcomer_reads_the_games_and_house_rules_at_the_table(chromium, site, width):
    host = Person(chromium, site, f"hr{width}host")
    guest = Person(chromium, site, f"hr{width}guest")
    try:
        open_table(f"House rules {width}", host, guest, host_panel=True, wait_for_start=True)
        for person in (host, guest):
            person.page.set_viewport_size({"width": width, "height": HEIGHTS[width]})
        rules = guest.page.locator("#house-rules")
        expect(rules.locator("summary")).to_have_text("House rules: No-limit hold'em")
        form = host.page.locator("#host-panel form.host-settings")
        form.locator("select[name=game]").select_option("PO")
        form.locator("input[name=seven_deuce_big_blinds]").fill("4")
        form.locator("input[name=straddles_allowed]").check()
        form.get_by_role("button", name="Save settings").click()
        expect(guest.page.locator("#log")).to_contain_text(
            "straddles under the gun: allowed")
        expect(rules.locator("summary")).to_have_text(
            "House rules: Pot-limit Omaha · 7-2 bounty · Straddles")
        rules.locator("summary").click()
        expect(rules.locator("dd[data-game=PO]")).to_contain_text(
            "your hand uses exactly two of them with exactly three of the board")
        expect(rules.locator("dd[data-topic=seven_deuce]")).to_contain_text(
            "every other player dealt in pays you 4 big blinds")
        expect(rules.locator("dd[data-topic=straddle]")).to_contain_text(
            "under the gun (the seat after the big blind) may straddle")
        for item in rules.locator("dd").all():
            expect(item).to_be_visible()
        straddle = guest.page.locator("#straddle")
        expect(straddle).to_have_attribute("title", rules.locator(
            "dd[data-topic=straddle]").inner_text())
        assert not host.problems and not guest.problems
    finally:
        host.close()
        guest.close()

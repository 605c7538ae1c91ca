"""The coach panel in Chromium at a pot-limit Omaha table: the host allows the coach, each
player's panel shows the equity of their four cards against random hands (the server's
figure, checked against an exact count in tests/bots/test_omaha_coach.py), the note that the
coach has no Omaha ranges or grades, and a line on each decision without a grade."""

import math

import pytest
from playwright.sync_api import expect

from tests.browser.people import Person, set_choice, to_act, wait_for_new_hand

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]
# Its own, not whichever module pytest imported last: an Omaha hand's coach figures take
# a while on a loaded machine.
expect.set_options(timeout=15_000)

REPORT = ("() => fetch(JSON.parse(document.getElementById('table-config').textContent)"
          ".coachUrl).then(r => r.json())")


def test_the_coach_panel_in_omaha_shows_equity_against_random_hands(chromium, site):
    host, guest = Person(chromium, site, "omhost"), Person(chromium, site, "omguest")
    people = (host, guest)
    try:
        host.join_as_guest()
        host.create_table("Omaha coach game", wait_for_start=True)
        host.page.locator("#host-tools summary").click()
        host.page.get_by_role("button", name="Allow the coach").click()
        expect(host.page.locator("aside#coach")).to_be_attached()  # the page drew the panel
        host.page.locator("#host-panel summary").click()
        host.sit(1)
        set_choice(host, "game", "PO")
        guest.open_table_of(host)
        guest.sit(2)
        host.page.locator("#host-panel button[data-control=resume]").click()
        wait_for_new_hand(people)
        for person in people:
            panel = person.page.locator("#coach")
            expect(panel.locator("[data-coach=note]")).to_contain_text(
                "Pot-limit Omaha: the coach gives your equity against random four-card hands")
            shown = panel.locator("[data-coach=equity-random]")
            expect(shown).to_have_text(f"{_as_the_page_rounds(_report(person)['now']['equity_random'])}%")
            expect(panel.locator("[data-coach=equity]")).to_have_count(0)  # no Omaha ranges
        actor = to_act(people)
        actor.page.locator("#action-bar button.act.call").click()
        line = actor.page.locator("#coach .coach-verdicts li").first
        expect(line).to_contain_text("you called 1 into 3 needing 25% with about")
        expect(line).to_contain_text("against a random hand")
        expect(actor.page.locator("#coach [data-coach=grade]")).to_have_count(0)
        expect(actor.page.locator("#coach [data-coach=summary]")).to_have_count(0)
        assert not host.problems and not guest.problems
    finally:
        for person in people:
            person.close()


def _as_the_page_rounds(share: float) -> int:
    """A share in whole percent as coach.js shows it (Math.round: halves go up), not as
    Python's round (halves to even): a seeded equity of 0.465 is 47% on the page."""
    return math.floor(share * 100 + 0.5)


def _report(person: Person) -> dict:
    return person.page.evaluate(REPORT)

"""Practise now in Chromium: a table with bots dealt at once, three hands, the coach open,
then the review of your decisions."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.people import Person

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]


def test_practise_now_plays_three_hands_against_bots_with_the_coach(chromium, site):
    pat = Person(chromium, site, "pat")
    try:
        pat.join_as_guest()
        page = pat.page
        page.goto("/")
        page.locator("#practise-now").click()
        page.get_by_label("Bots (1 to 8)").fill("2")
        page.get_by_label("Strength").select_option("easy")
        page.get_by_role("button", name="Deal me in").click()
        expect(page.locator(".seat.me")).to_have_attribute("data-seat", "1")
        expect(page.locator(".seat .bot-badge")).to_have_count(2)
        coach = page.locator("#coach")
        expect(coach.get_by_role("heading", name="Coach")).to_be_visible()

        saw_call_verdict = False
        hands_done: set[int] = set()
        while len(hands_done) < 3:
            page.wait_for_function(
                "() => { const h = window.pokerTable.view && window.pokerTable.view.hand;"
                " return Boolean(h && (h.complete || h.legal)); }",
                timeout=30_000,
            )
            view = pat.view()
            hand = view["hand"]
            if hand["complete"]:
                hands_done.add(hand["number"])
                expect(coach.get_by_role("heading", name="Hand summary")).to_be_visible()
                expect(coach.locator("[data-coach=summary]")).to_contain_text("error rate")
                expect(coach.get_by_role("link", name="Review this hand")).to_be_visible()
                page.wait_for_function(
                    "(n) => window.pokerTable.view.hand.number !== n",
                    arg=hand["number"], timeout=30_000,
                )
                continue
            if not pat.my_turn():
                page.wait_for_timeout(100)
                continue
            expect(coach.locator("[data-coach=equity]")).to_have_text(re.compile(r"^\d+%$"))
            call = page.locator("#action-bar button.act.call")
            if call.count():
                expect(coach.locator("[data-coach=pot-odds]")).to_contain_text("need")
                call.click()
                expect(coach.locator(".coach-verdicts li").filter(
                    has_text=re.compile(r"you called \d+ into \d+ needing \d+% with about \d+%")
                )).not_to_have_count(0)
                expect(coach.locator("[data-coach=grade]").first).to_have_text(re.compile(
                    r"^(Best|Correct|Inaccuracy|Wrong|Blunder) \(-\d+\.\d bb\)$"))
                saw_call_verdict = True
            else:
                page.locator("#action-bar button.act.check").click()
            page.wait_for_function(
                "(v) => window.pokerTable.view.version > v", arg=view["version"]
            )
        assert saw_call_verdict
        assert not pat.problems, pat.problems
        # "Review my decisions": the three hands graded; the counts per class add up.
        page.goto("/learn/review/")
        expect(page.locator("#grade-summary")).to_contain_text("graded")
        counts = page.locator(".ln-classes li").all_inner_texts()
        graded = int(page.locator("#grade-summary").inner_text().split(" decision")[0])
        assert graded >= 1 and sum(int(c.split(": ")[1]) for c in counts) == graded
    finally:
        pat.close()

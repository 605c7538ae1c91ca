"""A new guest in Chromium: reads a lesson, does its drill, gets one wrong, sees it come back
for review, answers it right, and finds the score on the dashboard.

The right answer is asked of the site itself (``manage.py shell`` on its database and
secret: the question's signed token names its seed), never guessed from the page.
"""

import json
import uuid

import pytest
from playwright.sync_api import expect

from tests.browser.people import Person

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

ANSWER = """
from learning.drill_views import read_token
from learning.drills import make_question
question = make_question("pot-odds", read_token("pot-odds", {token!r}))
print(question.spot["best"])
"""


def shown_cards(page) -> list[str]:
    return page.locator(".ln-drill .card").evaluate_all("cards => cards.map(c => c.dataset.card)")


def best_play(site, page) -> str:
    token = page.locator("input[name=token]").get_attribute("value")
    return site.run(ANSWER.format(token=token)).strip().splitlines()[-1]


def test_a_guest_misses_a_drill_question_sees_it_again_and_finds_the_score(chromium, site):
    learner = Person(chromium, site, f"learner{uuid.uuid4().hex[:6]}")  # new on every run
    page = learner.page
    try:
        learner.join_as_guest()
        page.goto("/learn/lessons/")
        page.get_by_role("link", name="Pot odds", exact=True).click()
        expect(page.get_by_role("heading", name="Pot odds", level=1)).to_be_visible()
        expect(page.get_by_text("B / (P + 2B)")).to_be_visible()
        page.locator("#start-drill").click()
        expect(page.get_by_role("heading", name="Drill: Pot odds: call or fold")).to_be_visible()

        missed = shown_cards(page)
        best = best_play(site, page)
        wrong = {"call": "Fold", "fold": "Call"}[best]
        page.get_by_role("button", name=wrong, exact=True).click()
        expect(page.locator("#verdict")).to_contain_text("Not quite")
        expect(page.locator("#verdict")).to_contain_text(f"The answer: {best.capitalize()}")
        expect(page.locator("#queued")).to_be_visible()

        page.locator("#next-question").click()
        expect(page.locator("#from-review")).to_be_visible()
        assert shown_cards(page) == missed  # the same question, back for review
        page.get_by_role("button", name=best.capitalize(), exact=True).click()
        expect(page.locator("#verdict")).to_contain_text("Right!")
        expect(page.locator("#queued")).to_contain_text("comes back for review on")

        page.locator("#next-question").click()
        expect(page.locator("input[name=token]")).to_be_attached()
        expect(page.locator("#from-review")).to_have_count(0)

        page.get_by_role("link", name="My progress").first.click()
        row = page.locator('tr[data-theme="pot-odds"]')
        expect(row.locator(".ln-right")).to_have_text("1 of 2")
        expect(row.locator(".ln-score")).to_have_text("50%")
        expect(row.locator(".ln-due")).to_have_text("1 later")
        expect(page.locator("#due-total")).to_contain_text("Nothing to review now")
    finally:
        learner.context.close()
    assert not learner.problems, json.dumps(learner.problems, indent=1)

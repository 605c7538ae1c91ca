"""The card picker of the learning pages in Chromium (static/js/learn.js, reading cards with
static/js/cards.js): a click types the card, and cards already typed, in any spelling the
server reads, cannot be picked again."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]


@pytest.fixture
def page(clean_page):
    clean_page.goto("/learn/odds/")
    return clean_page


def test_the_picker_types_cards_and_greys_out_those_typed(page):
    hands = page.locator("textarea[name=hands]")
    hands.fill("10♥ k♤\n")
    hands.dispatch_event("input")
    page.get_by_role("button", name="Pick cards").click()
    picker = page.get_by_role("group", name="Cards")
    expect(picker).to_be_visible()
    expect(picker.get_by_role("button", name="Th", exact=True)).to_be_disabled()
    expect(picker.get_by_role("button", name="Ks", exact=True)).to_be_disabled()
    ace = picker.get_by_role("button", name="As", exact=True)
    expect(ace).to_contain_text("A♠")
    ace.click()
    expect(hands).to_have_value("10♥ k♤\nAs")
    expect(ace).to_be_disabled()
    expect(picker.get_by_role("button", name="Td", exact=True)).to_contain_text("10♦")

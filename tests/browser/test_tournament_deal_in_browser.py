"""A deal as the players of a sit-and-go meet it: proposed from the felt while a hand is
played (not only on the tournament page, between hands), put to everyone when the hand
ends, and read on the tournament page as figures people read (chips to two decimals, what
the deal pays, how the odd chips go), beside the players' stacks and the blinds, on a
laptop (1366 px) and a phone (375 px)."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.people import Person
from tests.browser.tournament_moves import next_hand, play_hand

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

expect.set_options(timeout=20_000)


def create_heads_up(host: Person) -> str:
    page = host.page
    page.goto("/tournaments/")
    form = page.locator("#create form")
    form.get_by_label("Tournament name").fill("Deal at the felt")
    form.get_by_label("Players (it starts when full)").fill("2")
    form.get_by_label("Buy-in (from your bankroll)").fill("100")
    form.get_by_label("Starting stack").fill("1000")
    form.get_by_label("Blind schedule").select_option("custom")
    form.get_by_label("Levels last").select_option("hands")
    form.get_by_label("Level length (blank: the preset's)").fill("100")
    form.get_by_label("My own levels (one a line: small/big or small/big/ante)").fill("10/20")
    form.get_by_label("Payout").select_option("65-35")
    form.get_by_label("Seconds to act").fill("120")
    form.get_by_role("button", name="Create tournament").click()
    expect(page.locator("h1")).to_have_text("Deal at the felt")
    return re.sub(r"^https?://[^/]+", "", page.url)


@pytest.mark.parametrize("width", [1366, 375])
def test_a_player_proposes_a_deal_at_the_felt_and_reads_it_on_the_tournament_page(
        chromium, site, width):
    people = [Person(chromium, site, f"deal-{name}-{width}") for name in ("ann", "bo")]
    try:
        for person in people:
            person.page.set_viewport_size({"width": width, "height": 860})
            person.join_as_guest()
        path = create_heads_up(people[0])
        by_seat = {}
        for person in people:
            person.page.goto(path)
            person.page.get_by_role("button", name="Register (100 from your bankroll)").click()
            expect(person.page.locator("ul.messages")).to_contain_text("You are registered")
        expect(people[0].page).to_have_url(re.compile(r"/tables/\d+/$"))  # taken there
        people[1].page.goto(path)
        people[1].page.get_by_role("link", name="Open the table").click()
        for person in people:
            expect(person.page.locator(".seat.me")).to_have_count(1)
            by_seat[int(person.page.locator(".seat.me").get_attribute("data-seat"))] = person
        proposer, other = people
        number = next_hand(proposer, 0)

        proposer.page.get_by_text("Propose a deal").click()
        proposer.page.get_by_role("button", name="An ICM deal").click()
        expect(proposer.page.locator("ul.messages")).to_contain_text("Deal proposed")
        live = proposer.page.wait_for_function(
            "n => { const v = window.pokerTable && window.pokerTable.view; if (!v) return null;"
            " return {on: Boolean(v.hand && v.hand.number === n && !v.hand.complete)}; }",
            arg=number).json_value()
        if live["on"]:  # proposed during the hand: folded to the big blind, it ends
            play_hand(by_seat, proposer, number, None)
        expect(other.page.locator("#stakes")).to_contain_text("a deal waits: 1 of 2 agreed")

        other.page.goto(path)
        rows = other.page.locator("#deal tbody tr")
        expect(rows).to_have_count(2)
        for i in range(2):
            _, chips, value, pays, _ = rows.nth(i).locator("td").all_inner_texts()
            assert re.fullmatch(r"\d+\.\d\d", value), value  # no "2090/3"
            assert abs(float(value) - int(pays)) < 1 and int(chips) > 0
        expect(other.page.locator("#deal-note")).to_contain_text("The deal pays each rounded")
        expect(other.page.locator("#tournament-level")).to_contain_text("blinds 10/20")
        standings = other.page.locator("#standings")
        expect(standings.locator("th")).to_contain_text(["Place", "Player", "Chips"])
        for table in (rows.first, other.page.locator("#deal-note")):
            box = table.bounding_box()
            assert box is not None and box["x"] + box["width"] <= width
        for person in people:
            assert not person.problems, f"{person.name}: {person.problems}"
    finally:
        for person in people:
            person.close()

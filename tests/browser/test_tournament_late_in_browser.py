"""Late registration in Chromium (issue 24): two guests start a sit-and-go that offers late
registration; a third registers late from the tournament page while the first hand is
played, sees the felt's tournament line grow (players, prize pool, "Late registration until
level 2"), and is dealt in at the next hand with the starting stack, not blinded for the hand
missed. Everything goes through the pages: the form, Register, Register late, the action
bar."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.people import Person
from tests.browser.tournament_moves import bankroll, next_hand, play_hand

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

expect.set_options(timeout=20_000)
BUY_IN, STACK = 100, 1_000


def create_late_tournament(host: Person) -> str:
    """Two players, late registration until the end of level 2; the page's path."""
    page = host.page
    page.goto("/tournaments/")
    form = page.locator("#create form")
    form.get_by_label("Tournament name").fill("Latecomers")
    form.get_by_label("Players (it starts when full)").fill("2")
    form.get_by_label("Buy-in (from your bankroll)").fill(str(BUY_IN))
    form.get_by_label("Starting stack").fill(str(STACK))
    form.get_by_label("Blind schedule").select_option("custom")
    form.get_by_label("Levels last").select_option("hands")
    form.get_by_label("Level length (blank: the preset's)").fill("50")
    form.get_by_label("My own levels (one a line: small/big or small/big/ante)").fill(
        "10/20\n20/40")
    form.get_by_label("Payout").select_option("winner-takes-all")
    form.get_by_label("Seconds to act").fill("120")  # nobody times out on a slow machine
    form.get_by_label("Late registration until the end of level (0: none)").fill("2")
    form.get_by_role("button", name="Create tournament").click()
    expect(page.locator("h1")).to_have_text("Latecomers")
    expect(page.locator("#tournament-options")).to_contain_text(
        "Late registration until level 2")
    return re.sub(r"^https?://[^/]+", "", page.url)


def test_a_guest_registers_late_and_is_dealt_in_at_the_next_hand(chromium, site):
    people = [Person(chromium, site, name) for name in ("late-ann", "late-bo", "late-cat")]
    try:
        for person in people:
            person.join_as_guest()
        path = create_late_tournament(people[0])
        first, second, late = people
        for person in (first, second):
            person.page.goto(path)
            person.page.get_by_role(
                "button", name=f"Register ({BUY_IN} from your bankroll)").click()
            expect(person.page.locator("ul.messages")).to_contain_text("You are registered")
        by_seat = {}
        # The first, waiting on the page, is taken to their seat; the second opens it.
        expect(first.page).to_have_url(re.compile(r"/tables/\d+/$"))
        second.page.goto(path)
        second.page.get_by_role("link", name="Open the table").click()
        for person in (first, second):
            expect(person.page.locator(".seat.me")).to_have_count(1)
            by_seat[int(person.page.locator(".seat.me").get_attribute("data-seat"))] = person
        watcher = first
        number = next_hand(watcher, 0)  # the first hand is being played

        late.page.goto(path)
        expect(late.page.locator("#tournament-level")).to_contain_text(
            "late registration open until the end of level 2")
        before = bankroll(late.page)
        late.page.get_by_role("button", name=f"Register late ({BUY_IN} from your bankroll, "
                              f"{STACK} chips)").click()
        expect(late.page.locator("ul.messages")).to_contain_text("You are registered")
        # A late entry is seated at once and taken to its seat (issue 40); its bankroll and
        # the prize pool are read back on the tournament's page.
        expect(late.page).to_have_url(re.compile(r"/tables/\d+/$"))
        late.page.goto(path)
        assert bankroll(late.page) == before - BUY_IN
        expect(late.page.locator("body")).to_contain_text("prize pool 300")
        late.page.goto(path)
        late.page.get_by_role("link", name="Open the table").click()
        expect(late.page.locator(".seat.me")).to_have_count(1)
        seat = int(late.page.locator(".seat.me").get_attribute("data-seat"))
        by_seat[seat] = late
        stakes = late.page.locator("#stakes")
        expect(stakes).to_contain_text("players 3/3")
        expect(stakes).to_contain_text("prize pool 300")
        expect(stakes).to_contain_text("Late registration until level 2")

        # Not in the hand being played; dealt in at the next one, with the starting stack.
        # (On a loaded machine the first hand may have ended by the clock, and the next been
        # dealt with the latecomer, before their page opened: then that hand is theirs.)
        on_show = late.view()["hand"]
        mine = next(s for s in late.view()["seats"] if s["number"] == seat)
        if on_show and mine["has_cards"] and not on_show["complete"]:
            dealt = on_show["number"]
        else:
            number = on_show["number"] if on_show else number
            play_hand(by_seat, watcher, number, None)
            dealt = late.page.wait_for_function(
                """n => { const t = window.pokerTable.view, h = t.hand;
                          if (!h || h.complete || h.number <= n) return null;
                          const me = t.seats.find(s => s.cards && s.cards.length === 2);
                          return me ? h.number : null; }""",
                arg=number, timeout=30_000,
            ).json_value()
            assert dealt == number + 1
        user_id = late.page.evaluate("() => window.pokerTable.view.you.user_id")
        started_with = site.run(
            "from games.models import HandPlayer\n"
            f"print(HandPlayer.objects.get(hand__table__tournament__name='Latecomers', "
            f"hand__number={dealt}, user_id={user_id}).starting_stack)"
        ).strip().splitlines()[-1]
        assert int(started_with) == STACK
        for person in people:
            assert not person.problems, f"{person.name}: {person.problems}"
    finally:
        for person in people:
            person.close()

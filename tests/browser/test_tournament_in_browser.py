"""A sit-and-go in Chromium (issue 24): four guests register from the tournament page, two
bust, the two left agree an ICM deal, and each one's bankroll shows what they won.

Everything a player does goes through the pages: the form that creates the tournament,
Register, the felt's action bar, Propose and Agree. Only the choice of who goes all in is
made with knowledge no player has: the test reads the live hand's deck from the site's own
database (``site.run``) and lets two players shove only when it knows the one with fewer
chips loses (a strictly weaker hand on the full board); everyone else folds. So each bust is
certain whatever the fair deck deals, and a hand with no such pair is folded away.
"""

import json
import re
from fractions import Fraction

import pytest
from playwright.sync_api import expect

from tests.browser.people import Person
from tests.browser.tournament_moves import bankroll, next_hand, play_hand

pytestmark = [pytest.mark.browser, pytest.mark.timeout(420)]

expect.set_options(timeout=20_000)
BUY_IN, STACK = 100, 1_000
PRIZES = [200, 120, 80]  # 50-30-20 of four buy-ins

PEEK = """
import json
from evaluator import evaluate
from games.engine import HandState
from games.engine.deal_order import board_positions
from games.models import Hand
state = HandState.from_dict(Hand.objects.get(table_id={table}, number={number}).state)
board = [state.deck[i] for i in board_positions(len(state.players))]
print(json.dumps({{p.seat: [evaluate([*p.hole, *board]).strength, p.starting_stack]
                  for p in state.players}}))
"""


def create_tournament(host: Person) -> str:
    """The host fills the lobby's form; returns the tournament page's path."""
    page = host.page
    page.goto("/tournaments/")
    form = page.locator("#create form")
    form.get_by_label("Tournament name").fill("Four friends")
    form.get_by_label("Players (it starts when full)").fill("4")
    form.get_by_label("Buy-in (from your bankroll)").fill(str(BUY_IN))
    form.get_by_label("Starting stack").fill(str(STACK))
    form.get_by_label("Blind schedule").select_option("custom")
    form.get_by_label("Levels last").select_option("hands")
    form.get_by_label("Level length (blank: the preset's)").fill("100")
    form.get_by_label("My own levels (one a line: small/big or small/big/ante)").fill("10/20")
    form.get_by_label("Payout").select_option("50-30-20")
    form.get_by_label("Seconds to act").fill("120")  # nobody times out on a slow machine
    form.get_by_role("button", name="Create tournament").click()
    expect(page.locator("h1")).to_have_text("Four friends")
    return re.sub(r"^https?://[^/]+", "", page.url)


def pair_that_busts(cards: dict[str, list[int]]) -> tuple[int, int] | None:
    """(winner, loser) seats: the loser's hand is strictly weaker and they began the hand
    with no more chips, so an all-in between them busts the loser; None if no pair does."""
    seats = sorted(cards, key=int)
    for winner in seats:
        for loser in seats:
            (w_value, w_chips), (l_value, l_chips) = cards[winner], cards[loser]
            if w_value > l_value and l_chips <= w_chips:
                return int(winner), int(loser)
    return None


def players_left(watcher: Person) -> int:
    return watcher.page.evaluate(
        "() => window.pokerTable.view.seats.filter(s => s.player && s.stack > 0).length"
    )


def test_four_guests_play_a_sit_and_go_to_an_icm_deal(chromium, site):
    people = [Person(chromium, site, name) for name in ("sng-ada", "sng-ben", "sng-cy", "sng-di")]
    try:
        for person in people:
            person.join_as_guest()
        path = create_tournament(people[0])
        before = {}
        for person in people:
            person.page.goto(path)
            before[person.name] = bankroll(person.page)
            register = f"Register ({BUY_IN} from your bankroll)"
            person.page.get_by_role("button", name=register).click()
            expect(person.page.locator("ul.messages")).to_contain_text("You are registered")
            if person is people[-1]:
                # The entry that filled it started it: taken to its seat (issue 40); its
                # bankroll is read back on the tournament's page.
                expect(person.page).to_have_url(re.compile(r"/tables/\d+/$"))
                person.page.goto(path)
            assert bankroll(person.page) == before[person.name] - BUY_IN
        # The fourth entry filled it: it has started. The three waiting on its page are
        # taken to their seats; the fourth opens the table from the page.
        for person in people[:-1]:
            expect(person.page).to_have_url(re.compile(r"/tables/\d+/$"))
        people[-1].page.goto(path)
        people[-1].page.get_by_role("link", name="Open the table").click()
        for person in people:
            expect(person.page.locator(".seat.me")).to_have_count(1)
        table_id = int(people[0].page.url.rstrip("/").split("/")[-1])
        by_seat = {
            int(person.page.locator(".seat.me").get_attribute("data-seat")): person
            for person in people
        }
        watcher = people[0]

        number, busted = 0, []
        while len(busted) < 2:
            number = next_hand(watcher, number)
            assert number < 30, "no two busts in 30 hands"
            cards = json.loads(site.run(PEEK.format(table=table_id, number=number))
                               .strip().splitlines()[-1])
            pair = pair_that_busts(cards)
            play_hand(by_seat, watcher, number, pair)
            if pair:
                busted.append(by_seat[pair[1]])
                watcher.page.wait_for_function(
                    "n => window.pokerTable.view.seats.filter(s => s.player && s.stack > 0)"
                    ".length === n", arg=4 - len(busted),
                )
        left = [p for p in people if p not in busted]
        assert players_left(watcher) == 2

        # A deal proposed during a hand is put to everyone when it ends: fold it away.
        proposer, other = left
        info = {p.name: p.context.new_page() for p in left}
        for person in left:
            info[person.name].goto(path)
        info[proposer.name].get_by_role("button", name="Propose an ICM deal").click()
        expect(info[proposer.name].locator("ul.messages")).to_contain_text("Deal proposed")
        live = watcher.page.evaluate(
            "() => { const h = window.pokerTable.view.hand;"
            " return h && !h.complete ? h.number : null; }")
        if live is not None:
            play_hand(by_seat, watcher, live, None)
        expect(watcher.page.locator("#stakes")).to_contain_text("a deal waits: 1 of 2 agreed")

        # The figures, exact: heads-up ICM pays second place to both, first by chips.
        rows = info[other.name]
        rows.reload()
        deal = rows.locator("#deal tbody tr")
        expect(deal).to_have_count(2)
        figures = {}
        for i in range(2):
            name, chips, value, pays, agreed = (
                deal.nth(i).locator("td").all_inner_texts()
            )
            figures[name] = (int(chips), Fraction(value), int(pays), agreed)
        total = sum(chips for chips, *_ in figures.values())
        assert total == 4 * STACK
        for name, (chips, value, pays, agreed) in figures.items():
            exact = PRIZES[1] + Fraction((PRIZES[0] - PRIZES[1]) * chips, total)
            assert abs(value - exact) <= Fraction(1, 200), name  # to two decimals
            assert abs(pays - exact) < 1, name
            assert agreed == ("yes" if name == proposer.name else "not yet")
        assert sum(pays for _, _, pays, _ in figures.values()) == PRIZES[0] + PRIZES[1]
        rows.get_by_role("button", name="Agree").click()
        expect(rows.locator("ul.messages")).to_contain_text("You agreed to the deal.")
        expect(rows.locator("#tournament-status")).to_contain_text("ended by a deal")

        # Every bankroll shows the buy-in gone and the prize come back.
        won = {name: pays for name, (_, _, pays, _) in figures.items()}
        won[busted[1].name], won[busted[0].name] = PRIZES[2], 0
        for person in people:
            person.page.goto(path)
            assert bankroll(person.page) == before[person.name] - BUY_IN + won[person.name]
            expect(person.page.locator("#my-bankroll")).to_contain_text(f"won {won[person.name]}")
        for person in people:
            assert not person.problems, f"{person.name}: {person.problems}"
    finally:
        for person in people:
            person.close()

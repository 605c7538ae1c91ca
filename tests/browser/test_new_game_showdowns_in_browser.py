"""The new games' showdowns on screen (issue 41), at 1366 and 375 px: a pot-limit Omaha
hi/lo pot split between a high and a low, and a short-deck flush beating a full house.

Each hand is dealt on the site's own database from a known deck (``site.run``) in the game
the table is set to, then checked down from the players' own pages; the log and the felt
both pages draw say who won which half with what, and which hand won in short deck. The
rotation through every game is tests/browser/test_dealers_choice_in_browser.py's.
"""

import json
import re

import pytest
from playwright.sync_api import expect

from tests.browser.people import Person, open_table, send

pytestmark = [pytest.mark.browser, pytest.mark.timeout(400)]

# Heads-up the deal starts left of the button: the guest's cards first, then the host's.
DEAL = """
import json
from django.db import transaction
from games import services
from games.engine.deal_order import deck_that_deals
from games.engine.cards import UNKNOWN
from games.engine.games import GAMES
from games.models import Table

game = GAMES["{game}"]
holes, board = {holes!r}, {board!r}
dealt = deck_that_deals(holes, board)
spares = iter([c for c in game.deck if c not in {{*dealt}}])
deck = [next(spares) if c == UNKNOWN else c for c in dealt] + list(spares)
with transaction.atomic():
    Table.objects.filter(pk={table_id}).update(status="open", game=game.code)
    hand = services.start_next_hand({table_id}, deck=deck)
    Table.objects.filter(pk={table_id}).update(status="paused")  # no hand after this one
print(json.dumps({{"hand": hand.number}}))
"""


def deal(site, people, table_id: int, game: str, holes, board) -> None:
    script = DEAL.format(game=game, holes=holes, board=board, table_id=table_id)
    number = json.loads(site.run(script).strip().splitlines()[-1])["hand"]
    for person in people:  # the shell's deal is not broadcast: the pages load it
        person.page.reload()
        person.page.wait_for_function(
            "n => { const v = window.pokerTable && window.pokerTable.view;"
            " return v && v.hand && v.hand.number === n; }", arg=number)


def check_down(people) -> None:
    """Whoever is to act checks (or calls), from their own page, until the hand is over;
    after each action both pages have its version before the next is chosen."""
    for _ in range(20):
        view = people[0].view()
        if view["hand"]["complete"]:
            break
        actor = next(p for p in people if p.view()["you"]["seat"] == view["hand"]["to_act"])
        actor.page.wait_for_function(
            "() => { const h = window.pokerTable.view.hand; return h.complete || h.legal; }")
        legal = actor.page.evaluate("window.pokerTable.view.hand.legal")
        send(actor, {"type": "act", "action": "check" if legal["check"] else "call"})
        for person in people:
            person.page.wait_for_function("v => window.pokerTable.view.version > v",
                                          arg=view["version"])
    expect(people[0].page.locator("#log")).to_contain_text("wins")


@pytest.mark.parametrize("width", [1366, 375])
def test_a_hi_lo_split_and_a_short_deck_flush_over_a_full_house_on_screen(chromium, site, width):
    host = Person(chromium, site, f"ng{width}h")
    guest = Person(chromium, site, f"ng{width}g")
    people = (host, guest)
    try:
        open_table(f"New games {width}", host, guest, host_panel=True, wait_for_start=True)
        for person in people:
            person.page.set_viewport_size({"width": width, "height": 860})
        table_id = int(re.search(r"/tables/(\d+)", host.page.url).group(1))

        # Omaha hi/lo: the guest's kings take the high half, the host's A-2 the low half.
        deal(site, people, table_id, "PO/8", [["Kc", "Kd", "Jh", "Td"], ["As", "2d", "7c", "9h"]],
             ["3s", "4d", "8c", "Ks", "Qh"])
        check_down(people)
        for person in people:
            log = person.page.locator("#log")
            expect(log).to_contain_text(f"{guest.name} wins")
            expect(log).to_contain_text("high half")
            expect(log).to_contain_text(f"{host.name} wins")
            expect(log).to_contain_text("low half of the pot with an 8-4-3-2-A low")
            expect(person.page.locator("#felt")).to_contain_text("8-4-3-2-A low")
            expect(person.page.locator("#stakes")).to_contain_text("Pot-limit Omaha hi/lo")

        # Short deck: ace-king of hearts makes a flush, nines make a full house; the flush
        # wins. (The button moved: whoever is dealt which hand, the log says.)
        deal(site, people, table_id, "NS", [["9s", "9d"], ["Ah", "Kh"]],
             ["9c", "6c", "6h", "Th", "7h"])
        for person in people:
            expect(person.page.locator(".seat.me .hole .card[data-card]")).to_have_count(2)
        check_down(people)
        for person in people:
            log = person.page.locator("#log")
            expect(log).to_contain_text("wins 4 from the pot with a flush, ace-king-ten-seven-six")
            text = log.inner_text()
            full_house = re.search(r"(\S+) shows 9♠ 9♦ \(Full house", text)
            flush = re.search(r"(\S+) wins 4 from the pot with a flush", text)
            assert full_house and flush and full_house.group(1) != flush.group(1), text
            expect(person.page.locator("#stakes")).to_contain_text("short-deck")
        for person in people:
            assert not person.problems, person.problems
    finally:
        for person in people:
            person.close()

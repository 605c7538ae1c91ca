""""Show cards" in Chromium: the host on the button raises with 7-2, the guest folds king-jack;
the host's page offers "Show cards", the host clicks it, and the guest's page turns the
host's cards up on the felt, with the show in the hand's log. At 1366 and 375 px.

The hand is dealt on the site's own database with a known deck (``site.run``), then played
from the pages; the table is paused so that no next deal ends the chance to show.
"""

import json
import re

import pytest
from playwright.sync_api import expect

from tests.browser.people import Person, open_table, send

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

DEAL = """
import json
from django.contrib.auth.models import User
from django.db import transaction
from games import services
from games.models import Table
from games.services import hosting
from tests.engine.helpers import stacked_deck

host = User.objects.get(username="{host}")
with transaction.atomic():
    table = Table.objects.select_for_update().get(pk={table_id})
    Table.objects.filter(pk=table.pk).update(status="open")
    hand = services.start_next_hand(table.pk, deck=stacked_deck(["KhJd", "7c2d"], "7s2s9hTc4c"))
    hosting.pause(table.pk, host)  # this hand plays out; no other is dealt after it
print(json.dumps({{"hand": hand.number}}))
"""


@pytest.mark.parametrize("width", [1366, 375])
def test_the_winner_shows_their_cards_and_the_other_player_sees_them(chromium, site, width):
    host = Person(chromium, site, f"show{width}h")
    guest = Person(chromium, site, f"show{width}g")
    people = (host, guest)
    try:
        open_table(f"Show game {width}", host, guest, host_panel=True, wait_for_start=True)
        for person in people:
            person.page.set_viewport_size({"width": width, "height": 860})
        table_id = int(re.search(r"/tables/(\d+)", host.page.url).group(1))
        dealt = site.run(DEAL.format(table_id=table_id, host=host.name))
        number = json.loads(dealt.strip().splitlines()[-1])["hand"]
        for person in people:  # the shell's deal is not broadcast: the pages load it
            person.page.reload()
            person.page.wait_for_function(
                "n => { const v = window.pokerTable && window.pokerTable.view;"
                " return v && v.hand && v.hand.number === n && v.hand.legal !== undefined; }",
                arg=number)
        host.page.wait_for_function("() => Boolean(window.pokerTable.view.hand.legal)")
        send(host, {"type": "act", "action": "raise", "amount": 6})
        guest.page.wait_for_function(
            "() => { const h = window.pokerTable.view.hand; return h && h.legal && h.legal.fold; }")
        guest.page.get_by_role("button", name="Fold").click()
        show = host.page.get_by_role("button", name="Show cards")
        expect(show).to_be_visible()
        expect(guest.page.get_by_role("button", name="Show cards")).to_have_count(0)
        seat = host.page.locator(".seat.me").get_attribute("data-seat")
        shown = guest.page.locator(f"#felt .seat[data-seat='{seat}'] .hole .card[data-card]")
        expect(shown).to_have_count(0)  # face down: the guest does not see them yet
        show.click()
        expect(shown).to_have_count(2)
        assert sorted(shown.evaluate_all("cards => cards.map(c => c.dataset.card)")) == [
            "2d", "7c"]
        expect(guest.page.locator("#log")).to_contain_text(f"{host.name} shows")
        expect(show).to_have_count(0)  # shown once: the offer is gone
        for person in people:
            assert not person.problems, person.problems
    finally:
        for person in people:
            person.close()

"""A bust is told once the run-out's river is out, never before: the busted player's page does
not say "You are out of chips" nor offer "Rebuy" while the flop and turn are being revealed.

The hand is dealt on the site's own database with one known deck (``site.run``); the players
then act from their pages, so the pages see the all-in and the run-out live. Heads-up with
150 each, the host on the button shoves 7-2 and the guest calls with king-jack; the board
7s 2s 9h Tc 4c gives the host two pair, and the guest is out of chips.
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

# Every drawing of the page, from now on: how many board cards, the status line, "Rebuy".
RECORD = """() => {
  window.drawn = [];
  const look = () => {
    const line = document.getElementById("status-line");
    const chips = document.getElementById("add-chips");
    window.drawn.push({
      board: document.querySelectorAll("#felt .board .card[data-card]").length,
      status: line ? line.textContent : "",
      rebuy: Boolean(chips && !chips.hidden && chips.textContent === "Rebuy"),
      busted: document.querySelectorAll("#felt .seat.busted").length,
    });
  };
  new MutationObserver(look).observe(document.body,
    { subtree: true, childList: true, characterData: true, attributes: true });
  look();
}"""


@pytest.mark.parametrize("width", [1366, 375])
def test_the_busted_player_is_told_after_the_river_not_on_the_flop(chromium, site, width):
    host = Person(chromium, site, f"bust{width}h")
    guest = Person(chromium, site, f"bust{width}g")
    people = (host, guest)
    try:
        open_table(f"Bust game {width}", host, guest, host_panel=True, wait_for_start=True)
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
        guest.page.evaluate(RECORD)
        send(host, {"type": "act", "action": "all_in"})
        guest.page.wait_for_function(
            "() => { const h = window.pokerTable.view.hand; return h && h.legal && h.legal.call; }")
        send(guest, {"type": "act", "action": "call"})
        expect(guest.page.locator("#felt .board .card[data-card]")).to_have_count(5)
        expect(guest.page.locator("#status-line")).to_contain_text("You are out of chips")
        expect(guest.page.locator("#add-chips")).to_have_text("Rebuy")
        drawn = guest.page.evaluate("window.drawn")
        revealing = [d for d in drawn if 3 <= d["board"] < 5]
        assert revealing, drawn  # the flop and turn were shown on their own
        assert [d for d in revealing if "out of chips" in d["status"] or d["rebuy"]
                or d["busted"]] == []
        for person in people:
            assert not person.problems, person.problems
    finally:
        for person in people:
            person.close()

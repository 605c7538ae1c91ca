"""An all-in run-out in Chromium: while the page reveals the board street by street it draws
each seat's stack as the server sent it before the pots were paid (``stack_before_result``),
never a stack it worked out by taking the winnings off.

The hand is dealt and played on the site's own database (``site.run``), with the 7-2 bounty
on: the host, on the button and down to 100 chips, goes all-in preflop with 7-2 and the
guest calls with king-jack; the host's sevens and deuces win the pot and the bounty. The
pages load the finished hand; the page's own ``stagedView`` (static/js/runout.js) gives the
felt as it stood on the flop, and the felt shows the end. Taking the pot off the final stacks
would be wrong twice here: the bounty moved chips too.
"""

import json
import re

import pytest
from playwright.sync_api import expect

from tests.browser.people import Person, open_table

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

# Heads-up, the button is seat 1 (the host): the cards go to seat 2, then seat 1.
PLAY = """
import json
from django.contrib.auth.models import User
from django.db import transaction
from games import services
from games.models import Table
from games.services import hosting
from tests.engine.helpers import stacked_deck

host, guest = User.objects.get(username="{host}"), User.objects.get(username="{guest}")
hosting.adjust_stack({table_id}, host, 1, -50, "a shorter stack for the test")
with transaction.atomic():
    table = Table.objects.select_for_update().get(pk={table_id})
    Table.objects.filter(pk=table.pk).update(status="open", seven_deuce_big_blinds=5)
    hand = services.start_next_hand(table.pk, deck=stacked_deck(["KhJd", "7c2d"], "7s2s9hTc4c"))
    hosting.pause(table.pk, host)  # this hand plays out; no other is dealt after it
services.act(table.pk, host, "all_in", None, Table.objects.get(pk=table.pk).version)
services.act(table.pk, guest, "call", None, Table.objects.get(pk=table.pk).version)
print(json.dumps({{"hand": hand.number}}))
"""

STAGED = """async () => {
  const url = performance.getEntriesByType("resource").map((e) => e.name)
    .find((name) => /\\/runout[^/]*\\.js/.test(name));
  const { stagedView } = await import(url);
  const view = window.pokerTable.view;
  const flop = stagedView(view, 3);
  return { board: flop.hand.board.length, seats: flop.seats.map((s) => [s.number, s.stack]) };
}"""


def test_a_run_out_shows_the_stacks_the_server_sent_for_before_the_result(chromium, site):
    host, guest = Person(chromium, site, "jsrohost"), Person(chromium, site, "jsroguest")
    people = (host, guest)
    try:
        # Each bought in for 150.
        open_table("Run-out game", host, guest, host_panel=True, wait_for_start=True)
        table_id = int(re.search(r"/tables/(\d+)", host.page.url).group(1))
        played = site.run(PLAY.format(table_id=table_id, host=host.name, guest=guest.name))
        number = json.loads(played.strip().splitlines()[-1])["hand"]
        for person in people:  # the shell's hand is not broadcast: the pages load it
            person.page.reload()
            person.page.wait_for_function(
                "n => { const v = window.pokerTable && window.pokerTable.view;"
                " return v && v.hand && v.hand.number === n && v.hand.complete; }", arg=number)
        view = guest.view()
        seats = {s["number"]: s for s in view["seats"]}
        # Counted by hand: the host all-in for 100, called; before the result 0 and 50 left.
        # Then the host wins the pot of 200 and the guest pays the bounty of 10: 210 and 40.
        assert {n: (s["stack"], s["stack_before_result"]) for n, s in seats.items()} == {
            1: (210, 0), 2: (40, 50)}
        staged = guest.page.evaluate(STAGED)
        assert staged == {"board": 3, "seats": [[1, 0], [2, 50]]}
        # The felt of the finished hand, as loaded.
        expect(guest.page.locator("#felt .seat[data-seat='1']")).to_have_attribute(
            "data-stack", "210")
        for person in people:
            assert not person.problems, person.problems
    finally:
        for person in people:
            person.close()

"""The 7-2 bounty in Chromium: the host turns it on from the host panel (told in the log),
the hand is dealt from a known deck on the site's own database (``site.run``: the host's
7-2 against a king-jack), both players check it down in their browsers, and the felt and
the log show the bounty paid and the stacks after it."""

import json
import re

import pytest
from playwright.sync_api import expect

from tests.browser.people import Person, open_table, to_act

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

# Heads-up, the first button is seat 1 (the host): the cards go to seat 2, then seat 1.
# The host's 7c 2d make sevens and deuces on this board; the guest's Kh Jd a king high.
DEAL = """
import json
from django.db import transaction
from games import services
from games.models import Table
from games.services import hosting
from tests.engine.helpers import stacked_deck

with transaction.atomic():
    table = Table.objects.select_for_update().get(pk={table_id})
    Table.objects.filter(pk=table.pk).update(status="open")
    hand = services.start_next_hand(table.pk, deck=stacked_deck(["KhJd", "7c2d"], "7s2s9hTc4c"))
    hosting.pause(table.pk, table.host)  # this hand plays out; no other is dealt after it
print(json.dumps({{"hand": hand.number, "bounty": hand.state.get("bounty", 0)}}))
"""


def test_a_host_turns_the_bounty_on_and_a_seven_deuce_collects_it_on_the_felt(chromium, site):
    host, guest = Person(chromium, site, "sdhost"), Person(chromium, site, "sdguest")
    people = (host, guest)
    try:
        open_table("Seven-deuce game", host, guest, host_panel=True, wait_for_start=True)
        form = host.page.locator("#host-panel form.host-settings")
        form.locator("input[name=seven_deuce_big_blinds]").fill("5")
        form.get_by_role("button", name="Save settings").click()
        for person in people:
            expect(person.page.locator("#log")).to_contain_text(
                "sdhost (host) changed the table from the next hand: 7-2 bounty: 5 big blinds "
                "(hold'em hands).")
        table_id = int(re.search(r"/tables/(\d+)", host.page.url).group(1))
        dealt = json.loads(site.run(DEAL.format(table_id=table_id)).strip().splitlines()[-1])
        assert dealt["bounty"] == 10  # 5 big blinds of 2
        for person in people:  # the shell's deal is not broadcast: the pages load it
            person.page.reload()
            person.page.wait_for_function(
                "n => { const v = window.pokerTable && window.pokerTable.view;"
                " return v && v.hand && v.hand.number === n; }", arg=dealt["hand"])
            expect(person.page.locator("#felt [data-role=bounty-on]")).to_have_text(
                "7-2 bounty 10")
        # Checked down in the browsers: the button calls, then every street is checked.
        while True:
            actor = to_act(people)
            bar = actor.page.locator("#action-bar")
            button = bar.locator("button.act.check:not([disabled])")
            if button.count() == 0:
                button = bar.locator("button.act.call:not([disabled])")
            before = actor.view()["version"]
            button.click()
            # Heads-up the big blind acts first after the flop: wait for the answer's version.
            actor.page.wait_for_function("v => window.pokerTable.view.version > v", arg=before)
            if actor.view()["hand"]["complete"]:
                break
        # Counted by hand: each bought in for 150 and put in 2; the host wins the pot of 4
        # (152) and the bounty of 10 from the guest: 162 and 138.
        for person in people:
            person.page.wait_for_function(
                "() => window.pokerTable.view.hand && window.pokerTable.view.hand.complete")
            felt = person.page.locator("#felt")
            paid = felt.locator(".results li[data-role=bounty]")
            expect(paid).to_have_count(1)
            expect(paid).to_have_text("sdguest pays sdhost 10 (7-2 bounty)")
            expect(paid).to_have_attribute("data-amount", "10")
            expect(felt.locator(".seat[data-seat='1'] .stack")).to_have_text("162")
            expect(felt.locator(".seat[data-seat='2'] .stack")).to_have_text("138")
            expect(person.page.locator("#log")).to_contain_text(
                "sdguest pays sdhost 10 (7-2 bounty)")
        assert not host.problems and not guest.problems
    finally:
        for person in people:
            person.close()

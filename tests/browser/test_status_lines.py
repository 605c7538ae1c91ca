"""One status line per viewer state, computed by the server (games/viewer_status.py) and
drawn by the page, at a laptop's 1366 px and a phone's 375 px.

Nine tables are set up on the site's own database (``site.run``), one per state of the same
viewer (viola): seated in a hand, sitting out, busted (with the rebuy countdown), waiting
for the host's approval, waiting for Start, paused, closing (closed during a hand), closed,
and watching. Each line must be the server's, whole on screen, and the page must not offer
what the state rules out (a seat to someone waiting for approval, "Sit here" at a closed
table, "Waits for BB" before the first hand).
"""

import json
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import log_in

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

SETUP = """
import json
from games import services
from games.models import Table
from games.services import hosting
from tests.games.conftest import make_user

viola, oscar, olga = (make_user(n) for n in ("viola", "oscar", "olga"))

def table(name, host=oscar, **extra):
    return hosting.create_table(host, name=name, small_blind=1, big_blind=2, min_buy_in=40,
                                max_buy_in=200, max_seats=6, action_seconds=300, **extra)

def pair(t, first=oscar, second=viola):  # heads-up, seat 1 acts first: oscar's turn
    services.sit(t.id, first, 1, 200)
    services.sit(t.id, second, 2, 200)

ids = {}
t = table("Seated"); pair(t); services.start_next_hand(t.id); ids["seated"] = t.id
t = table("Sitting out"); pair(t); services.set_sitting_out(t.id, viola, True)
ids["sitting_out"] = t.id
t = table("Busted", wait_for_start=True); pair(t)
hosting.adjust_stack(t.id, oscar, 2, -200, "lost it all at the bar"); ids["busted"] = t.id
t = table("Approval", needs_approval=True); services.sit(t.id, oscar, 2, 200)
hosting.pause(t.id, oscar); services.sit(t.id, viola, 4, 100); ids["waiting_approval"] = t.id
t = table("Start", wait_for_start=True); pair(t); ids["waiting_start"] = t.id
t = table("Paused"); pair(t); services.start_next_hand(t.id); hosting.pause(t.id, oscar)
ids["paused"] = t.id
t = table("Closing"); pair(t); services.start_next_hand(t.id); hosting.close(t.id, oscar)
ids["closing"] = t.id
t = table("Closed", wait_for_start=True); pair(t); hosting.close(t.id, oscar)
ids["closed"] = t.id
t = table("Watching"); pair(t, oscar, olga); services.start_next_hand(t.id)
ids["spectator"] = t.id
print(json.dumps(ids))
"""

# What each state's line says (the server's words), and what the banner says.
EXPECTED = {
    "seated": (r"You are in this hand\.", None),
    "sitting_out": (r"You are sitting out\. Sit back in", None),
    # Before the first hand (the table waits for Start: nothing is dealt while it is set up).
    "busted": (r"You are out of chips: rebuy within \d+ s to keep your seat\.",
               "Waiting for the host to start the game."),
    "waiting_approval": (
        r"You asked for seat 4: you sit down when the host lets you in\.",
        r"Waiting for the host to start the game\..*You asked for seat 4",
    ),
    "waiting_start": (r"you are dealt in when the host starts the game", "Waiting for the host"),
    "paused": (r"You are seated\. The game is paused", "The game is paused"),
    "closing": (r"The table is closing: after this hand your stack goes back",
                "The table is closing: this hand plays to its end"),
    "closed": (r"This table is closed", "This table is closed"),
    "spectator": (r"You are watching\. Pick an empty seat to play\.", None),
}


@pytest.fixture(scope="module")
def tables(site):
    return json.loads(site.run(SETUP).strip().splitlines()[-1])


@pytest.mark.parametrize("width", [1366, 375])
def test_every_viewer_state_has_its_own_line_from_the_server(chromium, site, tables, width):
    context = chromium.new_context(
        viewport={"width": width, "height": 860 if width > 600 else 812}, base_url=site.url
    )
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    try:
        log_in(page, "viola")
        for state, (line, banner) in EXPECTED.items():
            page.goto(f"/tables/{tables[state]}/")
            status = page.locator("#status-line")
            expect(status).to_have_attribute("data-state", state)
            expect(status).to_have_text(re.compile(line))
            server = page.evaluate("window.pokerTable.view.viewer")
            assert server["state"] == state
            # The line is the server's, drawn whole: nothing cut off at this width. Scrolled
            # to in one step in the page: a busted player's line is drawn anew each second
            # (its countdown), and Playwright's scroll can find the element it located gone.
            page.evaluate(
                "document.getElementById('status-line').scrollIntoView({block: 'nearest'})"
            )
            expect(status).to_be_in_viewport()
            assert page.evaluate(
                "() => { const e = document.getElementById('status-line');"
                " return e.scrollWidth <= e.clientWidth + 1; }"
            ), f"{state}: the line is cut at {width} px"
            table_banner = page.locator("#table-banner")
            if banner:
                expect(table_banner).to_be_visible()
                expect(table_banner).to_contain_text(re.compile(banner))
            else:
                expect(table_banner).to_be_hidden()
            sit_here = page.locator("button.sit-here, button.sit-here-small")
            if state in ("spectator",):
                expect(sit_here.first).to_be_visible()
            else:  # seated, asked, or a closed table: no chair is offered
                expect(sit_here).to_have_count(0)
            if state == "waiting_approval":
                expect(page.locator("#status-line")).not_to_contain_text("Pick an empty seat")
            if state == "waiting_start":
                # Everyone is dealt in at the first hand: nobody "waits for the big blind",
                # and the felt says what the banner says.
                expect(page.locator(".seat .status", has_text="Waits for BB")).to_have_count(0)
                expect(page.locator('[data-role="between-hands"]')).to_have_text(
                    "Waiting for the host to start the game."
                )
            if state == "busted":
                first = int(re.search(r"within (\d+) s", status.inner_text()).group(1))
                page.wait_for_function(
                    "n => { const m = /within (\\d+) s/.exec("
                    "document.getElementById('status-line').textContent);"
                    " return m && Number(m[1]) < n; }",
                    arg=first,
                    timeout=10_000,
                )
    finally:
        context.close()
    assert not problems, problems

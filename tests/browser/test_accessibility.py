"""axe-core, the accessibility checker of browsers' developer tools, run in Chromium on the
main pages: no serious or critical violation on the lobby, the tournaments' lobby and a
tournament's page (registering, and running with its table), the learn pages (lessons, a
drill and its verdict, the progress dashboard included), My hands (and a
hand's replayer), practice (its form and a practice table being dealt) and a table during a
hand, seen by a player (with a note of theirs on a seat) and by a spectator; the player's
settings page.

axe-core comes from the npm registry (package.json, package-lock.json); ``make test``
installs it with ``npm ci`` (``make node-tools``) before the tests run.
"""

import json

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import log_in
from tests.servers import ROOT

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")

SETUP = """
import json, random
from games import services
from games.engine import FULL_DECK
from games.models import Table
from tests.games.conftest import make_user
from tests.history.conftest import play_to_the_end

ada, ben, cy = (make_user(n) for n in ("ada", "ben", "cy"))
done = Table.objects.create(name="Played", small_blind=1, big_blind=2, min_buy_in=40,
                            max_buy_in=200, max_seats=6)
services.sit(done.id, ada, 1, 200)
services.sit(done.id, ben, 2, 200)
deck = list(FULL_DECK)
random.Random(5).shuffle(deck)
hand = services.start_next_hand(done.id, deck=deck)
play_to_the_end(done, [ada, ben], hand, lambda legal: ("call" if legal.call else "check",))
done.refresh_from_db()
done.status = "paused"
done.save()
live = Table.objects.create(name="A hand on", small_blind=1, big_blind=2, min_buy_in=40,
                            max_buy_in=200, max_seats=6, action_seconds=300)
services.sit(live.id, ben, 1, 200)
services.sit(live.id, ada, 2, 200)
services.sit(live.id, cy, 3, 200)
services.start_next_hand(live.id)
# Ben (the button, first to act three-handed) folds: a dimmed seat is checked too.
services.act(live.id, ben, "fold", None, Table.objects.get(pk=live.id).version)
from games.services import tournaments
from tests.games.tournament_helpers import sng
dan = make_user("dan")
# Ada's private note on cy: its tag and line on cy's seat are checked at the table too.
from games.models import PlayerNote
PlayerNote.objects.create(author=ada, target=cy, text="Calls too much", colour="red")
waiting = sng(ada, name="Registering cup")
tournaments.register(waiting.id, ben)
running = sng(ada, name="Running cup", max_players=2, payout="winner-takes-all")
tournaments.register(running.id, cy)
tournaments.register(running.id, dan)
running.refresh_from_db()
print(json.dumps({"hand": hand.id, "live": live.id, "waiting": waiting.id,
                  "running": running.id, "running_table": running.table_id}))
"""


@pytest.fixture(scope="module")
def setup(site):
    return json.loads(site.run(SETUP).strip().splitlines()[-1])


def violations(page) -> list[dict]:
    """axe-core's serious and critical violations on the page as it stands (the contexts
    bypass the site's Content Security Policy, which rightly refuses an injected script)."""
    assert AXE.exists(), f"{AXE} is missing: `make node-tools` installs axe-core (npm ci)"
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ["violations"]})).violations
            .map((v) => ({id: v.id, impact: v.impact, help: v.help,
                          nodes: v.nodes.slice(0, 5)
                            .map((n) => `${n.target.join(" ")}: ${n.failureSummary}`)}))"""
    )
    return [v for v in found if v["impact"] in BLOCKING]


def check(page, path, found, ready=None):
    """Open ``path`` (waiting for ``ready`` to show) and note its violations in ``found``."""
    page.goto(path)
    if ready:
        expect(page.locator(ready).first).to_be_visible(timeout=20_000)
    problems = violations(page)
    if problems:
        found[f"{path} ({page.viewport_size['width']} px)"] = problems


@pytest.mark.parametrize("width", [1366, 375])
def test_axe_finds_nothing_serious_on_the_main_pages(chromium, site, setup, width):
    viewport = {"width": width, "height": 860 if width > 600 else 812}
    context = chromium.new_context(viewport=viewport, base_url=site.url, bypass_csp=True)
    page = context.new_page()
    found: dict[str, list] = {}
    try:
        for path in ("/", "/learn/", "/learn/odds/", "/learn/quiz/", "/learn/ranges/",
                     "/learn/lessons/", "/learn/lessons/position/", "/learn/drills/outs/",
                     "/learn/drills/showdown/", "/learn/progress/"):
            check(page, path, found)
        log_in(page, "ada")
        # A drill's verdict (the feedback and the review note) and the dashboard with a score.
        page.goto("/learn/drills/showdown/")
        page.get_by_role("button", name="Split pot").click()
        expect(page.locator("#verdict")).to_be_visible()
        if problems := violations(page):
            found[f"a drill's verdict ({width} px)"] = problems
        check(page, "/learn/progress/", found)
        check(page, "/", found)
        check(page, "/hands/", found)
        check(page, f"/hands/{setup['hand']}/", found, ready=".felt .seat")
        check(page, "/practice/", found)
        check(page, "/settings/", found)
        # Tournaments: the list, one registering (ada is its host), one running.
        check(page, "/tournaments/", found)
        check(page, f"/tournaments/{setup['waiting']}/", found)
        check(page, f"/tournaments/{setup['running']}/", found)
        # A table during a hand, as a player (cards, actions) and below as a watcher.
        check(page, f"/tables/{setup['live']}/", found, ready="[data-role=note]")
        page.goto("/practice/")
        page.get_by_role("button", name="Deal me in").click()
        expect(page.locator(".seat.me .hole .card").first).to_be_visible(timeout=30_000)
        if problems := violations(page):
            found[f"a practice table ({width} px)"] = problems
    finally:
        context.close()
    spectator = chromium.new_context(viewport=viewport, base_url=site.url, bypass_csp=True)
    page = spectator.new_page()
    try:
        page.goto("/guest/")
        page.get_by_label("Nickname").fill(f"watcher{width}")
        page.get_by_role("button", name="Play").click()
        check(page, f"/tables/{setup['live']}/", found, ready=".seat .hole .card")
        check(page, f"/tournaments/{setup['running']}/", found)
        check(page, f"/tables/{setup['running_table']}/", found, ready=".seat")
    finally:
        spectator.close()
    assert found == {}, json.dumps(found, indent=1)

"""A long nine-way hand at a table whose host changed its settings twenty times, watched in
Chromium on a laptop and on a phone, under `make run`'s own server command (the browser
site's, tests/browser/conftest.py): the pages follow it to the end without a reconnect, and
their log holds every row of the hand.

Before frames carried only what changed, such a hand passed daphne's 16 KB limit: the felt
froze, every page's socket closed and reconnected each second, and players timed out.
"""

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor

import pytest
from playwright.sync_api import expect

from tests.browser.people import Person
from tests.games.live import LiveSocket
from tests.games.test_long_hand_live import PLAYERS, RAISES, play_the_hand

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

LAPTOP = {"width": 1366, "height": 860}
PHONE = {"width": 375, "height": 812}
READ_LIMIT = 16384

# Nine players with deep stacks at a paused table (the host resumes it once the pages are
# open, so they see the hand from its deal), twenty notices, and each player's session key.
SETUP = """
import json
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from games import services
from games.models import Table
from games.services import hosting
from tests.games.conftest import make_user

def session_key(user):
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return session.session_key

table = Table.objects.create(name="Long night %(width)s", small_blind=1, big_blind=2,
                             min_buy_in=40, max_buy_in=1000, max_seats=%(players)s,
                             status=Table.Status.PAUSED, action_seconds=120)
users = [make_user(f"long%(width)s_{i}") for i in range(%(players)s)]
table.host = users[0]
table.save(update_fields=["host"])
for number, user in enumerate(users, start=1):
    services.sit(table.id, user, number, 1000)
for change in range(20):
    hosting.update_settings(table.id, users[0], {"action_seconds": 100 + change})
print(json.dumps({"table": table.id, "keys": [session_key(u) for u in users]}))
"""

# Counts the page's socket closes: a frame the server cannot send closes the socket.
COUNT_CLOSES = """(() => {
  window.socketCloses = 0;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("close", () => { window.socketCloses += 1; });
    }
  };
})();"""

# The page has drawn the end of hand 1 (or already the next deal).
HAND_ONE_OVER = """() => {
  const hand = window.pokerTable.view && window.pokerTable.view.hand;
  return Boolean(hand && (hand.number > 1 || hand.complete));
}"""

# The kinds of the rows the page's log shows under "Hand #1".
HAND_ONE_ROWS = """() => {
  const rows = [];
  let inHand = false;
  for (const item of document.querySelectorAll("#log li")) {
    if (item.classList.contains("hand-head")) inHand = item.textContent === "Hand #1";
    else if (inHand && item.dataset.kind !== "notice") rows.push(item.dataset.kind);
  }
  return rows;
}"""


async def play(base: str, table_id: int, keys: list[str]) -> list[str]:
    """Every player's socket; the host resumes the table, the clock deals, and the hand is
    played through (``play_the_hand``). The kinds of the hand's rows, as a socket put its
    log together."""
    sockets = [await LiveSocket.open(base, table_id, key) for key in keys]
    await sockets[0].send({"type": "host", "control": "resume"})
    for socket in sockets:
        await socket.receive_until(
            lambda f: f.get("table", {}).get("hand") is not None, timeout=30
        )
    await play_the_hand(sockets, dict(enumerate(sockets, start=1)))
    log = [row["kind"] for row in sockets[1].table["log"]]
    for socket in sockets:
        await socket.close()
    return log


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["1366", "375"])
def test_a_long_nine_way_hand_reaches_every_page_to_the_end(chromium, site, viewport):
    width = viewport["width"]
    printed = site.run(SETUP % {"width": width, "players": PLAYERS})
    made = json.loads(printed.strip().splitlines()[-1])
    table_id, keys = made["table"], made["keys"]
    watcher = Person(chromium, site, f"watch{width}")
    player = Person(chromium, site, f"seat1_{width}")
    try:
        watcher.join_as_guest()
        player.context.add_cookies(
            [{"name": "sessionid", "value": keys[0], "url": site.url}]
        )
        for person in (watcher, player):
            person.context.add_init_script(COUNT_CLOSES)
            person.page.set_viewport_size(viewport)
            person.page.goto(f"/tables/{table_id}/")
            expect(person.page.locator("#poker")).to_have_attribute("data-state", "open")
        base = site.url.removeprefix("http://")
        # Playwright's own loop runs in this thread: the players' sockets get one of theirs.
        with ThreadPoolExecutor(1) as players:
            log = players.submit(asyncio.run, play(base, table_id, keys)).result()
        assert len(log) > RAISES + 3 * PLAYERS
        for person in (watcher, player):
            # The page's own log holds the hand's every row (seat 1 sees its own cards in
            # its "dealt" row; nobody else's).
            expect(person.page.locator("#log li.hand-head").first).to_have_text("Hand #1")
            person.page.wait_for_function(HAND_ONE_OVER)
            assert person.page.evaluate(HAND_ONE_ROWS) == log
            assert person.page.evaluate("window.socketCloses") == 0
            sizes = [len(json.dumps(f)) for f in person.frames if f.get("type") == "update"]
            assert sizes and max(sizes) < READ_LIMIT, max(sizes)
            assert person.problems == []
    finally:
        watcher.close()
        player.close()

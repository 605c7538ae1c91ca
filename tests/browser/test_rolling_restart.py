"""A deployment that runs: the production stack of ``deploy/`` on this machine (nginx with TLS
in front of two uvicorn web processes with TABLE_CLOCK=off, one ``runclock`` process,
PostgreSQL and Redis, DEBUG=0; ``deploy/stack.py``), two guests playing a hand in Chromium
through the proxy, and a rolling restart of the web processes in the middle of the hand.

Each web process in turn gets SIGTERM (what ``systemctl restart`` sends), closes its sockets
with 1012 and is started again on its port; the pages reconnect through the proxy to the
other process, resync, and play on. The hand ends on both pages, every action clicked after
a restart is in the database, none timed out, and no chip was made or lost.
"""

import json
import os
import urllib.error
import urllib.request

import pytest
from playwright.sync_api import expect

from deploy.stack import running_stack
from tests.browser.people import (
    Person,
    check_or_call,
    wait_for_new_hand,
    whose_turn,
)
from tests.servers import start_seconds

pytestmark = [pytest.mark.services, pytest.mark.browser, pytest.mark.timeout(900)]

# Every socket a page opens records how it was closed, so the test can see the 1012 of a
# restart arrive through the proxy, and counts the snapshots it receives, so the test can
# tell a socket that answers from one whose process has gone but whose close the page has
# not read yet (a click sent there is lost).
RECORD_CLOSE_CODES = """
(() => {
  const Native = window.WebSocket;
  window.closeCodes = [];
  window.snapshots = 0;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("close", (event) => window.closeCodes.push(event.code));
      this.addEventListener("message", (event) => {
        if (event.data.startsWith('{"type":"snapshot"')) {
          window.snapshots += 1;
          window.snapshotSocket = this;
        }
      });
    }
  };
})();
"""
ASK_FOR_A_SNAPSHOT = (
    "() => { window.pokerTable.socket.send({type: 'sync'}); return window.snapshots; }"
)
# A snapshot came after ``n`` through the socket the page now sends on, and it is open: a
# sync answered, or the snapshot a new connection gets.
ANSWERING = """(n) => {
  const s = window.pokerTable.socket.socket;
  return window.snapshots > n && window.snapshotSocket === s && s.readyState === 1;
}"""
ROOM = """
import json
from django.db.models import Sum
from games.models import Hand, LedgerEntry, Player, Seat

hand = Hand.objects.get(number={number})
issued = LedgerEntry.objects.filter(kind__in=LedgerEntry.ISSUING).aggregate(t=Sum("amount"))
bankrolls = Player.objects.aggregate(t=Sum("bankroll"))["t"] or 0
print(json.dumps({{
    "status": hand.status,
    "actions": [[a.sequence, a.kind, a.timed_out] for a in hand.actions.all()],
    "issued": issued["t"] or 0,
    "in_room": bankrolls + (Seat.objects.aggregate(t=Sum("stack"))["t"] or 0),
}}))
"""
PLAYER_ACTIONS = {"fold", "check", "call", "bet", "raise"}


@pytest.fixture(scope="module")
def deploy_stack(tmp_path_factory):
    with running_stack(
        tmp_path_factory.mktemp("deploy-stack"),
        web_processes=2,
        database_server=os.environ["DATABASE_URL"],
        redis_server=os.environ["REDIS_URL"],
        start_seconds=start_seconds(),
    ) as stack:
        yield stack


def play_one_action(alice: Person, bob: Person) -> bool:
    """Whoever may act checks or calls; False when the hand is over."""
    actor = whose_turn(alice, bob)
    if actor is None:
        return False
    check_or_call(actor, with_keys=False)
    return True


def play_through_a_rolling_restart(stack, alice: Person, bob: Person) -> int:
    """One action, then each web process restarted in turn with an action after each, then
    the hand played to its end; returns how many actions followed the first restart."""
    assert play_one_action(alice, bob)
    after_restarts = 0
    for port in list(stack.web):  # one process at a time, mid-hand
        stack.restart_web(port)
        for person in (alice, bob):
            asked = person.page.evaluate(ASK_FOR_A_SNAPSHOT)
            person.page.wait_for_function(ANSWERING, arg=asked)
        assert play_one_action(alice, bob), "the hand ended during the restarts"
        after_restarts += 1
    for _ in range(20):
        if not play_one_action(alice, bob):
            return after_restarts
        after_restarts += 1
    raise AssertionError("the hand did not end")


def room(stack, hand_number: int) -> dict:
    return json.loads(stack.manage("shell", "-c", ROOM.format(number=hand_number)).splitlines()[-1])


def test_a_hand_goes_on_through_a_rolling_restart_and_no_chip_is_lost(deploy_stack, chromium):
    stack = deploy_stack
    # The stack's certificate is its own, self-signed.
    alice, bob = (
        Person(chromium, stack, name, ignore_https_errors=True) for name in ("alice", "bob")
    )
    for person in (alice, bob):
        person.context.add_init_script(RECORD_CLOSE_CODES)
    alice.join_as_guest()
    alice.create_table("Rolling restart", blinds=(1, 2), seats=6, seconds_to_act=300)
    alice.sit(1)
    bob.join_as_guest()
    bob.page.goto(alice.page.url)
    bob.sit(4)

    number = wait_for_new_hand([alice, bob])  # dealt by the clock process
    try:
        after_restarts = play_through_a_rolling_restart(stack, alice, bob)
    except AssertionError as error:  # the processes' logs say where the hand stuck
        raise AssertionError(f"{error}\n{stack.logs_tail()}") from error

    for person in (alice, bob):
        person.page.wait_for_function(
            "n => { const h = window.pokerTable.view.hand;"
            " return h && h.number === n && h.complete; }",
            arg=number,
        )
        expect(person.page.locator(".centre .results li").first).to_be_visible()
        codes = person.page.evaluate("window.closeCodes")
        assert 1012 in codes, f"{person.name}'s socket was not closed by a restart: {codes}"
        snapshots = [f for f in person.frames if f.get("type") == "snapshot"]
        assert len(snapshots) >= 2, f"{person.name} did not resync after reconnecting"
        assert not person.problems, f"{person.name}: {person.problems}"

    seen = room(stack, number)
    assert seen["status"] == "complete"
    played = [action for action in seen["actions"] if action[1] in PLAYER_ACTIONS]
    assert len(played) == 1 + after_restarts, seen["actions"]
    assert not any(timed_out for _, _, timed_out in seen["actions"]), seen["actions"]
    assert seen["in_room"] == seen["issued"], "chips were made or lost"
    for person in (alice, bob):
        person.close()


def test_the_proxy_serves_static_files_and_sends_plain_http_to_https(deploy_stack):
    stack = deploy_stack
    script = f"{stack.url}/static/js/connection.js"
    with urllib.request.urlopen(script, context=stack.tls_context, timeout=10) as response:
        assert response.status == 200
        assert "reconnectDelay" in response.read().decode()
    for port in stack.web:  # nginx answered it, not a web process
        assert "connection.js" not in stack.log(f"web-{port}").read_text()

    class NoRedirects(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(NoRedirects)
    with pytest.raises(urllib.error.HTTPError) as redirect:
        opener.open(f"{stack.plain_url}/tables/", timeout=10)
    assert redirect.value.code == 301
    assert redirect.value.headers["Location"] == f"{stack.url}/tables/"

"""Your turn while the table's tab is hidden: with the player's consent (the "Alert me on
my turn" button, permission granted), the service worker shows a notification. Headless
Chromium keeps every tab visible, so the test sets ``document.hidden`` itself."""

import pytest
from playwright.sync_api import expect

from tests.browser.people import Person, check_or_call, open_table, wait_for_new_hand

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

# ``document.hidden`` as the test says (window.testHidden), told with a visibilitychange.
HIDEABLE = """(() => {
  window.testHidden = false;
  for (const [name, value] of [["hidden", () => window.testHidden],
      ["visibilityState", () => (window.testHidden ? "hidden" : "visible")]]) {
    Object.defineProperty(Document.prototype, name, {configurable: true, get: value});
  }
})();"""
HIDE = "() => { window.testHidden = true; document.dispatchEvent(new Event('visibilitychange')); }"

SHOWN = """async () => {
  const registration = await navigator.serviceWorker.ready;
  return (await registration.getNotifications()).map(
    (n) => ({title: n.title, body: n.body, tag: n.tag, url: n.data && n.data.url}));
}"""
YOUR_TURN_SHOWN = f"async () => (await ({SHOWN})()).some((n) => n.tag === 'your-turn')"


def test_a_hidden_tab_gets_a_your_turn_notification_from_the_service_worker(chromium, site):
    alice, bob = Person(chromium, site, "alertalice"), Person(chromium, site, "alertbob")
    try:
        alice.context.grant_permissions(["notifications"])
        alice.context.add_init_script(HIDEABLE)
        open_table("Turn alerts", alice)
        button = alice.page.locator("#turn-alerts")
        button.click()
        expect(button).to_have_attribute("aria-pressed", "true")
        alice.page.wait_for_function("Boolean(navigator.serviceWorker.controller)")
        assert alice.page.evaluate(SHOWN) == []
        alice.page.evaluate(HIDE)

        bob.open_table_of(alice)
        bob.sit(2)
        wait_for_new_hand([alice, bob])
        # Bob acts first, if he is first: Alice's turn then starts while her tab is hidden.
        if bob.my_turn():
            check_or_call(bob, with_keys=False)
        alice.page.wait_for_function(YOUR_TURN_SHOWN)
        shown = alice.page.evaluate(SHOWN)
        assert len(shown) == 1, shown
        assert shown[0]["title"] == "Your turn at Turn alerts"
        assert shown[0]["url"] == alice.page.evaluate("location.pathname")
        assert not alice.problems, alice.problems
    finally:
        alice.close()
        bob.close()


def test_a_visible_tab_gets_no_notification(chromium, site):
    alice, bob = Person(chromium, site, "seenalice"), Person(chromium, site, "seenbob")
    try:
        alice.context.grant_permissions(["notifications"])
        open_table("Turn alerts, in sight", alice)
        alice.page.locator("#turn-alerts").click()
        alice.page.wait_for_function("Boolean(navigator.serviceWorker.controller)")
        bob.open_table_of(alice)
        bob.sit(2)
        wait_for_new_hand([alice, bob])
        if bob.my_turn():
            check_or_call(bob, with_keys=False)
        alice.page.wait_for_function("() => Boolean(window.pokerTable.view.hand.legal)")
        assert alice.page.evaluate(SHOWN) == []
    finally:
        alice.close()
        bob.close()

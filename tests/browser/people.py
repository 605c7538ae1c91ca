"""People in Chromium for the browser tests: each in a browser context of their own, and the
moves every table test makes (open a table and sit, wait for a hand, whose turn, check or
call)."""

import json

from playwright.sync_api import Page, expect

DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 375, "height": 812}

# The page shows a version newer than ``v``; an error frame the server sent meanwhile (the
# action refused) ends the wait too, and is then reported.
NEWER_VERSION_OR_REFUSAL = """([v, errors]) => {
  const view = window.pokerTable.view;
  return (view && view.version > v) || window.refusals.length > errors;
}"""
# The table page has given up its socket for good (static/js/connection.js, after a close
# that says why, such as a logout): none open and no reconnect scheduled.
GAVE_UP = """(() => {
  const connection = window.pokerTable.socket;
  return connection.socket === null && connection.timer === null;
})()"""
COUNT_REFUSALS = """(() => {
  window.refusals = [];
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        if (JSON.parse(event.data).type === "error") window.refusals.push(event.data);
      });
    }
  };
})();"""

class Person:
    """One person in a browser context of their own (own cookies, own storage)."""

    def __init__(self, chromium, site, name: str, **context_options):
        """``context_options`` go to Playwright's ``new_context`` (``ignore_https_errors``
        for a site with a self-signed certificate)."""
        self.name = name
        self.self_signed = bool(context_options.get("ignore_https_errors"))
        self.context = chromium.new_context(
            viewport=DESKTOP, base_url=site.url, **context_options
        )
        self.context.add_init_script(COUNT_REFUSALS)
        self.page: Page = self.context.new_page()
        self.problems: list[str] = []
        self.frames: list[dict] = []
        self.page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        self.page.on("console", self._console)
        self.page.on("websocket", self._watch_socket)

    def _console(self, message) -> None:
        # Failed connections while the test has taken the context offline are expected; so
        # is Chromium refusing the service worker of a site with a self-signed certificate
        # (the deployment test's), which it says itself even when told to ignore the
        # certificate: a real certificate registers it.
        expected = ["ERR_INTERNET_DISCONNECTED"]
        if self.self_signed:
            expected.append("An SSL certificate error occurred when fetching the script.")
        if message.type == "error" and not any(text in message.text for text in expected):
            self.problems.append(f"console: {message.text}")

    def _watch_socket(self, socket) -> None:
        socket.on("framereceived", lambda payload: self.frames.append(json.loads(payload)))

    def join_as_guest(self) -> None:
        self.page.goto("/guest/")
        self.page.get_by_label("Nickname").fill(self.name)
        self.page.get_by_role("button", name="Play").click()
        expect(self.page.locator(".site-header .who")).to_have_text(self.name)

    def create_table(
        self,
        name: str,
        seconds_to_act: int = 60,
        blinds: tuple[int, int] | None = None,
        seats: int | None = None,
        wait_for_start: bool = False,
        private: bool = False,
    ) -> None:
        """Create a table from the lobby's form; the page is then the new table's."""
        self.page.goto("/")
        form = self.page.locator("form.create-table")
        form.get_by_label("Table name").fill(name)
        if blinds:
            form.get_by_label("Small blind").fill(str(blinds[0]))
            form.get_by_label("Big blind").fill(str(blinds[1]))
        if seats:
            form.get_by_label("Seats").fill(str(seats))
        form.get_by_label("Seconds to act").fill(str(seconds_to_act))
        if wait_for_start:
            form.get_by_label("Deal only when I press Start (to wait for everyone)").check()
        if private:
            form.get_by_label("Private").check()
        form.get_by_role("button", name="Create table").click()
        expect(self.page.locator(".table-title h1")).to_have_text(name)

    def open_table_of(self, host: "Person") -> None:
        """Join as a guest and open the page of the table ``host`` is on."""
        self.join_as_guest()
        self.page.goto(host.page.url)

    def sit(self, seat: int, artifacts=None) -> None:
        dialog = self.page.locator("#sit-dialog")
        self._open_sit_dialog(seat, dialog)
        if artifacts:
            self.page.screenshot(path=artifacts / "sit-dialog-1280.png")
        buy_in = dialog.locator("input[name=buy_in]")
        expect(buy_in).to_have_value("200")  # 100 big blinds, within 40..200
        buy_in.fill("150")
        dialog.get_by_role("button", name="Sit down").click()
        expect(self.page.locator(".seat.me")).to_have_attribute("data-seat", str(seat))

    def _open_sit_dialog(self, seat: int, dialog) -> None:
        """Click "Sit here" until the dialog opens: the felt is drawn again whenever a frame
        comes (another guest sits, say), and a click whose press and release land on two
        drawings of the button is no click at all."""
        for _ in range(3):
            self.page.locator(f"button.sit-here[data-seat='{seat}']").click()
            try:
                expect(dialog).to_be_visible(timeout=5_000)
                return
            except AssertionError:
                continue
        expect(dialog).to_be_visible()

    def own_cards(self) -> list[str]:
        cards = self.page.locator(".seat.me .hole .card[data-card]")
        expect(cards).to_have_count(2)
        return [cards.nth(i).get_attribute("data-card") for i in range(2)]

    def view(self) -> dict:
        return self.page.evaluate("window.pokerTable.view")

    def my_turn(self) -> bool:
        return self.page.locator("#action-bar.your-turn button.act:not([disabled])").count() > 0

    def close(self) -> None:
        self.context.close()


def open_table(name: str, host: Person, *players: Person, host_panel: bool = False,
               **options) -> None:
    """The start of most table tests: ``host`` joins as a guest, creates the table ``name``
    (``options`` as ``create_table`` takes them), opens the host panel when ``host_panel``
    (it starts closed) and sits in seat 1; each of ``players`` then opens the table and sits
    in the next seat."""
    host.join_as_guest()
    host.create_table(name, **options)
    if host_panel:
        host.page.locator("#host-panel summary").click()
    host.sit(1)
    for seat, person in enumerate(players, start=2):
        person.open_table_of(host)
        person.sit(seat)


def wait_for_new_hand(people, after: int = 0) -> int:
    """Wait until every page shows a hand numbered above ``after`` that is not over yet."""
    for person in people:
        person.page.wait_for_function(
            "n => { const v = window.pokerTable.view;"
            " return v && v.hand && v.hand.number > n && !v.hand.complete; }",
            arg=after,
        )
    return people[0].view()["hand"]["number"]


def to_act(people) -> Person:
    """The person whose turn it is (the page knows: its view has legal actions)."""
    for _ in range(300):
        for person in people:
            hand = person.view()["hand"]
            if hand and not hand["complete"] and hand["legal"]:
                return person
        people[0].page.wait_for_timeout(100)
    raise AssertionError("nobody is to act")


def send_act(person: Person, action: str) -> None:
    """Send an action on the page's own socket, as the action bar would."""
    person.page.evaluate(
        "(action) => window.pokerTable.socket.send("
        "{type: 'act', action, version: window.pokerTable.view.version})",
        action,
    )


def whose_turn(alice: Person, bob: Person) -> Person | None:
    """The player whose action bar is live, or None once the hand is over."""
    for _ in range(200):
        hand = alice.view()["hand"]
        if hand is None or hand["complete"]:
            return None
        for person in (alice, bob):
            if person.my_turn():
                return person
        alice.page.wait_for_timeout(100)
    raise AssertionError("nobody can act and the hand is not over")


def check_or_call(person: Person, with_keys: bool) -> None:
    """Check or call, and wait until the table shows the action's version. Not until the
    action bar is off: the same player may act next (the big blind checks before the flop
    and speaks first on it), and the new bar can come before a look at the old one."""
    before = person.view()["version"]
    refused = person.page.evaluate("window.refusals.length")
    bar = person.page.locator("#action-bar")
    if with_keys:
        person.page.keyboard.press("c")
    elif bar.locator("button[data-action=check]").count():
        bar.locator("button[data-action=check]").click()
    else:
        bar.locator("button[data-action=call]").click()
    person.page.wait_for_function(NEWER_VERSION_OR_REFUSAL, arg=[before, refused])
    refusals = person.page.evaluate("window.refusals")[refused:]
    assert not refusals, f"{person.name}'s action was refused: {refusals}"


def send(person: Person, message: dict) -> None:
    """Send ``message`` on the page's own socket, with the version the page shows."""
    person.page.evaluate(
        "(m) => window.pokerTable.socket.send({...m, version: window.pokerTable.view.version})",
        message,
    )


def set_choice(host: Person, name: str, value: str) -> None:
    """Choose ``value`` for the host panel's setting ``name`` and save the settings."""
    form = host.page.locator("#host-panel form.host-settings")
    form.locator(f"select[name={name}]").select_option(value)
    form.get_by_role("button", name="Save settings").click()

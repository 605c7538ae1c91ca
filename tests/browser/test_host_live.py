"""The host's tools at a live table, in Chromium: the panel starts closed and remembers its
host's choice; a refused adjustment keeps its player for the retry; every host action reaches
everyone's log with its reason; the tools follow the host role without a reload; a player who
closes their page shows as disconnected; a phone shows whole names and a readable invite.

People and tables are made on the site's own database (``site.run``); people log in."""

import json
import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

expect.set_options(timeout=15_000)

SETUP = """
import json
from games import services
from games.bots.players import seat_bots
from games.services import hosting
from tests.games.conftest import make_user

hedda, ivar, jonas = (make_user(n) for n in ("hedda", "ivar", "jonas"))

def table(name, host=hedda, **extra):
    t = hosting.create_table(host, name=name, small_blind=1, big_blind=2, min_buy_in=40,
                             max_buy_in=200, max_seats=6, action_seconds=300,
                             wait_for_start=True, **extra)
    services.sit(t.id, hedda, 1, 200)
    services.sit(t.id, ivar, 2, 200)
    return t

ids = {name: table(name).id for name in ("panel", "adjust", "told", "role", "there")}
bots = table("bots")
seat_bots(bots.id, 4, "mixed")
ids["bots"] = bots.id
print(json.dumps(ids))
"""

LAPTOP = {"width": 1366, "height": 860}
PHONE = {"width": 375, "height": 812}


@pytest.fixture(scope="module")
def tables(site):
    return json.loads(site.run(SETUP).strip().splitlines()[-1])


class Person:
    def __init__(self, chromium, site, name, viewport=LAPTOP):
        self.name = name
        self.context = chromium.new_context(viewport=viewport, base_url=site.url)
        self.page = self.context.new_page()
        self.problems: list[str] = []
        self.page.on("pageerror", lambda error: self.problems.append(str(error)))
        # "Remove ivar? ... Why?" and the like: a prompt is answered with a reason.
        self.page.on("dialog", lambda dialog: dialog.accept(
            "left for the night" if dialog.type == "prompt" else ""))
        self.page.goto("/login/")
        self.page.get_by_label("Username").fill(name)
        self.page.get_by_label("Password").fill("pw-" + name * 3)
        self.page.get_by_role("button", name="Log in").click()
        expect(self.page.locator(".site-header .who")).to_have_text(name)

    def open(self, table_id):
        self.page.goto(f"/tables/{table_id}/")
        expect(self.page.locator("#poker")).to_have_attribute("data-state", "open")

    def open_panel(self):
        details = self.page.locator("#host-panel details")
        expect(details).to_be_visible()
        if details.get_attribute("open") is None:
            details.locator("summary").click()

    def log(self):
        return self.page.locator("#log li.log-notice")

    def close(self):
        self.context.close()
        assert not self.problems, self.problems


@pytest.fixture(scope="module")
def people(chromium, site, tables):
    """hedda (the host of every table here), ivar (seated beside her) and jonas (watching), each
    logged in once in a browser of their own."""
    made = {name: Person(chromium, site, name) for name in ("hedda", "ivar", "jonas")}
    yield made
    for person in made.values():
        person.close()


def adjust(host, seat, amount, reason):
    form = host.page.locator("#host-panel form.host-adjust")
    form.locator("select[name=seat]").select_option(str(seat))
    form.locator("input[name=amount]").fill(str(amount))
    form.locator("input[name=reason]").fill(reason)
    form.get_by_role("button", name="Adjust").click()
    return form


def test_the_host_panel_starts_closed_and_remembers_its_host(people, tables):
    hedda = people["hedda"]
    hedda.page.evaluate("() => localStorage.clear()")
    hedda.open(tables["panel"])
    details = hedda.page.locator("#host-panel details")
    expect(details).to_be_visible()
    expect(details).not_to_have_attribute("open", re.compile(".*"))
    # The felt starts on a laptop's first screen, not below the panel.
    felt = hedda.page.locator("#felt").bounding_box()
    assert felt["y"] < LAPTOP["height"] / 2, felt
    details.locator("summary").click()
    hedda.open(tables["panel"])
    expect(hedda.page.locator("#host-panel details")).to_have_attribute("open", "")


def test_a_refused_adjustment_keeps_its_player_for_the_retry(people, tables):
    hedda = people["hedda"]
    hedda.open(tables["adjust"])
    hedda.open_panel()
    form = adjust(hedda, 2, -100000, "paid out in cash")
    expect(hedda.page.locator("#toasts .toast.error")).to_be_visible()
    expect(form.locator("select[name=seat]")).to_have_value("2")
    expect(form.locator("input[name=amount]")).to_have_value("-100000")
    expect(form.locator("input[name=reason]")).to_have_value("paid out in cash")
    form.locator("input[name=amount]").fill("-50")
    form.get_by_role("button", name="Adjust").click()
    hedda.page.wait_for_function(
        "() => window.pokerTable.view.seats.find((s) => s.number === 2).stack === 150"
    )
    # Done: the amount and reason are cleared, the player stays chosen.
    expect(form.locator("input[name=amount]")).to_have_value("")
    expect(form.locator("select[name=seat]")).to_have_value("2")


def test_host_actions_and_top_ups_reach_everyones_log_with_the_reason(people, tables):
    hedda, ivar, jonas = people["hedda"], people["ivar"], people["jonas"]
    for person in (hedda, ivar, jonas):
        person.open(tables["told"])
    hedda.open_panel()
    adjust(hedda, 2, -60, "paid out in cash")
    adjusted = "hedda (host) adjusted ivar's stack by -60 to 140: paid out in cash"
    for person in (hedda, ivar, jonas):  # the spectator too
        expect(person.log().last).to_have_text(adjusted)
    ivar.page.locator("#add-chips").click()
    ivar.page.locator("#chips-dialog input[name=amount]").fill("30")
    ivar.page.locator("#chips-dialog").get_by_role("button", name="Add chips").click()
    for person in (hedda, ivar, jonas):
        expect(person.log().last).to_have_text("ivar added 30 chips from their bankroll.")
    hedda.page.locator("#host-panel li[data-seat='2'] button[data-control=remove]").click()
    removed = ("hedda (host) removed ivar from seat 2 (left for the night); their stack goes "
               "back to their bankroll.")
    for person in (hedda, ivar, jonas):
        expect(person.log().last).to_have_text(removed)
    # The removed player is told why, at once.
    expect(ivar.page.locator("#toasts .toast.info").last).to_contain_text(removed)
    expect(ivar.page.locator("#status-line")).to_contain_text("You are watching.")


def test_the_host_tools_follow_the_host_role_live(people, tables):
    hedda, ivar, jonas = people["hedda"], people["ivar"], people["jonas"]
    for person in (hedda, ivar, jonas):
        person.open(tables["role"])
    expect(hedda.page.locator("#host-tools")).to_be_visible()
    expect(ivar.page.locator("#host-tools")).to_be_hidden()
    expect(ivar.page.locator("#host-panel")).to_be_hidden()
    hedda.open_panel()
    hedda.page.locator("#host-panel li[data-seat='2'] button[data-control=hand_over]").click()
    for person in (hedda, ivar, jonas):
        expect(person.log().last).to_have_text("hedda (host) handed the host role to ivar.")
    # Without a reload: the old host's tools are gone, the new host's are there.
    expect(hedda.page.locator("#host-panel")).to_be_hidden()
    expect(hedda.page.locator("#host-tools")).to_be_hidden()
    expect(ivar.page.locator("#host-panel")).to_be_visible()
    expect(ivar.page.locator("#host-tools")).to_be_visible()
    expect(jonas.page.locator("#host-tools")).to_have_count(1)
    expect(jonas.page.locator("#host-tools")).to_be_hidden()


def test_a_player_who_closes_the_page_shows_as_disconnected(people, tables):
    hedda, ivar = people["hedda"], people["ivar"]
    hedda.open(tables["there"])
    ivar.open(tables["there"])
    seat = hedda.page.locator(".seat[data-seat='2']")
    expect(seat.locator(".presence")).to_have_count(0)
    ivar.page.close()
    expect(seat.locator(".presence")).to_have_text("Disconnected")
    expect(seat).to_have_class(re.compile(r"\baway\b"))
    ivar.page = ivar.context.new_page()
    ivar.page.on("pageerror", lambda error: ivar.problems.append(str(error)))
    ivar.open(tables["there"])
    expect(seat.locator(".presence")).to_have_count(0)


def test_a_phone_shows_whole_bot_names_and_badges(chromium, site, people, tables):
    hedda = people["hedda"]
    hedda.page.set_viewport_size(PHONE)
    try:
        hedda.open(tables["bots"])
        expect(hedda.page.locator(".seat.taken")).to_have_count(6)
        cut = hedda.page.evaluate(
            """() => [...document.querySelectorAll('.seat .name-text, .seat .status')]
                .filter((e) => e.scrollWidth > e.clientWidth + 1)
                .map((e) => e.textContent)"""
        )
        assert cut == [], f"cut on a phone: {cut}"
        # Each bot's plate: its name without "(bot)" and a whole BOT badge beside it.
        badges = hedda.page.evaluate(
            """() => [...document.querySelectorAll('.seat.taken .bot-badge')].map((b) => [
                b.closest('.name').querySelector('.name-text').textContent,
                b.textContent, b.getBoundingClientRect().width > 0,
                b.scrollWidth <= b.clientWidth + 1])"""
        )
        assert len(badges) >= 4 and all(
            not name.endswith("(bot)") and badge == "BOT" and shown and whole
            for name, badge, shown, whole in badges), badges
    finally:
        hedda.page.set_viewport_size(LAPTOP)


def test_the_network_invite_link_is_readable_on_the_dark_table_page(people, tables):
    hedda = people["hedda"]
    hedda.page.set_viewport_size(PHONE)
    try:
        hedda.open(tables["bots"])
        link = hedda.page.locator(".lan-invite a")
        expect(link).to_be_visible()  # the site was opened as 127.0.0.1
        ratio = hedda.page.evaluate(CONTRAST, link.element_handle())
        assert ratio >= 4.5, f"the invite link's contrast is {ratio:.2f}"
    finally:
        hedda.page.set_viewport_size(LAPTOP)


# WCAG's contrast ratio of an element's text against the first opaque background behind it.
CONTRAST = """(el) => {
  const rgb = (c) => c.match(/[\\d.]+/g).map(Number);
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  let bg = null;
  for (let e = el; e && !bg; e = e.parentElement) {
    const style = getComputedStyle(e);
    const c = rgb(style.backgroundColor);
    if (c.length === 3 || c[3] === 1) bg = c.slice(0, 3);
    else if (style.backgroundImage !== "none") bg = [14, 21, 18];  // the page's dark gradient
  }
  bg = bg || [255, 255, 255];
  const a = lum(rgb(getComputedStyle(el).color)), b = lum(bg);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""

"""Every main page fits a phone (375x812) without horizontal scrolling, and nothing covers
the board, on a phone and on a laptop (1366x860).

The hands are dealt on the site's own database with known decks (``site.run``): a ten-seat
table where everyone went all in (ten shown hands and eight side pots: the most crowded felt
there is), and a private six-seat table whose hand ended at a showdown. Both tables are then
paused, so the finished hands stay on show.
"""

import json
import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

PHONE = {"width": 375, "height": 812}
LAPTOP = {"width": 1366, "height": 860}

SETUP = """
import json, random
from games import services
from games.engine import FULL_DECK
from games.models import Table
from games.history.sharing import share_token
from django.urls import reverse
from tests.games.conftest import make_user
from tests.history.conftest import play_to_the_end

def all_in_hand(table, users, seed):
    for number, user in enumerate(users, start=1):
        services.sit(table.id, user, number, 200 - number)
    deck = list(FULL_DECK)
    random.Random(seed).shuffle(deck)
    hand = services.start_next_hand(table.id, deck=deck)
    hand = play_to_the_end(
        table, users, hand, lambda legal: ("all_in" if legal.all_in else "call",))
    table.refresh_from_db()
    table.status = "paused"
    table.save()
    return hand

names = ["phoebe", "annabelle_long", "benedict", "cyprian", "dorothea", "edmund",
         "frederika", "gulliver", "henrietta", "ignatius"]
users = [make_user(name) for name in names]
ten = Table.objects.create(name="Ten seats", small_blind=1, big_blind=2, min_buy_in=40,
                           max_buy_in=200, max_seats=10)
ten_hand = all_in_hand(ten, users, 7)
six = Table.objects.create(name="A private table with a long name", small_blind=1,
                           big_blind=2, min_buy_in=40, max_buy_in=200, max_seats=6,
                           is_private=True)
all_in_hand(six, users[:3], 11)
print(json.dumps({"ten": ten.id, "six": six.id, "hand": ten_hand.id,
                  "invite": reverse("invite", kwargs={"code": six.invite_code}),
                  "share": share_token(ten_hand.id)}))
"""

WIDTH = """() => ({scroll: document.documentElement.scrollWidth,
                 client: document.documentElement.clientWidth})"""

COVERED = """() => {
  const hits = [];
  const cards = [...document.querySelectorAll('.board .card')];
  const others = [...document.querySelectorAll('.felt .seat, .felt .dealer-button, .felt .bet')];
  for (const c of cards) {
    const a = c.getBoundingClientRect();
    for (const o of others) {
      const b = o.getBoundingClientRect();
      if (b.width && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
        const what = c.dataset.card || 'an empty slot';
        hits.push(`${what} under ${o.className} ${o.dataset.seat || ''}`);
      }
    }
  }
  return {cards: cards.length, hits};
}"""


@pytest.fixture(scope="module")
def scene(site):
    return json.loads(site.run(SETUP).strip().splitlines()[-1])


@pytest.fixture(scope="module")
def phoebe(chromium, site, scene):
    context = chromium.new_context(viewport=PHONE, base_url=site.url)
    page = context.new_page()
    problems = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto("/login/")
    page.get_by_label("Username").fill("phoebe")
    page.get_by_label("Password").fill("pw-" + "phoebe" * 3)
    page.locator("main form button[type=submit]").click()
    expect(page.locator(".site-header .who")).to_have_text("phoebe")
    page.goto(scene["invite"])  # the private table: this session has its invite link
    yield page
    assert not problems, problems
    context.close()


def main_pages(scene) -> list[str]:
    return [
        "/",
        f"/tables/{scene['ten']}/",
        f"/tables/{scene['six']}/",
        "/hands/",
        f"/hands/{scene['hand']}/",
        f"/hands/shared/{scene['share']}/",
        "/hands/review/",
        "/hands/import/",
        "/learn/",
        "/learn/odds/",
        "/learn/quiz/",
        "/learn/ranges/",
    ]


def settle(page, path: str) -> None:
    page.goto(path)
    if path.startswith("/tables/"):
        expect(page.locator(".board .card[data-card]")).to_have_count(5)
    if re.match(r"/hands/(\d+|shared/.+)/$", path):  # a replayer page
        page.keyboard.press("End")
        expect(page.locator("#rp-felt .board .card[data-card]")).to_have_count(5)


def test_every_main_page_is_as_wide_as_a_phone(phoebe, scene, artifacts):
    phoebe.set_viewport_size(PHONE)
    for path in main_pages(scene):
        settle(phoebe, path)
        width = phoebe.evaluate(WIDTH)
        name = path.strip("/").replace("/", "-")[:40] or "lobby"
        phoebe.screenshot(path=artifacts / f"phone-{name}.png", full_page=True)
        assert width["scroll"] == width["client"] == PHONE["width"], (path, width)


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["375", "1366"])
def test_nothing_covers_the_board(phoebe, scene, viewport):
    phoebe.set_viewport_size(viewport)
    for path in (f"/tables/{scene['ten']}/", f"/tables/{scene['six']}/",
                 f"/hands/{scene['hand']}/"):
        settle(phoebe, path)
        found = phoebe.evaluate(COVERED)
        assert found["cards"] >= 5 and not found["hits"], (path, found["hits"])


def test_my_hands_shows_net_and_result_on_a_phone(phoebe):
    phoebe.set_viewport_size(PHONE)
    phoebe.goto("/hands/")
    for header in ("Net", "Result"):
        cell = phoebe.locator("table.hh-list th", has_text=header)
        box = cell.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], header


def test_the_invite_link_is_readable_on_a_phone(phoebe, scene):
    phoebe.set_viewport_size(PHONE)
    phoebe.goto(f"/tables/{scene['six']}/")
    invite = phoebe.locator("#invite-url")
    expect(invite).to_be_visible()
    box = invite.bounding_box()
    assert box["width"] >= 0.6 * PHONE["width"], box
    assert box["x"] + box["width"] <= PHONE["width"]

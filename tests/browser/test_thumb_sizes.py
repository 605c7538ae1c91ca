"""The table on a phone held upright (375x812, Chromium): your hole cards and the buttons
you act with are thumb-sized (44 px, the size the platforms' guidelines name), and the
action bar is on the screen when it is your turn, without scrolling. Tables of up to eight
seats: nine or ten keep their tall felt and smaller cards, so that a showdown's ten shown
hands stay clear of each other (tests/browser/test_crowded_felt.py)."""

import pytest

from tests.browser.people import PHONE, Person, open_table, to_act, wait_for_new_hand

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

THUMB = 44

BOXES = """() => {
  const box = (e) => { const r = e.getBoundingClientRect();
    return {left: r.left, top: r.top, width: r.width, height: r.height, bottom: r.bottom,
            right: r.right}; };
  return {
    cards: [...document.querySelectorAll('.seat.me .hole .card')].map(box),
    buttons: [...document.querySelectorAll('#action-bar button')].map(
      (b) => ({text: b.textContent.trim(), ...box(b)})),
    bar: box(document.getElementById('action-bar')),
    seat: box(document.querySelector('.seat.me')),
    clock: box(document.getElementById('turn-clock')),
    board: box(document.querySelector('.board')),
    viewport: {width: innerWidth, height: innerHeight},
    scrollWidth: document.documentElement.scrollWidth,
  };
}"""


@pytest.mark.parametrize("seats", [6, 8])
def test_on_a_phone_the_cards_and_buttons_are_thumb_sized_and_the_bar_is_in_view(
    chromium, site, artifacts, seats
):
    alice, bob = Person(chromium, site, f"thumb{seats}a"), Person(chromium, site, f"thumb{seats}b")
    try:
        open_table(f"Thumbs {seats}", alice, bob, seats=seats)
        wait_for_new_hand([alice, bob])
        me = to_act([alice, bob])
        me.page.set_viewport_size(PHONE)
        me.page.reload()
        me.page.wait_for_selector("#action-bar.your-turn button.act")
        # As the page opens on a phone: at the top, nothing scrolled.
        me.page.evaluate("window.scrollTo(0, 0)")
        found = me.page.evaluate(BOXES)
        me.page.screenshot(path=artifacts / f"phone-your-turn-{seats}.png")
        assert len(found["cards"]) == 2, found
        for card in found["cards"]:
            assert card["width"] >= THUMB, found["cards"]
        assert found["buttons"], found
        for button in found["buttons"]:
            assert button["height"] >= THUMB, button
            assert button["right"] <= PHONE["width"], button
        bar = found["bar"]
        assert bar["top"] >= 0 and bar["bottom"] <= PHONE["height"], bar
        # Your own seat and your clock, above the bar, are on the screen as well.
        assert found["seat"]["bottom"] <= bar["top"] + 1, (found["seat"], bar)
        assert 0 < found["clock"]["bottom"] <= bar["top"] + 1, (found["clock"], bar)
        assert found["scrollWidth"] == PHONE["width"]
        assert not me.problems, me.problems
    finally:
        alice.close()
        bob.close()


CARDS_BELOW = """() => [...document.querySelectorAll('#my-cards .card')].map((c) => {
  const r = c.getBoundingClientRect();
  return {card: c.dataset.card, width: r.width, visible: r.width > 0 && r.height > 0};
})"""


@pytest.mark.parametrize("seats", [9, 10])
def test_on_a_crowded_phone_table_your_cards_show_big_below_the_felt(chromium, site, seats):
    """Nine or ten seats keep small cards on the felt; your own show again below it, thumb
    sized, and are the cards the server dealt you. A laptop's page shows them once only."""
    alice, bob = Person(chromium, site, f"big{seats}a"), Person(chromium, site, f"big{seats}b")
    try:
        open_table(f"Big cards {seats}", alice, bob, seats=seats)
        wait_for_new_hand([alice, bob])
        # The laptop's page: no second copy of the cards.
        assert all(not c["visible"] for c in bob.page.evaluate(CARDS_BELOW))
        alice.page.set_viewport_size(PHONE)
        alice.page.reload()
        alice.page.wait_for_selector("#my-cards .card")
        view = alice.view()
        mine = next(s for s in view["seats"] if s["number"] == view["you"]["seat"])
        found = alice.page.evaluate(CARDS_BELOW)
        assert [c["card"] for c in found] == mine["cards"] and len(found) == 2, found
        for card in found:
            assert card["visible"] and card["width"] >= THUMB, found
        # The felt's own seat keeps its small cards (the crowded layout is unchanged).
        small = alice.page.evaluate(
            "[...document.querySelectorAll('.seat.me .hole .card')]"
            ".map((c) => c.getBoundingClientRect().width)")
        assert small and all(width < THUMB for width in small), small
        assert alice.page.evaluate("document.documentElement.scrollWidth") == PHONE["width"]
        assert not alice.problems and not bob.problems, (alice.problems, bob.problems)
    finally:
        alice.close()
        bob.close()

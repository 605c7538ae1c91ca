"""The replayer in Chromium: keys and buttons step through the hand, the felt shows each
step's stacks and pot, and the page holds no card the viewer may not see.

The hands are played through the services on the site's own database (``site.run``), each
at a table of its own with three players of its own, and the tables are then paused; the
players log in through the login form.
"""

import json

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

# The hands of tests/history/conftest.py, each dealt from its known deck: the players of
# hand "x" are x_alice, x_bob and x_carol, in seats 1, 2 and 3.
SETUP = """
import json
from games.models import Table
from tests.games.conftest import ACES_KINGS_DECK, make_user
from tests.history.conftest import deal_showdown, deal_side_pots, play, seat

def folded(table, alice, bob, carol):
    seat(table, (alice, 200), (bob, 200), (carol, 200))
    return play(table, ACES_KINGS_DECK, [(alice, "raise", 6), (bob, "fold"), (carol, "fold")])

def merged(table, alice, bob, carol):
    seat(table, (alice, 50), (bob, 200), (carol, 100))
    return play(table, ACES_KINGS_DECK, [(alice, "all_in"), (bob, "all_in"), (carol, "call")])

hands = {}
for name, deal in (("sidepots", deal_side_pots), ("showdown", deal_showdown),
                   ("folded", folded), ("merged", merged)):
    table = Table.objects.create(name=f"Replay {name}", small_blind=1, big_blind=2,
                                 min_buy_in=40, max_buy_in=200)
    hands[name] = deal(table, *(make_user(f"{name}_{p}") for p in ("alice", "bob", "carol"))).id
    table.refresh_from_db()
    table.status = "paused"  # no next hand: the clock leaves these tables alone
    table.save()
print(json.dumps(hands))
"""


@pytest.fixture(scope="module")
def hands(site) -> dict[str, int]:
    return json.loads(site.run(SETUP).strip().splitlines()[-1])


def felt(page) -> dict:
    return {
        "pot": int(page.locator("#rp-felt .pot").get_attribute("data-pot")),
        "stacks": {
            int(seat.get_attribute("data-seat")): int(seat.get_attribute("data-stack"))
            for seat in page.locator("#rp-felt .seat.taken").all()
        },
        "cards": {c.get_attribute("data-card") for c in page.locator("[data-card]").all()},
    }


def test_keys_and_buttons_step_through_the_hand(page_for, hands, artifacts):
    page = page_for("sidepots_alice")
    page.goto(f"/hands/{hands['sidepots']}/")
    steps = json.loads(page.locator("#replay-data").text_content())["steps"]
    count = page.locator("#rp-count")
    expect(count).to_have_text(f"Step 1 of {len(steps)}")
    for k in range(1, len(steps)):
        page.keyboard.press("ArrowRight")
        expect(count).to_have_text(f"Step {k + 1} of {len(steps)}")
        shown = felt(page)
        assert shown["pot"] == steps[k]["hand"]["total_pot"]
        assert shown["stacks"] == {s["number"]: s["stack"] for s in steps[k]["seats"]}
    expect(page.locator("#rp-result")).to_contain_text("sidepots_carol wins 100 from side pot 1")
    page.keyboard.press("Home")
    expect(count).to_have_text(f"Step 1 of {len(steps)}")
    page.get_by_role("button", name="Step forward").click()
    expect(count).to_have_text(f"Step 2 of {len(steps)}")
    page.get_by_role("button", name="▶ Play").click()
    expect(count).to_have_text(f"Step 4 of {len(steps)}", timeout=5_000)
    page.keyboard.press("End")
    expect(count).to_have_text(f"Step {len(steps)} of {len(steps)}")
    expect(page.locator(".rp-equity-table tbody tr")).to_have_count(3)
    page.screenshot(path=artifacts / "replayer-showdown.png", full_page=True)
    assert page.problems == []


def test_a_decision_link_opens_the_hand_as_that_action_was_to_be_taken(page_for, hands):
    """The coach's review links to a decision with ``?decision=N`` (the hand's action N,
    from 0): the replayer opens at the last step before it, the player to act on it."""
    page = page_for("sidepots_alice")
    page.goto(f"/hands/{hands['sidepots']}/")
    steps = json.loads(page.locator("#replay-data").text_content())["steps"]
    decisions = max(step["actions"] for step in steps)
    assert decisions >= 2
    count = page.locator("#rp-count")
    for decision in (0, 1, decisions - 1):
        page.goto(f"/hands/{hands['sidepots']}/?decision={decision}")
        expected = max(k for k, step in enumerate(steps) if step["actions"] == decision)
        expect(count).to_have_text(f"Step {expected + 1} of {len(steps)}")
        assert steps[expected + 1]["actions"] == decision + 1  # the next step is that action
    page.goto(f"/hands/{hands['sidepots']}/?decision=nonsense")
    expect(count).to_have_text(f"Step 1 of {len(steps)}")
    assert page.problems == []


def test_the_page_never_draws_a_hidden_card(page_for, hands):
    owner = page_for("showdown_alice")
    owner.goto(f"/hands/{hands['showdown']}/")
    share_url = owner.locator("#share-url").input_value()
    for page, hidden in ((owner, {"Kd", "Kc"}), (page_for(), {"Kd", "Kc", "7s", "2d"})):
        if page is not owner:
            page.goto(share_url)
        drawn = set()
        for _ in range(20):
            drawn |= felt(page)["cards"]
            page.keyboard.press("ArrowRight")
        assert {"As", "Ah"} <= drawn and not drawn & hidden, drawn
        assert page.problems == []


def test_a_hand_won_without_a_showdown_has_a_clean_result_panel(page_for, hands):
    page = page_for("folded_alice")
    page.goto(f"/hands/{hands['folded']}/")
    page.keyboard.press("End")
    result = page.locator("#rp-result")
    expect(result).to_contain_text("folded_alice wins 5 from the pot")
    assert "null" not in result.inner_text()
    assert "undefined" not in result.inner_text()
    assert page.problems == []


def test_pots_paid_as_one_are_named_as_the_felt_showed_them(page_for, hands):
    page = page_for("merged_bob")
    page.goto(f"/hands/{hands['merged']}/")
    page.keyboard.press("End")
    expect(page.locator("#rp-felt .side-pot")).to_have_text(["Main pot: 150", "Side pot 1: 100"])
    result = page.locator("#rp-result .rp-pot-results")
    expect(result).to_contain_text(
        "merged_bob wins 250 from the main pot and side pot 1 with a pair of aces"
    )
    expect(page.locator("#rp-log")).to_contain_text(
        "merged_bob wins 250 from the main pot and side pot 1"
    )
    assert page.problems == []


# The current line of the action list lies inside the list's own box.
CURRENT_LINE_IN_LIST = """(() => {
  const list = document.getElementById("rp-log").getBoundingClientRect();
  const line = document.querySelector("#rp-log li.current").getBoundingClientRect();
  return line.top >= list.top - 1 && line.bottom <= list.bottom + 1;
})()"""


@pytest.mark.parametrize("width", [1366, 375])
def test_end_and_home_move_the_replayer_and_leave_the_page_where_it_is(
    page_for, hands, width
):
    page = page_for("sidepots_alice")
    page.set_viewport_size({"width": width, "height": 700})
    page.goto(f"/hands/{hands['sidepots']}/")
    last = len(json.loads(page.locator("#replay-data").text_content())["steps"])
    count = page.locator("#rp-count")
    for focus in ("the page", "a button", "the slider"):
        if focus == "a button":
            page.get_by_role("button", name="Step forward").focus()
        if focus == "the slider":
            page.locator("#rp-slider").focus()
        page.evaluate("window.scrollTo(0, 0)")
        page.keyboard.press("End")
        expect(count).to_have_text(f"Step {last} of {last}")
        assert page.evaluate("window.scrollY") == 0, f"End scrolled the page ({focus})"
        assert page.evaluate(CURRENT_LINE_IN_LIST), f"the last action is out of sight ({focus})"
        page.keyboard.press("Home")
        expect(count).to_have_text(f"Step 1 of {last}")
        assert page.evaluate("window.scrollY") == 0, f"Home scrolled the page ({focus})"
        assert page.evaluate(CURRENT_LINE_IN_LIST), f"the first action is out of sight ({focus})"
    assert page.problems == []

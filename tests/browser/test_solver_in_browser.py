"""The solver in Chromium (issue 46): a hand's river decision opened in the replayer, "Solve
this spot", the progress, the 13x13 grid and the hero's EV, at 1366 and 375 px wide.

The hand is played through the services on the site's own database (``site.run``) at a
heads-up table of its own, then the table is paused; the player logs in through the form.
The page's figures are checked against the same spot's JSON answer and the grid's cells
against the range the link carries.
"""

import json
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from evaluator.ranges import class_of, parse_range
from tests.browser.conftest import log_in

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

SETUP = """
import json
from games import services
from games.engine import HandState
from games.models import Hand, Seat, Table
from tests.engine.helpers import stacked_deck
from tests.games.conftest import make_user
from tests.history.conftest import act

table = Table.objects.create(name="Solve a river", small_blind=1, big_blind=2,
                             min_buy_in=40, max_buy_in=200)
users = {1: make_user("solve_ann"), 2: make_user("solve_ben")}
for number, user in users.items():
    services.sit(table.id, user, number, 200)
hand = services.start_next_hand(table.id, deck=stacked_deck(["8h8d", "KcQc"], "Ks7c2d9h3s"))
state = HandState.from_dict(hand.state)
button, blind = state.button, 2 if state.button == 1 else 1
for seat, kind, *amount in [(button, "raise", 6), (blind, "call"), (blind, "check"),
                            (button, "bet", 6), (blind, "call"), (blind, "check"),
                            (button, "check"), (blind, "check"), (button, "bet", 18),
                            (blind, "call")]:
    act(table, users[seat], kind, *amount)
hand.refresh_from_db()
table.refresh_from_db()
table.status = "paused"
table.save()
print(json.dumps({"hand": hand.id, "player": users[blind].username}))
"""


@pytest.fixture(scope="module")
def spot(site) -> dict:
    return json.loads(site.run(SETUP).strip().splitlines()[-1])


@pytest.mark.parametrize("width", [1366, 375])
def test_solve_a_river_decision_from_the_replayer(chromium, site, spot, width, artifacts):
    context = chromium.new_context(viewport={"width": width, "height": 900},
                                   base_url=site.url)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    try:
        log_in(page, spot["player"])
        # The river call is the hand's tenth action (index 9).
        page.goto(f"/hands/{spot['hand']}/?decision=9")
        page.locator("#solve-spot").click()
        page.wait_for_url("**/learn/solver/?**")
        answer = page.locator(".sv-answer")
        expect(answer).to_be_visible(timeout=240_000)
        query = parse_qs(urlsplit(page.url).query)
        assert query["line"] == ["check, bet 18"] and query["hero"] == ["8h8d"]

        data = json.loads(page.request.get(
            "/learn/solver/?" + urlsplit(page.url).query + "&format=json").text())
        assert data["state"] == "done"
        solved = data["answer"]
        # The hero's row: calling 18, its EV as the JSON gives it.
        call = [a["label"] for a in solved["actions"]].index("Call 18")
        hero_ev = solved["hero"]["evs"][call]
        row = page.locator(".sv-hero tbody tr").nth(call)
        expect(row).to_contain_text("Call 18")
        expect(row.locator(".sv-hero-ev")).to_have_text(f"{hero_ev:.2f}")
        expect(row).to_have_class("sv-played")
        expect(page.locator(".sv-you")).to_have_text("Call 18")
        # The grid: 169 cells; the classes coloured are those of the acting range.
        cells = page.locator(".sv-grid td")
        expect(cells).to_have_count(169)
        coloured = {c.get_attribute("data-class")
                    for c in page.locator(".sv-grid td[data-strategy]").all()}
        board = set(query["board"][0].split())
        acting = parse_range(query["range"][0])
        expected = {class_of(combo) for combo in acting
                    if not {str(c) for c in combo} & board}
        assert coloured == expected
        eights = page.locator(".sv-grid td[data-class='88']")
        expect(eights).to_have_attribute("data-strategy", _title(solved, "88"))
        exploit = page.locator(".sv-exploit")
        expect(exploit).to_have_text(f"{solved['exploitability']:.3f}%")
        assert solved["exploitability"] <= 0.5
        page.screenshot(path=artifacts / f"solver-{width}.png", full_page=True)
        # Nothing runs off the side of a phone.
        width_used = page.evaluate("document.documentElement.scrollWidth")
        assert width_used <= width + 1, width_used
    finally:
        context.close()
    assert not problems, problems


def _title(solved: dict, name: str) -> str:
    cell = next(c for row in solved["grid"] for c in row if c["class"] == name)
    return ", ".join(f"{a['label']} {100 * s:.0f}%"
                     for a, s in zip(solved["actions"], cell["strategy"], strict=True))

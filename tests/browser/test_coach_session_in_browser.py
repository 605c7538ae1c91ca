"""A practice session of twenty hands in Chromium, then its review read back (issue 42).

The person plays a plain, careful game (checks and calls small prices before the flop, bets
half the pot when checked to on the flop, checks after it, calls up to a third of the pot,
folds to more), so as not to lose their stack in twenty hands. The coach
grades every decision; the test reads the review pages as a person sees them and checks:

- no graded decision recommends a bet or raise above twice the pot (the size the reasons
  give, "(N% of the pot)");
- the figures agree: the session's count of decisions is the sum of its hands' and of its
  classes, its EV lost the sum of its hands', its error rate EV lost per decision; each row's
  EV lost is the best play's EV minus the played one's; each bet's equity against the hands
  that call is no more than the equity against the whole range and the share that calls
  allow (heads-up, and for each player alone multiway).
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.people import Person

pytestmark = [pytest.mark.browser, pytest.mark.timeout(900)]

HANDS = 20
BB = 2
SIZE = re.compile(r"^(?:bet|raise to) \d+ \((\d+)% of the pot\)")
HEADS_UP = re.compile(r"they fold about (\d+)% .*; called, you have (\d+)% against the hands "
                      r"that call, (\d+)% against their whole likely range")
ALONE = re.compile(r"seat \d+ calls about (\d+)%: you have (\d+)% against the hands of theirs "
                   r"that call, (\d+)% against their whole likely range")
NUMBER = re.compile(r"-?\d+(?:\.\d+)?")

# Waits for the person's turn, the hand's end or their stack lost (an event on the page,
# never a time).
READY = ("(n) => { const v = window.pokerTable.view; const h = v && v.hand;"
         " if (!h) return false;"
         " if (h.complete && h.number !== n) return true;"
         " const me = v.seats.find((s) => s.number === v.you.seat);"
         " if (me && me.busted && v.you.add_chips && v.you.add_chips.rebuy) return true;"
         " if (h.complete) return false;"
         " return Boolean(h.legal) && document.querySelector("
         "'#action-bar.your-turn button.act:not([disabled])') !== null; }")
STACKED = ("() => { const v = window.pokerTable.view;"
           " return v.seats.find((s) => s.number === v.you.seat).stack > 0; }")


def act(page, hand: dict) -> None:
    """One sensible decision (see the module docstring)."""
    legal, bar = hand["legal"], page.locator("#action-bar")
    preflop = not hand.get("board")
    call = legal.get("call") or 0
    pot = hand.get("total_pot") or 0
    if legal.get("check"):
        if len(hand.get("board") or ()) == 3 and legal.get("bet"):
            half = bar.locator('button.preset[data-preset="½ pot"]')
            if half.count():
                half.click()
            bar.locator("button.act.raise").click()
        else:
            bar.locator("button.act.check").click()
    elif call and call <= (3 * BB if preflop else pot // 3) and \
            bar.locator("button.act.call").count():
        bar.locator("button.act.call").click()
    else:
        bar.locator("button.act.fold").click()


def percents(match) -> list[float]:
    return [int(x) / 100 for x in match.groups()]


def check_reasons(row: dict) -> bool:
    """One review row's figures (see the module docstring); whether its best play is a bet
    or raise (whose size was checked)."""
    for line in row["reasons"]:
        size = SIZE.match(line)
        if size and line.startswith(row["best"] + " ("):
            assert int(size.group(1)) <= 200, line
        heads_up = HEADS_UP.search(line)
        if heads_up:
            folds, called, whole = percents(heads_up)
            if folds < 0.99:  # rounded to a point each
                assert called - 0.005 <= (whole + 0.005) / (1 - folds - 0.005), line
        for each in ALONE.finditer(line):
            calls, called, whole = percents(each)
            if calls > 0:
                assert called - 0.005 <= (whole + 0.005) / (calls - 0.005), line
    if row["best"].startswith(("bet ", "raise to ")):
        assert any(line.startswith(row["best"] + " (") and SIZE.match(line)
                   for line in row["reasons"]), row
    gap = max(0.0, row["best_ev"] - row["played_ev"])
    assert abs(row["loss"] - gap) <= 0.15, row  # each shown to 0.1 bb
    return row["best"].startswith(("bet ", "raise to "))


def rows_of(page) -> list[dict]:
    """The rows of a review page's table of grades."""
    found = []
    for tr in page.locator("table.ln-grades tbody tr[data-grade]").all():
        cells = tr.locator("td")
        at = cells.count() - 6  # the session's table has a column for the hand first
        played, best = cells.nth(at + 1).inner_text(), cells.nth(at + 4).inner_text()
        found.append({
            "label": tr.get_attribute("data-grade"),
            "played_ev": float(NUMBER.findall(played)[-1]),
            "loss": float(NUMBER.findall(cells.nth(at + 3).inner_text())[0]),
            "best": best.split(" (")[0],
            "best_ev": float(NUMBER.findall(best)[-1]),
            "reasons": tr.locator(".ln-reasons li").all_inner_texts(),
        })
    return found


def summary_of(page) -> dict:
    text = page.locator("#grade-summary").inner_text()
    decisions, lost, rate = NUMBER.findall(text)[:3]
    counts = {li.get_attribute("data-class"): int(li.inner_text().split(": ")[1])
              for li in page.locator(".ln-classes li").all()}
    return {"decisions": int(decisions), "lost": float(lost), "rate": float(rate),
            "counts": counts}


def test_twenty_practice_hands_are_graded_with_sensible_sizes_and_figures_that_agree(
        chromium, site):
    pat = Person(chromium, site, "coached")
    try:
        pat.join_as_guest()
        page = pat.page
        page.goto("/")
        page.locator("#practise-now").click()
        page.get_by_label("Bots (1 to 8)").fill("3")
        page.get_by_label("Strength").select_option("mixed")
        page.get_by_role("button", name="Deal me in").click()
        expect(page.locator(".seat .bot-badge")).to_have_count(3)
        table_id = int(re.search(r"/tables/(\d+)/", page.url).group(1))
        played: set[int] = set()
        finished, rebuys = -1, 0
        while len(played) < HANDS:
            page.wait_for_function(READY, arg=finished, timeout=60_000)
            view = pat.view()
            hand = view["hand"]
            you = view["you"]
            assert not you["sitting_out"], f"sat out after {len(played)} hands: {view['log']}"
            mine = next(s for s in view["seats"] if s["number"] == you["seat"])
            if hand["complete"] and hand["number"] != finished:
                if mine["cards"] or mine["folded"] or mine["mucked"]:  # dealt in
                    played.add(hand["number"])
                finished = hand["number"]
                continue
            if mine["busted"]:  # a practising player rebuys, as the page offers
                rebuys += 1
                page.locator("#add-chips").click()
                page.locator("#chips-dialog button[value=add]").click()
                page.wait_for_function(STACKED, timeout=60_000)
                continue
            act(page, hand)
            page.wait_for_function("(v) => window.pokerTable.view.version > v",
                                   arg=view["version"], timeout=60_000)
        # Leave: the practice table stops dealing (a hand under way is played out).
        page.locator("#leave").click()
        expect(page.locator(".seat.me")).to_have_count(0, timeout=60_000)
        page.wait_for_function("() => { const h = window.pokerTable.view.hand;"
                               " return !h || h.complete; }", timeout=60_000)
        assert not pat.problems, pat.problems

        page.goto(f"/hands/?table={table_id}")
        links = page.locator("table a[href^='/hands/']").all()
        hand_ids = sorted({int(m.group(1)) for a in links
                           if (m := re.fullmatch(r"/hands/(\d+)/", a.get_attribute("href")))})
        assert rebuys <= 3
        assert HANDS <= len(hand_ids) <= HANDS + 1, (  # the hand under way when they left
            [a.get_attribute("href") for a in links])
        page.goto(f"/learn/review/?hands=50&table={table_id}")
        session = summary_of(page)
        expect(page.get_by_text(f"{len(hand_ids)} finished hands at this table.")).to_be_visible()
        assert sum(session["counts"].values()) == session["decisions"] >= HANDS
        assert session["rate"] == pytest.approx(session["lost"] / session["decisions"],
                                                abs=0.0011)
        for row in rows_of(page):  # the biggest mistakes
            check_reasons(row)
        decisions, lost, sized = 0, 0.0, 0
        counts: dict[str, int] = {}
        for hand_id in hand_ids:
            page.goto(f"/learn/review/{hand_id}/")
            hand = summary_of(page)
            rows = rows_of(page)
            assert len(rows) == hand["decisions"] == sum(hand["counts"].values())
            for row in rows:
                sized += check_reasons(row)
                counts[row["label"]] = counts.get(row["label"], 0) + 1
            assert hand["lost"] == pytest.approx(sum(r["loss"] for r in rows),
                                                 abs=0.05 * len(rows) + 0.01)
            decisions += hand["decisions"]
            lost += hand["lost"]
        assert decisions == session["decisions"]
        assert sized > 0  # some best plays were bets or raises, their sizes read
        assert lost == pytest.approx(session["lost"], abs=0.006 * len(hand_ids))
        assert counts == {k: v for k, v in session["counts"].items() if v}
    finally:
        pat.close()

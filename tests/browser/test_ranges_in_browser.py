"""The range page in Chromium: paint a range on the grid, run it, watch the progress bar fill
and read the result; cancel a long run; open the shared link."""

import re

import pytest
from playwright.sync_api import expect

from evaluator.range_equity import range_equity

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]


@pytest.fixture
def page(clean_page):
    clean_page.goto("/learn/ranges/")
    return clean_page


def drag(page, start: str, end: str) -> None:
    first = page.locator(f"td[data-class='{start}']").bounding_box()
    last = page.locator(f"td[data-class='{end}']").bounding_box()
    page.mouse.move(first["x"] + first["width"] / 2, first["y"] + first["height"] / 2)
    page.mouse.down()
    page.mouse.move(last["x"] + last["width"] / 2, last["y"] + last["height"] / 2, steps=12)
    page.mouse.up()


def test_paint_a_range_run_it_and_see_progress_and_the_result(page, artifacts):
    hero, villain = page.locator("input[data-player='1']"), page.locator("input[data-player='2']")
    hero.fill("AsKs")
    villain.click()
    expect(page.locator(".rg-who")).to_have_text("2")
    drag(page, "AKs", "ATs")  # along the top row: four suited aces
    expect(villain).to_have_value("ATs+")
    for name in ("QQ", "KK", "AA"):
        page.locator(f"td[data-class='{name}']").click()
    expect(villain).to_have_value("QQ+, ATs+")
    expect(page.locator(".rg-total")).to_contain_text("34 combos")
    expect(page.locator("td[data-class='AJs']")).to_have_class(re.compile(r"\bon\b"))
    expect(page.locator("td[data-class='A9s']")).not_to_have_class(re.compile(r"\bon\b"))

    page.get_by_role("button", name="Work out the equity").click()
    progress = page.locator(".rg-progress progress")
    expect(progress).to_be_visible()
    expect(page.locator(".rg-status")).to_contain_text("Done in", timeout=60_000)
    # Heads-up before the flop is read from the precomputed table: done in one step.
    assert progress.evaluate("bar => bar.value") == 1

    expected = range_equity(["AsKs", "QQ+, ATs+"])
    rows = page.locator(".rg-result table.rg-table tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text(f"{100 * expected[0].equity:.2f}%")
    expect(rows.nth(1)).to_contain_text(f"{100 * expected[1].equity:.2f}%")
    expect(page.locator(".rg-result .ln-method")).to_contain_text("Exact")
    page.get_by_text("Player 2, combo by combo").click()
    kings = next(c for c in expected[1].combos if c.text == "KdKc")
    expect(page.locator(".rg-breakdown tr", has_text="KdKc")).to_contain_text(
        f"{100 * kings.equity:.2f}%")
    page.screenshot(path=artifacts / "ranges-1280.png", full_page=True)

    # The address now carries the spot: opening it answers without any clicking.
    assert "range=AsKs" in page.url and "ATs%2B" in page.url
    page.goto(page.url)
    expect(page.locator(".rg-result table.rg-table tbody tr").nth(0)).to_contain_text(
        f"{100 * expected[0].equity:.2f}%")

    # Last, three players are counted deal by deal: the bar moves while it counts.
    third = page.locator("input[data-player='3']")
    if not third.is_visible():  # the page opened from an address keeps a spare field
        page.get_by_role("button", name="Add a player").click()
    third.fill("JJ-99")
    page.get_by_role("button", name="Work out the equity").click()
    expect(page.locator(".rg-status")).to_contain_text("Done in", timeout=60_000)
    assert progress.evaluate("bar => bar.value") == 1
    assert int(progress.get_attribute("data-updates")) >= 2
    expect(page.locator(".rg-result table.rg-table tbody tr")).to_have_count(3)


def test_a_long_run_can_be_cancelled(page):
    page.locator("input[data-player='1']").fill("random")
    page.locator("input[data-player='2']").fill("random")
    page.locator("select[name=samples]").select_option("1000000")
    page.get_by_role("button", name="Work out the equity").click()
    expect(page.locator(".rg-progress progress")).to_be_visible()
    cancel = page.get_by_role("button", name="Cancel")
    expect(cancel).to_be_visible()
    cancel.click()
    expect(page.locator(".rg-status")).to_have_text("Cancelled.")
    expect(cancel).to_be_hidden()
    expect(page.locator(".rg-result table")).to_have_count(0)


# The results table within its panel and the page within the screen; no cell cut short.
RESULTS_FIT = """(() => {
  const table = document.querySelector(".rg-result table.rg-table");
  const panel = document.querySelector(".rg-result").getBoundingClientRect();
  const cut = [...table.querySelectorAll("th, td")]
    .filter((cell) => cell.scrollWidth > cell.clientWidth + 1).map((cell) => cell.textContent);
  return {
    overhang: table.getBoundingClientRect().right - panel.right,
    pageWider: document.documentElement.scrollWidth - window.innerWidth,
    cut,
  };
})()"""


@pytest.mark.parametrize("width", [1366, 375])
def test_the_results_fit_the_screen_with_every_equity_whole(clean_page, width):
    page = clean_page
    page.set_viewport_size({"width": width, "height": 800})
    # Three players, one a range that wraps, and Monte Carlo's margins: the widest results.
    page.goto("/learn/ranges/?range=AsKs&range=QQ%2B%2C+ATs%2B&range=random&samples=100000")
    page.get_by_role("button", name="Work out the equity").click()
    expect(page.locator(".rg-status")).to_contain_text("Done in", timeout=60_000)
    equities = page.locator(".rg-result table.rg-table tbody td.ln-equity strong")
    expect(equities).to_have_count(3)
    for k in range(3):
        expect(equities.nth(k)).to_have_text(re.compile(r"^\d+\.\d\d%$"))
    fit = page.evaluate(RESULTS_FIT)
    assert fit["overhang"] <= 0.5 and fit["pageWider"] <= 0 and not fit["cut"], fit

"""Importing in Chromium: the upload shows a progress bar that moves step by step and ends
with the summary (imported, already imported, refused with reasons); the session review draws
its chart and every number leads to its hands, which open in the replayer in the site's money.

Each test's person is made on the site's own database (``site.run``) and logs in; the site
reads uploads two hands a step (``HISTORY_IMPORT_STEP`` in tests/browser/site_settings.py).
"""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.history.stars_samples import ACES_CRACKED, DATA

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

# One person a test, so that each test's imports are its own.
UPLOADER, REVIEWER = "import_uma", "import_rex"


@pytest.fixture(scope="module")
def people(site):
    site.run(
        "from tests.games.conftest import make_user\n"
        f"make_user({UPLOADER!r}); make_user({REVIEWER!r})"
    )


def upload_file(tmp_path: Path, *, broken: bool = True) -> Path:
    texts = [(DATA / p).read_text() for p in sorted(q.name for q in DATA.glob("*.txt"))]
    bad = ACES_CRACKED.replace("#300000000001", "#42").replace("Hero: calls $93", "Hero: dances")
    path = tmp_path / "session.txt"
    path.write_text("\n\n\n".join([*texts, ACES_CRACKED, *([bad] if broken else [])]))
    return path


def test_a_bulk_upload_moves_its_progress_bar_and_ends_with_a_summary(
    page_for, people, artifacts, tmp_path
):
    page = page_for(UPLOADER)  # eight hands, two a step: four steps after the upload
    page.goto("/hands/import/")
    page.evaluate("""() => {
        window.seen = [];
        const bar = document.getElementById("upload-bar");
        new MutationObserver(() => window.seen.push([bar.value, bar.max]))
            .observe(bar, { attributes: true });
    }""")
    page.locator("#upload_file").set_input_files(str(upload_file(tmp_path)))
    page.locator("#upload_hero_name").fill("Hero")
    page.get_by_role("button", name="Import").click()
    summary = page.locator("#upload-summary")
    expect(summary).to_be_visible(timeout=60_000)
    expect(summary.locator('[data-count="imported"]')).to_have_text("7")
    expect(summary.locator('[data-count="refused"]')).to_have_text("1")
    expect(summary.locator('[data-count="duplicates"]')).to_have_text("0")
    expect(summary).to_contain_text("PokerStars hand #42: Hand #42, line 17: cannot read "
                                    "'Hero: dances and is all-in'.")
    bar = page.locator("#upload-bar")
    assert bar.evaluate("b => [b.value, b.max]") == [8, 8]
    values = [v for v, _max in page.evaluate("window.seen")]
    assert {2, 4, 6, 8} <= set(values), values  # the bar moved step by step
    expect(page.locator("#upload-count")).to_have_text("8 of 8 hands read · 7 imported")
    page.screenshot(path=artifacts / "import-summary.png", full_page=True)

    # The same file again: every hand is found already imported.
    page.locator("#upload_file").set_input_files(str(upload_file(tmp_path)))
    page.get_by_role("button", name="Import").click()
    expect(summary.locator('[data-count="duplicates"]')).to_have_text("7", timeout=60_000)
    expect(summary.locator('[data-count="imported"]')).to_have_text("0")

    # Nothing refused: no "Refused" list, and nothing of it written as "null".
    page.locator("#upload_file").set_input_files(str(upload_file(tmp_path, broken=False)))
    page.get_by_role("button", name="Import").click()
    expect(summary.locator('[data-count="refused"]')).to_have_text("0", timeout=60_000)
    expect(summary).not_to_contain_text("null")
    assert page.problems == []


def test_the_session_review_draws_its_chart_and_numbers_lead_to_hands(
    page_for, people, artifacts
):
    page = page_for(REVIEWER)
    page.goto("/hands/import/")
    page.locator("#upload_text").fill(ACES_CRACKED + "\n\n" +
                                  (DATA / "hypatia-heads-up-muck.txt").read_text())
    page.get_by_role("button", name="Import").click()
    page.get_by_role("link", name="Review them as a session").click()
    expect(page.locator('[data-figure="net"]')).to_have_text("-$300.00")
    expect(page.locator('[data-figure="adjusted"]')).to_have_text("-$109.09")
    chart = page.locator("#session-chart")
    expect(chart).to_be_visible()
    box = chart.bounding_box()
    assert box["width"] > 300 and box["height"] > 100
    for series in ("net", "adjusted"):
        path = chart.locator(f'[data-series="{series}"]')
        assert path.evaluate("p => p.getTotalLength()") > 100  # a line was drawn
    net_end = chart.locator('[data-series="net"]').evaluate(
        "p => p.getPointAtLength(p.getTotalLength()).y")
    adjusted_end = chart.locator('[data-series="adjusted"]').evaluate(
        "p => p.getPointAtLength(p.getTotalLength()).y")
    assert adjusted_end < net_end  # luck cost money: the adjusted line ends higher
    page.screenshot(path=artifacts / "session-review.png", full_page=True)

    row = page.locator('tr[data-position="all"]')
    row.locator('[data-stat="pfr"] a').click()
    hands = page.locator("#hands li a")
    expect(hands).to_have_count(1)
    expect(hands).to_have_text("PokerStars #300000000001")
    hands.click()
    expect(page.locator("#rp-count")).to_contain_text("Step 1 of")
    page.keyboard.press("End")
    expect(page.locator("#rp-result")).to_contain_text("Villain wins $200.00")
    expect(page.locator("#rp-result")).to_contain_text("Rake: $1.00")
    assert page.problems == []

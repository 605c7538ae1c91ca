"""The lobby updates itself: a visitor who is not logged in keeps the lobby open while two
guests, each in a Chromium context of their own, create tables and sit down at one. The
visitor's page shows the new table, its seats and players, and its first hand, without a
reload, and never hears of the private table one of them creates.
"""

import json

import pytest
from playwright.sync_api import expect

from tests.browser.people import Person

pytestmark = [pytest.mark.browser, pytest.mark.timeout(150)]


def test_the_lobby_shows_new_tables_and_players_live(chromium, site, artifacts):
    watcher, hank, gina = (Person(chromium, site, name) for name in ("watcher", "hank", "gina"))
    watcher.page.goto("/")
    expect(watcher.page.locator("#lobby")).to_have_attribute("data-live", "open")
    # Gone if the page reloads: every change below must arrive without one.
    watcher.page.evaluate("window.sameLobbyPage = true")

    hank.join_as_guest()
    hank.create_table("Lobby live game", seats=6)
    row = watcher.page.locator("#lobby tr[data-table-id]", has_text="Lobby live game")
    expect(row.locator("td.seats")).to_have_text("0/6")
    expect(row.locator("td.players")).to_have_text("nobody yet")
    table_path = hank.page.url.removeprefix(site.url)
    expect(row.get_by_role("link", name="Join")).to_have_attribute("href", table_path)

    hank.sit(1)
    expect(row.locator("td.seats")).to_have_text("1/6")
    expect(row.locator("td.players")).to_have_text("hank")

    hank.create_table("Hidden game", seats=6, private=True)
    gina.join_as_guest()
    gina.page.goto(table_path)
    gina.sit(3)
    expect(row.locator("td.seats")).to_have_text("2/6")
    expect(row.locator("td.players")).to_have_text("hank, gina")
    # Two players: the table clock deals the first hand, and the lobby counts it.
    expect(row.locator("td.hands")).to_have_text("1")
    watcher.page.screenshot(path=artifacts / "lobby-live-1280.png", full_page=True)
    # The row the script built is the row the server renders (seen without the script).
    plain = chromium.new_context(base_url=site.url, java_script_enabled=False)
    served = plain.new_page()
    served.goto("/")
    served_row = served.locator("#lobby tr[data-table-id]", has_text="Lobby live game")
    assert row.evaluate("r => r.outerHTML") == served_row.evaluate("r => r.outerHTML")
    plain.close()

    assert watcher.page.evaluate("window.sameLobbyPage") is True
    hidden = watcher.page.locator("#lobby tr[data-table-id]", has_text="Hidden game")
    expect(hidden).to_have_count(0)
    assert not any("Hidden game" in json.dumps(frame) for frame in watcher.frames)
    kinds = [frame["type"] for frame in watcher.frames]
    assert kinds[0] == "lobby" and "error" not in kinds, kinds
    for visitor in (watcher, hank, gina):
        assert not visitor.problems, visitor.problems
        visitor.context.close()


def test_the_script_orders_replaces_and_removes_rows_and_writes_names_as_text(chromium, site):
    """The page's own module, fed frames in the page: rows stay newest first, a row is
    replaced in place, the last removal brings back the empty line, and a name that looks
    like markup stays text."""
    visitor = Person(chromium, site, "visitor")
    visitor.page.goto("/")
    expect(visitor.page.locator("#lobby")).to_have_attribute("data-live", "open")
    result = visitor.page.evaluate(
        """async () => {
            const { LobbyList } = await import("/static/js/lobby.js");
            const table = document.createElement("table");
            table.append(document.createElement("tbody"));
            table.tBodies[0].dataset.empty = "No open tables yet.";
            const list = new LobbyList(table.tBodies[0]);
            const row = (id, players) => ({
                id, name: `Game ${id}`, version: 1, status: "open", small_blind: 1,
                big_blind: 2, ante: 0, min_buy_in: 40, max_buy_in: 200, max_seats: 2,
                seats_taken: players.length, players, hands_played: 0, url: `/tables/${id}/`,
            });
            const ids = () => list.rows().map((r) => Number(r.dataset.tableId));
            const seen = [];
            list.apply({ type: "lobby", tables: [row(9, []), row(5, [])] });
            list.apply({ type: "lobby_table", table: row(7, ["<b>x</b>"]) });
            list.apply({ type: "lobby_table", table: row(11, []) });
            seen.push(ids());
            list.apply({ type: "lobby_table", table: row(5, ["ann", "bo"]) });
            seen.push(ids());
            const five = list.find(5);
            const seven = list.find(7);
            list.apply({ type: "lobby_removed", table_id: 9, version: 2 });
            seen.push(ids());
            for (const id of [5, 7, 11]) list.apply({ type: "lobby_removed", table_id: id });
            return {
                seen,
                five: [five.querySelector(".players").textContent,
                       five.querySelector("a.button").textContent],
                seven: seven.querySelector(".players").innerHTML,
                empty: table.tBodies[0].textContent,
            };
        }"""
    )
    assert result["seen"] == [[11, 9, 7, 5], [11, 9, 7, 5], [11, 7, 5]]
    assert result["five"] == ["ann, bo", "Watch"]  # full: two of two seats
    assert result["seven"] == "&lt;b&gt;x&lt;/b&gt;"
    assert result["empty"] == "No open tables yet."
    assert not visitor.problems, visitor.problems
    visitor.context.close()

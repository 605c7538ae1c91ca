"""Home-game settings in Chromium: the host turns on run it twice ("ask"), two players all in
agree, and the felt shows both boards and what each paid; an orbit of pot-limit Omaha played
with the pot-size bet button."""

import pytest
from playwright.sync_api import expect

from tests.browser.people import Person, open_table, send, set_choice, to_act, wait_for_new_hand

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


def test_run_it_twice_asked_and_agreed_shows_both_boards_and_the_split(chromium, site):
    hana, ivo = Person(chromium, site, "hgana"), Person(chromium, site, "hgivo")
    people = (hana, ivo)
    try:
        open_table("Twice game", hana, ivo, host_panel=True, wait_for_start=True)
        set_choice(hana, "run_it_twice", "ask")
        expect(ivo.page.locator("#log")).to_contain_text(
            "hgana (host) changed the table from the next hand: run it twice: ask the all-in "
            "players (all must agree)."
        )
        hana.page.locator("#host-panel button[data-control=resume]").click()
        number = wait_for_new_hand(people)
        # Paused while the hand plays: it plays to its end and stays on show (no next deal).
        hana.page.locator("#host-panel button[data-control=pause]").click()
        expect(ivo.page.locator("#table-banner")).to_contain_text(
            "The game is paused: this hand plays to its end")
        first = to_act(people)
        send(first, {"type": "act", "action": "all_in"})
        second = ivo if first is hana else hana
        second.page.wait_for_function(
            "() => { const h = window.pokerTable.view.hand; return h && h.legal && h.legal.call; }"
        )
        send(second, {"type": "act", "action": "call"})
        for person in people:
            expect(person.page.locator("[data-role=runout-asked]")).to_be_visible()
            person.page.get_by_role("button", name="Run it twice").click()
        for person in people:
            person.page.wait_for_function(
                "n => { const h = window.pokerTable.view.hand;"
                " return h && h.number === n && h.complete; }", arg=number, timeout=30_000)
            felt = person.page.locator("#felt")
            expect(felt.locator(".board[data-board='1'] .card[data-card]")).to_have_count(5)
            expect(felt.locator(".board[data-board='2'] .card[data-card]")).to_have_count(5)
        # Both stacks of 150 went in: each board paid half of the 300, counted on the page.
        paid = hana.page.evaluate(
            "() => [1, 2].map(b => [...document.querySelectorAll("
            "`#felt .results li[data-board='${b}']`)]"
            ".reduce((sum, li) => sum + Number(li.dataset.amount), 0))"
        )
        assert paid == [150, 150]
        texts = hana.page.locator("#felt .results li").all_inner_texts()
        assert any(text.endswith("on the second board") for text in texts)
        assert not hana.problems and not ivo.problems
    finally:
        for person in people:
            person.close()


def test_an_orbit_of_pot_limit_omaha_with_the_pot_button(chromium, site):
    hana, ivo = Person(chromium, site, "hgomar"), Person(chromium, site, "hgpia")
    people = (hana, ivo)
    try:
        open_table("Omaha game", hana, ivo, host_panel=True, wait_for_start=True)
        set_choice(hana, "game", "PO")
        hana.page.locator("#host-panel button[data-control=resume]").click()
        number = 0
        for _ in range(2):  # heads-up, an orbit is two hands: each deals once
            number = wait_for_new_hand(people, after=number)
            for person in people:
                expect(person.page.locator("#felt [data-role=game]")).to_have_text(
                    "Pot-limit Omaha")
                expect(person.page.locator(".seat.me .hole .card[data-card]")).to_have_count(4)
                # The other player's four cards are backs: no face is sent, none drawn.
                theirs = ".seat:not(.me) .hole .card"
                expect(person.page.locator(theirs)).to_have_count(4)
                expect(person.page.locator(f"{theirs}[data-card]")).to_have_count(0)
            actor = to_act(people)
            legal = actor.view()["hand"]["legal"]
            pot_limit = legal["raise"]["max"]
            actor.page.locator("#action-bar button.preset[data-preset='Pot']").click()
            expect(actor.page.locator("#action-bar .amount-box")).to_have_value(str(pot_limit))
            actor.page.locator("#action-bar button.act.raise").click()
            other = hana if actor is ivo else ivo
            other.page.wait_for_function(
                "m => { const h = window.pokerTable.view.hand;"
                " return h && h.legal && h.legal.call && h.total_pot === m; }",
                arg=pot_limit + 2, timeout=30_000)  # the raiser's pot limit and the big blind
            other.page.locator("#action-bar button.act.fold").click()
        assert not hana.problems and not ivo.problems
    finally:
        for person in people:
            person.close()


def test_a_bomb_pot_from_the_hosts_button_starts_on_the_flop(chromium, site):
    hana, ivo = Person(chromium, site, "hgquin"), Person(chromium, site, "hgrae")
    people = (hana, ivo)
    try:
        open_table("Bomb game", hana, ivo, host_panel=True, wait_for_start=True)
        hana.page.locator("#host-panel button[data-control=bomb_pot]").click()
        expect(ivo.page.locator("#log")).to_contain_text(
            "hgquin (host) made the next hand a bomb pot: everyone antes 2 big blinds")
        expect(hana.page.locator("#host-panel button[data-control=bomb_pot]")).to_be_disabled()
        hana.page.locator("#host-panel button[data-control=resume]").click()
        wait_for_new_hand(people)
        for person in people:
            felt = person.page.locator("#felt")
            expect(felt.locator("[data-role=bomb-pot]")).to_have_text("Bomb pot")
            # Dealt straight to the flop: three board cards, the two antes of 4 in the pot.
            expect(felt.locator(".board[data-board='1'] .card[data-card]")).to_have_count(3)
            expect(felt.locator(".pot")).to_have_attribute("data-pot", "8")
        hand = to_act(people).view()["hand"]
        assert hand["street"] == "flop" and hand["legal"]["check"]
        assert not hana.problems and not ivo.problems
    finally:
        for person in people:
            person.close()


def test_the_host_allows_straddles_and_a_player_asks_to_straddle(chromium, site):
    host, player = Person(chromium, site, "hgsol"), Person(chromium, site, "hgtam")
    try:
        open_table("Straddle game", host, player, host_panel=True, wait_for_start=True)
        straddle = player.page.locator("#straddle")
        expect(straddle).to_be_hidden()  # the table does not allow straddles yet
        form = host.page.locator("#host-panel form.host-settings")
        form.locator("input[name=straddles_allowed]").check()
        form.get_by_role("button", name="Save settings").click()
        expect(player.page.locator("#log")).to_contain_text(
            "hgsol (host) changed the table from the next hand: straddles under the gun: allowed.")
        straddle.click()
        expect(straddle).to_have_attribute("aria-pressed", "true")
        host.page.wait_for_function(
            "() => window.pokerTable.view.seats.find(s => s.number === 2).straddle_next")
        straddle.click()
        expect(straddle).to_have_attribute("aria-pressed", "false")
        assert not host.problems and not player.problems
    finally:
        host.close()
        player.close()

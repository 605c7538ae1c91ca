"""Issue 23 in Chromium: a double-board bomb pot on the felt (two boards, what each paid),
and a button straddle posted from the player's own straddle button."""

import pytest
from playwright.sync_api import expect

from tests.browser.people import Person, open_table, send, wait_for_new_hand

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

BUY_IN = 150  # what Person.sit buys in for


def wait_for_actor(people) -> Person:
    """The person whose turn it is, once some page offers legal actions."""
    people[0].page.wait_for_function(
        "() => { const h = window.pokerTable.view.hand;"
        " return h && (h.complete || h.to_act !== null); }")
    seat = people[0].view()["hand"]["to_act"]
    person = next(p for p in people if p.view()["you"]["seat"] == seat)
    person.page.wait_for_function(
        "() => { const h = window.pokerTable.view.hand; return h && h.legal; }")
    return person


def save_settings(host, **values):
    form = host.page.locator("#host-panel form.host-settings")
    for name, value in values.items():
        field = form.locator(f"[name={name}]")
        if isinstance(value, bool):
            field.set_checked(value)
        else:
            field.fill(str(value))
    form.get_by_role("button", name="Save settings").click()


def test_a_double_board_bomb_pot_shows_both_boards_and_what_each_paid(chromium, site):
    host, guest = Person(chromium, site, "bbhost"), Person(chromium, site, "bbguest")
    people = (host, guest)
    try:
        open_table("Double board game", host, guest, host_panel=True, wait_for_start=True)
        save_settings(host, bomb_pot_boards=2)
        expect(guest.page.locator("#log")).to_contain_text(
            "bbhost (host) changed the table from the next hand: bomb pots dealt with two "
            "boards.")
        host.page.locator("#host-panel button[data-control=bomb_pot]").click()
        expect(guest.page.locator("#log")).to_contain_text("starts on the flop with two boards.")
        host.page.locator("#host-panel button[data-control=resume]").click()
        number = wait_for_new_hand(people)
        # Paused while the hand plays: it plays to its end and stays on show (no next deal).
        host.page.locator("#host-panel button[data-control=pause]").click()
        expect(guest.page.locator("#table-banner")).to_contain_text(
            "The game is paused: this hand plays to its end")
        for person in people:
            felt = person.page.locator("#felt")
            expect(felt.locator("[data-role=bomb-pot]")).to_have_text("Bomb pot, two boards")
            expect(felt.locator(".board[data-board='1'] .card[data-card]")).to_have_count(3)
            expect(felt.locator(".board[data-board='2'] .card[data-card]")).to_have_count(3)
        first = wait_for_actor(people)
        send(first, {"type": "act", "action": "all_in"})
        second = guest if first is host else host
        second.page.wait_for_function(
            "() => { const h = window.pokerTable.view.hand; return h && h.legal && h.legal.call; }"
        )
        send(second, {"type": "act", "action": "call"})
        for person in people:
            person.page.wait_for_function(
                "n => { const h = window.pokerTable.view.hand;"
                " return h && h.number === n && h.complete; }", arg=number, timeout=30_000)
            felt = person.page.locator("#felt")
            expect(felt.locator(".board[data-board='1'] .card[data-card]")).to_have_count(5)
            expect(felt.locator(".board[data-board='2'] .card[data-card]")).to_have_count(5)
            boards = person.view()["hand"]
            assert not set(boards["board"]) & set(boards["runs"][0])  # two different boards
        # Both stacks went in: each board paid half of them, counted from the page's rows.
        paid = host.page.evaluate(
            "() => [1, 2].map(b => [...document.querySelectorAll("
            "`#felt .results li[data-board='${b}']`)]"
            ".reduce((sum, li) => sum + Number(li.dataset.amount), 0))"
        )
        assert paid == [BUY_IN, BUY_IN]
        texts = host.page.locator("#felt .results li").all_inner_texts()
        assert any(t.endswith("on the first board") for t in texts)
        assert any(t.endswith("on the second board") for t in texts)
        assert not host.problems and not guest.problems
    finally:
        for person in people:
            person.close()


def test_a_button_straddle_posted_from_the_players_button(chromium, site):
    people = [Person(chromium, site, name) for name in ("bbstra", "bbstrb", "bbstrc")]
    host = people[0]
    try:
        open_table("Button straddle game", *people, host_panel=True, wait_for_start=True)
        for person in people:
            expect(person.page.locator("#straddle")).to_be_hidden()
        save_settings(host, button_straddles_allowed=True)
        for person in people:  # each asks to straddle the next time they are on the button
            button = person.page.locator("#straddle")
            expect(button).to_have_text("Straddle on the button")
            button.click()
            expect(button).to_have_text("Straddling on the button")
            expect(button).to_have_attribute("aria-pressed", "true")
        host.page.locator("#host-panel button[data-control=resume]").click()
        wait_for_new_hand(people)
        view = host.view()
        hand = view["hand"]
        on_button = next(p for p in people if p.view()["you"]["seat"] == hand["button"])
        # The button posted two big blinds (its bet on the felt); the small blind acts first.
        felt = host.page.locator("#felt")
        expect(felt.locator(f".bet[data-seat='{hand['button']}']")).to_contain_text("4")
        expect(host.page.locator("#log")).to_contain_text(
            f"{on_button.name} posts a straddle of 4")
        assert hand["to_act"] == hand["small_blind_seat"]
        assert hand["total_pot"] == 1 + 2 + 4
        # The straddle is used up for the button, still set for the others.
        for person in people:
            pressed = "false" if person is on_button else "true"
            expect(person.page.locator("#straddle")).to_have_attribute("aria-pressed", pressed)
        assert not any(person.problems for person in people)
    finally:
        for person in people:
            person.close()

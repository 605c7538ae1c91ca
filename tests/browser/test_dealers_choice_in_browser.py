"""Dealer's choice in Chromium (issue 41), at a laptop's 1366 px and a phone's 375 px: the
host picks every game of the registry in an order of their own from the host panel, and the
table deals each game in turn, an orbit each; on both players' pages the felt names the game
dealt and the next orbit's, the table's line says both, and each player's own hole cards are
as many as the game deals (counted on the felt, checked against the registry and the view).
The house rules panel explains every game. Written over ``GAMES``: games added to the
registry join the test.

A second test creates a dealer's-choice table from the lobby's form (issue 40: the form had
no game choice) and reads the line and the rules panel before any hand."""

import pytest
from playwright.sync_api import expect

from games.engine.games import GAMES
from tests.browser.people import Person, open_table, wait_for_new_hand

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

# The host's order: the registry's backwards, so it is the host's order and not the default.
CHOSEN = list(reversed(GAMES))
DEALERS_CHOICE = "DC"
HEIGHTS = {1366: 860, 375: 812}


def label(code: str) -> str:
    return GAMES[code].label


def set_dealers_choice(host: Person, codes: list[str]) -> None:
    """Choose dealer's choice in the host panel, the games in ``codes``' order, and save."""
    form = host.page.locator("#host-panel form.host-settings")
    form.locator("select[name=game]").select_option(DEALERS_CHOICE)
    slots = form.locator("fieldset.setting-list")
    expect(slots).to_be_visible()  # shown only while the game is dealer's choice
    for number in range(1, len(GAMES) + 1):
        slot = slots.get_by_label(
            f"Dealer's choice: the games in order, an orbit each: game {number}")
        slot.select_option(codes[number - 1] if number <= len(codes) else "")
    form.get_by_role("button", name="Save settings").click()


def fold_for_whoever_acts(people, number: int) -> None:
    """The player to act in hand ``number`` folds from their action bar (heads-up: the hand
    ends). Whose turn it is comes from the view: the seat to act, and each person's seat."""
    seat = people[0].page.evaluate("window.pokerTable.view.hand.to_act")
    actor = next(p for p in people if p.view()["you"]["seat"] == seat)
    fold = actor.page.locator("#action-bar.your-turn button.act.fold")
    fold.click()
    actor.page.wait_for_function(
        "n => { const h = window.pokerTable.view.hand; return h.number > n || h.complete; }",
        arg=number)


@pytest.mark.parametrize("width", [1366, 375])
def test_the_host_deals_every_game_in_their_order_each_labelled_on_the_felt(
    chromium, site, width
):
    host = Person(chromium, site, f"dc{width}host")
    guest = Person(chromium, site, f"dc{width}guest")
    people = (host, guest)
    try:
        open_table(f"Dealer's choice {width}", host, guest, host_panel=True,
                   wait_for_start=True)
        for person in people:
            person.page.set_viewport_size({"width": width, "height": HEIGHTS[width]})
        set_dealers_choice(host, CHOSEN)
        order = ", then ".join(label(code) for code in CHOSEN)
        for person in people:
            expect(person.page.locator("#log")).to_contain_text(
                f"{host.name} (host) changed the table from the next hand: game: dealer's "
                f"choice; dealer's choice games: {order}, an orbit each.")
            # Every game explained, in the host's order, after how dealer's choice turns.
            rules = person.page.locator("#house-rules")
            expect(rules.locator("summary")).to_contain_text(
                " · ".join(["Dealer's choice", *(label(code) for code in CHOSEN)]))
            rules.locator("summary").click()
            expect(rules.locator("dt[data-topic=game]")).to_have_text(
                [label(code) for code in CHOSEN])
            expect(rules.locator("dd[data-topic=dealers_choice]")).to_contain_text(
                f"in this order: {order}, then {label(CHOSEN[0])} again.")
            rules.locator("summary").click()  # closed again: the felt as players see it
        host.page.locator("#host-panel button[data-control=resume]").click()

        number = 0
        dealt = []
        for hand in range(2 * len(CHOSEN) + 1):  # heads-up an orbit is two hands; and one more
            number = wait_for_new_hand(people, after=number)
            code = CHOSEN[hand // 2 % len(CHOSEN)]
            after = CHOSEN[(hand // 2 + 1) % len(CHOSEN)]
            for person in people:
                view_hand = person.view()["hand"]
                assert view_hand["number"] == number and view_hand["game"] == code
                assert view_hand["hole_cards"] == GAMES[code].hole_cards
                felt = person.page.locator("#felt")
                expect(felt.locator("[data-role=game]")).to_have_text(label(code))
                expect(felt.locator("[data-role=game]")).to_be_visible()
                expect(felt.locator("[data-role=next-game]")).to_have_text(
                    f"Next orbit: {label(after)}")
                expect(felt.locator(".seat.me .hole .card[data-card]")).to_have_count(
                    GAMES[code].hole_cards)
                expect(person.page.locator("#stakes")).to_contain_text(
                    f"Dealer's choice: {label(code)} now, {label(after)} next orbit")
            dealt.append(code)
            fold_for_whoever_acts(people, number)
        assert dealt == [CHOSEN[hand // 2 % len(CHOSEN)] for hand in range(len(dealt))]
        assert not host.problems and not guest.problems
    finally:
        for person in people:
            person.close()


@pytest.mark.parametrize("width", [1366, 375])
def test_a_dealers_choice_table_made_from_the_lobby_form(chromium, site, width):
    host = Person(chromium, site, f"dcform{width}")
    try:
        host.page.set_viewport_size({"width": width, "height": HEIGHTS[width]})
        host.join_as_guest()
        host.page.goto("/")
        form = host.page.locator("form.create-table")
        form.get_by_label("Table name").fill(f"Form game {width}")
        slot = form.get_by_label("Dealer's choice, game 1")
        expect(slot).to_be_hidden()  # until dealer's choice is the game
        form.get_by_label("Game", exact=True).select_option(DEALERS_CHOICE)
        expect(slot).to_be_visible()
        picked = CHOSEN[:2]
        for number in range(1, len(GAMES) + 1):
            form.get_by_label(f"Dealer's choice, game {number}").select_option(
                picked[number - 1] if number <= len(picked) else "")
        form.get_by_role("button", name="Create table").click()
        expect(host.page.locator(".table-title h1")).to_have_text(f"Form game {width}")
        expect(host.page.locator("#stakes")).to_contain_text(
            f"Dealer's choice: {label(picked[0])} now, {label(picked[1])} next orbit")
        expect(host.page.locator("#house-rules summary")).to_contain_text(
            f"Dealer's choice · {label(picked[0])} · {label(picked[1])}")
        assert not host.problems
    finally:
        host.close()

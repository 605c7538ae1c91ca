"""Two people and a spectator at one table, in three separate Chromium contexts.

The tests share one table and run in order: a hand played to showdown with clicks and keys,
then a reload in the middle of the next hand, then a lost connection that recovers. Before
every action each page is checked for the other player's hole cards, in the DOM and in every
WebSocket frame it received.
"""

import json
import re
from contextlib import contextmanager

import pytest
from playwright.sync_api import expect

from tests.browser.people import (
    DESKTOP,
    GAVE_UP,
    PHONE,
    Person,
    check_or_call,
    wait_for_new_hand,
    whose_turn,
)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(150)]

expect.set_options(timeout=15_000)
SUIT_NAMES = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
RANK_NAMES = {
    "A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten", "9": "nine", "8": "eight",
    "7": "seven", "6": "six", "5": "five", "4": "four", "3": "three", "2": "two",
}
def assert_cards_not_on_page(
    person: Person, cards: list[str], hand_number: int, even_after_showdown: bool = False
) -> None:
    """Neither the DOM while this hand is played nor any frame of it before its end holds
    ``cards``; with ``even_after_showdown``, not after its end either (mucked cards)."""
    # One snapshot of view and DOM together: the showdown may arrive between two reads.
    page = person.page.evaluate(
        """(number) => {
            const hand = window.pokerTable.view && window.pokerTable.view.hand;
            return {
                over: Boolean(hand && hand.number === number && hand.complete),
                html: document.documentElement.outerHTML,
                text: document.body.innerText,
            };
        }""",
        hand_number,
    )
    for code in cards if even_after_showdown or not page["over"] else []:
        assert f'data-card="{code}"' not in page["html"], f"{person.name} sees {code}"
        name = f"{RANK_NAMES[code[0]]} of {SUIT_NAMES[code[1]]}"
        assert name not in page["html"], f"{person.name} sees {name}"
        pattern = rf"(?<![\w-]){code}(?![\w-])"
        assert not re.search(pattern, page["text"]), f"{person.name} reads {code}"
    for frame in person.frames:
        table = frame.get("table") or {}
        hand = table.get("hand") or {}
        if hand.get("number") == hand_number and not hand.get("complete"):
            payload = json.dumps(frame)  # the public view and the personal part ("mine")
            for code in cards:
                assert f'"{code}"' not in payload, f"a frame sent {code} to {person.name}"


@contextmanager
def paused(host, people):
    """The table paused by its host while the block runs (the hand being played plays to
    its end), then resumed: the module's next tests play on at it."""
    host.page.evaluate("window.pokerTable.socket.send({type: 'host', control: 'pause'})")
    for person in people:
        person.page.wait_for_function("() => window.pokerTable.view.status === 'paused'")
    try:
        yield
    finally:
        host.page.evaluate("window.pokerTable.socket.send({type: 'host', control: 'resume'})")
        host.page.wait_for_function("() => window.pokerTable.view.status !== 'paused'")


@pytest.fixture(scope="module")
def game(chromium, site, artifacts):
    alice, bob, carol = (Person(chromium, site, name) for name in ("alice", "bob", "carol"))
    alice.join_as_guest()
    alice.create_table("Browser game", blinds=(1, 2), seats=6)
    expect(alice.page.locator("#sit-out")).to_be_hidden()
    alice.sit(1, artifacts)
    expect(alice.page.locator("#sit-out")).to_be_visible()

    bob.join_as_guest()
    bob.page.goto("/")
    row = bob.page.locator("tr", has_text="Browser game")
    expect(row).to_contain_text("1/6")
    expect(row).to_contain_text("alice")
    bob.page.screenshot(path=artifacts / "lobby-1280.png", full_page=True)
    bob.page.set_viewport_size(PHONE)
    bob.page.screenshot(path=artifacts / "lobby-375.png", full_page=True)
    bob.page.set_viewport_size(DESKTOP)
    row.get_by_role("link", name="Join").click()
    bob.sit(4)

    carol.join_as_guest()
    carol.page.goto(alice.page.url)
    expect(carol.page.locator(".seat.taken")).to_have_count(2)
    yield alice, bob, carol
    for person in (alice, bob, carol):
        assert not person.problems, f"{person.name}: {person.problems}"
        person.close()


def try_amount_controls(person: Person) -> None:
    """The bet/raise box clamps to the legal range; presets set it; R focuses it."""
    legal = person.view()["hand"]["legal"]
    span = legal["bet"] or legal["raise"]
    box = person.page.locator("#action-bar .amount-box")
    person.page.keyboard.press("r")
    expect(box).to_be_focused()
    box.fill("99999")
    box.press("Tab")
    expect(box).to_have_value(str(span["max"]))
    box.fill("0")
    box.press("Tab")
    expect(box).to_have_value(str(span["min"]))
    person.page.locator("#action-bar button[data-preset='All-in']").click()
    expect(box).to_have_value(str(span["max"]))
    expect(person.page.locator("#action-bar button.raise")).to_contain_text(str(span["max"]))
    person.page.locator("#action-bar button[data-preset='Min']").click()
    expect(box).to_have_value(str(span["min"]))
    box.press("Escape")  # leave the box, so that keys act again
    expect(box).not_to_be_focused()


def raise_with_keys(person: Person) -> int:
    """R, type the smallest legal amount, Enter: a bet or raise made from the keyboard."""
    legal = person.view()["hand"]["legal"]
    amount = (legal["bet"] or legal["raise"])["min"]
    person.page.keyboard.press("r")
    person.page.keyboard.type(str(amount))
    person.page.keyboard.press("Enter")
    expect(person.page.locator("#action-bar button.act:not([disabled])")).to_have_count(0)
    return amount


def screenshot(person: Person, artifacts, name: str) -> None:
    page = person.page
    page.set_viewport_size(PHONE)
    page.screenshot(path=artifacts / f"{name}-375.png")
    page.screenshot(path=artifacts / f"{name}-375-full.png", full_page=True)
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=artifacts / f"{name}-1280.png")


def test_two_guests_play_a_hand_to_showdown_while_a_spectator_watches(game, artifacts):
    alice, bob, carol = game
    number = wait_for_new_hand([alice, bob, carol])
    # The host pauses, so that no next hand replaces this one's showdown on the pages while
    # they are checked (the tests' site deals again a second after a hand).
    with paused(alice, (alice, bob, carol)):
        cards = {alice.name: alice.own_cards(), bob.name: bob.own_cards()}
        expect(carol.page.locator(".seat .hole .card[data-card]")).to_have_count(0)
        expect(carol.page.locator(".seat .hole .card.back")).to_have_count(4)
        expect(alice.page.locator("#you-have")).to_contain_text("You have: ")

        tried_amounts = screenshot_taken = raised = False
        for _ in range(40):
            assert_cards_not_on_page(alice, cards["bob"], number)
            assert_cards_not_on_page(bob, cards["alice"], number)
            assert_cards_not_on_page(carol, cards["alice"] + cards["bob"], number)
            actor = whose_turn(alice, bob)
            if actor is None:
                break
            # The spectator follows live: the same board and as many log rows as the players.
            seen = actor.view()
            expect(carol.page.locator(".board .card[data-card]")).to_have_count(
                len(seen["hand"]["board"])
            )
            expect(carol.page.locator("#log li[data-kind]")).to_have_count(len(seen["log"]))
            if not screenshot_taken:
                screenshot(actor, artifacts, "table-turn")
                screenshot_taken = True
            if actor is alice and not tried_amounts:
                try_amount_controls(alice)
                tried_amounts = True
            if actor is bob and not raised:
                amount = raise_with_keys(bob)
                expect(alice.page.locator("#log")).to_contain_text(
                    re.compile(f"bob (raises to|bets) {amount}")
                )
                raised = True
                continue
            # Alice clicks, Bob uses the keyboard.
            check_or_call(actor, with_keys=actor is bob)
        else:
            raise AssertionError("the hand did not end")

        for person in (alice, bob, carol):
            expect(person.page.locator(".centre .results li").first).to_be_visible()
            expect(person.page.locator(".board .card[data-card]")).to_have_count(5)
        boards = [
            person.page.locator(".board .card[data-card]").evaluate_all(
                "cards => cards.map(c => c.dataset.card)"
            )
            for person in (alice, bob, carol)
        ]
        assert boards[0] == boards[1] == boards[2]
        pots = [person.page.locator(".centre .pot").inner_text() for person in (alice, bob, carol)]
        assert pots[0] == pots[1] == pots[2]
        results = [p.page.locator(".centre .results").inner_text() for p in (alice, bob, carol)]
        assert results[0] == results[1] == results[2]
        assert "wins" in results[0] and "from the pot" in results[0]

        # The winner showed: their cards are face up on the other player's page and on the
        # spectator's (shown cards are public), the winning five highlighted, the hand described.
        # A hand that was mucked stays face down for everyone else.
        seats = {s["player"]: s for s in alice.view()["seats"]}
        winners = {w["player"] for pot in alice.view()["hand"]["results"] for w in pot["winners"]}
        for winner in winners:
            other = bob if winner == "alice" else alice
            for person in (other, carol):
                for code in cards[winner]:
                    card = person.page.locator(f".seat .hole .card[data-card='{code}']")
                    expect(card).to_be_visible()
        for person in (alice, bob, carol):
            expect(person.page.locator(".card.best")).not_to_have_count(0)
            expect(person.page.locator(".seat .shown-desc").first).to_be_visible()
        for name, seat in seats.items():
            if seat["mucked"]:
                others = [p for p in (alice, bob, carol) if p.name != name]
                for person in others:
                    assert_cards_not_on_page(person, cards[name], number, even_after_showdown=True)
        expect(carol.page.locator("#log")).to_contain_text("River")
        expect(carol.page.locator("#log")).to_contain_text("wins")
        screenshot(alice, artifacts, "table-showdown")
        screenshot(carol, artifacts, "table-spectator")


def test_the_bankroll_is_in_sight_beside_the_tools(game):
    """Every viewer sees their own bankroll on the page, not only in the buy-in dialogs: a
    player (their buy-in taken from it) and a spectator, at a laptop's and a phone's width."""
    alice, _, carol = game
    for person in (alice, carol):
        for width in (1366, 375):
            person.page.set_viewport_size({"width": width, "height": 860})
            chips = str(person.view()["you"]["bankroll"])
            expect(person.page.locator("#bankroll")).to_be_visible()
            expect(person.page.locator("#bankroll")).to_have_text(f"Bankroll: {chips}")
        person.page.set_viewport_size({"width": 1280, "height": 860})
    assert int(alice.view()["you"]["bankroll"]) < int(carol.view()["you"]["bankroll"])


def test_a_refused_message_is_shown_in_words(game):
    _, _, carol = game
    carol.page.evaluate("window.pokerTable.socket.send({type: 'sit_out'})")
    expect(carol.page.locator(".toast[role=alert]")).to_contain_text(
        "You are not seated at this table."
    )


def test_reloading_mid_hand_restores_the_table(game):
    alice, bob, carol = game
    hand = (alice.view() or {}).get("hand")
    # A hand still being played will do; after a finished one, the next. (The pause between
    # hands is short on the tests' site: the next hand may already be dealt.)
    previous = hand["number"] - (0 if hand["complete"] else 1) if hand else 0
    number = wait_for_new_hand([alice, bob], after=previous)
    before = alice.own_cards()
    version = alice.view()["version"]
    alice.page.reload()
    expect(alice.page.locator(".seat.me")).to_have_attribute("data-seat", "1")
    assert alice.own_cards() == before
    view = alice.view()
    assert view["hand"]["number"] == number and view["version"] >= version
    expect(alice.page.locator(".seat.taken")).to_have_count(2)
    expect(alice.page.locator("#log")).to_contain_text("posts the big blind")
    if view["hand"]["legal"]:
        expect(alice.page.locator("#action-bar button.act").first).to_be_visible()


def test_a_lost_connection_shows_reconnecting_and_recovers(game, artifacts):
    alice, bob, carol = game
    wait_for_new_hand([alice, bob])
    actor = whose_turn(alice, bob)
    assert actor is not None, "the hand ended before the test could act"
    waiting = bob if actor is alice else alice
    banner = waiting.page.locator("#banner")

    waiting.context.set_offline(True)
    waiting.page.evaluate("window.pokerTable.socket.socket.close()")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("Reconnecting")
    waiting.page.screenshot(path=artifacts / "reconnecting-1280.png")
    check_or_call(actor, with_keys=False)  # the table moves on while they are away
    moved_on = actor.view()["version"]
    # A retry fails while offline (the page counts the attempts in a row that failed).
    waiting.page.wait_for_function("() => window.pokerTable.socket.attempts >= 2")
    expect(banner).to_be_visible()

    waiting.context.set_offline(False)
    expect(banner).to_be_hidden()
    waiting.page.wait_for_function(
        "v => window.pokerTable.view.version >= v", arg=moved_on
    )
    syncs = [f for f in waiting.frames if f.get("type") == "snapshot"]
    assert len(syncs) >= 2  # the first connection's, and the one after reconnecting

    # Seated people can sit out and back in.
    waiting.page.get_by_role("button", name="Sit out").click()
    expect(waiting.page.locator("#sit-out")).to_have_text("Sit back in")
    waiting.page.get_by_role("button", name="Sit back in").click()
    expect(waiting.page.locator("#sit-out")).to_have_text("Sit out")


def test_the_four_colour_deck_is_remembered(game):
    _, _, carol = game
    carol.page.get_by_role("button", name="4-colour deck").click()
    expect(carol.page.locator("html")).to_have_class(re.compile("four-colour"))
    carol.page.reload()
    expect(carol.page.locator("html")).to_have_class(re.compile("four-colour"))
    expect(carol.page.locator("#four-colour")).to_have_attribute("aria-pressed", "true")


def test_logging_out_in_another_tab_closes_the_table_and_says_why(game, chromium, site):
    alice, _, _ = game
    dave = Person(chromium, site, "dave")
    dave.join_as_guest()
    dave.page.goto(alice.page.url)
    expect(dave.page.locator(".seat.taken").first).to_be_visible()
    sockets = []
    dave.page.on("websocket", lambda socket: sockets.append(socket.url))
    other_tab = dave.context.new_page()
    other_tab.goto("/")
    other_tab.get_by_role("button", name="Log out").click()
    banner = dave.page.locator("#banner")
    expect(banner).to_contain_text("You are not logged in any more")
    assert dave.page.evaluate(GAVE_UP), "the page still means to reconnect"
    assert sockets == [], f"the page reconnected: {sockets}"
    assert not dave.problems, dave.problems
    dave.close()

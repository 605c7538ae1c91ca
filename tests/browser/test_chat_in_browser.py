"""Table chat in Chromium: two guests in their own browser contexts, at a table one of them
hosts. Markup typed into the chat shows as text, emotes reach the other page, "Hide chat" is
one viewer's choice (kept across a reload), and the host's mute is refused to the muted
player with a sentence on their page.
"""

import pytest
from playwright.sync_api import expect

from tests.browser.people import PHONE, Person

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

expect.set_options(timeout=15_000)
MARKUP = "<img src=x onerror=alert(1)>"
WIDTH = "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"


def chat_lines(person: Person):
    return person.page.locator("#chat-messages .chat-line")


def say(person: Person, text: str) -> None:
    box = person.page.get_by_label("Chat message")
    box.fill(text)
    person.page.locator("#chat-form").get_by_role("button", name="Send").click()


@pytest.fixture(scope="module")
def people(chromium, site):
    hilda, gil = Person(chromium, site, "hilda"), Person(chromium, site, "gil")
    dialogs: list[str] = []
    for person in (hilda, gil):
        # An alert would mean the markup ran; accept it, so the page goes on, and fail below.
        person.page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.accept()))
    hilda.join_as_guest()
    hilda.create_table("Chatty table")
    gil.open_table_of(hilda)
    for person in (hilda, gil):
        expect(person.page.locator("#chat-messages")).to_contain_text("No messages yet.")
    yield hilda, gil
    assert dialogs == [], "markup from the chat ran"
    for person in (hilda, gil):
        assert not person.problems, f"{person.name}: {person.problems}"
        person.close()


def test_markup_shows_as_text_and_emotes_reach_the_other_page(people, artifacts):
    hilda, gil = people
    say(gil, MARKUP)
    for person in (hilda, gil):
        line = chat_lines(person).last
        expect(line.locator(".chat-author")).to_have_text("gil")
        expect(line.locator(".chat-text")).to_have_text(MARKUP)
        expect(person.page.locator("#chat-messages img")).to_have_count(0)
    expect(gil.page.get_by_label("Chat message")).to_have_value("")  # sent, so cleared

    hilda.page.locator("#chat-emotes").get_by_role("button", name="Nice hand!").click()
    line = chat_lines(gil).last
    expect(line).to_have_class("chat-line chat-emote")
    expect(line.locator(".chat-author")).to_have_text("hilda")
    expect(line.locator(".chat-text")).to_have_text("Nice hand!")
    hilda.page.screenshot(path=artifacts / "chat-1280.png")


def test_hide_chat_hides_it_for_that_viewer_only_and_is_remembered(people):
    hilda, gil = people
    gil.page.get_by_role("button", name="Hide chat").click()
    expect(gil.page.locator("#chat-body")).to_be_hidden()
    expect(hilda.page.locator("#chat-body")).to_be_visible()
    gil.page.reload()
    expect(gil.page.locator("#chat-toggle")).to_have_text("Show chat")
    expect(gil.page.locator("#chat-body")).to_be_hidden()

    say(hilda, "anyone there?")
    expect(gil.page.locator("#chat-toggle")).to_have_text("Show chat (1)")
    gil.page.locator("#chat-toggle").click()
    expect(gil.page.locator("#chat-body")).to_be_visible()
    expect(chat_lines(gil).last.locator(".chat-text")).to_have_text("anyone there?")
    expect(gil.page.locator("#chat-toggle")).to_have_text("Hide chat")


def test_the_host_mutes_a_player_whose_next_line_is_refused_and_shown_why(people):
    hilda, gil = people
    expect(gil.page.locator("#chat-messages .chat-mute")).to_have_count(0)  # not the host
    say(gil, "hello host")
    gus_line = chat_lines(hilda).filter(has_text="hello host")
    expect(hilda.page.locator(".chat-line[data-user] .chat-mute").first).to_have_text("Mute")
    gus_line.get_by_role("button", name="Mute").click()
    expect(gus_line.get_by_role("button", name="Unmute")).to_be_visible()
    expect(gil.page.locator("#chat-muted")).to_be_visible()

    say(gil, "can you hear me?")
    expect(gil.page.locator(".toast")).to_contain_text(
        "The host has muted you in this table's chat."
    )
    expect(gil.page.get_by_label("Chat message")).to_have_value("can you hear me?")  # kept
    say(hilda, "quiet now")
    expect(chat_lines(gil).last.locator(".chat-text")).to_have_text("quiet now")
    expect(hilda.page.locator("#chat-messages")).not_to_contain_text("can you hear me?")

    gus_line.get_by_role("button", name="Unmute").click()
    expect(gil.page.locator("#chat-muted")).to_be_hidden()
    say(gil, "thanks!")
    expect(chat_lines(hilda).last.locator(".chat-text")).to_have_text("thanks!")


def test_a_long_line_does_not_widen_a_phone_page(people, artifacts):
    hilda, gil = people
    gil.page.set_viewport_size(PHONE)
    say(hilda, "x" * 200)
    expect(chat_lines(gil).last.locator(".chat-text")).to_have_text("x" * 200)
    gil.page.locator("#chat").scroll_into_view_if_needed()
    gil.page.screenshot(path=artifacts / "chat-375.png", full_page=True)
    assert gil.page.evaluate(WIDTH) == [PHONE["width"], PHONE["width"]]

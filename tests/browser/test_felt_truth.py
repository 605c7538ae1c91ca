"""What the felt says is true on every update: three guests and a spectator at one table
(issue 13, played at 1366x860).

Each test reproduces one thing a play-through found wrong: the status line naming a player
who is no longer to act, a "Waits for BB" badge on a player who chose to post, no countdown
to the next deal, and a page that kept retrying its socket after its session logged out.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.people import GAVE_UP, Person, open_table, send_act, wait_for_new_hand

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

LAPTOP = {"width": 1366, "height": 860}


class Guest(Person):
    def __init__(self, chromium, site, name):
        super().__init__(chromium, site, name)
        self.page.set_viewport_size(LAPTOP)

    def status(self):
        return self.page.locator("#action-bar .hint")


@pytest.fixture(scope="module")
def three_handed(chromium, site):
    people = [Guest(chromium, site, name) for name in ("dora", "eve", "finn", "gus")]
    dora, eve, finn, gus = people
    dora.join_as_guest()
    # Three-handed from the first hand: nothing is dealt before the host presses Start.
    dora.create_table("Truth table", blinds=(1, 2), seats=6, wait_for_start=True)
    dora.sit(1)
    for person, number in ((eve, 3), (finn, 5)):
        person.open_table_of(dora)
        person.sit(number)
    gus.open_table_of(dora)
    dora.page.locator("#host-panel summary").click()  # the panel starts closed
    dora.page.locator("#host-panel button[data-control=resume]").click()
    yield people
    for person in people:
        assert not person.problems, f"{person.name}: {person.problems}"
        person.close()


# Keeps every text the status line shows in ``window.statusSeen``.
RECORD_STATUS = """() => {
  const seen = window.statusSeen = [];
  const note = () => {
    const hint = document.querySelector("#action-bar .hint");
    const text = hint ? hint.textContent : null;
    if (text !== null && seen[seen.length - 1] !== text) seen.push(text);
  };
  note();
  new MutationObserver(note).observe(document.body,
    {childList: true, characterData: true, subtree: true});
}"""


def actor_of(person):
    hand = person.view()["hand"]
    if hand is None or hand["complete"] or hand["to_act"] is None:
        return None
    return next(s["player"] for s in person.view()["seats"] if s["number"] == hand["to_act"])


# -1 once the player in seat 6 is dealt into a live hand; else the version of the table when
# someone else is to act in it, once newer than ``seen``.
DEALT_IN_OR_NEXT_TURN = """seen => {
  const v = window.pokerTable.view, s = v.seats.find(x => x.number === 6);
  if (v.hand && !v.hand.complete && s && s.in_hand) return -1;
  return v.hand && !v.hand.complete && v.hand.to_act && v.version > seen ? v.version : null;
}"""


def fold_until_dealt_in(newcomer, players) -> None:
    """Wait until ``newcomer`` (seat 6) is dealt in, folding for ``players`` meanwhile."""
    seen = 0
    for _ in range(20):
        seen = newcomer.page.wait_for_function(DEALT_IN_OR_NEXT_TURN, arg=seen).json_value()
        if seen == -1:
            return
        name = actor_of(newcomer)
        if name not in players:  # the hand ended meanwhile
            continue
        actor = players[name]
        actor.page.wait_for_function("v => window.pokerTable.view.version >= v", arg=seen)
        send_act(actor, "fold")
    raise AssertionError(f"{newcomer.name} was not dealt in")


def test_the_status_line_names_whoever_is_to_act_now_on_every_page(three_handed):
    dora, eve, finn, gus = three_handed
    players = {p.name: p for p in (dora, eve, finn)}
    number = wait_for_new_hand([dora, eve, finn, gus])
    turns = 0
    for _ in range(30):
        actor = actor_of(dora)
        if actor is None or dora.view()["hand"]["number"] != number:
            break
        for person in (dora, eve, finn, gus):
            if person.name != actor:
                # The turn passes between two other players: the text must follow it.
                expect(person.status()).to_contain_text(f"Waiting for {actor} to act.",
                                                        timeout=5_000)
        bar = players[actor].page.locator("#action-bar")
        expect(bar.locator("button.act:not([disabled])").first).to_be_visible()
        button = bar.locator("button[data-action=check], button[data-action=call]").first
        before = dora.view()["version"]
        button.click()
        turns += 1
        # The same player may act again (the big blind checks, then opens the flop).
        dora.page.wait_for_function("v => window.pokerTable.view.version > v", arg=before)
    assert turns >= 3  # three-handed: at least one turn passed between two others


def test_between_hands_every_page_counts_down_to_the_next_deal(three_handed):
    dora, eve, finn, gus = three_handed
    # Every page records each status line it shows: the pause between hands is short on the
    # tests' site, so the countdown is checked in what was shown, not caught while it shows.
    for person in three_handed:
        person.page.evaluate(RECORD_STATUS)
    dora.page.wait_for_function(
        "() => { const v = window.pokerTable.view; return v.hand && v.hand.complete; }",
        timeout=120_000,
    )
    for person in three_handed:
        person.page.wait_for_function(
            "() => window.statusSeen.some("
            " t => /Next hand in \\d+ s\\.|Dealing the next hand/.test(t))"
        )


def test_a_player_who_posts_a_big_blind_is_not_told_to_wait_for_it(three_handed, chromium,
                                                                   site):
    dora = three_handed[0]
    hal = Guest(chromium, site, "hal")
    try:
        hal.open_table_of(dora)
        hal.page.locator("button.sit-here[data-seat='6']").click()
        dialog = hal.page.locator("#sit-dialog")
        dialog.locator("input[name=post_now]").check()
        dialog.get_by_role("button", name="Sit down").click()
        seat = dora.page.locator(".seat[data-seat='6']")
        expect(seat).to_contain_text("hal")
        # Until hal's first hand: the badge says what hal chose, never "Waits for BB".
        hal.page.wait_for_function(
            "() => { const v = window.pokerTable.view; const s = v.seats.find("
            " x => x.number === 6); return s && (s.posting || s.in_hand); }"
        )
        if not hal.view()["seats"][-1]["in_hand"]:
            expect(seat).not_to_contain_text("Waits for BB")
            expect(hal.status()).to_contain_text("You post a big blind to play the next hand.")
        # Hal may have sat down during a hand: the others fold it to its end, and hal is
        # dealt into the next.
        fold_until_dealt_in(hal, {p.name: p for p in three_handed[:3]})
        expect(hal.page.locator(".seat.me .hole .card[data-card]")).to_have_count(2)
        expect(seat).not_to_contain_text("Waits for BB")
        assert not hal.problems, hal.problems
    finally:
        hal.close()


def test_a_page_whose_session_logged_out_stops_retrying_and_says_why(chromium, site):
    ivy = Guest(chromium, site, "ivy")
    try:
        ivy.join_as_guest()
        ivy.page.goto("/")
        ivy.page.locator("table a", has_text="Join").first.click()
        expect(ivy.page.locator("#poker")).to_have_attribute("data-state", "open")
        sockets = []
        ivy.page.on("websocket", lambda socket: sockets.append(socket.url))
        other = ivy.context.new_page()
        other.goto("/")
        other.get_by_role("button", name="Log out").click()
        banner = ivy.page.locator("#banner")
        expect(banner).to_contain_text("not logged in", timeout=10_000)
        expect(ivy.page.locator("#poker")).to_have_attribute("data-state", "closed")
        # No retry is scheduled and no socket is open: nothing will reconnect (a wait of
        # several retry periods would only show it for as long as it waited).
        assert ivy.page.evaluate(GAVE_UP), "the page still means to reconnect"
        assert len(sockets) <= 1, sockets
        expect(ivy.page.locator("#poker")).to_have_attribute("data-state", "closed")
        other.close()
    finally:
        ivy.close()


def test_a_clock_that_runs_out_uses_the_time_bank_then_the_log_says_timed_out(chromium, site):
    juno, kai = Guest(chromium, site, "juno"), Guest(chromium, site, "kai")
    try:
        open_table("Clock table", juno, kai, seconds_to_act=5)
        wait_for_new_hand([juno, kai])
        idle = juno if juno.my_turn() or juno.view()["hand"]["to_act"] == 1 else kai
        other = kai if idle is juno else juno
        # Nobody acts: after 5 s the idle player's time bank shows on every page.
        expect(other.page.locator(".seat.to-act .time-bank")).to_have_text("Time bank",
                                                                            timeout=10_000)
        expect(idle.page.locator("#turn-clock")).to_contain_text("Time bank")
        expect(other.status()).to_contain_text(f"Waiting for {idle.name} to act (on their")
        expect(other.page.locator("#log")).to_contain_text(
            re.compile(f"{idle.name} timed out and (folds|checks)"), timeout=10_000
        )
        assert not idle.problems and not other.problems
    finally:
        juno.close()
        kai.close()


def test_sitting_out_on_your_turn_starts_from_the_next_hand(chromium, site):
    lou, mia = Guest(chromium, site, "lou"), Guest(chromium, site, "mia")
    try:
        open_table("Away table", lou, mia)
        number = wait_for_new_hand([lou, mia])
        actor = lou if lou.view()["hand"]["to_act"] == 1 else mia
        expect(actor.page.locator("#action-bar.your-turn")).to_be_visible()
        actor.page.locator("#sit-out").click()
        # The hand is still theirs to play (docs/protocol.md): nothing is folded for them.
        actor.page.wait_for_function(
            "() => window.pokerTable.view.viewer.text.startsWith('You sit out from the next')"
        )
        expect(actor.page.locator("#action-bar.your-turn")).to_be_visible()
        expect(actor.page.locator("#log")).not_to_contain_text(f"{actor.name} folds")
        actor.page.keyboard.press("f")  # they fold it themselves
        expect(actor.page.locator("#log")).to_contain_text(f"{actor.name} folds")
        assert actor.view()["hand"]["number"] == number
        expect(actor.status()).to_contain_text("You are sitting out.")
    finally:
        lou.close()
        mia.close()


WATCH_BOARD = """() => {
  window.boardSeen = [];
  setInterval(() => {
    const cards = document.querySelectorAll('.board .card[data-card]').length;
    const result = Boolean(document.querySelector('.results li'));
    const last = window.boardSeen[window.boardSeen.length - 1];
    if (!last || last.cards !== cards || last.result !== result) {
      window.boardSeen.push({cards, result, at: performance.now()});
    }
  }, 50);
}"""


def test_an_all_in_run_out_is_dealt_street_by_street(chromium, site):
    nia, otto, pia = (Guest(chromium, site, name) for name in ("nia", "otto", "pia"))
    try:
        open_table("Run-out table", nia, otto)
        pia.open_table_of(nia)
        number = wait_for_new_hand([nia, otto, pia])
        pia.page.evaluate(WATCH_BOARD)
        first = nia if nia.view()["hand"]["to_act"] == 1 else otto
        second = otto if first is nia else nia
        send_act(first, "all_in")
        second.page.wait_for_function("() => Boolean(window.pokerTable.view.hand.legal)")
        send_act(second, "call")
        pia.page.wait_for_function(
            "n => { const h = window.pokerTable.view.hand; return h.number === n && h.complete; }",
            arg=number,
        )
        expect(pia.page.locator(".centre .results li, #results-below li").first).to_be_attached(
            timeout=10_000
        )
        seen = pia.page.evaluate("window.boardSeen")
        counts = [s["cards"] for s in seen]
        assert [c for c in counts if c] == [3, 4, 5], seen  # one street at a time
        flop, turn, river = (next(s for s in seen if s["cards"] == n) for n in (3, 4, 5))
        # The table pauses between streets (RUNOUT_STREET_SECONDS, short on the tests' site,
        # tests/browser/conftest.py, but not nothing), and the page showed each street at a
        # later moment than the one before. How far apart is not asserted: under load the
        # page's watch polls late and bunches them (298 ms for a 400 ms pause, once).
        assert pia.view()["runout_street_seconds"] * 1000 >= 300
        assert flop["at"] < turn["at"] < river["at"], seen
        assert not any(s["result"] for s in seen if s["cards"] < 5), seen  # no early result
        for person in (nia, otto, pia):
            assert not person.problems, person.problems
    finally:
        for person in (nia, otto, pia):
            person.close()

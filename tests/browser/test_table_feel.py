"""The feel of a room, in Chromium, from each viewer's side, at 1366 and 375 px:

- a private note: Ann writes one on Bob from Bob's seat; her felt shows it (after a reload
  too); Bob, Cy and a spectator never get it, on the felt or in any frame;
- Ann's own bet buttons (set on her settings page): her action bar offers them, each
  amount equal to one counted here from the felt's bets and pots;
- sounds: Ann's volume is kept by her browser and her turn, the deal, the folds and her
  win sound at it; Bob's mute silences his page;
- animations: a spectator whose system asks for reduced motion sees none through a deal and
  the hand's bets, while another spectator sees cards dealt and chips moved.
"""

import math

import pytest
from playwright.sync_api import expect

from tests.browser.people import PHONE, Person, check_or_call, send_act, wait_for_new_hand

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

NOTE = "Bluffs every river"
# Every CSS animation a page starts, by name (real browser events, counted as they come).
COUNT_ANIMATIONS = """(() => {
  window.animationsSeen = [];
  document.addEventListener("animationstart", (e) => window.animationsSeen.push(e.animationName),
                            true);
})();"""


def person(chromium, site, name, width, **options):
    someone = Person(chromium, site, name, **options)
    someone.context.add_init_script(COUNT_ANIMATIONS)
    if width < 600:
        someone.page.set_viewport_size(PHONE)
    return someone


def click_until(page, target, shown) -> None:
    """Click ``target`` until ``shown`` is visible: the felt is drawn again on each frame,
    and a press and a release on two drawings of a button make no click."""
    for _ in range(4):
        target.click()
        try:
            expect(shown).to_be_visible(timeout=3_000)
            return
        except AssertionError:
            continue
    expect(shown).to_be_visible()


def expected_amounts(view) -> dict[str, int]:
    """Ann's buttons "75%" and "2.5x", counted from what the felt shows: the pots, every
    bet in front of a player, and her call."""
    hand, legal = view["hand"], view["hand"]["legal"]
    span = legal["raise"] or legal["bet"]
    mine = next(s for s in view["seats"] if s["number"] == view["you"]["seat"])
    call = legal["call"] or 0
    to_match = mine["bet"] + call
    pot = sum(p["amount"] for p in hand["pots"]) + sum(s["bet"] for s in view["seats"]) + call

    def fit(n):
        return min(max(n, span["min"]), span["max"])

    times = math.floor(2.5 * (to_match or view["hand"]["blinds"]["big_blind"]))
    return {"Min": span["min"], "75%": fit(to_match + pot * 75 // 100), "2.5x": fit(times),
            "All-in": span["max"]}


@pytest.mark.parametrize("width", [1366, 375])
def test_notes_presets_sounds_and_motion_from_each_side(chromium, site, width):
    ann, bob, cy = (person(chromium, site, f"{n}{width}", width) for n in ("ann", "bob", "cy"))
    still = person(chromium, site, f"still{width}", width, reduced_motion="reduce")
    moving = person(chromium, site, f"moving{width}", width, reduced_motion="no-preference")
    everyone = (ann, bob, cy, still, moving)
    try:
        # Ann's own bet buttons, from her settings page.
        ann.join_as_guest()
        ann.page.goto("/settings/")
        ann.page.get_by_label("Your bet buttons").fill("75% 2.5X")
        ann.page.get_by_role("button", name="Save bet buttons").click()
        expect(ann.page.get_by_role("status")).to_contain_text("Your bet buttons are saved")
        expect(ann.page.get_by_label("Your bet buttons")).to_have_value("75%, 2.5x")
        ann.create_table(f"Feel {width}", seconds_to_act=120, wait_for_start=True)
        ann.sit(1)
        for seat, player in ((2, bob), (3, cy)):
            player.open_table_of(ann)
            player.sit(seat)
        for watcher in (still, moving):
            watcher.open_table_of(ann)
            expect(watcher.page.locator(".seat.taken")).to_have_count(3)

        # Ann's volume, kept by her browser; Bob mutes his page.
        ann.page.locator("#volume").fill("80")
        assert ann.page.evaluate("localStorage.getItem('poker.volume')") == "0.8"
        ann.page.reload()
        expect(ann.page.locator("#volume")).to_have_value("80")
        bob.page.locator("#sound").click()
        expect(bob.page.locator("#sound")).to_have_text("Sound off")
        bob_sounds = bob.page.evaluate("window.pokerTable.sounds.length")

        # Ann's note on Bob, written from Bob's seat.
        tag = ann.page.locator(".seat[data-seat='2'] [data-role=note-tag]")
        dialog = ann.page.locator("#note-dialog")
        click_until(ann.page, tag, dialog)
        dialog.get_by_label("Note").fill(NOTE)
        dialog.get_by_label("Colour tag").select_option("red")
        dialog.get_by_role("button", name="Save note").click()
        shown = ann.page.locator(".seat[data-seat='2'] [data-role=note]")
        expect(shown).to_have_text(NOTE)
        expect(shown).to_have_attribute("data-colour", "red")
        ann.page.reload()
        expect(ann.page.locator(".seat[data-seat='2'] [data-role=note]")).to_have_text(NOTE)
        expect(ann.page.locator("[data-role=note]")).to_have_count(1)

        # The first deal, once everyone is watching, played until Ann may raise or bet.
        ann.page.locator("#host-panel summary").click()  # the panel starts closed
        ann.page.locator("#host-panel button[data-control=resume]").click()
        first = wait_for_new_hand(everyone)
        checked = False
        for _ in range(40):
            turn = next((p for p in (ann, bob, cy) if (p.view()["hand"] or {}).get("legal")),
                        None)
            if turn is None:
                ann.page.wait_for_timeout(100)
                continue
            view = turn.view()
            legal = view["hand"]["legal"]
            if turn is ann and (legal["raise"] or legal["bet"]):
                bar = ann.page.locator("#action-bar.your-turn")
                labels = bar.locator("button.preset").evaluate_all(
                    "buttons => buttons.map((b) => b.dataset.preset)")
                assert labels == ["Min", "75%", "2.5x", "All-in"]
                for label, amount in expected_amounts(view).items():
                    bar.locator(f"button.preset[data-preset='{label}']").click()
                    expect(bar.locator("input.amount-box")).to_have_value(str(amount))
                checked = True
                break
            check_or_call(turn, with_keys=False)
        assert checked, "Ann never had a raise or a bet to size"
        # Ann's turn sounded at her volume; Bob's muted page played nothing.
        sounds = ann.page.evaluate("window.pokerTable.sounds")
        assert {"name": "turn", "volume": 0.8} in sounds
        assert {"name": "deal", "volume": 0.8} in sounds
        assert bob.page.evaluate("window.pokerTable.sounds.length") == bob_sounds

        # Ann raises by her "2.5x" button; the watchers see the chips move, or not.
        ann.page.locator("#action-bar.your-turn button.preset[data-preset='2.5x']").click()
        ann.page.locator("#action-bar.your-turn button.act.raise, "
                         "#action-bar.your-turn button.act[data-action=bet]").first.click()
        for watcher in (still, moving, bob):
            watcher.page.wait_for_function(
                "n => { const h = window.pokerTable.view.hand;"
                " return h && (h.number > n || h.to_act !== 1); }", arg=first)
        moving.page.wait_for_function(  # a phone's felt writes bets on the plates
            "() => window.animationsSeen.some((n) => n === 'slide-from' || n === 'bet-pop')")
        # Bob and Cy fold to the raise: Ann's page sounds the folds and her win; the moving
        # watcher sees the pot go to her, the still one nothing at all.
        for _ in range(10):
            hand = ann.view()["hand"]
            if hand["number"] != first or hand["complete"]:
                break
            folder = next((p for p in (bob, cy) if (p.view()["hand"] or {}).get("legal")), None)
            if folder is None:
                ann.page.wait_for_timeout(100)
                continue
            version = folder.view()["version"]
            send_act(folder, "fold")
            folder.page.wait_for_function("v => window.pokerTable.view.version > v", arg=version)
        ann.page.wait_for_function(
            "() => window.pokerTable.sounds.some((s) => s.name === 'win')")
        names = [s["name"] for s in ann.page.evaluate("window.pokerTable.sounds")]
        assert names.count("fold") >= 1 and names.count("win") == 1, names
        moving.page.wait_for_function("() => window.animationsSeen.includes('won')")
        seen = moving.page.evaluate("window.animationsSeen")
        assert "deal-in" in seen, seen
        assert still.page.evaluate("window.animationsSeen") == []
        assert still.page.evaluate("document.getAnimations().length") == 0
        assert bob.page.evaluate("window.pokerTable.sounds.length") == bob_sounds

        # Nobody but Ann was sent the note: not on their felt, not in a frame, not by asking.
        for other in (bob, cy, still, moving):
            expect(other.page.locator("[data-role=note]")).to_have_count(0)
            assert NOTE not in other.page.content()
            assert all(NOTE not in str(frame) for frame in other.frames)
            asked = other.page.evaluate(
                "async () => (await (await fetch('/notes/')).json()).notes")
            assert asked == {}
        # Their own pages may write notes of their own (the tag is there, empty).
        expect(bob.page.locator(".seat[data-seat='1'] [data-role=note-tag]")).to_have_count(1)
        for someone in everyone:
            assert not someone.problems, (someone.name, someone.problems)
    finally:
        for someone in everyone:
            someone.close()

"""A home game run from the felt, in Chromium: the host pauses (a player and a spectator see
the banner), raises the blinds (the next hand is dealt at them, the last hand's replay keeps
the old ones), evens the stacks with recorded adjustments; a player busts, rebuys at the same
seat and plays on."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.people import Person, send_act, to_act, wait_for_new_hand

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


def wait_until_over(person, number):
    person.page.wait_for_function(
        "n => { const h = window.pokerTable.view.hand; return h && h.number === n && h.complete; }",
        arg=number,
        timeout=30_000,
    )


def adjust(host, seat, amount, reason):
    form = host.page.locator("#host-panel form.host-adjust")
    form.locator("select[name=seat]").select_option(str(seat))
    form.locator("input[name=amount]").fill(str(amount))
    form.locator("input[name=reason]").fill(reason)
    form.get_by_role("button", name="Adjust").click()


def stack_of(person, seat):
    return next(s["stack"] for s in person.view()["seats"] if s["number"] == seat)


def test_the_host_runs_a_home_game_from_the_felt(chromium, site):
    hana, ivo, jo = (Person(chromium, site, name) for name in ("hana", "ivo", "jo"))
    people = (hana, ivo, jo)
    try:
        hana.join_as_guest()
        hana.create_table("Home game")
        expect(hana.page.locator("#host-panel")).to_be_visible()
        hana.page.locator("#host-panel summary").click()  # the panel starts closed
        hana.sit(1)
        ivo.open_table_of(hana)
        expect(ivo.page.locator("#host-panel")).to_be_hidden()  # not the host
        ivo.sit(2)
        jo.open_table_of(hana)
        first = wait_for_new_hand(people)

        # The host pauses mid-hand: everyone is told, and the hand plays to its end.
        hana.page.locator("#host-panel button[data-control=pause]").click()
        for person in (ivo, jo):
            expect(person.page.locator("#table-banner")).to_contain_text(
                "The game is paused: this hand plays to its end"
            )
        send_act(to_act((hana, ivo)), "fold")
        wait_until_over(jo, first)
        for person in (ivo, jo):
            expect(person.page.locator("#table-banner")).to_have_text(
                "The game is paused: no new hand is dealt until it is resumed."
            )

        # Between hands: even the stacks (recorded in the ledger), then raise the blinds.
        for seat in (1, 2):
            gap = 150 - stack_of(hana, seat)
            if gap:
                adjust(hana, seat, gap, "even stacks for the test")
                hana.page.wait_for_function(
                    "s => window.pokerTable.view.seats.find(x => x.number === s).stack === 150",
                    arg=seat,
                )
        settings = hana.page.locator("#host-panel form.host-settings")
        settings.locator("input[name=small_blind]").fill("5")
        settings.locator("input[name=big_blind]").fill("10")
        settings.get_by_role("button", name="Save settings").click()
        for person in (ivo, jo):
            expect(person.page.locator("#stakes")).to_contain_text("blinds 5/10")

        hana.page.locator("#host-panel button[data-control=resume]").click()
        expect(jo.page.locator("#table-banner")).to_be_hidden()
        second = wait_for_new_hand(people, after=first)
        assert jo.view()["hand"]["blinds"] == {"small_blind": 5, "big_blind": 10, "ante": 0}

        # The hand before still shows the blinds it was played at.
        hand_id = site.run(
            "from games.models import Hand; "
            f"print(Hand.objects.get(table__name='Home game', number={first}).id)"
        ).split()[-1]  # the shell may print a line of its own first
        replay = ivo.context.new_page()
        replay.goto(f"/hands/{hand_id}/")
        expect(replay.locator(".hh-page")).to_contain_text("blinds 1/2")
        replay.close()

        # All in with equal stacks: one of them busts (a split pot deals again).
        busted = None
        number = second
        while busted is None:
            first = to_act((hana, ivo))
            second = ivo if first is hana else hana
            send_act(first, "all_in")
            second.page.wait_for_function(
                "() => { const h = window.pokerTable.view.hand; return h && Boolean(h.legal); }"
            )
            send_act(second, "call")
            wait_until_over(jo, number)
            busted = next((p for p, seat in ((hana, 1), (ivo, 2)) if stack_of(jo, seat) == 0), None)
            if busted is None:
                number = wait_for_new_hand(people, after=number)
        seat = 1 if busted is hana else 2
        expect(busted.page.locator(f".seat[data-seat='{seat}'] .status")).to_have_text(
            "Out of chips", timeout=15_000  # after the run-out is shown street by street
        )
        rebuy = busted.page.locator("#add-chips")
        expect(rebuy).to_have_text("Rebuy")
        rebuy.click()
        dialog = busted.page.locator("#chips-dialog")
        expect(dialog).to_contain_text("Rebuy at your seat")
        dialog.locator("input[name=amount]").fill("100")
        dialog.get_by_role("button", name="Add chips").click()
        expect(jo.page.locator(f".seat[data-seat='{seat}'] .stack")).to_have_text(
            re.compile(r"^100")
        )
        later = wait_for_new_hand(people, after=number)
        mine = next(s for s in busted.view()["seats"] if s["number"] == seat)
        assert mine["player"] == busted.name and mine["has_cards"], mine
        assert busted.view()["hand"]["number"] == later
        for person in people:
            assert not person.problems, f"{person.name}: {person.problems}"
    finally:
        for person in people:
            person.close()

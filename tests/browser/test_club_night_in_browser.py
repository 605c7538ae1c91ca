"""A club night in Chromium, at 1366 and 375 px wide: three guests form a club through its
invitation link, the host's table plays a hand, the host starts the night, adds the table
and settles up; the page shows who pays whom (checked against the hand's own count), the
payer marks it paid, and the pages fit the screen."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.people import Person

# The hand is tests/history's showdown (bob's aces beat carol's kings for 32 chips), dealt
# through the services on the site's database, then the table is paused (no hand after it).
DEAL = """
from django.contrib.auth.models import User
from django.db import transaction
from games.models import Table
from games.services import hosting
from tests.history.conftest import deal_showdown

host, winner, loser = (User.objects.get(username=n) for n in {names!r})
with transaction.atomic():
    table = Table.objects.select_for_update().get(name={table!r})
    Table.objects.filter(pk=table.pk).update(status="open")
    deal_showdown(table, host, winner, loser)
    hosting.pause(table.pk, host)
print(table.pk)
"""


def fits(page) -> bool:
    """Nothing of the page sticks out sideways (wide tables scroll inside their box)."""
    return page.evaluate(
        "document.scrollingElement.scrollWidth <= document.scrollingElement.clientWidth")


@pytest.mark.parametrize("width", [1366, 375])
def test_three_guests_settle_a_club_night(chromium, site, width):
    names = [f"ann{width}", f"ben{width}", f"cy{width}"]
    ann, ben, cy = (Person(chromium, site, name) for name in names)
    try:
        for person in (ann, ben, cy):
            person.page.set_viewport_size({"width": width, "height": 900})
            person.join_as_guest()
        ann.create_table(f"Club game {width}", wait_for_start=True)
        site.run(DEAL.format(names=names, table=f"Club game {width}"))

        page = ann.page
        page.goto("/clubs/")
        page.get_by_label("Name").fill(f"Friday club {width}")
        page.get_by_role("button", name="Start the club").click()
        expect(page.locator("h1")).to_have_text(f"Friday club {width}")
        link = page.get_by_label("Invitation link").input_value()
        for guest in (ben, cy):
            guest.page.goto(link)
            guest.page.get_by_role("button", name="Ask to join").click()
            expect(guest.page.locator(".messages")).to_contain_text("a manager will answer")
        page.reload()
        for guest in (ben, cy):
            row = page.locator("#manage li", has_text=guest.name)
            row.get_by_role("button", name="Approve").click()
            expect(page.locator(".messages")).to_contain_text(f"{guest.name} joined.")
        assert fits(page), "the club page is wider than the screen"

        page.locator("#night-name").fill("Night one")
        page.get_by_label("Chips").fill("2,000")
        page.get_by_label("are worth").fill("20")
        page.get_by_role("button", name="Start the night").click()
        expect(page.locator(".messages")).to_contain_text("2,000 chips = $20.00")
        page.get_by_role("button", name="Add the table").click()
        expect(page.locator("#night-games")).to_contain_text(f"Club game {width}")
        page.get_by_role("button", name="Settle up").click()
        expect(page.locator(".messages")).to_contain_text("Night one is settled")

        # The hand's count: the winner took 32 chips from the loser, the host folded; a
        # chip is a cent.
        results = page.locator("#results tbody tr")
        expect(results).to_have_count(3)
        expect(page.locator("#results tr", has_text=names[1])).to_contain_text("+$0.32")
        expect(page.locator("#results tr", has_text=names[2])).to_contain_text("-$0.32")
        transfers = page.locator("#transfers tbody tr")
        expect(transfers).to_have_count(1)
        expect(transfers).to_contain_text(re.compile(rf"{names[2]}\s*{names[1]}\s*\$0\.32"))
        expect(transfers).to_contain_text("unpaid")
        expect(page.locator("#summary")).to_have_value(re.compile(
            rf"{names[2]} pays {names[1]} \$0\.32"))
        assert fits(page), "the night page is wider than the screen"
        # The host is neither payer nor payee: no button for her.
        expect(transfers.get_by_role("button", name="Mark paid")).to_have_count(0)

        night_url = page.url
        cy.page.goto(night_url)
        cy.page.get_by_role("button", name="Mark paid").click()
        expect(cy.page.locator("#transfers tbody tr")).to_contain_text("paid")
        expect(cy.page.get_by_role("button", name="Mark paid")).to_have_count(0)
        assert fits(cy.page)
        cy.page.goto(night_url.split("/nights/")[0] + "/")
        expect(cy.page.locator("#ious")).to_have_text("Nobody owes anybody.")
        for person in (ann, ben, cy):
            assert not person.problems, person.problems
    finally:
        for person in (ann, ben, cy):
            person.context.close()


# A club of the three, its first night settled with cy owing ben, made on the site's
# database; the pages then take the second night from there.
CLUB = """
from django.contrib.auth.models import User
from clubs import membership
from clubs.models import Membership, Night
from clubs.settling import settle_night
from games.models import Table

ann, ben, cy = (User.objects.get(username=n) for n in {names!r})
club = membership.create_club(ann, {club!r})
Membership.objects.create(club=club, user=ben)
Membership.objects.create(club=club, user=cy)
night = Night.objects.create(club=club, name="Night one", chips=1, cents=1)
night.tables.add(Table.objects.get(name={table!r}))
settle_night(night.id)
print(club.id)
"""
HANDS = """
from games.models import HandPlayer
print(HandPlayer.objects.filter(user__username={name!r}, hand__table__name__in={tables!r},
                                hand__status="complete").count())
"""


@pytest.mark.parametrize("width", [1366, 375])
def test_an_unpaid_transfer_nets_against_the_next_night(chromium, site, width):
    names = [f"ann{width}b", f"ben{width}b", f"cy{width}b"]
    ann, ben, cy = (Person(chromium, site, name) for name in names)
    tables = [f"First game {width}", f"Second game {width}"]
    try:
        for person in (ann, ben, cy):
            person.page.set_viewport_size({"width": width, "height": 900})
            person.join_as_guest()
        ann.create_table(tables[0], wait_for_start=True)
        site.run(DEAL.format(names=names, table=tables[0]))  # ben wins 32 from cy
        club_id = int(site.run(CLUB.format(names=names, club=f"Tuesday club {width}",
                                           table=tables[0])).strip().splitlines()[-1])
        page = ann.page
        page.goto(f"/clubs/{club_id}/")
        expect(page.locator("#ious")).to_contain_text(f"{names[2]} owes {names[1]} $0.32")

        # Night two: cy wins 32 back from ben, which pays cy's IOU; nobody owes anybody.
        ann.create_table(tables[1], wait_for_start=True)
        site.run(DEAL.format(names=[names[0], names[2], names[1]], table=tables[1]))
        page.goto(f"/clubs/{club_id}/")
        page.locator("#night-name").fill("Night two")
        page.get_by_label("Chips").fill("1")
        page.get_by_label("are worth").fill("0.01")
        page.get_by_role("button", name="Start the night").click()
        expect(page.locator("#add-games")).to_contain_text(
            f"{names[2]} owes {names[1]} $0.32")
        page.get_by_role("button", name="Add the table").click()
        page.get_by_role("button", name="Settle up").click()
        expect(page.locator(".messages")).to_contain_text("Night two is settled")
        expect(page.locator("#results tr", has_text=names[2])).to_contain_text(
            re.compile(r"\+\$0\.32\s*-\$0\.32\s*\$0\.00\s*\$0\.00"))
        expect(page.locator("#transfers tbody")).to_have_text("Nobody owes anybody.")
        assert fits(page)

        ben.page.goto(f"/clubs/{club_id}/")
        expect(ben.page.locator("#ious")).to_have_text("Nobody owes anybody.")
        ben.page.locator("#nights a", has_text="Night one").click()
        expect(ben.page.locator("#transfers tbody tr")).to_contain_text(
            "carried to Night two")
        expect(ben.page.get_by_role("button", name="Mark paid")).to_have_count(0)

        # The season's cash standings: the hands counted on the site's own database.
        page.goto(f"/clubs/{club_id}/")
        page.get_by_label("Name", exact=True).last.fill("Autumn")
        page.get_by_label("First day").fill("2000-01-01")
        page.get_by_label("Last day").fill("2099-12-31")
        page.get_by_role("button", name="Start the season").click()
        expect(page.locator("h1")).to_contain_text("Autumn")
        for name, net in ((names[1], "$0.00"), (names[2], "$0.00"), (names[0], "$0.00")):
            hands = int(site.run(HANDS.format(name=name, tables=tables)).strip().splitlines()[-1])
            row = page.locator("#standings tr", has_text=name)
            expect(row).to_contain_text(re.compile(rf"{re.escape(net)}\s*{hands}\b"))
        assert fits(page)
        for person in (ann, ben, cy):
            assert not person.problems, person.problems
    finally:
        for person in (ann, ben, cy):
            person.context.close()

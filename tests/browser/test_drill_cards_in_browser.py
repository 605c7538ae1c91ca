"""A missed decision comes back as a drill card, in Chromium, at 1366 and 375 px (issue 46).

The site's own database gets a hand played through the writer (``manage.py shell``): the
big blind holds aces and folds them to a bet on the flop, a decision the coach grades
Wrong or a Blunder. That player reviews the hand (one card filed per such decision), opens
the fold's card, finds the same spot (their aces, the flop), plays the fold again (rated
Again), and, once the card is due again, the best play. After each answer the card's
schedule, read from the site, is the one the fsrs library gives here for the same card,
rating and time; the progress page
counts the ratings as the test does. The pages fit the width, and axe-core finds nothing
serious on the card and its verdict.
"""

import json
import re
import uuid
from datetime import datetime, timedelta

import fsrs
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import log_in
from tests.browser.test_accessibility import violations

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

PLAY = """
from games import services
from games.engine import HandState
from games.bots.review import review_hand
from games.models import Hand, Seat, Table
from tests.engine.helpers import stacked_deck
from tests.games.conftest import make_user
names = {names!r}
table = Table.objects.create(name="Drill " + names[0], small_blind=1, big_blind=2,
                             min_buy_in=40, max_buy_in=200)
users = [make_user(name) for name in names]
for number, user in enumerate(users, start=1):
    services.sit(table.id, user, number, 200)
services.start_next_hand(table.id, deck=list(stacked_deck(["AsAh", "AdAc"], "2c7d9h")))
def act(kind, amount=None):
    hand = Hand.objects.filter(table=table).order_by("-number").first()
    state = HandState.from_dict(hand.state)
    user = Seat.objects.get(table=table, number=state.actor).user
    version = Table.objects.values_list("version", flat=True).get(pk=table.id)
    services.act(table.id, user, kind, amount, version)
    return state
first = act("call")
big_blind = 2 if first.actor == 1 else 1
act("check"); act("check"); act("bet", 4); act("fold")
hand = Hand.objects.filter(table=table).order_by("-number").first()
state = HandState.from_dict(hand.state)
mistakes = [d.street for d in review_hand(state, big_blind)
            if d.grade.label in ("Wrong", "Blunder")]
print(json.dumps({{"hand": hand.id, "name": names[big_blind - 1], "mistakes": mistakes,
                   "hole": list(state.player(big_blind).hole), "status": hand.status}}))
"""
CARD = """
from games.bots.advice import decision_points
from games.bots.grading import grade
from games.engine import HandState
from learning.models import Rated, Review
card = next(c for c in Review.objects.filter(user__username={name!r}, hand_id={hand})
            if c.spot["played"]["words"] == "fold")  # the fold of the aces
state = HandState.from_dict(card.hand.state)
seat = card.spot["seat"]
places = [i for i, a in enumerate(state.actions) if a.seat == seat]
situation = dict(zip(places, (s for s, _a in decision_points(state, seat))))[card.decision]
def iso(moment):
    return moment.isoformat() if moment else None
print(json.dumps({{
    "id": card.id, "state": card.state, "step": card.step, "stability": card.stability,
    "difficulty": card.difficulty, "due": iso(card.due_at), "last": iso(card.last_review),
    "labels": [grade(situation, o["kind"], o["to"]).label for o in card.spot["options"]],
    "words": [o["words"] for o in card.spot["options"]], "played": card.spot["played"],
    "ratings": [[r.rating, iso(r.answered_at)] for r in Rated.objects.filter(review=card)
                .order_by("id")]}}))
"""
# Time passing, for the card alone: its due date and last review moved back together.
AGE = """
from datetime import timedelta
from learning.models import Review
card = Review.objects.get(pk={card})
card.due_at -= timedelta(minutes={minutes})
card.last_review -= timedelta(minutes={minutes})
card.save()
"""


def run_json(site, code: str) -> dict:
    return json.loads(site.run("import json\n" + code).strip().splitlines()[-1])


def fsrs_card(seen: dict) -> fsrs.Card:
    """The site's card as an fsrs card (read back from the site, not from the app's code)."""
    return fsrs.Card(state=fsrs.State(seen["state"]), step=seen["step"],
                     stability=seen["stability"], difficulty=seen["difficulty"],
                     due=datetime.fromisoformat(seen["due"]),
                     last_review=seen["last"] and datetime.fromisoformat(seen["last"]))


def moved_as_fsrs_says(before: dict, after: dict) -> fsrs.Rating:
    """The card after its last rated answer is the library's for the same rating and time."""
    rating, at = after["ratings"][-1]
    given = fsrs.Rating(rating)
    mine, _log = fsrs.Scheduler(enable_fuzzing=False).review_card(
        fsrs_card(before), given, review_datetime=datetime.fromisoformat(at))
    assert datetime.fromisoformat(after["due"]) == mine.due
    assert (after["stability"], after["difficulty"], after["state"]) == pytest.approx(
        (mine.stability, mine.difficulty, mine.state.value))
    assert datetime.fromisoformat(after["due"]) > datetime.fromisoformat(at)
    return given


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def shown_cards(page) -> list[str]:
    return page.locator(".ln-spot .card").evaluate_all("cards => cards.map(c => c.dataset.card)")


@pytest.mark.parametrize("width", [1366, 375])
def test_a_missed_decision_comes_back_as_a_drill_card_and_its_schedule_moves(chromium, site,
                                                                             width):
    tag = uuid.uuid4().hex[:6]  # new people on every run
    played = run_json(site, PLAY.format(names=[f"ann{tag}", f"ben{tag}"]))
    assert played["status"] == "complete"
    # bypass_csp: axe-core is injected to check the card page (test_accessibility.py).
    context = chromium.new_context(viewport={"width": width, "height": 860},
                                   base_url=site.url, bypass_csp=True)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    try:
        log_in(page, played["name"])
        page.goto(f"/learn/review/{played['hand']}/")
        # One card per decision the coach grades Wrong or Blunder (the fold of aces on the
        # flop among them; checking them preflop too, by the coach of the day).
        mistakes = played["mistakes"]
        assert "flop" in mistakes
        filed_text = f"{len(mistakes)} new drill card" + ("s" if len(mistakes) > 1 else "")
        expect(page.locator("#cards-filed")).to_contain_text(filed_text)
        expect(page.locator("#cards-filed a")).to_be_visible()
        fold_card = run_json(site, CARD.format(name=played["name"], hand=played["hand"]))["id"]
        page.goto(f"/learn/cards/{fold_card}/")
        heading = page.get_by_role("heading", name="Drill card: Your hands: on the flop")
        expect(heading).to_be_visible()
        assert shown_cards(page) == [*played["hole"], "2c", "7d", "9h"]
        expect(page.locator(".ln-spot")).to_contain_text(
            re.compile(r"graded your play (Wrong|Blunder)"))
        expect(page.locator("#actions-so-far li")).to_have_count(4)
        assert fits(page) and not violations(page)
        filed = run_json(site, CARD.format(name=played["name"], hand=played["hand"]))
        assert filed["ratings"] == [] and filed["played"]["words"] == "fold"
        assert page.locator(".ln-choice").all_inner_texts() == filed["words"]

        # The same mistake again: Again, and back within minutes.
        page.get_by_role("button", name="fold", exact=True).click()
        expect(page.locator("#answer-grade")).to_have_text(filed["labels"][
            filed["words"].index("fold")])
        expect(page.locator("#rating")).to_have_text("Again")
        assert not violations(page)
        once = run_json(site, CARD.format(name=played["name"], hand=played["hand"]))
        assert moved_as_fsrs_says(filed, once) == fsrs.Rating.Again
        assert once["due"] > once["ratings"][-1][1]  # not due again at once

        # Later, due again: the best play is Good (or Easy when quick, Hard when slow).
        run_json(site, AGE.format(card=once["id"], minutes=15) + "\nprint('{}')")
        aged = run_json(site, CARD.format(name=played["name"], hand=played["hand"]))
        page.goto(f"/learn/cards/{fold_card}/")
        expect(page.locator(".ln-spot")).to_be_visible()
        best = filed["words"][filed["labels"].index("Best")]
        page.get_by_role("button", name=best, exact=True).click()
        expect(page.locator("#answer-grade")).to_have_text("Best")
        twice = run_json(site, CARD.format(name=played["name"], hand=played["hand"]))
        given = moved_as_fsrs_says(aged, twice)
        assert given in (fsrs.Rating.Hard, fsrs.Rating.Good, fsrs.Rating.Easy)
        expect(page.locator("#rating")).to_have_text(given.name)
        assert datetime.fromisoformat(twice["due"]) - datetime.fromisoformat(
            twice["ratings"][-1][1]) > timedelta(minutes=5)  # further apart than Again's
        assert fits(page)

        # The progress page counts what this test did.
        page.goto("/learn/progress/")
        row = page.locator('tr[data-theme="hand-flop"]')
        expected = {"Again": 1, "Hard": 0, "Good": 0, "Easy": 0}
        expected[given.name] += 1
        for name, count in expected.items():
            expect(row.locator(f'td[data-rating="{name}"]')).to_have_text(str(count))
        expect(row.locator(".ln-due")).to_contain_text("1 later")
        assert fits(page)
    finally:
        context.close()
    assert not problems, problems

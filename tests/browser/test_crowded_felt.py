"""Shown hands at a full table: every seat's cards and hand label stay clear of the other
seats and of the board, on a phone (375x812) and on a laptop (1366x860), for 2 to 10 seats.

The hands are dealt on the site's own database with one known deck (``site.run``) and
checked down: everyone but the button shows, each hand beating the last one shown (so each
must show), and the button mucks; and once more at ten seats with everyone all in, so every
seat also says "All-in". The descriptions are the long ones a showdown can print
("Two pair, kings and nines with a seven kicker"). The tables are then paused, so the
finished hands stay on show. Each felt is seen by a spectator (the button's seat at the
bottom) and by the player in seat 2 (their own shown hand at the bottom).
"""

import json

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

PHONE = {"width": 375, "height": 812}
LAPTOP = {"width": 1366, "height": 860}

SETUP = """
import json
from games import services
from games.engine import FULL_DECK, ActionKind, HandState
from games.models import Table
from tests.games.conftest import make_user
from tests.history.conftest import play_to_the_end

BOARD = ["9c", "7d", "2h", "Ks", "4s"]
# Weakest first: with no bet on the river the seat left of the button shows first, so in
# seat order each of these hands beats the ones shown before it and is shown too.
SHOWN = [["8h", "3c"], ["Jd", "Tc"], ["9h", "5c"], ["9d", "Ad"], ["Kd", "6h"],
         ["Kh", "Qd"], ["As", "Ac"], ["Kc", "9s"], ["7h", "7c"]]
MUCKED = ["6c", "5d"]  # the button's king high loses to every hand shown: mucked

def deck_for(n):
    # Seats 2..n show (the strongest n-1 hands), the button (seat 1) mucks; dealt one card
    # at a time from seat 2 round to seat 1, then burn, flop, burn, turn, burn, river.
    holes = SHOWN[len(SHOWN) - (n - 1):] + [MUCKED]
    top = [h[0] for h in holes] + [h[1] for h in holes]
    top += ["2c"] + BOARD[:3] + ["2d"] + [BOARD[3]] + ["2s"] + [BOARD[4]]
    return top + [c for c in FULL_DECK if c not in top]

SEAT_TWO = make_user("seat_two")  # seat 2 at every table: one login sees them all

def played(n, all_in=False):
    # Checked down; or everyone all in with stacks that differ (a side pot each), when every
    # hand is shown and each seat is marked all-in as well.
    kind = "all in" if all_in else "shown hands"
    table = Table.objects.create(name=f"{n} {kind}", small_blind=1, big_blind=2,
                                 min_buy_in=40, max_buy_in=200, max_seats=n)
    prefix = "allin" if all_in else "check"
    users = [SEAT_TWO if k == 2 else make_user(f"{prefix}{n}_{k}") for k in range(1, n + 1)]
    for number, user in enumerate(users, start=1):
        services.sit(table.id, user, number, 200 - number if all_in else 200)
    hand = services.start_next_hand(table.id, deck=deck_for(n))
    if all_in:
        choose = lambda legal: ("all_in" if legal.all_in else "call",)
    else:
        choose = lambda legal: ("check" if legal.allows(ActionKind.CHECK) else "call",)
    hand = play_to_the_end(table, users, hand, choose)
    state = HandState.from_dict(hand.state)
    shown = n if all_in else n - 1
    assert state.button == 1 and len(state.result.shown) == shown, state.result
    table.refresh_from_db()
    table.status = "paused"
    table.save()
    return {"table": table.id, "shown": shown}

felts = {f"{n} checked down": played(n) for n in range(10, 1, -1)}
felts["10 all in"] = played(10, all_in=True)
print(json.dumps(felts))
"""

# Each seat's parts (its cards, its plate, its hand label) against every other seat's parts,
# the board, the pot and result texts and what follows the felt; and whether each label shows
# its whole text inside the page.
CROWDING = """() => {
  const box = (e) => e.getBoundingClientRect();
  const meets = (a, b) => a.width > 0 && b.width > 0 && a.left < b.right && b.left < a.right
    && a.top < b.bottom && b.top < a.bottom;
  const parts = [];
  for (const seat of document.querySelectorAll('.felt .seat.taken')) {
    const number = Number(seat.dataset.seat);
    for (const card of seat.querySelectorAll('.hole .card')) {
      parts.push({seat: number, what: 'cards', box: box(card)});
    }
    parts.push({seat: number, what: 'plate', box: box(seat.querySelector('.plate'))});
    const label = seat.querySelector('.shown-desc');
    if (label) parts.push({seat: number, what: 'label', box: box(label), label});
  }
  const hits = [];
  for (const a of parts) {
    for (const b of parts) {
      if (a.seat < b.seat && meets(a.box, b.box)) {
        hits.push(`seat ${a.seat} ${a.what} meets seat ${b.seat} ${b.what}`);
      }
    }
  }
  const board = [...document.querySelectorAll('.board .card')];
  const texts = [...document.querySelectorAll(
    '.centre .pot, .centre .side-pot, .centre .results li, #results-below li, #you-have,'
    + ' #action-bar')];
  for (const other of [...board, ...texts]) {
    for (const p of parts) {
      if (meets(box(other), p.box)) {
        const what = other.dataset.card || other.id || other.className || other.tagName;
        hits.push(`${what} under seat ${p.seat} ${p.what}`);
      }
    }
  }
  const labels = parts.filter((p) => p.label);
  for (const p of labels) {
    const l = p.label;
    if (l.scrollWidth > l.clientWidth + 1 || l.scrollHeight > l.clientHeight + 1) {
      hits.push(`seat ${p.seat} label cut short: ${l.textContent}`);
    }
    if (p.box.left < 0 || p.box.right > document.documentElement.clientWidth) {
      hits.push(`seat ${p.seat} label off the page`);
    }
  }
  return {labels: labels.length, board: board.length, hits};
}"""


@pytest.fixture(scope="module")
def felts(site):
    return json.loads(site.run(SETUP).strip().splitlines()[-1])


def open_page(chromium, site):
    context = chromium.new_context(viewport=PHONE, base_url=site.url)
    page = context.new_page()
    problems = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    return context, page, problems


@pytest.fixture(scope="module")
def viewers(chromium, site, felts):
    """A spectator (a guest) and the player in seat 2, each in a browser of their own."""
    spectator, spectator_page, spectator_problems = open_page(chromium, site)
    spectator_page.goto("/guest/")
    spectator_page.get_by_label("Nickname").fill("onlooker")
    spectator_page.get_by_role("button", name="Play").click()
    expect(spectator_page.locator(".site-header .who")).to_have_text("onlooker")
    player, player_page, player_problems = open_page(chromium, site)
    player_page.goto("/login/")
    player_page.get_by_label("Username").fill("seat_two")
    player_page.get_by_label("Password").fill("pw-" + "seat_two" * 3)
    player_page.locator("main form button[type=submit]").click()
    expect(player_page.locator(".site-header .who")).to_have_text("seat_two")
    yield {"spectator": spectator_page, "seat 2": player_page}
    assert not spectator_problems and not player_problems, spectator_problems + player_problems
    spectator.close()
    player.close()


@pytest.mark.parametrize("viewer", ["spectator", "seat 2"])
@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["375", "1366"])
def test_shown_hands_keep_clear_of_each_other_and_the_board(viewers, felts, viewport, viewer,
                                                             artifacts):
    page = viewers[viewer]
    page.set_viewport_size(viewport)
    crowded = {}
    for name, felt in felts.items():
        page.goto(f"/tables/{felt['table']}/")
        expect(page.locator(".board .card[data-card]")).to_have_count(5)
        expect(page.locator(".felt .seat .shown-desc")).to_have_count(felt["shown"])
        found = page.evaluate(CROWDING)
        assert found["board"] == 5 and found["labels"] == felt["shown"], found
        if found["hits"]:
            crowded[name] = found["hits"]
            shot = f"crowded-{name}-{viewport['width']}-{viewer}.png".replace(" ", "-")
            page.locator(".felt-area").screenshot(path=artifacts / shot)
    assert not crowded, crowded

"""Stack continuity, the upload's second witness (games/history/imports/continuity.py): a player's
stack at the end of a hand must be their stack at the start of the same table's next hand.

A real PokerStars file is made to carry a wrong rake that its hand agrees with (the pot is
still what was collected plus the rake): the hand is imported, and the check names the
winner at the next hand with both amounts. And the check runs over every multi-hand file of
the corpora (the project's and the wild ones) with its summary on the page.
"""

from pathlib import Path

import pytest
from django.urls import reverse

from games.history.imports import uploads
from games.history.imports.decoding import decode_text
from tests.games.conftest import make_user
from tests.history.wild import WILD

pytestmark = pytest.mark.django_db

DATA = Path(__file__).resolve().parent / "data"
STARS_CASH = DATA / "pokerstars" / "fpdb" / "cash" / "NLHE-6max-EUR-0.05-0.10-200911.txt"
# Hand #35602079546: PokerMill100 wins a pot of 5.20 less a rake of 0.25. Booked as 0.35
# (collected 4.85), the hand still adds up; the next hand starts PokerMill100 with 9.50.
WRONG_RAKE = (
    ("PokerMill100 collected €4.95 from pot", "PokerMill100 collected €4.85 from pot"),
    ("Total pot €5.20 | Rake €0.25", "Total pot €5.20 | Rake €0.35"),
    ("and won (€4.95) with a straight", "and won (€4.85) with a straight"),
)


def imported(text: str, owner: str):
    return uploads.run(uploads.start(make_user(owner), text))


def test_a_hand_booked_with_a_wrong_rake_is_marked_at_the_next_hand():
    text = STARS_CASH.read_text()
    wrong = text
    for right, changed in WRONG_RAKE:
        assert wrong.count(right) == 1
        wrong = wrong.replace(right, changed)
    honest, booked = imported(text, "honest"), imported(wrong, "booked")
    assert (booked.imported, booked.refused) == (honest.imported, honest.refused)
    added = [item for item in booked.review if item not in honest.review]
    assert added == [{
        "hand": "PokerStars hand #35602095789", "player": "PokerMill100",
        "ended": "€9.40", "starts": "€9.50", "previous": "PokerStars hand #35602079546",
        "text": "PokerMill100 ends PokerStars hand #35602079546 with €9.40 and starts "
                "PokerStars hand #35602095789 with €9.50.",
    }]


def test_the_summary_lists_the_hands_for_review(client):
    user = make_user("reviewer")
    client.force_login(user)
    batch = uploads.run(uploads.start(user, STARS_CASH.read_text()))
    assert batch.review  # players topping up to 10 between hands, which the file leaves out
    page = client.get(reverse("history:upload_summary", args=[batch.id])).content.decode()
    assert "For review: stacks between hands" in page
    assert batch.review[0]["text"] in page


def multi_hand_files() -> list[Path]:
    found = [p for p in sorted(DATA.rglob("*")) if p.is_file()]
    if WILD.is_dir():
        found += [p for p in sorted(WILD.rglob("*")) if p.is_file() and p.suffix != ".tsv"]
    return found


@pytest.mark.slow
def test_every_multi_hand_file_of_the_corpora_is_checked():
    owner = make_user("corpus")
    checked = differences = 0
    for path in multi_hand_files():
        try:
            batch = uploads.start(owner, decode_text(path.read_bytes()))
        except Exception:  # not a hand history (the corpora's notes): nothing to check
            continue
        if batch.total < 2:
            continue
        batch = uploads.run(batch)
        checked += 1
        for item in batch.review:
            assert item["ended"] != item["starts"], (path.name, item)
            assert item["player"] in item["text"], (path.name, item)
        differences += len(batch.review)
    assert checked >= 90  # 95 files of two hands or more when this was written
    assert differences > 0


REBUYS = DATA / "pokerstars" / "fpdb" / "tour" / "NLHE-USD-MTT-5r-200710.txt"


def test_a_top_up_explains_an_increase_only_when_the_file_writes_it():
    """"Hero re-buys and receives 3000 chips for $10.00" inside a hand: Hero starts the
    table's next hand 3,000 above what that hand left them, which is not listed. The same
    file with the line taken out lists it, naming Hero and both stacks; written as 2,000
    chips, it is listed too (a top-up explains its own amount, no other)."""
    text = REBUYS.read_text()
    line = "Hero re-buys and receives 3000 chips for $10.00\n"
    assert text.count(line) == 1
    written = imported(text, "written")
    silent = imported(text.replace(line, ""), "silent")
    other = imported(text.replace(line, line.replace("3000", "2000")), "other")
    assert written.refused == silent.refused == other.refused
    (hero,) = [item for item in silent.review if item not in written.review]
    assert hero["player"] == "Hero" and hero["text"].startswith("Hero ends ")
    assert int(hero["starts"].replace(",", "")) - int(hero["ended"].replace(",", "")) == 3000
    assert [item for item in other.review if item not in written.review] == [hero]
    # Hero's add-on in the break before level V (8,148 to 10,148) is written nowhere: listed.
    assert {"player": "Hero", "ended": "8,148", "starts": "10,148"}.items() <= next(
        item for item in written.review if item["starts"] == "10,148").items()

"""Bulk import into "My hands": an upload is imported a few hands per request (the progress
bar's steps) or all at once without JavaScript; the summary counts imported, already imported
and refused hands with their reasons; the imported hands have their own filters, their own
replayer and exports, and belong to their owner only."""

import json
import re
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from games.history.imports import uploads
from games.history.imports.reading import read_hands
from games.models import ImportBatch, ImportedHand
from tests.engine.test_phh_real import FILES, REALHANDS
from tests.history.test_pokerstars_import import DATA

pytestmark = pytest.mark.django_db


@pytest.fixture
def logged_in(client, alice):
    client.force_login(alice)
    return client


def phhs(*paths) -> str:
    return "\n".join(f"[{k}]\n{p.read_text()}" for k, p in enumerate(paths, start=1))


def stars_file() -> str:
    return "\n\n\n".join((DATA / n).read_text() for n in sorted(p.name for p in DATA.glob("*.txt")))


def upload_in_steps(client, **data) -> list[dict]:
    response = client.post("/hands/uploads/", data, HTTP_ACCEPT="application/json")
    assert response.status_code == 201, response.content
    progress = [response.json()]
    while not progress[-1]["finished"]:
        response = client.post(progress[-1]["step_url"], HTTP_ACCEPT="application/json")
        assert response.status_code == 200
        progress.append(response.json())
    return progress


def test_a_pokerstars_file_is_imported_in_steps_with_the_hero_found(logged_in, alice, settings):
    steps = upload_in_steps(logged_in, text=stars_file())
    assert steps[0]["done"] == 0 and steps[0]["total"] == 6
    last = steps[-1]
    assert (last["imported"], last["duplicates"], last["refused"]) == (6, 0, [])
    hero = ImportedHand.objects.get(owner=alice, site_hand="208765432109")
    assert hero.names[str(hero.hero_seat)] == "LeChiffre"
    assert (hero.position, hero.hole_cards, hero.result) == ("SB", "QsQd", "lost")
    assert Money(hero).signed(hero.net) == "-$1.25"  # won the side pot, lost the main
    assert hero.stakes == "$0.25/$0.50" and hero.site == "PokerStars"
    assert hero.rake == {"1": 15, "2": 125}


def Money(hand):
    from games.history.imports.owned_hands import money_of

    return money_of(hand)


@pytest.mark.skipif(not FILES, reason=f"no real hands at {REALHANDS} (shared/ beside the repo)")
def test_a_phhs_file_of_real_hands_imports_and_refuses_with_reasons(logged_in, alice):
    paths = sorted(REALHANDS.glob("ps25/*.phh"))[:30] + sorted(REALHANDS.glob("ipn100/*.phh"))[:2]
    upload = SimpleUploadedFile("session.phhs", phhs(*paths).encode())
    steps = upload_in_steps(logged_in, file=upload)
    assert len(steps) > 2  # more than one step: the progress bar moves
    last = steps[-1]
    assert (last["total"], last["imported"], last["duplicates"]) == (32, 30, 0)
    assert [r["hand"] for r in last["refused"]] == ["hand [31]", "hand [32]"]
    assert all("'starting_stacks' (p1) is inf" in r["reason"] for r in last["refused"])
    batch = ImportBatch.objects.get(owner=alice)
    assert batch.filename == "session.phhs" and batch.parts.count() == 32
    assert "inf" in batch.parts.get(number=31).text and batch.parts.get(number=31).refused
    hand = ImportedHand.objects.filter(owner=alice).order_by("id").first()
    assert hand.site == "PokerStars" and hand.currency == "$" and hand.scale in (1, 10, 100)
    assert hand.text.strip() == paths[0].read_text().strip()


def test_uploading_the_same_hands_again_finds_them_already_imported(logged_in, alice):
    upload_in_steps(logged_in, text=stars_file())
    again = upload_in_steps(logged_in, text=stars_file())[-1]
    assert (again["imported"], again["duplicates"]) == (0, 6)
    assert ImportedHand.objects.filter(owner=alice).count() == 6


def test_without_javascript_the_whole_file_is_imported_and_the_summary_shown(logged_in, alice):
    text = stars_file() + "\n\n" + (DATA / "atalante-real.txt").read_text().replace(
        "Hold'em No Limit", "Omaha Hi/Lo Limit").replace("#232991295395", "#1")
    response = logged_in.post("/hands/uploads/", {"text": text, "hero_name": "kjs609"})
    assert response.status_code == 302
    page = logged_in.get(response["Location"]).content.decode()
    assert re.search(r'data-count="imported">6<', page)
    assert re.search(r'data-count="refused">1<', page)
    assert ("PokerStars hand #1</strong>: Hand #1: unsupported game (Omaha Hi/Lo Limit"
            in page)
    kjs = ImportedHand.objects.get(owner=alice, site_hand="232991295395")
    assert kjs.names[str(kjs.hero_seat)] == "kjs609" and kjs.position == "BTN"
    assert kjs.net == 2282  # $219.82 - $197 after the $2 rake


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"text": "  "}, "Paste hand histories or choose a file."),
        ({"text": "variant = 'NT'\n[1]\nvariant = 'NT'\n"}, "Text before the first hand"),
    ],
)
def test_an_upload_with_no_hands_imports_nothing_and_says_why(logged_in, data, message):
    response = logged_in.post("/hands/uploads/", data, HTTP_ACCEPT="application/json")
    assert response.status_code == 400 and message in response.json()["error"]
    response = logged_in.post("/hands/uploads/", data)
    assert response.status_code == 400 and message in response.content.decode()
    assert not ImportBatch.objects.exists()


def test_imported_hands_have_their_own_filters(logged_in, alice):
    upload_in_steps(logged_in, text=stars_file(), hero_name="")

    def listed(query):
        html = logged_in.get("/hands/?view=imported&" + query).content.decode()
        return sorted(int(x) for x in re.findall(r'data-imported="(\d+)"', html))

    def ids(**filters):
        return sorted(ImportedHand.objects.filter(owner=alice, **filters).values_list("id",
                                                                                   flat=True))

    assert len(listed("")) == 6
    assert listed("stakes=%240.01%2F%240.02") == ids(stakes="$0.01/$0.02") != []
    assert listed("site=PokerStars") == ids()
    assert listed("position=BB") == ids(position="BB") != []
    assert listed("result=won") == ids(result="won") != []
    assert listed("since=2020-01-01") == ids(played_at__year__gte=2020)
    assert listed("until=2017-12-31&since=2017-01-01") == ids(played_at__year=2017)
    page = logged_in.get("/hands/?view=imported").content.decode()
    assert '<option value="$0.25/$0.50">$0.25/$0.50</option>' in page


def test_an_imported_hand_replays_in_the_sites_money_and_exports(logged_in, alice, bob, client):
    upload_in_steps(logged_in, text=(DATA / "hypatia-heads-up-muck.txt").read_text())
    hand = ImportedHand.objects.get(owner=alice)
    page = logged_in.get(f"/hands/imported/{hand.id}/").content.decode()
    assert "imported (PokerStars text)" in page  # the source named by the formats' registry
    data = json.loads(re.search(r'id="replay-data" type="application/json">(.*?)</script>',
                                page, re.S).group(1))
    labels = [s["label"] for s in data["steps"]]
    assert "Dr.Turbo bets $133.37 and is all-in" in labels
    assert data["money"] == {"symbol": "$", "scale": 100, "places": 2}
    assert data["result"]["rake"] == 300 and data["viewer_seat"] == hand.hero_seat
    phh = logged_in.get(f"/hands/imported/{hand.id}/hand.phh").content.decode()
    stars = logged_in.get(f"/hands/imported/{hand.id}/pokerstars.txt").content.decode()
    for text in (phh, stars):
        (again,) = read_hands(text)
        assert again.error is None, again.error
        replayed = again.replayed
        assert [replayed.amounts.money(s) for s in replayed.finishing_stacks] == [
            Decimal("0"), Decimal("412.37")]
        assert sum(replayed.rake.values()) == 3 * replayed.amounts.scale
    assert "Rake $3" in stars and "Dealt to Hero [8c 8d]" in stars
    client.force_login(bob)  # someone else's hand is not there at all
    assert client.get(f"/hands/imported/{hand.id}/").status_code == 404
    assert client.get(f"/hands/imported/{hand.id}/hand.phh").status_code == 404
    assert client.post(f"/hands/uploads/{hand.batch_id}/step/").status_code == 404


def test_the_step_function_imports_in_chunks(alice):
    batch = uploads.start(alice, stars_file())
    batch = uploads.step(batch, 4)
    assert (batch.done, batch.imported, batch.finished) == (4, 4, False)
    batch = uploads.step(batch, 4)
    assert (batch.done, batch.imported, batch.finished) == (6, 6, True)


def test_a_hand_whose_showdown_nobody_recorded_imports_as_far_as_known_and_says_so(logged_in,
                                                                                  alice):
    text = (Path(__file__).parents[1] / "engine" / "data" / "dwan-ivey-2009.phh").read_text()
    for cards in ("Ac2d", "7h6h"):
        text = text.replace(f'"{cards}"', '"????"').replace(f" {cards}\"", " ????\"")
    last = upload_in_steps(logged_in, text=text, hero_name="Tom Dwan")[-1]
    assert (last["imported"], last["refused"]) == (1, [])
    hand = ImportedHand.objects.get(owner=alice)
    assert not hand.settled and hand.net is None and hand.result == ""
    assert hand.note == "Nobody's cards in the main pot are known, so nobody can be given it."
    page = logged_in.get(f"/hands/imported/{hand.id}/").content.decode()
    assert "This hand is not settled:</strong> Nobody&#x27;s cards in the main pot" in page
    assert f"/hands/imported/{hand.id}/hand.phh" not in page
    assert logged_in.get(f"/hands/imported/{hand.id}/hand.phh").status_code == 404
    listing = logged_in.get("/hands/?view=imported").content.decode()
    assert "unsettled" in listing
    review = logged_in.get("/hands/review/?source=imported").content.decode()
    assert "1 hand of this set left out" in review


CORPUS = DATA / "fpdb" / "cash"


@pytest.mark.parametrize("drop_separator", [False, True])
def test_an_archive_file_with_indented_lines_is_imported(logged_in, alice, drop_separator):
    """Every line of PokerStars' archive starts with a space; without its "*** # 1 ***" line
    the upload's very first character is a space (once an HTTP 500)."""
    raw = (CORPUS / "NLHE-6max-USD-0.01-0.02-201301.zoom.archive.format.txt").read_bytes()
    if drop_separator:
        raw = raw.split(b"\n", 1)[1]
        assert raw.startswith(b" PokerStars Zoom Hand #92033097906")
    upload = SimpleUploadedFile("archive.txt", raw, content_type="text/plain")
    last = upload_in_steps(logged_in, file=upload)[-1]
    assert (last["imported"], last["refused"]) == (1, [])
    assert ImportedHand.objects.get(owner=alice).site_hand == "92033097906"


def test_a_cp1252_file_of_euro_hands_is_imported(logged_in, alice):
    text = (CORPUS / "NLHE-6max-EUR-0.05-0.10-200911.txt").read_text("utf-8")
    upload = SimpleUploadedFile("eur.txt", text.encode("cp1252"), content_type="text/plain")
    last = upload_in_steps(logged_in, file=upload)[-1]
    assert (last["imported"], len(last["refused"])) == (68, 1)
    assert set(ImportedHand.objects.filter(owner=alice).values_list("currency", flat=True)) == {
        "€"}


def test_a_stored_hand_keeps_its_seats_table_size_and_clock(logged_in, alice):
    """Stored on the row (migration 0012), used by both downloads."""
    text = (DATA / "hypatia-heads-up-muck.txt").read_text()
    upload_in_steps(logged_in, text=text)
    hand = ImportedHand.objects.get(owner=alice)
    assert hand.time_zone == "ET" and hand.seat_count == 2
    assert sorted(hand.table_seats.values()) == sorted(
        {int(n) for n in re.findall(r"^Seat (\d+): ", text, re.M)})
    phh = logged_in.get(f"/hands/imported/{hand.id}/hand.phh").content.decode()
    stars = logged_in.get(f"/hands/imported/{hand.id}/pokerstars.txt").content.decode()
    assert "seat_count = 2" in phh and "time_zone_abbreviation = 'ET'" in phh
    assert text.split("\n")[1] in stars  # "Table '...' 6-max Seat #N is the button"
    header_time = re.search(r"\d{4}/\d\d/\d\d \d+:\d\d:\d\d ET", text.split("\n")[0]).group(0)
    assert header_time in stars.split("\n")[0]


def test_an_omaha_hand_is_imported_and_replayed_with_four_hole_cards(logged_in):
    """A real pot-limit Omaha hand (Antonius-Blom, 2009) is stored and replayed: every step
    has four hole cards for the players whose cards the history shows, and the exports
    name the game."""
    text = (Path(__file__).parents[1] / "engine" / "data" / "antonius-blom-2009.phh").read_text()
    last = upload_in_steps(logged_in, text=text)[-1]
    assert (last["imported"], last["refused"]) == (1, [])
    hand = ImportedHand.objects.get()
    page = logged_in.get(f"/hands/imported/{hand.id}/").content.decode()
    data = json.loads(re.search(
        r'<script id="replay-data" type="application/json">(.*?)</script>', page, re.S
    ).group(1))
    cards = {len(s["cards"]) for step in data["steps"] for s in step["seats"] if s["cards"]}
    assert cards == {4}
    assert data["steps"][-1]["hand"]["game"] == "PO"
    stars = logged_in.get(f"/hands/imported/{hand.id}/pokerstars.txt").content.decode()
    assert "Omaha Pot Limit" in stars.split("\n")[0]
    phh = logged_in.get(f"/hands/imported/{hand.id}/hand.phh").content.decode()
    assert "variant = 'PO'" in phh


def test_an_upload_step_costs_the_same_queries_for_3_hands_as_for_60(alice):
    """Bulk writes, no query per hand: a step of 60 hands (the file's hero in each, some
    all-ins) runs the statements of a step of 3, each table's rows by one prepared INSERT
    run for every row (``executemany``); the last step reads the stack records once more
    for the continuity check."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def step(batch, size):
        with CaptureQueriesContext(connection) as queries:
            batch = uploads.step(batch, size)
        # An executemany is captured once, as "<rows> times: INSERT ...".
        sql = [re.sub(r"^\d+ times: ", "", query["sql"]) for query in queries.captured_queries]
        # Each statement by its kind and table (a lookup's IN list grows with the hands).
        others = [re.sub(r"\d+", "", s).split(" WHERE")[0][:60]
                  for s in sql if not s.startswith("INSERT")]
        return batch, others, [s for s in sql if s.startswith("INSERT")]

    text = (DATA.parent / "pokerstars" / "fpdb" / "tour" / "NLHE-USD-MTT-1-KO.201008.txt")
    batch = uploads.start(alice, text.read_text())
    assert batch.total > 70
    batch, others, inserts = step(batch, 3)
    assert len(inserts) == 2 and len(others) < 10  # the hands, their facts; the rest
    batch, others_60, inserts_60 = step(batch, 60)
    assert batch.imported == 63 and not batch.finished
    assert others_60 == others, others_60
    assert inserts_60 == inserts  # the same two statements, whatever the number of rows
    batch, others_last, _inserts = step(batch, batch.total)
    assert batch.finished and len(others_last) == len(others) + 1

"""A real file of each site, uploaded as a file through the bulk import view: cut into hands,
each imported with the site's name, its money and the hero found, or refused with its reason;
nothing is stored of a refused hand. Then the replayer of a stored hand opens."""

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from games.models import ImportedHand
from tests.history.test_uploads import upload_in_steps

pytestmark = pytest.mark.django_db
DATA = Path(__file__).parent / "data"


@pytest.fixture
def logged_in(client, alice):
    client.force_login(alice)
    return client


@pytest.mark.parametrize(("path", "site", "counts", "refused", "stakes"), [
    ("ggpoker/cash/GG20250829-0702 - RushAndCash9515431 - 0.01 - 0.02 - 6max.txt", "GGPoker",
     (14, 13), "the site dropped money into the pot", "$0.01/$0.02"),
    ("ggpoker/tour/NLHE-8max-MTT-USD-52.50-202104.KO.txt", "GGPoker", (1, 1), None, "100/200"),
    ("winamax/tour/NLHE-EUR-0.92-STT-201207.no.cur.txt", "Winamax", (1, 0),
     "Player6 collects 87 in the text; the replay pays 86", None),
    ("winamax/tour/NLHE-EUR-STT-FullHist.txt", "Winamax", (5, 5), None, "10/20"),
    ("winamax/cash/NLHE-FR-EUR-0.02-0.05-201010.Side.pot.Biggest.stack.loses.main.txt",
     "Winamax", (1, 1), None, "€0.02/€0.05"),
    ("888poker/cash/NLHE-10max-USD-0.50-1.00-201607.jackpot.table.txt", "888poker", (1, 1),
     None, "$0.50/$1"),
    ("888poker/cash/888-NLHE-USD-0.01-0.02-201107.non.english.post.both.txt", "888poker",
     (1, 0), "Player1 posts a dead small blind", None),
])
def test_a_real_file_of_each_site_uploads(logged_in, alice, path, site, counts, refused, stakes):
    upload = SimpleUploadedFile(Path(path).name, (DATA / path).read_bytes())
    last = upload_in_steps(logged_in, file=upload)[-1]
    total, imported = counts
    assert (last["total"], last["imported"], last["duplicates"]) == (total, imported, 0)
    reasons = [r["reason"] for r in last["refused"]]
    assert len(reasons) == total - imported
    assert all(refused in reason for reason in reasons) if refused else not reasons
    hands = ImportedHand.objects.filter(owner=alice)
    assert hands.count() == imported
    if not imported:
        return  # a refused hand leaves nothing stored
    assert {h.site for h in hands} == {site} and {h.source for h in hands} == {site.lower()}
    assert stakes in {h.stakes for h in hands}
    hand = hands.first()
    assert hand.hero_seat is not None and hand.names[str(hand.hero_seat)] == "Hero"
    assert hand.played_at is not None and hand.time_zone
    assert logged_in.get(f"/hands/imported/{hand.pk}/").status_code == 200


def test_the_import_page_names_every_registered_site(logged_in):
    page = logged_in.get("/hands/import/").content.decode()
    assert "PokerStars, GGPoker, Winamax, 888poker, PokerNow" in page


def test_one_hand_of_another_site_is_reviewed_without_being_stored(logged_in, alice):
    text = (DATA / "ggpoker/tour/NLHE-8max-MTT-USD-52.50-202104.KO.txt").read_text()
    response = logged_in.post("/hands/import/", {"text": text})
    assert response.status_code == 200 and b"cannot be replayed" not in response.content
    assert b"fd98a38c" in response.content
    assert not ImportedHand.objects.filter(owner=alice).exists()


def test_a_real_pokernow_log_uploads_with_its_hero(logged_in, alice):
    """95 hands of a cash table, 5 of them run twice: all stored with the log's hero."""
    path = DATA / "pokernow/poker_now_log_pglbcN5nQo3bUmuXx6tROb3yN.csv"
    upload = SimpleUploadedFile(path.name, path.read_bytes())
    last = upload_in_steps(logged_in, file=upload)[-1]
    assert (last["total"], last["imported"], last["duplicates"]) == (95, 95, 0)
    assert last["refused"] == []
    hands = ImportedHand.objects.filter(owner=alice)
    assert sum(1 for h in hands if h.state.get("runs")) == 5
    assert hands.count() == 95 and {(h.site, h.source) for h in hands} == {("PokerNow", "pokernow")}
    dealt = [h for h in hands if h.hero_seat is not None]
    assert len(dealt) == 90
    assert {h.names[str(h.hero_seat)] for h in dealt} == {"K Godel @ Di5cxDUTF9"}
    hand = dealt[0]
    assert hand.played_at is not None and hand.time_zone == "UTC"
    assert logged_in.get(f"/hands/imported/{hand.pk}/").status_code == 200

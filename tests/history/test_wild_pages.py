"""Every page a user reaches for imported hands answers, over every file of the wild corpora
(shared/realhands/wild/<site>): the upload (the file sent as the form sends it), its summary,
"My hands" and its session review, each stored hand's page and its two exports, and the
single-hand review of every hand of the file (refused ones included: a refusal is a page
with the reason, never an HTTP 500). Counted against the upload's own tallies."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games.history.imports.decoding import decode_text
from games.history.imports.formats import format_of
from games.models import ImportBatch, ImportedHand
from tests.history.wild import WILD

pytestmark = [pytest.mark.django_db, pytest.mark.slow]
SITES = ("888poker", "fulltilt", "ggpoker", "ipoker", "partypoker", "pokernow", "pokerstars",
         "winamax")


def wild_files(site: str):
    folder = WILD / site
    return sorted(p for p in folder.rglob("*") if p.is_file() and p.name != "sources.tsv"
                  and p.suffix != ".md") if folder.is_dir() else []


@pytest.mark.parametrize("site", SITES)
def test_every_page_of_every_wild_hand_answers(site, client, django_user_model):
    if not (WILD / site).is_dir():
        pytest.skip(f"no {WILD / site} (the wild files lie beside the clone)")
    user = django_user_model.objects.create(username=f"pages-{site}")
    client.force_login(user)
    uploaded = reviewed = pages = 0
    for path in wild_files(site):
        raw = path.read_bytes()
        response = client.post(reverse("history:upload"),
                               {"file": SimpleUploadedFile(path.name, raw)})
        assert response.status_code in (302, 400), (path.name, response.status_code)
        if response.status_code == 400:  # no hand in the file: the form says so
            assert b"upload_error" in response.content or b"error" in response.content
            continue
        uploaded += 1
        batch = ImportBatch.objects.filter(owner=user).latest("id")
        assert response.url == reverse("history:upload_summary", args=[batch.id])
        summary = client.get(response.url)
        assert summary.status_code == 200, path.name
        assert batch.imported + batch.duplicates + len(batch.refused) == batch.total
        for hand in ImportedHand.objects.filter(batch=batch).only("id"):
            for name in ("imported_hand", "imported_phh", "imported_pokerstars"):
                page = client.get(reverse(f"history:{name}", args=[hand.id]))
                assert page.status_code == 200, (path.name, hand.id, name)
                pages += 1
        text = decode_text(raw)
        site_format = format_of(text)
        assert site_format is not None, path.name
        for part in site_format.split(text):
            page = client.post(reverse("history:import"), {"text": part})
            assert page.status_code in (200, 400), (path.name, page.status_code)
            reviewed += 1
    for url in (reverse("history:my_hands") + "?source=imported",
                reverse("history:review") + "?source=imported"):
        assert client.get(url).status_code == 200, url
    stored = ImportedHand.objects.filter(owner=user).count()
    assert uploaded and stored and pages == 3 * stored
    assert reviewed >= stored

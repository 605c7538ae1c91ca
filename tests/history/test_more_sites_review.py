"""One hand of each site added in issue 22's third part (Full Tilt, iPoker, PartyPoker),
pasted into the single-hand review: replayed and shown without being stored, its players
named; a broken one refused with the site's own sentence, nothing stored either way."""

from pathlib import Path

import pytest

from games.history.imports.decoding import decode_text
from games.history.imports.formats import format_of
from games.models import ImportedHand

pytestmark = pytest.mark.django_db
DATA = Path(__file__).parent / "data"


def first_hand(path: str) -> str:
    text = decode_text((DATA / path).read_bytes())
    site_format = format_of(text)
    assert site_format is not None
    return site_format.split(text)[0]


@pytest.mark.parametrize(("path", "player"), [
    ("fulltilt/tour/NLHE-6max-SnG-USD-5-201305.txt", "Player0"),
    ("ipoker/cash/NLHE-USD-0.02-0.04-201111.txt", "Player12"),
    ("partypoker/cash/NLHE-USD-0.01-0.02-201008.Sample.txt", "suicini03"),
])
def test_one_hand_is_reviewed_without_being_stored(client, alice, path, player):
    client.force_login(alice)
    response = client.post("/hands/import/", {"text": first_hand(path)})
    assert response.status_code == 200 and b'id="replay-data"' in response.content
    assert player.encode() in response.content
    assert not ImportedHand.objects.filter(owner=alice).exists()


def test_a_broken_hand_is_refused_with_the_sites_sentence(client, alice):
    client.force_login(alice)
    text = first_hand("partypoker/cash/NLHE-USD-0.01-0.02-201008.Sample.txt")
    broken = text.replace("wins $0.65 USD", "wins $0.75 USD")
    response = client.post("/hands/import/", {"text": broken})
    assert b"suicini03 collects $0.75 in the text" in response.content
    assert b'id="replay-data"' not in response.content
    assert not ImportedHand.objects.filter(owner=alice).exists()

"""Exports of the hands imported from Full Tilt, iPoker and PartyPoker files keep the site's
seats and table, and the PokerStars text export reads back to the same result for every
player (issue 22: exports keep the site's facts)."""

import tomllib

import pytest

from games.history.imports.owned_hands import Imported
from games.history.imports.reading import read_hands
from games.history.imports.uploads import record
from games.models import ImportBatch
from tests.history import test_fulltilt_corpus, test_ipoker_corpus, test_partypoker_corpus

CORPORA = {"fulltilt": test_fulltilt_corpus, "ipoker": test_ipoker_corpus,
           "partypoker": test_partypoker_corpus}


def exports(hand) -> tuple[dict, str]:
    """The PHH (read back) and PokerStars text of the hand as "My hands" stores it; a
    stored hand has an id, which the PokerStars export numbers it by when the site's number
    is not digits (PartyPoker's 2021 "1620144103176i4oztmbj2r")."""
    row = record(hand, ImportBatch(owner_id=1), "x")
    row.id = 1
    imported = Imported(row)
    return tomllib.loads(imported.phh_text()), imported.stars_text()


@pytest.mark.parametrize("site", sorted(CORPORA))
def test_every_imported_hand_exports_with_its_seats_and_reads_back(site):
    compared = 0
    for _, _, hand in CORPORA[site].CORPUS.hands():
        if hand.error:
            continue
        phh, stars = exports(hand)
        fields = hand.replayed.fields
        assert phh["seats"] == list(fields["seats"]), hand.label
        assert phh["seat_count"] == fields["seat_count"], hand.label
        (back,) = read_hands(stars)
        assert back.error is None, (hand.label, back.error)
        assert back.replayed.net_after_rake() == hand.replayed.net_after_rake(), hand.label
        compared += 1
    assert compared == {"fulltilt": 204, "ipoker": 377, "partypoker": 62}[site]

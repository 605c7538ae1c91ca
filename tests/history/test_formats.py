"""The formats seam: one registry tells a text's site and reads it, for the bulk upload and
the single-hand review alike; each registered site is a source the database accepts."""

from games.history.formats import FORMATS, format_named, format_of
from games.history.reading import read_part
from games.models import ImportedHand


def test_every_registered_format_is_a_source_the_database_accepts():
    sources = {value for value, _ in ImportedHand.Source.choices}
    assert {f.source for f in FORMATS} <= sources
    assert len({f.source for f in FORMATS}) == len(FORMATS)


def test_a_text_no_site_claims_is_phh():
    assert format_of("[1]\nvariant = 'NT'\n") is None
    assert format_named("phh") is None


def test_a_stored_hand_of_an_unknown_format_is_refused_with_its_name():
    hand = read_part("ongame", "", "Ongame hand #1")
    assert hand.replayed is None and hand.error == "Unknown hand-history format 'ongame'."

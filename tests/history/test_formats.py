"""The formats seam: one registry tells a text's site and reads it, for the bulk upload and
the single-hand review alike; each registered site is a source the database accepts (a
system check, games/history/checks.py, broken on purpose here)."""

import dataclasses

from games.history.checks import format_problems
from games.history.imports.formats import FORMATS, format_named, format_of
from games.history.imports.formats.winamax import WINAMAX
from games.history.imports.reading import read_part


def test_every_registered_format_is_a_source_the_database_accepts():
    assert format_problems(FORMATS) == []


def test_a_format_the_database_cannot_store_or_that_repeats_a_source_is_an_error():
    too_long = dataclasses.replace(WINAMAX, source="winamax-classic", site="Winamax Classic")
    again = dataclasses.replace(WINAMAX, site="Winamax again")
    found = format_problems([*FORMATS, too_long, again])
    assert [m.id for m in found] == ["history.E001", "history.E002"]
    assert "'winamax-classic'" in found[0].msg and "'winamax'" in found[1].msg


def test_a_text_no_site_claims_is_phh():
    assert format_of("[1]\nvariant = 'NT'\n") is None
    assert format_named("phh") is None


def test_a_stored_hand_of_an_unknown_format_is_refused_with_its_name():
    hand = read_part("ongame", "", "Ongame hand #1")
    assert hand.replayed is None and hand.error == "Unknown hand-history format 'ongame'."

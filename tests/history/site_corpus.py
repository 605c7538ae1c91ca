"""Helpers for the corpus tests of each site's real files: read every hand of a folder of
files through the formats seam, and replay an imported hand's actions with pokerkit."""

from __future__ import annotations

import re
import warnings
from collections import Counter
from pathlib import Path

from games.history.decoding import decode_text
from games.history.formats import format_named
from games.history.reading import ReadHand, clean, read_part, split_upload
from tests.history.test_stars_corpus import _in_units, pokerkit_run_again


def read_folder(folder: Path, pattern: str = "*/*.txt") -> list[tuple[str, str, ReadHand]]:
    """(file name, hand text, the hand read) for every hand of every file, as uploaded."""
    hands = []
    # Not the omaha/ folder beside cash/ and tour/, nor its README.
    for path in sorted(p for p in folder.glob(pattern) if p.is_file() and p.suffix != ".md"):
        for source, name, text in split_upload(clean(decode_text(path.read_bytes()))):
            hands.append((path.name, text, read_part(source, name, text)))
    return hands


def refusal_kind(error: str) -> str:
    """A refusal without its hand, line and amounts, to count refusals by reason.

    >>> refusal_kind("Hand #RC1, line 20: Bo raises to 6.16: You cannot raise: ...")
    'Bo raises to N: You cannot raise: ...'
    """
    kind = re.sub(r"^Hand #\S+?(?:, line \d+)?: ", "", error)
    return re.sub(r"[$€£]?\d[\d,.]*", "N", kind)


def refusals(hands: list[tuple[str, str, ReadHand]], cut: int = 60) -> Counter[str]:
    """How many hands were refused for each reason (its first ``cut`` characters)."""
    return Counter(refusal_kind(h.error)[:cut] for _, _, h in hands if h.error)


def assert_imported_or_refused(
    hands: tuple[tuple[str, str, ReadHand], ...], source: str, counts: tuple[int, int],
    refused: dict[str, int],
) -> list[ReadHand]:
    """Every hand of a site's corpus is imported (settled, stored as ``source``) or refused
    for a reason of ``refused``, naming the hand; ``counts``: (hands, imported). Returns the
    imported hands."""
    read = [hand for _, _, hand in hands]
    assert dict(refusals(list(hands))) == refused
    assert all(h.error.startswith("Hand #") for h in read if h.error)
    imported = [h for h in read if not h.error]
    assert (len(read), len(imported)) == counts
    assert all(h.replayed.settled and h.source == source for h in imported)
    return imported


def pokerkit_agreements(hands: tuple[tuple[str, str, ReadHand], ...], source: str) -> int:
    """How many imported hands end with pokerkit's stacks (failing at the first that
    does not)."""
    compared = 0
    for _, text, hand in hands:
        if hand.error:
            continue
        replayed = hand.replayed
        theirs = pokerkit_stacks(source, text, replayed.amounts.scale)
        assert list(replayed.finishing_stacks) == theirs, hand.label
        compared += 1
    return compared


def pokerkit_stacks(source: str, text: str, scale: int) -> list[int]:
    """pokerkit's finishing stacks for the same actions the site's reader read."""
    from pokerkit import HandHistory

    site_format = format_named(source)
    assert site_format is not None
    data = site_format.read(text).data
    fields = _in_units(data, scale)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if "_runout_count" in data:  # a board run twice: pokerkit is told so as it asks
            final = pokerkit_run_again(HandHistory(**fields), data["_runout_count"])
        else:
            *_, final = HandHistory(**fields)
    return list(final.stacks)


def stated_rake(text: str, pattern: str) -> str | None:
    """The rake the text's summary states, as written (``pattern``'s first group)."""
    match = re.search(pattern, text, re.M)
    return match.group(1) if match else None

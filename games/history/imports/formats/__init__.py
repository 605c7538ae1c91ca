"""The formats seam: every site's text hand histories, recognised and read in one place.

A site is one module here that builds a ``SiteFormat`` (how to know its text, cut a file into
hands, read one hand) and one line in ``FORMATS`` below: no migration (``ImportedHand.source``
stores the format's ``source`` as it is; games/history/checks.py checks the registry at
start-up). Both the bulk upload
(``reading.split_upload`` / ``read_part``) and the single-hand review (``imports.read_phh``)
go through ``format_of`` and ``format_named``; PHH, which has no first line of its own (it is
TOML), is what a text is when no site claims it.

The order of ``FORMATS`` matters only where two sites' first lines could look alike: the
first format that owns a text reads it. PartyPoker and 888 both open a hand with "#Game No :";
each claims only a text whose banner is its own (888's names a site, Party's none).
"""

from __future__ import annotations

from games.history.imports.formats.fulltilt import FULLTILT
from games.history.imports.formats.ggpoker import GGPOKER
from games.history.imports.formats.ipoker import IPOKER
from games.history.imports.formats.pacific import PACIFIC
from games.history.imports.formats.partypoker import PARTYPOKER
from games.history.imports.formats.pokernow import POKERNOW
from games.history.imports.formats.stars import POKERSTARS
from games.history.imports.formats.winamax import WINAMAX
from games.history.imports.site_format import SiteFormat, SiteHand

FORMATS: tuple[SiteFormat, ...] = (
    POKERSTARS, GGPOKER, WINAMAX, PACIFIC, POKERNOW, FULLTILT, IPOKER, PARTYPOKER,
)

__all__ = ["FORMATS", "SiteFormat", "SiteHand", "format_named", "format_of", "source_label"]


def format_of(text: str) -> SiteFormat | None:
    """The site whose hand history ``text`` is (from its first lines), None for PHH.

    >>> format_of("PokerStars Hand #1: Hold'em No Limit ($1/$2)").site
    'PokerStars'
    >>> format_of("variant = 'NT'") is None
    True
    """
    for site_format in FORMATS:
        if site_format.owns(text):
            return site_format
    return None


def format_named(source: str) -> SiteFormat | None:
    """The format stored as ``source`` (``ImportedHand.source``), None for "phh".

    >>> format_named("pokerstars").site, format_named("phh")
    ('PokerStars', None)
    """
    for site_format in FORMATS:
        if site_format.source == source:
            return site_format
    return None


def source_label(source: str) -> str:
    """What an imported hand was read from, for people.

    >>> source_label("pokernow"), source_label("ipoker"), source_label("phh")
    ('PokerNow log', 'iPoker XML', 'PHH')
    """
    site_format = format_named(source)
    return "PHH" if site_format is None else f"{site_format.site} {site_format.form}"

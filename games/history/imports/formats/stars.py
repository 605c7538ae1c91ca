"""PokerStars text (``stars_text``), registered with the formats seam."""

from __future__ import annotations

from games.history.imports.site_format import SiteFormat, first_line
from games.history.stars import lines as L
from games.history.stars.text import looks_like_pokerstars, read_hand, split_hands


def hand_number(text: str) -> str:
    """The number in a PokerStars hand's first line ("?" when it has none).

    >>> hand_number("PokerStars Hand #2329: Hold'em"), hand_number("junk")
    ('2329', '?')
    """
    line = first_line(text, lambda line: bool(L.ARCHIVE_SEPARATOR.match(line)))
    return line.split("#", 1)[1].split(":", 1)[0] if "#" in line else "?"


POKERSTARS = SiteFormat(
    source="pokerstars",
    site="PokerStars",
    owns=looks_like_pokerstars,
    split=split_hands,
    read=read_hand,
    number=hand_number,
)

"""What every site's reader gives the seam (``formats/__init__.py``), kept outside that
package so the readers can import it without a cycle.

A reader turns one hand of its site's text into PHH fields (``SiteHand.data``) and the
amounts the text states (``figures``); ``SiteFormat.replay`` then plays the fields through
the engine and checks those figures against the replay (``stars_check.reconcile``), so every
site is held to the same exactness: the replay decides every amount, and a hand whose own
figures disagree with it is refused with the difference named.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from games.engine import PHHError, PHHReplay, replay_phh_data
from games.history.stars.check import Figures, reconcile


@dataclass(frozen=True)
class SiteHand:
    """One hand of a site's text read into PHH fields (``data``), ready for
    ``replay_phh_data``; ``figures`` are the amounts the text states."""

    data: dict[str, Any]
    number: str
    hero: str | None
    played_at: datetime | None  # UTC
    table: str
    figures: Figures
    lines: tuple[int, ...] = ()  # the text's line number of each of ``data["actions"]``
    zone: str = ""  # the zone of the time the header gives ("ET", "CET"), "" without one

    @property
    def where(self) -> str:
        return f"Hand #{self.number}"

    def explain(self, error: str) -> str:
        """The engine's sentence about this hand in the text's terms: the hand's number,
        the line of the action it names when only one line reads so, players by name.

        >>> hand = SiteHand({"actions": ["p1 f", "p2 cbr 6"], "players": ["Al", "Bo"]},
        ...                 "7", None, None, "T", Figures(), (0, 12))
        >>> hand.explain("p2 cbr 6: You cannot raise.")
        'Hand #7, line 12: Bo raises to 6: You cannot raise.'
        """
        actions = self.data["actions"]
        head, _, rest = error.partition(": ")
        where = self.where
        if rest and actions.count(head) == 1:
            at = actions.index(head)  # a site without lines (iPoker's XML) names none
            where += f", line {self.lines[at]}" if at < len(self.lines) else ""
            head = re.sub(r" cbr (\S+)$", r" raises to \1", head)
            head = re.sub(r" cc$", " checks or calls", head)
            head = re.sub(r" f$", " folds", head)
            error = f"{head}: {rest}"
        players = self.data["players"]
        named = re.sub(r"\bp(\d+)\b", lambda m: _name(players, int(m.group(1))), error)
        return f"{where}: {named}"


def _name(players: list[str], label: int) -> str:
    return players[label - 1] if 1 <= label <= len(players) else f"p{label}"


def replay_site_hand(hand: SiteHand) -> PHHReplay:
    """Replay a read hand and check the text's figures against the replay (PHHError)."""
    try:
        replayed = replay_phh_data(hand.data, places=hand.figures.places())
    except PHHError as error:
        raise PHHError(hand.explain(str(error))) from None
    return reconcile(replayed, hand.figures, hand.where)


@dataclass(frozen=True)
class SiteFormat:
    """One site's text hand histories: how to know them, cut a file, read a hand.

    ``source`` is what ``ImportedHand.source`` stores (at most 12 characters: checked at
    start-up, games/history/checks.py); ``site`` is the site's name for people, ``form``
    what its files are ("text", "log", "XML"). ``owns`` looks at a text's first lines only;
    ``split`` cuts a whole file into hands (text before the first hand comes back as a part
    of its own, so it is refused rather than lost); ``read`` reads one hand (PHHError naming
    the line it cannot read); ``number`` finds a hand's number in its first line, for labels
    ("?" when none).
    """

    source: str
    site: str
    owns: Callable[[str], bool]
    split: Callable[[str], list[str]]
    read: Callable[[str], SiteHand]
    number: Callable[[str], str]
    form: str = "text"

    def label(self, text: str) -> str:
        """How people know a hand: "PokerStars hand #123"."""
        return f"{self.site} hand #{self.number(text)}"

    def replay(self, text: str) -> tuple[SiteHand, PHHReplay]:
        """Read one hand, replay it, and check the text's figures against the replay."""
        hand = self.read(text)
        return hand, replay_site_hand(hand)


def first_line(text: str, skip: Callable[[str], bool] = lambda line: False) -> str:
    """A text's first line that is not empty (nor one ``skip`` says to pass over), stripped.

    >>> first_line("\\ufeff\\n  Hand 1\\nx")
    'Hand 1'
    """
    for raw in text.lstrip("\ufeff").splitlines():
        line = raw.strip()
        if line and not skip(line):
            return line
    return ""

"""Helpers for the corpus tests of each site's real files: read every hand of a folder of
files through the formats seam (once a test run), find a hand by its number, and replay an
imported hand's actions with pokerkit."""

from __future__ import annotations

import re
import warnings
from collections import Counter
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

from games.history.imports.decoding import decode_text
from games.history.imports.formats import format_named
from games.history.imports.reading import ReadHand, clean, read_part, split_upload
from tests.engine.helpers import pokerkit_play_history

Hands = tuple[tuple[str, str, ReadHand], ...]
"""(file name, hand text, the hand read) for every hand of a corpus."""


@dataclass(frozen=True)
class SiteCorpus:
    """The real files of one site in ``folder`` (those ``pattern`` finds), read once."""

    folder: Path
    pattern: str = "*/*.txt"

    def hands(self) -> Hands:
        return _read_once(self.folder, self.pattern)

    def the_hand(self, number: str, file: str | None = None) -> tuple[str, ReadHand]:
        """(text, hand) of the one hand numbered ``number`` (in the file named ``file``)."""
        return hand_numbered(self.hands(), number, file)


@cache
def _read_once(folder: Path, pattern: str) -> Hands:
    return tuple(read_folder(folder, pattern))


def hand_number(hand: ReadHand) -> str:
    """The site's number of a hand, from its label ("PokerStars hand #123" -> "123")."""
    return hand.label.rsplit("#", 1)[-1]


def hand_numbered(hands: Hands, number: str, file: str | None = None) -> tuple[str, ReadHand]:
    """(text, hand) of the one hand of ``hands`` numbered ``number`` (in ``file`` if named)."""
    (found,) = [(text, hand) for name, text, hand in hands
                if hand_number(hand) == number and file in (None, name)]
    return found


def imported(hands: Hands) -> list[tuple[str, ReadHand]]:
    """(text, hand) of every hand of ``hands`` that was imported."""
    return [(text, hand) for _, text, hand in hands if not hand.error]


def net(hand: ReadHand) -> dict[str, Any]:
    """What each player won or lost (after rake), by name, in the site's money."""
    replayed = hand.replayed
    return {replayed.players[s - 1]: v for s, v in replayed.net_after_rake().items()}


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
    hands: Hands, source: str, counts: tuple[int, int],
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


def pokerkit_agreements(hands: Hands, source: str) -> int:
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
    site_format = format_named(source)
    assert site_format is not None
    return list(pokerkit_final(site_format.read(text).data, scale).stacks)


def pokerkit_final(data: dict[str, Any], scale: int) -> Any:
    """pokerkit's last state of a hand's PHH ``data`` (amounts times ``scale``)."""
    from pokerkit import HandHistory

    fields = in_units(data, scale)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if "_runout_count" in data:  # a board run twice: pokerkit is told so as it asks
            return pokerkit_run_again(HandHistory(**fields), data["_runout_count"])
        *_, final = HandHistory(**fields)
    return final


def in_units(data: dict[str, Any], scale: int) -> dict[str, Any]:
    """The PHH fields pokerkit replays, in whole units, so that both split odd chips alike."""

    def units(x: Any) -> int:
        return int(Decimal(x) * scale)

    actions = [
        f"{a.rsplit(' ', 1)[0]} {units(a.rsplit(' ', 1)[1])}" if " cbr " in a else a
        for a in data["actions"]
    ]
    return {
        "variant": data["variant"], "ante_trimming_status": data["ante_trimming_status"],
        "actions": actions,
        "antes": [units(x) for x in data["antes"]],
        "blinds_or_straddles": [units(x) for x in data["blinds_or_straddles"]],
        "starting_stacks": [units(x) for x in data["starting_stacks"]],
        "min_bet": units(data["min_bet"]),
    }


def pokerkit_run_again(history: Any, runouts: int) -> Any:
    """pokerkit's last state of a hand whose board was run ``runouts`` times (its iteration
    cannot choose the runout count), the text's shows moved before the runs."""
    # pokerkit takes the shows of an all-in before the boards are run; the text has them after.
    actions = list(history.actions)
    last_bet = max(k for k, a in enumerate(actions) if not a.startswith("d ") and " sm" not in a)
    shows = [a for a in actions[last_bet + 1:] if " sm " in a]  # a muck stays at the end
    actions = actions[:last_bet + 1] + shows + [
        a for a in actions[last_bet + 1:] if " sm " not in a]
    return pokerkit_play_history(history, actions, runouts)


def stated_rake(text: str, pattern: str) -> str | None:
    """The rake the text's summary states, as written (``pattern``'s first group)."""
    match = re.search(pattern, text, re.M)
    return match.group(1) if match else None

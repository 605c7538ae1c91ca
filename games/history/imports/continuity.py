"""Stack continuity, the second witness of an upload: a player's stack at the end of one hand
(what the hand's own figures leave them, after rake) must be their stack at the start of the
same table's next hand in the file. A reader that books a returned bet as rake, say, stores a
hand whose figures agree with themselves; the next hand's starting stacks still tell.

A difference is not a refusal (the hand's own figures were checked already): the hand is
marked for review in the import's summary, naming the player and both amounts. An increase
is explained only when the site writes the chips added, in the hand before or in the hand
itself (Full Tilt's "X adds $2", PokerStars' "X re-buys and receives 3000 chips for $10.00"
or "takes the add-on"), and by exactly that amount; any other increase (a top-up the file
does not write) is listed, as is every decrease.

Each imported (or already imported) hand leaves a small record in its batch as it is read
(``stack_record``); ``differences`` compares them once the whole file is read. A hand the
import refused breaks the chain where it stood: nothing is compared across it.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from games.engine import HandState

# What the import's summary says of the differences it lists.
NOTE = ("Each of these players starts a hand with another stack than the same table's "
        "previous hand in the file left them, and the file writes no top-up of that amount. "
        "A top-up or a return between hands that the file does not write explains an "
        "increase; otherwise a figure of one of the two hands is wrong. The hands are "
        "imported as their own figures say.")

# The chips a site writes a player adding between hands, in a hand's text.
TOP_UP = re.compile(r"^(?P<name>.+?):? (?:adds|re-buys and receives|takes the add-on and "
                    r"receives) (?P<amount>\S*\d)(?: chips)?\b", re.M)


def top_ups(text: str) -> dict[str, str]:
    """Each player's chips added as the hand's text writes them, as a decimal string.

    >>> top_ups("7R41N33 sits down\\n7R41N33 adds $2\\nHero re-buys and receives 3,000 "
    ...         "chips for $10.00")
    {'7R41N33': '2', 'Hero': '3000'}
    """
    added: dict[str, Decimal] = defaultdict(Decimal)
    if not any(word in text for word in (" adds ", " re-buys ", " takes the add-on ")):
        return {}  # most hands: the pattern is not tried at every line
    for found in TOP_UP.finditer(text):
        try:
            added[found["name"]] += Decimal(re.sub(r"[^\d.]", "", found["amount"]))
        except InvalidOperation:  # not an amount: no top-up that explains anything
            continue
    return {name: str(amount) for name, amount in added.items()}

# A record: the table's key, when the hand was played ("" unknown), the hand's place in the
# file, its label, the money's scale, and each player's stack at its start and end:
# [units, units, as written, as written].
Record = dict[str, Any]


def stack_record(
    index: int, label: str, table: str, played_at: str, state: HandState,
    names: dict[int, str], rake: dict[int, int], scale: int, write: Callable[[int], str],
    added: dict[str, str] | None = None,
) -> Record:
    """What ``differences`` needs of one replayed hand (settled: it has a result);
    ``write`` writes an amount in the hand's money; ``added``: ``top_ups`` of its text."""
    assert state.result is not None
    finishing = state.result.finishing_stacks
    stacks = {}
    for p in state.players:
        end = finishing[p.seat] - rake.get(p.seat, 0)
        stacks[names.get(p.seat, f"seat {p.seat}")] = [
            p.starting_stack, end, write(p.starting_stack), write(end)
        ]
    return {"index": index, "label": label, "table": table, "at": played_at, "scale": scale,
            "stacks": stacks, "added": added or {}}


def differences(records: list[Record], refused: list[int]) -> list[dict[str, str]]:
    """Each player whose stack at the start of a hand is not what the same table's previous
    hand left them: ``{"hand", "player", "ended", "starts", "previous", "text"}``, with the
    amounts as the hands write them and the sentence the import's summary shows.
    ``refused``: the places in the file of the hands refused.

    >>> a = {"index": 0, "label": "#1", "table": "T", "at": "", "scale": 1,
    ...      "stacks": {"ann": [100, 90, "90", "90"]}}
    >>> b = {**a, "index": 1, "label": "#2", "stacks": {"ann": [95, 95, "95", "95"]}}
    >>> differences([a, b], refused=[])[0]["text"]
    'ann ends #1 with 90 and starts #2 with 95.'
    >>> differences([a, {**b, "index": 3}], refused=[2])  # nothing compared across a refusal
    []
    >>> differences([{**a, "added": {"ann": "5"}}, b], refused=[])  # "ann adds 5" in #1
    []
    >>> differences([{**a, "added": {"ann": "4"}}, b], refused=[])[0]["text"]
    'ann ends #1 with 90 and starts #2 with 95.'
    """
    tables: dict[str, list[Record]] = defaultdict(list)
    labels = set()
    for record in records:
        # A hand the file holds twice is compared once (the second is no next hand).
        if record["table"] and (record["table"], record["label"]) not in labels:
            labels.add((record["table"], record["label"]))
            tables[record["table"]].append(record)
    found = []
    for hands in tables.values():
        hands.sort(key=_order(hands))
        last: dict[str, tuple[Fraction, str, Record]] = {}
        for record in hands:
            scale = record["scale"]
            for player, (start, end, start_text, end_text) in record["stacks"].items():
                before = last.get(player)
                if before is not None and _differs(before, Fraction(start, scale), record,
                                                   refused, player):
                    found.append(_difference(record, player, before, start_text))
                last[player] = (Fraction(end, scale), end_text, record)
    return found


def _difference(
    record: Record, player: str, before: tuple[Fraction, str, Record], starts: str
) -> dict[str, str]:
    previous = before[2]["label"]
    return {"hand": record["label"], "player": player, "ended": before[1], "starts": starts,
            "previous": previous,
            "text": f"{player} ends {previous} with {before[1]} and starts {record['label']} "
                    f"with {starts}."}


def _order(hands: list[Record]):
    """By time when every hand of the table says when it was played, else as in the file."""
    if all(record["at"] for record in hands):
        return lambda record: (record["at"], record["index"])
    return lambda record: record["index"]


def _differs(
    before: tuple[Fraction, str, Record], starts: Fraction, record: Record, refused: list[int],
    player: str,
) -> bool:
    """Whether the stack ``starts`` a hand with is not the one ``before`` left plus what the
    file writes the player adding (in either hand), with no refused hand between the two
    (nothing is compared across one)."""
    low, high = sorted((before[2]["index"], record["index"]))
    added = sum((Fraction(Decimal(r.get("added", {}).get(player, "0")))
                 for r in (before[2], record)), Fraction(0))
    return (starts not in (before[0], before[0] + added)
            and not any(low < index < high for index in refused))

"""The fair-deal record in PokerStars text: lines at the end of the summary, read back into
the PHH fields the engine's record knows (``FairDeal.phh_fields``).

PokerStars has no place for it, so the lines are our own, after the seat lines of the
summary, where trackers read nothing they do not know::

    Fair deal: fair-deal-v1, hand 12
    Fair deal commitment: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08
    Fair deal server seed: 00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff
    Fair deal client seeds: Seat 1 "k3x", Seat 3 ""
    Fair deal commitment shown: 2026-11-27T12:00:01.123Z, before the deal; seeds set after it: none

A short-deck hand's first line ends ", 36 cards" (the deck the shuffle starts from).
The last line is there when the commitment was shown before the deal (live hands since the
next hand's seed is committed to when the previous one ends); "seeds set after it: none"
when no client seed changed after it.
Seeds are quoted with double quotes, which a seed never holds (letters, digits, "-", "_").
"""

from __future__ import annotations

import re
from typing import Any

from games.engine import PHHError
from games.engine.fair_deal import FairDeal

HEAD = re.compile(r"^Fair deal: (\S+), hand (\d+)(?:, (\d+) cards)?$")
COMMITMENT = re.compile(r"^Fair deal commitment: ([0-9a-f]{64})$")
SERVER_SEED = re.compile(r"^Fair deal server seed: ([0-9a-f]{64})$")
CLIENT_SEEDS = re.compile(r"^Fair deal client seeds: (.*)$")
ONE_SEED = re.compile(r'Seat (\d+) "([^"]*)"')
SHOWN = re.compile(r"^Fair deal commitment shown: (\S+), before the deal; seeds set after it: "
                   r"(none|Seat \d+(?:, Seat \d+)*)$")


def stars_lines(deal: FairDeal) -> list[str]:
    """The record as summary lines.

    >>> deal = FairDeal("fair-deal-v1", 3, "ab" * 32, ((1, "x"), (4, "")), "cd" * 32)
    >>> stars_lines(deal)[-1]
    'Fair deal client seeds: Seat 1 "x", Seat 4 ""'
    """
    size = f", {deal.deck_size} cards" if deal.deck_size != 52 else ""
    lines = [
        f"Fair deal: {deal.version}, hand {deal.hand_number}{size}",
        f"Fair deal commitment: {deal.commitment}",
    ]
    if deal.server_seed is not None:
        lines.append(f"Fair deal server seed: {deal.server_seed}")
    seeds = ", ".join(f'Seat {seat} "{seed}"' for seat, seed in deal.client_seeds)
    lines.append(f"Fair deal client seeds: {seeds}")
    if deal.shown_at is not None:
        after = ", ".join(f"Seat {seat}" for seat in deal.seeds_set_after) or "none"
        lines.append(f"Fair deal commitment shown: {deal.shown_at}, before the deal; "
                     f"seeds set after it: {after}")
    return lines


def read_stars_line(line: str, fields: dict[str, Any], where: str) -> bool:
    """Read one summary line into ``fields`` if it is a fair-deal line; False if it is not.

    >>> fields = {}
    >>> read_stars_line('Fair deal client seeds: Seat 2 "a", Seat 5 ""', fields, "x")
    True
    >>> fields
    {'_deal_seats': [2, 5], '_deal_client_seeds': ['a', '']}
    """
    if not line.startswith("Fair deal"):
        return False
    if shown := SHOWN.match(line):
        fields["_deal_commitment_shown_at"] = shown[1]
        fields["_deal_seeds_set_after"] = [int(n) for n in re.findall(r"\d+", shown[2])]
    elif head := HEAD.match(line):
        fields["_deal_version"], fields["_deal_hand_number"] = head[1], int(head[2])
        if head[3]:
            fields["_deal_deck_size"] = int(head[3])
    elif commitment := COMMITMENT.match(line):
        fields["_deal_commitment"] = commitment[1]
    elif seed := SERVER_SEED.match(line):
        fields["_deal_server_seed"] = seed[1]
    elif seeds := CLIENT_SEEDS.match(line):
        pairs = ONE_SEED.findall(seeds[1])
        if ", ".join(f'Seat {s} "{x}"' for s, x in pairs) != seeds[1]:
            raise PHHError(f"{where}: cannot read the client seeds in {line!r}.")
        fields["_deal_seats"] = [int(seat) for seat, _ in pairs]
        fields["_deal_client_seeds"] = [seed for _, seed in pairs]
    else:
        raise PHHError(f"{where}: cannot read the fair-deal line {line!r}.")
    return True


def record_of(data: dict[str, Any] | None) -> FairDeal | None:
    """A stored hand's record (``Hand.fair_deal``, ``ImportedHand.fair_deal``), or None."""
    return FairDeal.from_dict(data) if data else None


def replayer_part(deal: FairDeal | None, known: list[str]) -> dict[str, Any] | None:
    """What the replayer's "Verify this deal" needs: the record, and the hand's deck in deal
    order as this viewer knows it ("??" for every card they may not see), to compare with
    the deck the browser computes. None (no button) for a hand without a record.

    >>> deal = FairDeal("fair-deal-v1", 3, "ab" * 32, ((1, ""),), "cd" * 32)
    >>> replayer_part(deal, ["As", "??"])["known"]
    ['As', '??']
    """
    if deal is None:
        return None
    return {"record": deal.to_dict(), "known": known}

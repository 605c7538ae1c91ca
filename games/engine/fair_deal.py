"""A hand's fair-deal record, and checking a dealt hand against it (docs/fairness.md).

The record holds what the deck function (``fair_deck.py``) took: the version, the hand
number, each dealt-in seat's client seed, the server seed and its commitment. During the
hand only its ``sealed()`` form (no server seed) may leave the server; once the hand is over
the whole record is public, and anyone can recompute the deck with ``check_deal``.

PHH carries it in user-defined fields (the PHH standard: names with one leading underscore;
other readers ignore them): ``_deal_version``, ``_deal_hand_number``, ``_deal_commitment``,
``_deal_server_seed``, ``_deal_seats`` and ``_deal_client_seeds`` (the seeds in the order of
``_deal_seats``, ascending), and when the commitment was shown: ``_deal_commitment_shown_at``
and ``_deal_seeds_set_after``.

A live table commits before the client seeds are final: the server seed of a table's next
hand is drawn, and its commitment shown in the table view, when the previous hand ends (or
the table is made); the hand is then dealt from it (``committed``) and the client seeds as
they stand at the deal. ``shown_at`` says when the commitment was first shown, and
``seeds_set_after`` which seats' client seeds the server received after that, so that it
could not have chosen its seed against them. ``draw`` (a seed drawn at the deal) is for a
hand whose table had no commitment waiting, and its record says so (``shown_at`` None).

>>> deal = FairDeal.draw([(3, "bob"), (1, "")], hand_number=12)
>>> [s for s, _ in deal.client_seeds], deal.sealed().server_seed
([1, 3], None)
>>> check_deal(deal, deal.deck(), seats={1, 3}).ok
True
"""

from __future__ import annotations

import hmac
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from games.engine.cards import UNKNOWN
from games.engine.fair_deck import (
    VERSION,
    check_client_seed,
    check_server_seed,
    commitment,
    fair_deck,
    new_server_seed,
    starting_deck,
)

PHH_FIELDS = (
    "_deal_version", "_deal_hand_number", "_deal_commitment", "_deal_server_seed",
    "_deal_seats", "_deal_client_seeds", "_deal_commitment_shown_at", "_deal_seeds_set_after",
    "_deal_deck_size",
)

SHOWN_AT = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z")


def shown_at_text(moment: datetime) -> str:
    """A moment as the record writes it: ISO 8601 in UTC, to the millisecond.

    >>> shown_at_text(datetime(2026, 1, 2, 3, 4, 5, 678901, tzinfo=UTC))
    '2026-01-02T03:04:05.678Z'
    """
    utc = moment.astimezone(UTC)
    return utc.strftime("%Y-%m-%dT%H:%M:%S.") + f"{utc.microsecond // 1000:03d}Z"


@dataclass(frozen=True)
class FairDeal:
    """What a hand's deck was made from. ``server_seed`` is None in the sealed form."""

    version: str
    hand_number: int
    commitment: str
    client_seeds: tuple[tuple[int, str], ...]  # (seat, seed), by seat
    server_seed: str | None = None
    # When the commitment was first shown in the table view (ISO 8601, UTC; None: the seed
    # was drawn at the deal, after the client seeds were known), and the seats whose client
    # seed the server received after that moment.
    shown_at: str | None = None
    seeds_set_after: tuple[int, ...] = ()
    # The game's deck the shuffle starts from (fair_deck.starting_deck): 52, or 36 for short
    # deck; written only when not 52, so the records of 52-card hands keep their shape.
    deck_size: int = 52

    @classmethod
    def draw(cls, client_seeds: Sequence[tuple[int, str]], hand_number: int,
             deck_size: int = 52) -> FairDeal:
        """A new record with a fresh server seed from the OS's CSPRNG, drawn at the deal (no
        commitment was shown before it)."""
        return cls.committed(new_server_seed(), client_seeds, hand_number,
                             deck_size=deck_size)

    @classmethod
    def committed(
        cls, server_seed: str, client_seeds: Sequence[tuple[int, str]], hand_number: int,
        shown_at: str | None = None, seeds_set_after: Collection[int] = (),
        deck_size: int = 52,
    ) -> FairDeal:
        """The record of a hand dealt from ``server_seed``, whose commitment was shown from
        ``shown_at`` (None: not before the deal).

        >>> deal = FairDeal.committed("ab" * 32, [(2, "b"), (1, "a")], 4,
        ...                           "2026-01-02T03:04:05.678Z", [2])
        >>> deal.commitment == commitment("ab" * 32), deal.seeds_set_after
        (True, (2,))
        """
        check_server_seed(server_seed)
        starting_deck(deck_size)  # refuses a deck no game deals
        seeds = tuple(sorted((seat, check_client_seed(s)) for seat, s in client_seeds))
        return cls(VERSION, hand_number, commitment(server_seed), seeds, server_seed,
                   shown_at, tuple(sorted(seeds_set_after)), deck_size)

    def timing(self) -> str:
        """When the commitment was shown, relative to the deal and the client seeds.

        >>> print(FairDeal("fair-deal-v1", 1, "ab" * 32, ((1, ""), (2, ""))).timing())
        The server seed was drawn at the deal, knowing the client seeds: no commitment was \
shown before it.
        >>> print(FairDeal("fair-deal-v1", 1, "ab" * 32, ((1, ""), (2, "")), None,
        ...          "2026-01-02T03:04:05.678Z", (2,)).timing())
        The commitment was shown from 2026-01-02T03:04:05.678Z, before the deal; the client \
seed of seat 2 was set after it.
        """
        if self.shown_at is None:
            return ("The server seed was drawn at the deal, knowing the client seeds: no "
                    "commitment was shown before it.")
        after = [str(seat) for seat in self.seeds_set_after]
        if not after:
            seeds = "no client seed was set after it"
        elif len(after) == 1:
            seeds = f"the client seed of seat {after[0]} was set after it"
        else:
            seeds = f"the client seeds of seats {', '.join(after)} were set after it"
        return f"The commitment was shown from {self.shown_at}, before the deal; {seeds}."

    def deck(self) -> list[str]:
        if self.server_seed is None:
            raise ValueError("A sealed record has no server seed: the deck cannot be made.")
        return fair_deck(self.server_seed, self.client_seeds, self.hand_number, self.deck_size)

    def sealed(self) -> FairDeal:
        """The record without the server seed: all that may be known during the hand."""
        return replace(self, server_seed=None)

    def to_dict(self) -> dict[str, Any]:
        data = {
            "version": self.version,
            "hand_number": self.hand_number,
            "commitment": self.commitment,
            "server_seed": self.server_seed,
            "client_seeds": [{"seat": seat, "seed": seed} for seat, seed in self.client_seeds],
            "commitment_shown_at": self.shown_at,
            "seeds_set_after": list(self.seeds_set_after),
        }
        if self.deck_size != 52:
            data["deck_size"] = self.deck_size
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FairDeal:
        seeds = data.get("client_seeds")
        if not isinstance(seeds, list) or not all(isinstance(s, dict) for s in seeds):
            raise ValueError("The record's client seeds must be a list of {seat, seed}.")
        return cls.checked(
            data.get("version"), data.get("hand_number"), data.get("commitment"),
            [s.get("seat") for s in seeds], [s.get("seed") for s in seeds],
            data.get("server_seed"), data.get("commitment_shown_at"),
            data.get("seeds_set_after") or [], data.get("deck_size", 52),
        )

    @classmethod
    def checked(
        cls, version: object, hand_number: object, commitment_: object, seats: object,
        seeds: object, server_seed: object, shown_at: object = None, set_after: object = (),
        deck_size: object = 52,
    ) -> FairDeal:
        """A record from values read from a file, or ValueError naming what is wrong."""
        if not isinstance(version, str) or not version:
            raise ValueError("The record has no version.")
        if not isinstance(hand_number, int) or isinstance(hand_number, bool) or hand_number < 0:
            raise ValueError("The record's hand number must be a whole number.")
        if not isinstance(commitment_, str) or len(commitment_) != 64:
            raise ValueError("The record's commitment must be 64 hex digits.")
        if server_seed is not None:
            check_server_seed(server_seed)
        if not isinstance(seats, list) or not isinstance(seeds, list) or len(seats) != len(seeds):
            raise ValueError("The record needs one client seed for each seat it lists.")
        if not all(isinstance(s, int) and not isinstance(s, bool) and s > 0 for s in seats):
            raise ValueError("The record's seats must be seat numbers.")
        if len(set(seats)) != len(seats):
            raise ValueError("The record lists a seat twice.")
        pairs = tuple(sorted((seat, check_client_seed(seed)) for seat, seed in zip(
            seats, seeds, strict=True
        )))
        if shown_at is not None and not (
            isinstance(shown_at, str) and SHOWN_AT.fullmatch(shown_at)
        ):
            raise ValueError("The time the commitment was shown must read like "
                             "2026-01-02T03:04:05.678Z.")
        if not isinstance(set_after, (list, tuple)) or not all(
            isinstance(s, int) and s in seats for s in set_after
        ):
            raise ValueError("The seeds set after the commitment must be seats of the record.")
        if not isinstance(deck_size, int) or isinstance(deck_size, bool):
            raise ValueError("The record's deck size must be a whole number.")
        starting_deck(deck_size)
        assert server_seed is None or isinstance(server_seed, str)  # checked above
        return cls(version, hand_number, commitment_.lower(), pairs, server_seed, shown_at,
                   tuple(sorted(set_after)), deck_size)

    def phh_fields(self) -> dict[str, Any]:
        """The record as PHH user-defined fields (a sealed record has no ``_deal_server_seed``)."""
        fields: dict[str, Any] = {
            "_deal_version": self.version,
            "_deal_hand_number": self.hand_number,
            "_deal_commitment": self.commitment,
            "_deal_server_seed": self.server_seed,
            "_deal_seats": [seat for seat, _ in self.client_seeds],
            "_deal_client_seeds": [seed for _, seed in self.client_seeds],
            "_deal_commitment_shown_at": self.shown_at,
            "_deal_seeds_set_after": list(self.seeds_set_after) if self.shown_at else None,
            "_deal_deck_size": self.deck_size if self.deck_size != 52 else None,
        }
        return {key: value for key, value in fields.items() if value is not None}

    @classmethod
    def from_phh_fields(cls, data: Mapping[str, Any]) -> FairDeal | None:
        """The record in a PHH hand's fields; None when it has none (ValueError when it has a
        broken one)."""
        if not any(key in data for key in PHH_FIELDS):
            return None
        return cls.checked(
            data.get("_deal_version"), data.get("_deal_hand_number"),
            data.get("_deal_commitment"), data.get("_deal_seats"),
            data.get("_deal_client_seeds"), data.get("_deal_server_seed"),
            data.get("_deal_commitment_shown_at"), data.get("_deal_seeds_set_after") or [],
            data.get("_deal_deck_size", 52),
        )


@dataclass(frozen=True)
class DealCheck:
    """The verdict on one hand: ``ok``, and sentences saying what was checked or found."""

    ok: bool
    findings: tuple[str, ...]
    cards_checked: int = 0

    def verdict(self) -> str:
        head = "verified" if self.ok else "NOT verified"
        return f"{head}: " + " ".join(self.findings)


def check_deal(
    deal: FairDeal, dealt: Sequence[str], seats: Collection[int] | None = None
) -> DealCheck:
    """Check a hand against its record: the server seed matches the commitment, the seeds
    are those of the hand's seats (``seats``, when known), and every known card of
    ``dealt`` (the hand's deck in deal order, "??" where a card is not known) is the card
    the seeds put there.

    >>> deal = FairDeal.draw([(1, "x"), (2, "y")], 5)
    >>> dealt = deal.deck()[:12]
    >>> dealt[0], dealt[1] = dealt[1], dealt[0]
    >>> print(check_deal(deal, dealt).findings[-1])
    Card 1 of the deck is ... in the hand but ... by the seeds; card 2 is ... but ....
    """
    if deal.version != VERSION:
        return DealCheck(False, (f"Unknown deal version {deal.version!r}; this site knows "
                                 f"{VERSION!r}.",))
    if deal.server_seed is None:
        return DealCheck(False, ("The server seed is not revealed yet.",))
    if not hmac.compare_digest(commitment(deal.server_seed), deal.commitment):
        return DealCheck(False, ("The server seed does not match the commitment.",))
    if seats is not None and set(seats) != {seat for seat, _ in deal.client_seeds}:
        listed = ", ".join(str(s) for s, _ in deal.client_seeds)
        played = ", ".join(str(s) for s in sorted(seats))
        return DealCheck(False, (f"The seeds are for seats {listed}, but the hand was dealt "
                                 f"to seats {played}.",))
    deck = deal.deck()
    wrong = [(at, card) for at, card in enumerate(dealt) if card not in (UNKNOWN, deck[at])]
    known = sum(1 for card in dealt if card != UNKNOWN)
    if wrong:
        (at, card), *others = wrong
        said = [f"Card {at + 1} of the deck is {card} in the hand but {deck[at]} by the seeds"]
        said += [f"card {at + 1} is {card} but {deck[at]}" for at, card in others]
        return DealCheck(False, ("The server seed matches the commitment.",
                                 "; ".join(said) + "."), known)
    return DealCheck(True, (
        "The server seed matches the commitment, and every one of the "
        f"{known} known cards is where the seeds put it.",
    ), known)


def shown_record(data: Mapping[str, Any] | None, hand_over: bool) -> dict[str, Any] | None:
    """A stored record as it may be shown: whole once the hand is over, sealed (no server
    seed) while it is played; None for a hand dealt from a given deck.

    >>> record = FairDeal.draw([(1, "")], 1).to_dict()
    >>> shown_record(record, hand_over=False)["server_seed"] is None
    True
    >>> shown_record(record, hand_over=True) == record
    True
    """
    if data is None:
        return None
    deal = FairDeal.from_dict(data)
    return (deal if hand_over else deal.sealed()).to_dict()

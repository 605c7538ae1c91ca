"""Reading hand histories someone played elsewhere: PHH, .phhs files and the sites' text
(PokerStars and the others of ``formats``).

``read_hands(text)`` tells the format from the text itself (``formats.format_of``), cuts it
into hands and replays each through the engine. Every hand comes back on its own, imported
or refused with a sentence, so one broken hand never sinks a file of thousands.
Nothing here touches the database (``imports.py`` stores what is read).

Each replayed hand also knows how to be written back: ``names``, ``money`` and ``stars_info``
give what the PHH and PokerStars exports need.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from games.engine import PHHError, PHHReplay, replay_phh_data, split_phhs
from games.engine.fair_deal import FairDeal
from games.engine.phh_fields import load_toml
from games.history.imports.formats import SiteFormat, format_named, format_of
from games.history.imports.site_time import zone_of
from games.history.money import Money
from games.history.stars.writer import HandInfo, write_hand

MAX_HANDS = 20_000


@dataclass(frozen=True)
class ReadHand:
    """One hand of an upload: replayed, or refused with ``error``.

    ``label`` names it for people ("hand [12]", "PokerStars hand #2329..."); ``text`` is the
    hand's own text, kept as it came.
    """

    source: str  # "phh", or the site's format (``formats``: "pokerstars", "ggpoker"...)
    label: str
    text: str
    replayed: PHHReplay | None = None
    error: str | None = None
    hero: str | None = None  # the player the text was written for ("Dealt to ...")
    played_at: dt.datetime | None = None  # UTC when the zone is known, else as written
    zone: str = ""  # the zone the site wrote the time in ("ET"), "" when none
    # The fair-deal record, in hands this site exported (docs/fairness.md); None elsewhere.
    fair_deal: FairDeal | None = None


def clean(text: str) -> str:
    """Uploads as one kind of text: Unix line ends, no byte-order mark."""
    return text.replace("\r\n", "\n").lstrip("\ufeff")


def split_upload(text: str) -> list[tuple[str, str, str]]:
    """(source, name, text) of each hand of an upload (``clean`` text); PHHError when it
    holds none or too many.

    >>> [(s, n) for s, n, _ in split_upload("[1]\\nvariant = 'NT'\\n[2]\\nvariant = 'NT'\\n")]
    [('phh', '1'), ('phh', '2')]
    """
    if not text.strip():
        raise PHHError("The hand history is empty.")
    site_format = format_of(text)
    if site_format is not None:
        parts = [(site_format.source, "", part) for part in site_format.split(text)]
    else:
        parts = [("phh", name, part) for name, part in split_phhs(text)]
    if len(parts) > MAX_HANDS:
        raise PHHError(
            f"The file holds {len(parts):,} hands; upload at most {MAX_HANDS:,} at a time."
        )
    return parts


def read_part(source: str, name: str, text: str) -> ReadHand:
    """One hand of ``split_upload``, replayed or refused."""
    if source == "phh":
        return _read_phh(name, text)
    site_format = format_named(source)
    if site_format is None:
        return ReadHand(source, "the hand", text, error=f"Unknown hand-history format {source!r}.")
    return _read_site(site_format, text)


def read_hands(text: str) -> list[ReadHand]:
    """Every hand of a PHH hand, a .phhs file, or a site's text (one hand or a whole file).

    >>> [(h.label, h.error) for h in read_hands("variant = 'FO/8'\\n")]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('the hand', "Unsupported variant 'FO/8': only no-limit hold'em ('NT'), pot-limit
    Omaha ('PO'), fixed-limit hold'em ('FT'), no-limit short-deck hold'em ('NS'), pot-limit
    Omaha hi/lo ('PO/8'), five-card pot-limit Omaha ('PO5'), five-card pot-limit Omaha hi/lo
    ('PO5/8').")]
    """
    return [read_part(*part) for part in split_upload(clean(text))]


def _refusal(error: Exception) -> str:
    if isinstance(error, PHHError):
        return str(error)
    return f"The hand could not be read ({type(error).__name__})."


def _read_phh(name: str, text: str) -> ReadHand:
    label = f"hand [{name}]" if name else "the hand"
    try:
        data = load_toml(text)
        replayed = replay_phh_data(data)
        deal = fair_deal_of(data)
    except (PHHError, ValueError, KeyError, TypeError, IndexError, AttributeError) as error:
        return ReadHand("phh", label, text, error=_refusal(error))
    when, zone = phh_time(data)
    return ReadHand(
        "phh", label, text, replayed, played_at=when, zone=zone, fair_deal=deal
    )


def _read_site(site_format: SiteFormat, text: str) -> ReadHand:
    label = site_format.label(text)
    source = site_format.source
    try:
        hand, replayed = site_format.replay(text)
        deal = fair_deal_of(hand.data)
    except (PHHError, ValueError, KeyError, TypeError, IndexError, AttributeError) as error:
        return ReadHand(source, label, text, error=_refusal(error))
    return ReadHand(source, label, text, replayed, hero=hand.hero,
                    played_at=hand.played_at, zone=hand.zone, fair_deal=deal)


def fair_deal_of(data: dict[str, Any]) -> FairDeal | None:
    """A hand's fair-deal record (``_deal_...`` fields), None without one; PHHError for a
    broken one.

    >>> fair_deal_of({"variant": "NT"}) is None
    True
    >>> fair_deal_of({"_deal_version": "fair-deal-v1"})
    Traceback (most recent call last):
    ...
    games.engine.phh_fields.PHHError: The fair-deal record cannot be read: The record's hand ...
    """
    try:
        return FairDeal.from_phh_fields(data)
    except ValueError as error:
        raise PHHError(f"The fair-deal record cannot be read: {error}") from None


def phh_time(data: dict[str, Any]) -> tuple[dt.datetime | None, str]:
    """When a PHH hand was played, from ``year``/``month``/``day`` (and ``time``), and the
    zone it was written in (``time_zone``, else ``time_zone_abbreviation``): the moment in
    UTC when the zone is known, as written (naive) when not.

    >>> phh_time({"year": 2009, "month": 7, "day": 1, "time": dt.time(0, 0, 9)})
    (datetime.datetime(2009, 7, 1, 0, 0, 9), '')
    >>> phh_time({"year": 2009, "month": 7, "day": 1, "time": dt.time(0, 0, 9),
    ...           "time_zone_abbreviation": "ET"})[0].isoformat()
    '2009-07-01T04:00:09+00:00'
    """
    try:
        day = dt.date(int(data["year"]), int(data["month"]), int(data["day"]))
    except (KeyError, TypeError, ValueError):
        return None, ""
    when = data.get("time")
    moment = dt.datetime.combine(day, when if isinstance(when, dt.time) else dt.time())
    for key in ("time_zone", "time_zone_abbreviation"):
        name = data.get(key)
        if not isinstance(name, str) or not isinstance(when, dt.time):
            continue
        clock = zone_of(name)
        if clock is not None:
            return moment.replace(tzinfo=clock).astimezone(dt.UTC), name
    return moment, ""


def names(replayed: PHHReplay) -> dict[int, str]:
    """Seat -> player name (``p1``... when the file names nobody)."""
    count = len(replayed.state.players)
    return {
        k + 1: (replayed.players[k] if replayed.players else f"p{k + 1}") for k in range(count)
    }


def money(replayed: PHHReplay) -> Money:
    return Money.of_fields(replayed.fields, replayed.amounts.scale)


def table_seats(replayed: PHHReplay) -> dict[int, int]:
    """Engine seat -> the table's seat number, when the file records them (``seats``)."""
    seats = replayed.fields.get("seats")
    count = len(replayed.state.players)
    if isinstance(seats, list) and len(seats) == count and all(
        isinstance(s, int) and not isinstance(s, bool) for s in seats
    ) and len(set(seats)) == count:
        return {k + 1: seats[k] for k in range(count)}
    return {}


def seat_count(replayed: PHHReplay) -> int | None:
    """The table's size when the file records one that fits its seats (``seat_count``)."""
    count = replayed.fields.get("seat_count")
    seats = table_seats(replayed)
    most = max([len(replayed.state.players), *seats.values()])
    if isinstance(count, int) and not isinstance(count, bool) and count >= most:
        return count
    return None


def stars_info(replayed: PHHReplay, number: int, hero_seat: int | None = None,
               played_at: dt.datetime | None = None) -> HandInfo:
    """What the PokerStars export needs besides the play."""
    fields = replayed.fields
    seat_count = fields.get("seat_count")
    numbers = table_seats(replayed)
    most = max([len(replayed.state.players), *numbers.values()])
    if isinstance(seat_count, int) and seat_count >= most:
        most = seat_count
    zone = str(fields.get("time_zone_abbreviation") or "UTC")
    if played_at is not None and played_at.tzinfo is not None:
        played_at, zone = played_at.astimezone(dt.UTC), "UTC"  # an aware time is written in UTC
    return HandInfo(
        number=number,
        table=str(fields.get("table") or fields.get("venue") or "Imported"),
        max_seats=most,
        started_at=played_at,
        names=names(replayed),
        hero_seat=hero_seat,
        money=money(replayed),
        rake=dict(replayed.rake),
        seat_numbers=numbers,
        zone=zone,
    )


def stars_text(replayed: PHHReplay, number: int, hero_seat: int | None = None,
               played_at: dt.datetime | None = None) -> str:
    """The hand as PokerStars text (settled hands only)."""
    return write_hand(replayed.state, stars_info(replayed, number, hero_seat, played_at))

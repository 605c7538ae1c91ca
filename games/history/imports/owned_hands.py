"""Imported hands for their owner: the list with its filters, one hand in the replayer, exports.

Only the player who imported a hand sees it (anyone else gets a 404). The uploader knew every
card their file holds, so the replayer shows all known cards from the start.
"""

from __future__ import annotations

from datetime import date
from functools import cached_property

from django.db.models import QuerySet
from django.http import Http404

from games.engine import HandState, export_phh
from games.engine.phh import money as money_value
from games.history.imports.reading import read_part, table_seats
from games.history.imports.site_time import local_time
from games.history.money import Money
from games.history.presenters import card_faces
from games.history.replay.equity import street_equities
from games.history.replay.replayer import build_replay
from games.history.stars.fair_lines import record_of, replayer_part
from games.history.stars.writer import HandInfo, write_hand
from games.models import ImportedHand

RESULTS = ("won", "lost", "folded")


def imported_hands(
    user,
    *,
    site: str | None = None,
    stakes: str | None = None,
    since: date | None = None,
    until: date | None = None,
    position: str | None = None,
    result: str | None = None,
    batch: int | None = None,
) -> QuerySet[ImportedHand]:
    """The user's imported hands, newest first; the big columns (state, text) not loaded."""
    rows = ImportedHand.objects.filter(owner=user).defer("state", "text")
    if site:
        rows = rows.filter(site=site)
    if stakes:
        rows = rows.filter(stakes=stakes)
    if since is not None:
        rows = rows.filter(played_at__date__gte=since)
    if until is not None:
        rows = rows.filter(played_at__date__lte=until)
    if position:
        rows = rows.filter(position=position)
    if result in RESULTS:
        rows = rows.filter(result=result)
    if batch is not None:
        rows = rows.filter(batch_id=batch)
    return rows.order_by("-played_at", "-id")


def choices(user) -> dict[str, list[str]]:
    """The sites, stakes and positions the user's imported hands have, for the filters."""
    rows = ImportedHand.objects.filter(owner=user)

    def distinct(name: str) -> list[str]:
        return sorted(v for v in rows.values_list(name, flat=True).distinct().order_by() if v)

    return {"site": distinct("site"), "stakes": distinct("stakes"),
            "position": distinct("position")}


def get_for(user, hand_id: int) -> ImportedHand:
    """The imported hand ``hand_id`` of ``user``; 404 for anyone else's."""
    if not user.is_authenticated:
        raise Http404("No such hand.")
    hand = ImportedHand.objects.filter(owner=user, pk=hand_id).first()
    if hand is None:
        raise Http404("No such hand.")
    return hand


def money_of(hand: ImportedHand) -> Money:
    return Money(hand.currency, hand.scale)


def row(hand: ImportedHand) -> dict:
    """One line of the imported hands list."""
    cash = money_of(hand)
    return {
        "id": hand.id,
        "played_at": hand.played_at,
        "site": hand.site,
        "stakes": hand.stakes,
        "table": hand.table_name,
        "number": hand.site_hand,
        "position": hand.position,
        "hole": card_faces(hand.hole_cards),
        "board": card_faces(hand.board),
        "net": hand.net,
        "net_text": cash.signed(hand.net) if hand.net is not None else "—",
        "result": hand.result or ("unsettled" if not hand.settled else ""),
    }


class Imported:
    """One imported hand as its replayer and exports need it."""

    def __init__(self, hand: ImportedHand) -> None:
        self.hand = hand
        self.money = money_of(hand)

    @cached_property
    def state(self) -> HandState:
        return HandState.from_dict(self.hand.state)

    @cached_property
    def names(self) -> dict[int, str]:
        return {int(seat): name for seat, name in self.hand.names.items()}

    @cached_property
    def seat_numbers(self) -> dict[int, int]:
        """Engine seat -> the site's seat number: as kept at import, else read again from
        the hand's own text (hands imported before the site's facts were kept); empty when
        the file gave none."""
        kept = {int(seat): number for seat, number in self.hand.table_seats.items()}
        if kept:
            return kept
        read = read_part(self.hand.source, "", self.hand.text)
        return table_seats(read.replayed) if read.replayed else {}

    @property
    def table_size(self) -> int:
        """The site's table size, else the fewest seats that hold the hand's players."""
        hand = self.hand
        return hand.seat_count or max([hand.player_count, 2, *self.seat_numbers.values()])

    @cached_property
    def rake(self) -> dict[int, int]:
        return {int(seat): units for seat, units in self.hand.rake.items()}

    def replay_data(self) -> dict:
        state = self.state
        data = build_replay(state, self.hand.hero_seat, self.names, reveal_all=True,
                            money=self.money.format, rake=sum(self.rake.values()))
        known = frozenset(p.seat for p in state.players if "??" not in p.hole)
        data["equity"] = street_equities(state, known, self.names)
        data["max_seats"] = max(len(state.players), 2)
        data["money"] = self.money.to_json()
        data["fair_deal"] = replayer_part(record_of(self.hand.fair_deal), list(state.deck))
        return data

    def phh_text(self) -> str:
        state = self.state
        assert state.result is not None
        hand = self.hand
        scale = hand.scale
        fields: dict = {
            "players": [self.names.get(seat, f"p{seat}") for seat in state.seats],
            "finishing_stacks": [
                money_value(state.result.finishing_stacks[seat] - self.rake.get(seat, 0), scale)
                for seat in state.seats
            ],
            "venue": hand.site or "Imported",
            "seats": [self.seat_numbers.get(seat, seat) for seat in state.seats],
            "seat_count": self.table_size,
        }
        if hand.table_name:
            fields["table"] = hand.table_name
        if hand.site_hand:
            fields["hand"] = hand.site_hand
        if hand.played_at:
            played, zone = local_time(hand.played_at, hand.time_zone)
            fields.update(day=played.day, month=played.month, year=played.year,
                          time=played.time().replace(tzinfo=None),
                          time_zone_abbreviation=zone)
        if hand.currency:
            fields["currency_symbol"] = hand.currency
        deal = record_of(hand.fair_deal)
        if deal:  # the record names the table's seats, which ``seats`` above gives
            fields.update(deal.phh_fields())
        return export_phh(state, scale=scale, **fields)

    def stars_text(self) -> str:
        hand = self.hand
        number = int(hand.site_hand) if hand.site_hand.isdigit() else hand.id
        started, zone = (None, "UTC") if hand.played_at is None else local_time(
            hand.played_at, hand.time_zone)
        info = HandInfo(
            number=number,
            table=hand.table_name or hand.site or "Imported",
            max_seats=self.table_size,
            started_at=started,
            names=self.names,
            hero_seat=hand.hero_seat,
            money=self.money,
            rake=self.rake,
            seat_numbers=self.seat_numbers,
            zone=zone,
            fair_deal=record_of(self.hand.fair_deal),
        )
        return write_hand(self.state, info)

    def filename(self, extension: str) -> str:
        return f"imported{self.hand.id}.{extension}"

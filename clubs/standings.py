"""A season's standings. Cash: counted counted from the hands played at its nights' cash tables
(complete hands only, so they move as each hand ends):

- hands: hands the member was dealt into;
- net: chips won in those hands (finishing less starting stack), each night's chips turned
  into cents as its settle-up does (clubs/money.py, largest remainder over the night);
- bb/100: big blinds won per 100 hands, each table's chips counted in its big blind;
- nights: the season's nights at whose cash tables the member was dealt a hand.

Three queries, however many nights and hands. Tournaments are not in the cash standings.

Tournaments: each finished sit-and-go of the season's nights scores its entrants by the
season's formula (clubs/points.py); a member's row adds their points, the tournaments they
played, wins, cashes (a prize above 0) and best finish. Two queries.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from django.contrib.auth import get_user_model
from django.db.models import Count, F, Sum

from clubs.models import Night, Season
from clubs.money import to_cents
from clubs.points import points
from games.models import Hand, HandPlayer, Tournament, TournamentEntry


@dataclass(frozen=True)
class CashStanding:
    user_id: int
    name: str
    nights: int
    hands: int
    net_cents: int
    big_blinds: Fraction  # won over all hands, in each table's big blind

    @property
    def bb_per_100(self) -> Fraction:
        return self.big_blinds * 100 / self.hands if self.hands else Fraction(0)


def season_nights(season: Season):
    """The season's nights: those started between its days in its currency, or the first
    ``night_count`` from its first day. One query however it ends (a subquery)."""
    nights = Night.objects.filter(club_id=season.club_id, currency=season.currency,
                                  created_at__date__gte=season.starts_on)
    if season.night_count is None:
        return nights.filter(created_at__date__lte=season.ends_on)
    first = nights.order_by("created_at", "id").values("id")[:season.night_count]
    return Night.objects.filter(id__in=first)


def cash_standings(season: Season) -> list[CashStanding]:
    """The season's cash standings, best net first."""
    nights = {n.id: n for n in season_nights(season)}
    rows = (
        HandPlayer.objects.filter(
            hand__status=Hand.Status.COMPLETE, hand__table__is_tournament=False,
            hand__table__club_nights__in=list(nights),
        )
        .values("user_id", "hand__table_id", "hand__table__big_blind",
                night=F("hand__table__club_nights"))
        .annotate(hands=Count("id"), won=Sum(F("finishing_stack") - F("starting_stack")))
        .order_by()
    )
    hands: dict[int, int] = defaultdict(int)
    big_blinds: dict[int, Fraction] = defaultdict(Fraction)
    by_night: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for row in rows:
        if row["night"] not in nights:  # the table is also in another club's night
            continue
        user = row["user_id"]
        hands[user] += row["hands"]
        big_blinds[user] += Fraction(row["won"], row["hand__table__big_blind"])
        by_night[row["night"]][user] += row["won"]
    net: dict[int, int] = defaultdict(int)
    played: dict[int, int] = defaultdict(int)
    for night_id, chips in by_night.items():
        ordered = dict(sorted(chips.items(), key=lambda item: -item[1]))
        for user, cents in to_cents(ordered, nights[night_id].value).items():
            net[user] += cents
            played[user] += 1
    names = dict(get_user_model().objects.filter(id__in=hands).values_list("id", "username"))
    standings = [CashStanding(user, names[user], played[user], hands[user], net[user],
                              big_blinds[user]) for user in hands]
    return sorted(standings, key=lambda s: (-s.net_cents, -s.big_blinds, s.name))


@dataclass(frozen=True)
class TournamentStanding:
    user_id: int
    name: str
    points: Fraction
    played: int
    wins: int
    cashes: int
    best: int


def tournament_standings(season: Season) -> list[TournamentStanding]:
    """The season's tournament standings, most points first."""
    entries = list(
        TournamentEntry.objects.filter(
            tournament__club_nights__in=season_nights(season),
            tournament__status=Tournament.Status.FINISHED, place__isnull=False,
        ).annotate(entrants=Count("tournament__entries", distinct=True))
        .values("user_id", "user__username", "place", "place_worst", "prize", "entrants",
                "tournament_id").distinct()
    )
    rows: dict[int, dict] = {}
    for entry in entries:
        row = rows.setdefault(entry["user_id"], {
            "name": entry["user__username"], "points": Fraction(0), "played": 0, "wins": 0,
            "cashes": 0, "best": entry["place"]})
        row["points"] += points(season.points, entry["entrants"], entry["place"],
                                entry["place_worst"] or entry["place"])
        row["played"] += 1
        row["wins"] += entry["place"] == 1
        row["cashes"] += entry["prize"] > 0
        row["best"] = min(row["best"], entry["place"])
    standings = [TournamentStanding(user_id, **row) for user_id, row in rows.items()]
    return sorted(standings, key=lambda s: (-s.points, s.best, s.name))

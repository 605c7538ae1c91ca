"""What each person won or lost at a night's tables and tournaments, in chips, read from
the games' ledger (games/history/ledger.py for a cash table; a tournament's buy-ins,
rebuys, re-entries, add-ons, refunds and prizes for a sit-and-go). Reading only.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db.models import Sum

from games.history import ledger
from games.models import LedgerEntry, Table, Tournament

TOURNAMENT_KINDS = (
    LedgerEntry.Kind.TOURNAMENT_BUY_IN, LedgerEntry.Kind.TOURNAMENT_REFUND,
    LedgerEntry.Kind.TOURNAMENT_PRIZE, LedgerEntry.Kind.TOURNAMENT_REBUY,
    LedgerEntry.Kind.TOURNAMENT_REENTRY, LedgerEntry.Kind.TOURNAMENT_ADDON,
)


class NotReady(ValueError):
    """The night cannot be settled yet; the message says why."""


@dataclass(frozen=True)
class ChipResult:
    user_id: int
    name: str
    chips: int


def table_nets(table: Table) -> dict[str, int]:
    """Net chips per player name at one cash table (the ledger page's net)."""
    return {s.player: s.net for s in ledger.standings(table)}


def tournament_nets(tournament: Tournament) -> dict[int, int]:
    """Net chips per user id in one sit-and-go: prizes and refunds less what went into the
    prize pool."""
    rows = (
        tournament.ledger.filter(kind__in=TOURNAMENT_KINDS)
        .values("user_id").annotate(net=Sum("amount")).order_by()
    )
    return {row["user_id"]: row["net"] for row in rows}


def chip_results(tables: list[Table], tournaments: list[Tournament]) -> list[ChipResult]:
    """Each person's net chips over the tables and tournaments, biggest winner first;
    ``NotReady`` when a tournament has not finished or the chips do not sum to zero."""
    for tournament in tournaments:
        if tournament.status != Tournament.Status.FINISHED:
            raise NotReady(f"The tournament {tournament.name} has not finished yet: settle "
                           "the night after it ends.")
    by_name: dict[str, int] = defaultdict(int)
    for table in tables:
        for name, chips in table_nets(table).items():
            by_name[name] += chips
    by_id: dict[int, int] = defaultdict(int)
    for tournament in tournaments:
        for user_id, chips in tournament_nets(tournament).items():
            by_id[user_id] += chips
    users = get_user_model().objects.filter(username__in=by_name).values_list("username", "id")
    for name, user_id in users:
        by_id[user_id] += by_name[name]
    names = dict(get_user_model().objects.filter(id__in=by_id).values_list("id", "username"))
    results = [ChipResult(user_id, names[user_id], chips) for user_id, chips in by_id.items()]
    total = sum(r.chips for r in results)
    if total:
        raise NotReady(f"The night's results sum to {total:+,} chips, not 0: a table's "
                       "chips are still moving (a hand in play?). Settle when it is over.")
    return sorted(results, key=lambda r: (-r.chips, r.name))

"""A table session's ledger: every buy-in and cash-out, and where each player stands.

A table is one session (a friends' game is a table opened for the evening). Per player:
chips bought in, chips cashed out, chips still on the table (the seat's stack as of the last
finished hand), and net = cashed out + on the table - bought in. Two queries, however many
rows.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from django.db.models import Case, Count, F, Q, Sum, When
from django.db.models.functions import Abs

from games.models import LedgerEntry, Table

Kind = LedgerEntry.Kind
# A host's adjustment moves the player's own chips: one to the table counts as bought in, one
# back to the bankroll as cashed out. STACK_ADJUSTMENT rows (before issue 21) made chips.
BOUGHT = (Kind.BUY_IN, Kind.HOST_ADD)
CASHED = (Kind.CASH_OUT, Kind.HOST_TAKE)
KINDS = (*BOUGHT, *CASHED, Kind.STACK_ADJUSTMENT)


@dataclass(frozen=True)
class Standing:
    player: str
    buy_ins: int
    bought_in: int
    cashed_out: int
    on_table: int
    adjusted: int = 0  # chips a host made (or unmade) on a stack before issue 21, not won

    @property
    def net(self) -> int:
        return self.cashed_out + self.on_table - self.bought_in - self.adjusted


def entries(table: Table):
    """The session's buy-ins, cash-outs and host adjustments, oldest first, with ``chips``
    moved (a host adjustment keeps its sign)."""
    return (
        table.ledger.filter(kind__in=KINDS)
        .select_related("user")
        .annotate(
            chips=Case(
                When(kind=LedgerEntry.Kind.STACK_ADJUSTMENT, then=F("amount")),
                default=Abs("amount"),
            )
        )
        .order_by("created_at", "id")
    )


def standings(table: Table) -> list[Standing]:
    """One row per player who bought in at the table, biggest winner first."""
    rows = (
        table.ledger.filter(kind__in=KINDS)
        .values("user_id", "user__username")
        .annotate(
            buy_ins=Count("id", filter=Q(kind=LedgerEntry.Kind.BUY_IN)),
            bought=Sum("amount", filter=Q(kind__in=BOUGHT), default=0),
            cashed=Sum("amount", filter=Q(kind__in=CASHED), default=0),
            adjusted=Sum(
                "amount", filter=Q(kind=LedgerEntry.Kind.STACK_ADJUSTMENT), default=0
            ),
        )
        .order_by()
    )
    stacks = dict(table.seats.values_list("user_id", "stack"))
    result = [
        Standing(
            player=row["user__username"],
            buy_ins=row["buy_ins"],
            bought_in=-row["bought"],
            cashed_out=row["cashed"],
            on_table=stacks.get(row["user_id"], 0),
            adjusted=row["adjusted"],
        )
        for row in rows
    ]
    return sorted(result, key=lambda s: (-s.net, s.player))


def cell(text: str) -> str:
    """A text cell a spreadsheet will not run as a formula ("-x", "+x", "@x" are formulas).

    >>> cell("-bob"), cell("bob")
    ("'-bob", 'bob')
    """
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def standings_csv(table: Table) -> str:
    """Per-player totals as CSV."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        ["player", "buy_ins", "bought_in", "cashed_out", "on_table", "host_adjusted", "net"]
    )
    for s in standings(table):
        writer.writerow(
            [cell(s.player), s.buy_ins, s.bought_in, s.cashed_out, s.on_table, s.adjusted, s.net]
        )
    return out.getvalue()


def entries_csv(table: Table) -> str:
    """Every buy-in and cash-out as CSV (chips moved to or from the table)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["time", "player", "kind", "chips"])
    for entry in entries(table):
        writer.writerow(
            [
                entry.created_at.isoformat(timespec="seconds"),
                cell(entry.user.get_username()),
                entry.kind,
                entry.chips,
            ]
        )
    return out.getvalue()

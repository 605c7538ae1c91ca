"""A settled night as CSV (results, transfers) and as plain text to paste into a group
chat. Amounts to the cent in the night's currency."""

from __future__ import annotations

import csv
import io
from collections import defaultdict

from clubs.models import Night, PaymentHandle, Transfer
from clubs.money import money
from games.history.ledger import cell


def decimal(cents: int) -> str:
    """Cents as a plain decimal a spreadsheet reads as a number: ``-12.05``."""
    sign = "-" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d}"


def status(transfer: Transfer) -> str:
    if transfer.paid_at is not None:
        return "paid"
    return f"carried to {transfer.carried_to.name}" if transfer.carried_to else "unpaid"


def results(night: Night):
    return night.results.select_related("user").order_by("-played_cents", "user__username")


def transfers(night: Night):
    return night.transfers.select_related("payer", "payee", "carried_to").order_by(
        "-cents", "id")


def results_csv(night: Night) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["player", "chips", "played", "carried_iou", "corrected", "total",
                     "currency"])
    for row in results(night):
        writer.writerow([cell(row.user.username), row.chips, decimal(row.played_cents),
                         decimal(row.carried_cents), decimal(row.corrected_cents),
                         decimal(row.cents), night.currency])
    return out.getvalue()


def transfers_csv(night: Night) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["payer", "payee", "amount", "currency", "status"])
    for t in transfers(night):
        writer.writerow([cell(t.payer.username), cell(t.payee.username), decimal(t.cents),
                         night.currency, status(t)])
    return out.getvalue()


def handles_of(user_ids) -> dict[int, list[PaymentHandle]]:
    found: dict[int, list[PaymentHandle]] = defaultdict(list)
    for handle in PaymentHandle.objects.filter(user_id__in=set(user_ids)):
        found[handle.user_id].append(handle)
    return found


def summary(night: Night) -> str:
    """The settle-up in a few lines of text for a group chat.

    Example::

        Friday club: Night 1 (1 chip = $0.01)
        Results: ann +$3.00, bob -$1.00, cat -$2.00
        bob pays ann $1.00 (ann: Venmo @ann)
        cat pays ann $2.00 (ann: Venmo @ann) - paid
    """
    currency = night.currency
    lines = [f"{night.club.name}: {night.name} ({night.value.describe()})"]
    parts = []
    for row in results(night):
        part = f"{row.user.username} {money(row.cents, currency, sign=True)}"
        if row.carried_cents:
            part += f" (with IOUs {money(row.carried_cents, currency, sign=True)})"
        if row.corrected_cents:
            part += f" (corrected {money(row.corrected_cents, currency, sign=True)})"
        parts.append(part)
    lines.append("Results: " + (", ".join(parts) if parts else "nobody played"))
    rows = list(transfers(night))
    handles = handles_of(t.payee_id for t in rows)
    for t in rows:
        line = f"{t.payer.username} pays {t.payee.username} {money(t.cents, currency)}"
        ways = "; ".join(f"{h.get_method_display()} {h.handle}" for h in handles[t.payee_id])
        if ways:
            line += f" ({t.payee.username}: {ways})"
        if status(t) != "unpaid":
            line += f" - {status(t)}"
        lines.append(line)
    if not rows:
        lines.append("Nobody owes anybody.")
    return "\n".join(lines) + "\n"

"""Settling a club night: its results in money, the IOUs carried in from earlier nights,
the fewest transfers; and marking a transfer paid. Never moves play chips."""

from __future__ import annotations

from collections import defaultdict

from django.db import transaction
from django.utils import timezone

from clubs import nights
from clubs.models import Correction, Membership, Night, NightResult, Transfer
from clubs.money import to_cents
from clubs.settle import settle


class SettleError(ValueError):
    """A settle-up or payment refused; the message says why."""


def open_ious(night: Night) -> list[Transfer]:
    """Transfers of the club's earlier settled nights, in this night's currency, neither
    paid nor carried: what this night's settle-up takes in."""
    return list(
        Transfer.objects.filter(
            night__club_id=night.club_id, night__settled_at__isnull=False,
            night__currency=night.currency, paid_at__isnull=True, carried_to__isnull=True,
        ).exclude(night=night).select_related("payer", "payee")
    )


@transaction.atomic
def settle_night(night_id: int) -> Night:
    """Store the night's results and transfers; unpaid transfers of earlier nights are
    carried into it (a payer's IOU counts as a loss tonight, the payee's as a win)."""
    night = Night.objects.select_for_update().get(pk=night_id)
    if night.settled_at is not None:
        raise SettleError("This night is already settled.")
    tables = list(night.tables.all())
    tournaments = list(night.tournaments.all())
    if not tables and not tournaments:
        raise SettleError("This night has no table or tournament to settle yet.")
    try:
        played = nights.chip_results(tables, tournaments)
    except nights.NotReady as problem:
        raise SettleError(str(problem)) from None
    cents = to_cents({r.user_id: r.chips for r in played}, night.value)
    carried: dict[int, int] = defaultdict(int)
    ious = open_ious(night)
    for iou in ious:
        carried[iou.payer_id] -= iou.cents
        carried[iou.payee_id] += iou.cents
    corrected: dict[int, int] = defaultdict(int)
    for correction in night.corrections.all():
        corrected[correction.loser_id] -= correction.cents
        corrected[correction.winner_id] += correction.cents
    chips = {r.user_id: r.chips for r in played}
    people = list(dict.fromkeys([*chips, *carried, *corrected]))
    NightResult.objects.bulk_create(
        NightResult(night=night, user_id=user_id, chips=chips.get(user_id, 0),
                    played_cents=cents.get(user_id, 0), carried_cents=carried[user_id],
                    corrected_cents=corrected[user_id])
        for user_id in people
    )
    totals = {user_id: cents.get(user_id, 0) + carried[user_id] + corrected[user_id]
              for user_id in people}
    Transfer.objects.bulk_create(
        Transfer(night=night, payer_id=t.payer, payee_id=t.payee, cents=t.cents)
        for t in settle(totals)
    )
    Transfer.objects.filter(id__in=[iou.id for iou in ious]).update(carried_to=night)
    night.settled_at = timezone.now()
    night.save(update_fields=["settled_at"])
    return night


@transaction.atomic
def mark_paid(transfer_id: int, user) -> Transfer:
    """The payer or the payee says the money has changed hands."""
    transfer = Transfer.objects.select_for_update().select_related("carried_to").get(
        pk=transfer_id)
    if user.id not in (transfer.payer_id, transfer.payee_id):
        raise SettleError("Only the payer or the payee can mark a transfer paid.")
    if transfer.carried_to is not None:
        raise SettleError(f"This transfer was carried to {transfer.carried_to.name} as an IOU: "
                          "mark that night's transfer paid instead.")
    if transfer.paid_at is not None:
        raise SettleError("This transfer is already marked paid.")
    transfer.paid_at = timezone.now()
    transfer.paid_by = user
    transfer.save(update_fields=["paid_at", "paid_by"])
    return transfer


@transaction.atomic
def reopen_night(night_id: int) -> Night:
    """Undo a settle-up that nobody has acted on: its results and transfers go, the IOUs it
    took in are open again. Refused once a transfer is paid or carried on."""
    night = Night.objects.select_for_update().get(pk=night_id)
    if night.settled_at is None:
        raise SettleError("This night is not settled.")
    if night.transfers.filter(paid_at__isnull=False).exists():
        raise SettleError("A transfer of this night is marked paid: it cannot be reopened.")
    if night.transfers.filter(carried_to__isnull=False).exists():
        raise SettleError("A later night took in this night's IOUs: it cannot be reopened.")
    night.transfers.all().delete()
    night.results.all().delete()
    Transfer.objects.filter(carried_to=night).update(carried_to=None)
    night.settled_at = None
    night.save(update_fields=["settled_at"])
    return night


def correct(night: Night, manager, loser_id: int, winner_id: int, cents: int,
            reason: str) -> Correction:
    """A manager moves ``cents`` of the night's result from one member to another, saying
    why; only before the night is settled."""
    reason = reason.strip()
    if night.settled_at is not None:
        raise SettleError("This night is settled: reopen it to correct a result.")
    if not reason:
        raise SettleError("Say why the result is corrected (the reason is kept).")
    if len(reason) > 200:
        raise SettleError("A reason is at most 200 characters.")
    if cents <= 0:
        raise SettleError("A correction moves more than $0.00.")
    if loser_id == winner_id:
        raise SettleError("A correction moves money between two different people.")
    known = set(Membership.objects.filter(club_id=night.club_id,
                                          user_id__in=[loser_id, winner_id])
                .values_list("user_id", flat=True))
    if known != {loser_id, winner_id}:
        raise SettleError("Both people of a correction must be members of the club.")
    return Correction.objects.create(night=night, loser_id=loser_id, winner_id=winner_id,
                                     cents=cents, reason=reason, created_by=manager)

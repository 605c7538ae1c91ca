"""The clock's slow scans run at their own pace (games/outbound/housekeeping.py): a clock
that keeps its ``Housekeeping`` lists each scan once per period; a single call does all."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services, table_clock
from games.models import CommandReceipt, Seat
from games.outbound.housekeeping import Housekeeping
from games.services.due_work import SLOW_SCANS, due_work
from games.services.practice import close_idle_practice_tables
from games.services.receipts import RECEIPTS_KEPT, forget_old_receipts
from games.services.seating import free_busted_seats

pytestmark = pytest.mark.django_db


def scans_listed(now, housekeeping=None) -> list[str]:
    scans = {scan for scan, _ in SLOW_SCANS}
    return [item.func.__name__ for item in due_work(now, housekeeping)
            if getattr(item, "func", None) in scans]


def test_a_clock_lists_each_slow_scan_once_per_its_period():
    keeping, now = Housekeeping(), timezone.now()
    every_scan = ["free_busted_seats", "close_idle_practice_tables", "forget_old_receipts"]
    assert scans_listed(now, keeping) == every_scan
    assert scans_listed(now + timedelta(seconds=4.9), keeping) == []
    assert scans_listed(now + timedelta(seconds=5), keeping) == every_scan[:2]
    assert scans_listed(now + timedelta(seconds=9), keeping) == []
    assert scans_listed(now + timedelta(minutes=10), keeping) == every_scan
    assert scans_listed(now + timedelta(minutes=10)) == every_scan  # no clock: all, now
    assert dict((scan, every) for scan, every in SLOW_SCANS) == {
        free_busted_seats: timedelta(seconds=5),
        close_idle_practice_tables: timedelta(seconds=5),
        forget_old_receipts: timedelta(minutes=10),
    }


def test_a_busted_seat_waits_for_the_next_scan_then_is_freed(table, alice, bob, settings):
    services.sit(table.id, alice, 1, 200)
    services.sit(table.id, bob, 2, 200)
    Seat.objects.filter(table=table, number=2).update(stack=0, busted_at=timezone.now())
    freed_from = timezone.now() + timedelta(seconds=settings.BUSTED_SEAT_SECONDS + 1)
    keeping = Housekeeping()
    table_clock.run_due_work(freed_from - timedelta(seconds=3), keeping)  # not yet out of time
    assert Seat.objects.filter(table=table, number=2).exists()
    table_clock.run_due_work(freed_from, keeping)  # out of time, but scanned 3 s ago
    assert Seat.objects.filter(table=table, number=2).exists()
    table_clock.run_due_work(freed_from + timedelta(seconds=2), keeping)
    assert not Seat.objects.filter(table=table, number=2).exists()


def test_receipts_older_than_a_day_go_and_younger_ones_stay(alice):
    now = timezone.now()
    for request_id, age in [("old", RECEIPTS_KEPT + timedelta(seconds=1)),
                            ("young", RECEIPTS_KEPT - timedelta(seconds=1))]:
        receipt = CommandReceipt.objects.create(user=alice, request_id=request_id)
        CommandReceipt.objects.filter(pk=receipt.pk).update(created_at=now - age)
    table_clock.run_due_work(now)
    assert list(CommandReceipt.objects.values_list("request_id", flat=True)) == ["young"]

"""What staff may do to a running room, each change recorded in the admin's log.

Like games/services.py, every change locks the table row and is broadcast after commit, so
a pause shows up live at the table. Pausing and closing take effect between hands: the
current hand is played out first.
"""

from django.contrib.admin.models import CHANGE, LogEntry
from django.db import transaction
from django.utils import timezone

from games import chips, services
from games.models import Seat, Table


def record(staff, obj, message: str) -> None:
    """Write one admin log row: who did what to which object, and when."""
    LogEntry.objects.log_actions(
        user_id=staff.pk,
        queryset=[obj],
        action_flag=CHANGE,
        change_message=message,
        single_object=True,
    )


def _set_status(table_id: int, staff, status: str, message: str) -> Table:
    locked = services.lock_table(table_id)
    table = locked.table
    if table.status == status:
        raise services.ServiceError(f"The table is already {table.get_status_display().lower()}.")
    if table.status == Table.Status.CLOSED:
        raise services.ServiceError("A closed table cannot be reopened.")
    table.status = status
    if status != Table.Status.OPEN:
        table.next_hand_at = None
    elif locked.hand is None:
        services.schedule_next_hand(table, timezone.now(), services.next_hand_delay())
    if status == Table.Status.CLOSED and locked.hand is None:
        for seat in table.seats.select_related("user"):
            chips.cash_out(seat.user, table, seat.stack)
            seat.delete()
    services.publish_change(locked)
    record(staff, table, message)
    return table


@transaction.atomic
def pause_table(table_id: int, staff) -> Table:
    return _set_status(table_id, staff, Table.Status.PAUSED, "Paused the table.")


@transaction.atomic
def resume_table(table_id: int, staff) -> Table:
    return _set_status(table_id, staff, Table.Status.OPEN, "Resumed the table.")


@transaction.atomic
def close_table(table_id: int, staff) -> Table:
    return _set_status(table_id, staff, Table.Status.CLOSED, "Closed the table.")


@transaction.atomic
def remove_player(seat_id: int, staff) -> None:
    """Take a player off the table: now between hands, else when the hand ends."""
    seat = Seat.objects.select_related("user", "table").get(pk=seat_id)
    locked = services.lock_table(seat.table_id)
    seat = locked.table.seats.select_related("user").get(pk=seat_id)
    name = seat.user.get_username()
    if locked.state is not None and seat.number in locked.state.seats:
        seat.leave_after_hand = True
        seat.save(update_fields=["leave_after_hand"])
        message = f"Removed {name} from seat {seat.number} (after the current hand)."
    else:
        chips.cash_out(seat.user, locked.table, seat.stack)
        seat.delete()
        message = f"Removed {name} from seat {seat.number}."
    services.publish_change(locked)
    record(staff, locked.table, message)


@transaction.atomic
def sit_out_player(seat_id: int, staff) -> None:
    seat = Seat.objects.select_related("user").get(pk=seat_id)
    locked = services.lock_table(seat.table_id)
    Seat.objects.filter(pk=seat_id).update(sitting_out=True)
    services.publish_change(locked)
    record(staff, locked.table, f"Sat out {seat.user.get_username()} in seat {seat.number}.")


def adjust_bankroll(user, amount: int, reason: str, staff):
    """A staff bankroll correction: the reason is required, stored and logged."""
    with transaction.atomic():
        entry = chips.adjust(user, amount, reason=reason, staff=staff)
        record(staff, user.player, f"Adjusted bankroll by {amount:+}: {reason.strip()}")
    return entry

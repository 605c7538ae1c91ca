"""The clock's slow scans run at their own pace rather than on every tick.

A tick (every half second) must fire deadlines, play bots' turns and deal hands on time. The
slow scans (games/services/due_work.py lists them) look for things measured in minutes: a
busted player's seat kept BUSTED_SEAT_SECONDS for a rebuy, a practice table idle for
PRACTICE_IDLE_SECONDS, command receipts kept a day. Run every tick they cost most of an
idle clock's time (profiled: the idle-practice scan alone was 47% of a bot table's ticks),
so each runs at most once per its period, and a seat is freed or a table closed at most
that much later.

Each clock keeps its own ``Housekeeping`` between ticks (the live runtime's,
games/outbound/runtime.py). A fresh one finds every scan due, so a single call of
``run_due_work`` does all of it at once. This module imports nothing of the services, so
that the runtime can hold one.
"""

from datetime import datetime, timedelta


class Housekeeping:
    """When this clock last started each slow scan.

    >>> from datetime import timezone
    >>> keeping, noon = Housekeeping(), datetime(2026, 11, 27, 12, tzinfo=timezone.utc)
    >>> every = timedelta(seconds=5)
    >>> keeping.due("seats", every, noon), keeping.due("seats", every, noon)
    (True, False)
    >>> keeping.due("seats", every, noon + every), keeping.due("receipts", every, noon)
    (True, True)
    """

    def __init__(self) -> None:
        self.started_at: dict[str, datetime] = {}

    def due(self, scan: str, every: timedelta, now: datetime) -> bool:
        """Whether ``scan`` last started ``every`` or more before ``now`` (or never); if
        so, it counts as started now."""
        last = self.started_at.get(scan)
        if last is not None and now - last < every:
            return False
        self.started_at[scan] = now
        return True

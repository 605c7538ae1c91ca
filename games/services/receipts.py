"""Command receipts are kept a day, then deleted by the table clock (games/services/due_work.py).

A repeated copy of a command arrives within seconds; a day of receipts is plenty. The clock
deletes the old ones every ten minutes or so, per process: each process's clock keeps its
own ``ReceiptCleanup`` (in the live runtime, games/live/runtime.py).
"""

from datetime import datetime, timedelta

from games.models import CommandReceipt

RECEIPTS_KEPT = timedelta(days=1)
PURGE_EVERY = timedelta(minutes=10)


class ReceiptCleanup:
    """When this clock last deleted old receipts, and the deletion itself.

    >>> ReceiptCleanup().purged_at is None
    True
    """

    def __init__(self) -> None:
        self.purged_at: datetime | None = None

    def forget_old_receipts(self, now: datetime) -> None:
        """Every PURGE_EVERY or so, delete receipts older than RECEIPTS_KEPT."""
        if self.purged_at is not None and now - self.purged_at < PURGE_EVERY:
            return
        self.purged_at = now
        CommandReceipt.objects.filter(created_at__lt=now - RECEIPTS_KEPT).delete()

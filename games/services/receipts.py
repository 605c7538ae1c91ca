"""Command receipts are kept a day, then deleted by the table clock every ten minutes or so
(games/outbound/housekeeping.py).

A repeated copy of a command arrives within seconds; a day of receipts is plenty.
"""

from datetime import datetime, timedelta

from games.models import CommandReceipt

RECEIPTS_KEPT = timedelta(days=1)


def forget_old_receipts(now: datetime) -> None:
    """Delete receipts older than RECEIPTS_KEPT."""
    CommandReceipt.objects.filter(created_at__lt=now - RECEIPTS_KEPT).delete()

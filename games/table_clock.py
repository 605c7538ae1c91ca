"""One tick of the table clock, whole: the services' due work with the bots' turns in it.

The services sit below the bots (the bots act through them, like people), so the services'
``due_work`` takes the bots' turns as an argument; this module, above both, hands them in.
The clock (games/live/clock.py) runs a tick's items side by side; ``run_due_work`` runs them
one after another (tests, and a single catch-up call).
"""

from collections.abc import Callable
from datetime import datetime

from django.utils import timezone

from games.bots.driver import due_bot_turns
from games.outbound.housekeeping import Housekeeping
from games.services import due_work as services_due_work


def due_work(
    now: datetime, housekeeping: Housekeeping | None = None
) -> list[Callable[[], object]]:
    """What one tick has to do, in order: fire passed deadlines, let bots act, deal hands
    that are due, then the slow scans that are due (all of them without ``housekeeping``:
    see games/services/due_work.py)."""
    return services_due_work.due_work(now, housekeeping, bot_turns=due_bot_turns)


def run_due_work(
    now: datetime | None = None, housekeeping: Housekeeping | None = None
) -> None:
    """One clock tick, each item in turn: fire passed deadlines, let bots act, deal hands
    that are due, then the slow scans that are due: free the seats of busted players who
    did not rebuy, close idle practice tables, delete old command receipts."""
    for item in due_work(now or timezone.now(), housekeeping):
        item()

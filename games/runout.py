"""All-in run-outs, shown street by street.

When the betting is over with at most one player able to bet, the engine deals the rest of
the board at once and the hand ends in the same version. The server keeps it that way (one
version, one state: the hand is over and its result stands), and the pages reveal the
streets one at a time, ``RUNOUT_STREET_SECONDS`` apart (static/js/runout.js), holding back
the result until the river is out. So that the result is still seen, the next deal waits
that much longer (games/services/).
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings

from games.engine import EventKind, HandState
from games.engine.types import BETTING_EVENTS


def runout_streets(state: HandState) -> int:
    """Board streets dealt after the last decision of the hand (0 when the betting went on
    to the river, or the hand ended without a showdown)."""
    streets = 0
    for event in reversed(state.events):
        if event.kind in BETTING_EVENTS and not event.auto:
            break
        if event.kind is EventKind.DEAL_BOARD:
            streets += 1
    return streets


def street_seconds() -> float:
    """The pause between two streets of a run-out (RUNOUT_STREET_SECONDS)."""
    return max(0.0, float(settings.RUNOUT_STREET_SECONDS))


def runout_pause(state: HandState) -> timedelta:
    """How long pages take to reveal the run-out: the first street at once, then a pause
    before each further one."""
    return timedelta(seconds=street_seconds() * max(0, runout_streets(state) - 1))

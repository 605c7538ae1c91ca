"""A bot's turn, taken by the table clock (games/live/clock.py -> games/table_clock.py, which
hands ``due_bot_turns`` to the services' due work).

When a bot is to act, the writer sets ``Hand.bot_acts_at`` a moment ahead (a human-like
pause). Once it has passed, any server process's clock may read the hand, let the bot decide
from its own view (``HandState.view(seat)``, nothing else) and act through
``services.act`` quoting the version it read, like a person at a browser. If two processes
decide at once, the second quotes a version the table has moved past and is refused, so a
bot never acts twice. Bots need no socket: they play on with nobody connected.
"""

import logging
import random
from collections.abc import Callable
from datetime import datetime
from functools import partial

from games import services
from games.bots.selfplay import bot_decision
from games.engine import HandState
from games.models import Hand, Seat, Table
from games.plain_sql import STAND_IN_TIME, CompiledQuery

log = logging.getLogger(__name__)
_rng = random.Random()
# Read every tick by every clock: compiled once (games/plain_sql.py says why).
_DUE_BOTS = CompiledQuery(
    lambda status, now: Hand.objects.filter(status=status).filter(bot_acts_at__lte=now)
    .order_by().values_list("table_id"),
    Hand.Status.IN_PROGRESS, STAND_IN_TIME,
)


def play_due_bots(now: datetime) -> int:
    """Take every bot turn that is due; returns how many bots acted.

    >>> from django.utils import timezone
    >>> play_due_bots(timezone.now())  # doctest: +SKIP
    0
    """
    return sum(play_bot_turn(table_id) for table_id in due_bots(now))


def due_bot_turns(now: datetime) -> list[Callable[[], object]]:
    """The bots' turns that are due, one change per table, for the clock's tick."""
    return [partial(play_bot_turn, table_id) for table_id in due_bots(now)]


def due_bots(now: datetime) -> list[int]:
    """The tables where a bot's turn is due."""
    return [table_id for (table_id,) in _DUE_BOTS.rows(Hand.Status.IN_PROGRESS, now)]


def play_bot_turn(table_id: int) -> bool:
    """Let the bot to act at this table decide and act; False when there was nothing to do
    (no bot to act, or the table moved on while it thought)."""
    table = Table.objects.filter(pk=table_id).values_list("version", "big_blind").first()
    hand = Hand.objects.filter(table_id=table_id, status=Hand.Status.IN_PROGRESS).first()
    if table is None or hand is None or hand.bot_acts_at is None:
        return False
    version, big_blind = table
    if not Table.objects.filter(pk=table_id, version=version).exists():
        return False  # a writer committed while this was read: try again next tick
    state = HandState.from_dict(hand.state)
    if state.actor is None:
        return False
    seat = (
        Seat.objects.select_related("user", "user__player")
        .filter(table_id=table_id, number=state.actor)
        .first()
    )
    if seat is None or not services.is_bot(seat):
        return False
    if int(state.player(seat.number).player_id) != seat.user_id:
        return False
    _situation, decision = bot_decision(state, seat.user.player.bot_style, big_blind, _rng)
    try:
        services.act(table_id, seat.user, decision.kind.value, decision.amount, version)
    except services.StaleVersion:
        return False
    except services.ServiceError as refused:
        # A decision the rules refuse is a bug in a style: play the timeout action instead.
        log.error("bot %s at table %s: %s", seat.user.get_username(), table_id, refused)
        fallback = state.timeout_action()
        services.act(table_id, seat.user, fallback.kind.value, None, version)
    return True

"""Web Push: "your turn" to a player who has no page of the table open.

Off unless the operator sets the site's VAPID keys (``settings.WEB_PUSH``; docs/deploy.md,
"Web Push"). Browsers subscribe from the table page ("Alert me on my turn",
static/js/turn_alerts.js) and the subscription is kept (``PushSubscription``). After each
version is published (games/outbound/broadcast.py) ``tell_turn`` looks at whose turn it is;
when a turn has just started for a person (not a bot) with no socket at the table
(games/outbound/presence.py), each of their subscriptions gets a push, encrypted for it by
pywebpush (RFC 8291, aes128gcm) and signed with the site's VAPID key (RFC 8292). A push
service that answers 404 or 410 has dropped the subscription: so does the site.

The sending happens on a small thread pool: a push service's answer takes a network round
trip, and the writer must not wait for it.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import close_old_connections
from django.urls import reverse
from pywebpush import WebPushException, webpush

from games.models import PushSubscription
from games.outbound import presence, runtime
from games.projection import TableSnapshot

log = logging.getLogger(__name__)

# How long a push service keeps a push for a browser that is offline: a turn is short.
TTL_SECONDS = 120
# The push service's answer, at most (connect and read).
TIMEOUT_SECONDS = 10
GONE = {404, 410}  # the push service no longer knows the subscription


@dataclass(frozen=True)
class Turn:
    """Whose turn started, at which table, and what to tell them."""

    table_id: int
    user_id: int
    key: tuple[int, int, int]  # hand number, seat, actions so far: one per turn
    title: str
    body: str


def turn_of(snapshot: TableSnapshot) -> Turn | None:
    """The turn on show in ``snapshot``, if a person (not a bot) is to act."""
    hand = snapshot.hand
    if hand is None or hand.state.is_complete:
        return None
    seat = hand.state.actor
    if seat is None or seat not in hand.users:
        return None
    if any(row.number == seat and row.bot for row in snapshot.seats):
        return None
    name = str(snapshot.table.get("name", "the table"))
    return Turn(
        table_id=int(snapshot.table["id"]),
        user_id=hand.users[seat],
        key=(hand.number, seat, len(hand.state.actions)),
        title=f"Your turn at {name}",
        body=f"Hand {hand.number}: the table is waiting for you.",
    )


def payload(turn: Turn) -> str:
    """What the service worker shows (templates/app_shell/sw.js, its ``push`` handler)."""
    url = reverse("table", kwargs={"table_id": turn.table_id})
    return json.dumps({"title": turn.title, "body": turn.body, "url": url,
                       "tag": f"your-turn-{turn.table_id}"})


def send(info: dict[str, Any], data: str, session: Any = None) -> Any:
    """Encrypt ``data`` for the subscription ``info`` and post it to its push service,
    signed with the site's VAPID key; ``session`` is a ``requests`` session (None: a new
    connection). Raises ``WebPushException`` when the push service refuses it."""
    return webpush(
        info,
        data=data,
        vapid_private_key=settings.VAPID_PRIVATE_KEY,
        vapid_claims={"sub": settings.VAPID_SUBJECT},  # a new dict: webpush adds to it
        content_encoding="aes128gcm",
        ttl=TTL_SECONDS,
        timeout=TIMEOUT_SECONDS,
        requests_session=session,
    )


class TurnPusher:
    """The turns this process told of (one push per turn, not per version), and the pool
    that sends them."""

    def __init__(self, submit: Callable[[Turn], object] | None = None) -> None:
        self.told: dict[int, tuple[int, int, int]] = {}  # table -> the last turn told of
        self.lock = threading.Lock()
        self.pool: ThreadPoolExecutor | None = None
        self.submit = submit or self.in_pool  # tests push at once

    def in_pool(self, turn: Turn) -> None:
        if self.pool is None:
            self.pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="turn-push")
        self.pool.submit(push_in_thread, turn)

    def tell(self, snapshot: TableSnapshot) -> None:
        turn = turn_of(snapshot)
        table_id = int(snapshot.table["id"])
        with self.lock:
            if turn is None:
                self.told.pop(table_id, None)
                return
            if self.told.get(table_id) == turn.key:
                return  # the same turn, at a later version (someone sat down meanwhile)
            self.told[table_id] = turn.key
        self.submit(turn)


def push_in_thread(turn: Turn) -> None:
    try:
        push_if_away(turn)
    finally:
        close_old_connections()  # the pool's threads outlive their requests


def push_if_away(turn: Turn) -> None:
    """Push ``turn`` to each of its player's browsers, unless a page of theirs has the table
    open (that page plays the sound, and notifies while hidden)."""
    try:
        if turn.user_id in presence.users_with_table_open(turn.table_id):
            return
        data = payload(turn)
        for subscription in PushSubscription.objects.filter(user_id=turn.user_id):
            try:
                send(subscription.info(), data)
            except WebPushException as refusal:
                if refusal.status_code in GONE:
                    subscription.delete()
                else:
                    log.warning("push to user %s refused: %s", turn.user_id, refusal)
    except Exception:  # a push is a courtesy: it must never cost the table anything
        log.warning("table %s: turn push failed", turn.table_id, exc_info=True)


def tell_turn(snapshot: TableSnapshot) -> None:
    """Called with each published version: push the turn it starts, if any, to an absent
    player. Nothing at all while Web Push is off. The sender (its thread) is the process's,
    kept in its runtime."""
    if not settings.WEB_PUSH:
        return
    runtime.current().own(TurnPusher).tell(snapshot)

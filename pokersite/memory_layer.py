"""The embedded default's channel layer: Channels' in-memory layer, rebuilt on the public
channel layer API (``BaseChannelLayer``) so that a broadcast to N sockets costs O(N).

Channels' own ``InMemoryChannelLayer`` sweeps every channel and every group for expired
messages on each ``receive``: a broadcast to N sockets costs N sweeps of N channels, which
is what makes it "slow sharply past a few thousand connections". Its settings (``expiry``,
``capacity``, ``group_expiry``) cannot change that, and the sweep is a private method, so
this layer is ours: the same semantics (messages expire after ``expiry`` seconds and take
their channel out of every group, group memberships after ``group_expiry``, a full channel
refuses with ``ChannelFull`` and is skipped by a group send), swept at most once a second.
Messages expire after a minute, so sweeping once a second changes nothing a socket can
notice. ``tests/site/test_layers.py`` runs the same script on both layers.
"""

import asyncio
import random
import re
import string
import time
from collections import deque
from contextlib import suppress
from copy import deepcopy
from typing import Any

from channels.exceptions import ChannelFull
from channels.layers import BaseChannelLayer

SWEEP_EVERY_SECONDS = 1.0

Message = dict[str, Any]


class Mailbox:
    """One channel's messages (each with the time it expires), oldest first, and the
    receivers waiting for the next one."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.items: deque[tuple[float, Message]] = deque()
        self.waiters: deque[asyncio.Future[None]] = deque()

    def full(self) -> bool:
        return len(self.items) >= self.capacity

    def put(self, expires: float, message: Message) -> None:
        self.items.append((expires, message))
        self.wake_one()

    def wake_one(self) -> None:
        while self.waiters:
            waiter = self.waiters.popleft()
            if not waiter.done():
                waiter.set_result(None)
                return

    async def get(self) -> Message:
        while not self.items:
            waiter = asyncio.get_running_loop().create_future()
            self.waiters.append(waiter)
            try:
                await waiter
            except BaseException:
                woken = waiter.done() and not waiter.cancelled()
                waiter.cancel()
                with suppress(ValueError):
                    self.waiters.remove(waiter)
                if woken and self.items:  # pass the wake-up on to the next receiver
                    self.wake_one()
                raise
        return self.items.popleft()[1]

    def drop_expired(self, now: float) -> bool:
        """Drop the messages expired by ``now``; True if there were any."""
        dropped = False
        while self.items and self.items[0][0] < now:
            self.items.popleft()
            dropped = True
        return dropped


class MemoryChannelLayer(BaseChannelLayer):
    """A channel layer inside one process, with groups and flush, swept once a second."""

    extensions = ["groups", "flush"]

    def __init__(
        self,
        expiry: int = 60,
        group_expiry: int = 86400,
        capacity: int = 100,
        channel_capacity: dict[re.Pattern[str] | str, int] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(
            expiry=expiry, capacity=capacity, channel_capacity=channel_capacity, **kwargs
        )
        self.group_expiry = group_expiry
        self.mailboxes: dict[str, Mailbox] = {}
        self.groups: dict[str, dict[str, float]] = {}  # group -> channel -> when it joined
        self.swept_at = float("-inf")

    def mailbox(self, channel: str) -> Mailbox:
        box = self.mailboxes.get(channel)
        if box is None:
            box = self.mailboxes[channel] = Mailbox(self.get_capacity(channel))
        return box

    async def send(self, channel: str, message: Message) -> None:
        """Put a copy of ``message`` on ``channel``; ``ChannelFull`` when it is full."""
        assert isinstance(message, dict), "message is not a dict"
        self.require_valid_channel_name(channel)
        assert "__asgi_channel__" not in message
        box = self.mailbox(channel)
        if box.full():
            raise ChannelFull(channel)
        box.put(time.time() + self.expiry, deepcopy(message))

    async def receive(self, channel: str) -> Message:
        """The next message on ``channel``, waiting for one."""
        self.require_valid_channel_name(channel)
        self.sweep()
        box = self.mailbox(channel)
        try:
            return await box.get()
        finally:
            if not box.items and self.mailboxes.get(channel) is box:
                del self.mailboxes[channel]

    async def new_channel(self, prefix: str = "specific.") -> str:
        """A fresh channel name for a consumer of this process."""
        tail = "".join(random.choice(string.ascii_letters) for _ in range(12))
        return f"{prefix}.inmemory!{tail}"

    def sweep(self) -> None:
        """At most once every SWEEP_EVERY_SECONDS: ``sweep_now``."""
        now = time.monotonic()
        if now - self.swept_at >= SWEEP_EVERY_SECONDS:
            self.swept_at = now
            self.sweep_now()

    def sweep_now(self) -> None:
        """Drop expired messages (their channel leaves every group) and memberships."""
        now = time.time()
        for channel, box in list(self.mailboxes.items()):
            if box.drop_expired(now):
                for members in self.groups.values():
                    members.pop(channel, None)
                if not box.items and not box.waiters:
                    del self.mailboxes[channel]
        joined_before = now - self.group_expiry
        for members in self.groups.values():
            for channel, joined in list(members.items()):
                if joined < joined_before:
                    del members[channel]

    async def flush(self) -> None:
        self.mailboxes = {}
        self.groups = {}

    async def close(self) -> None:
        pass

    async def group_add(self, group: str, channel: str) -> None:
        self.require_valid_group_name(group)
        self.require_valid_channel_name(channel)
        self.groups.setdefault(group, {})[channel] = time.time()

    async def group_discard(self, group: str, channel: str) -> None:
        self.require_valid_channel_name(channel)
        self.require_valid_group_name(group)
        members = self.groups.get(group)
        if members:
            members.pop(channel, None)
            if not members:
                del self.groups[group]

    async def group_send(self, group: str, message: Message) -> None:
        """Send ``message`` to every channel of ``group``, skipping the full ones."""
        assert isinstance(message, dict), "message is not a dict"
        self.require_valid_group_name(group)
        self.sweep()
        for channel in list(self.groups.get(group, {})):
            with suppress(ChannelFull):
                await self.send(channel, message)

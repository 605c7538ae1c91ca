"""The in-memory channel layer sweeps expired messages once a second, not on every receive."""

import asyncio

from channels.layers import InMemoryChannelLayer

from pokersite import layers
from pokersite.layers import SweepingInMemoryChannelLayer


async def test_a_broadcast_to_many_sockets_sweeps_once_not_once_per_socket(monkeypatch):
    # Not a second: on a loaded machine 200 receives can take longer, and a second sweep
    # then would be right. Within the interval, there must be exactly one.
    monkeypatch.setattr(layers, "SWEEP_EVERY_SECONDS", 3600)
    sweeps = []
    original = InMemoryChannelLayer._clean_expired
    monkeypatch.setattr(
        InMemoryChannelLayer, "_clean_expired", lambda self: sweeps.append(1) or original(self)
    )
    layer = SweepingInMemoryChannelLayer()
    channels = [await layer.new_channel() for _ in range(200)]
    for channel in channels:
        await layer.group_add("table_1", channel)
    await layer.group_send("table_1", {"type": "table.version", "frame": "{}"})
    received = [await layer.receive(channel) for channel in channels]
    assert len(received) == 200
    assert len(sweeps) == 1


async def test_expired_messages_still_drop_their_channel_from_groups(monkeypatch):
    monkeypatch.setattr(layers, "SWEEP_EVERY_SECONDS", 0.05)
    layer = SweepingInMemoryChannelLayer(expiry=0.05)
    gone, alive = await layer.new_channel(), await layer.new_channel()
    for channel in (gone, alive):
        await layer.group_add("table_1", channel)
    await layer.send(gone, {"type": "never.read"})  # its socket died: nobody reads it
    await asyncio.sleep(0.12)
    await layer.send(alive, {"type": "hello"})
    assert (await layer.receive(alive))["type"] == "hello"  # this receive sweeps
    assert set(layer.groups["table_1"]) == {alive}

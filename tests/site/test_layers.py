"""The embedded default's channel layer (pokersite/memory_layer.py): Channels' in-memory
layer's semantics, on the public layer API, swept once a second rather than on every
receive."""

import asyncio

import pytest
from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer

from pokersite import memory_layer
from pokersite.memory_layer import MemoryChannelLayer


async def test_a_broadcast_to_many_sockets_sweeps_once_not_once_per_socket(monkeypatch):
    # Not a second: on a loaded machine 200 receives can take longer, and a second sweep
    # then would be right. Within the interval, there must be exactly one.
    monkeypatch.setattr(memory_layer, "SWEEP_EVERY_SECONDS", 3600)
    layer = MemoryChannelLayer()
    sweeps = []
    sweep_now = layer.sweep_now
    monkeypatch.setattr(layer, "sweep_now", lambda: sweeps.append(1) or sweep_now())
    channels = [await layer.new_channel() for _ in range(200)]
    for channel in channels:
        await layer.group_add("table_1", channel)
    await layer.group_send("table_1", {"type": "table.version", "frame": "{}"})
    received = [await layer.receive(channel) for channel in channels]
    assert len(received) == 200
    assert len(sweeps) == 1


async def test_expired_messages_still_drop_their_channel_from_groups(monkeypatch):
    monkeypatch.setattr(memory_layer, "SWEEP_EVERY_SECONDS", 0.05)
    layer = MemoryChannelLayer(expiry=0.05)
    gone, alive = await layer.new_channel(), await layer.new_channel()
    for channel in (gone, alive):
        await layer.group_add("table_1", channel)
    await layer.send(gone, {"type": "never.read"})  # its socket died: nobody reads it
    await asyncio.sleep(0.12)
    await layer.send(alive, {"type": "hello"})
    assert (await layer.receive(alive))["type"] == "hello"  # this receive sweeps
    assert set(layer.groups["table_1"]) == {alive}


async def script(layer) -> list:
    """Channels' documented layer behaviours, one after the other; what each gave."""
    seen: list = []
    a, b, c = "specific.a", "specific.b", "specific.c"
    for channel in (a, b):
        await layer.group_add("table_1", channel)
    await layer.group_add("table_1", a)  # twice: still one membership
    message = {"type": "table.version", "version": 1}
    await layer.group_send("table_1", message)
    message["version"] = 2  # the layer keeps a copy
    seen += [await layer.receive(a), await layer.receive(b)]
    waiting = asyncio.ensure_future(layer.receive(c))  # a receive waits for the send
    await asyncio.sleep(0)
    await layer.send(c, {"type": "direct", "n": 1})
    seen.append(await waiting)
    for n in range(2):
        await layer.send(c, {"type": "in.order", "n": n})
    seen += [await layer.receive(c) for _ in range(2)]
    for n in range(2):  # capacity 2: the third is refused, and a group send skips it
        await layer.send(a, {"type": "fill", "n": n})
    try:
        await layer.send(a, {"type": "fill", "n": 2})
    except ChannelFull:
        seen.append("full")
    await layer.group_send("table_1", {"type": "past.full"})
    seen += [await layer.receive(a) for _ in range(2)] + [await layer.receive(b)]
    await layer.group_discard("table_1", b)
    await layer.group_discard("table_1", b)  # twice: no error
    await layer.group_send("table_1", {"type": "after.discard"})
    seen.append(await layer.receive(a))
    seen.append(len(await asyncio.gather(*(layer.new_channel() for _ in range(3)))))
    await layer.send(b, {"type": "flushed"})
    await layer.flush()
    await layer.send(b, {"type": "after.flush"})
    seen.append(await layer.receive(b))
    for bad in ("", "x" * 200, "spaces are not allowed"):
        with pytest.raises(TypeError):
            await layer.send(bad, {"type": "bad"})
    return seen


async def test_it_behaves_as_channels_in_memory_layer():
    ours = await script(MemoryChannelLayer(capacity=2))
    theirs = await script(InMemoryChannelLayer(capacity=2))
    assert ours == theirs
    assert ours[0] == {"type": "table.version", "version": 1}
    assert "full" in ours


async def test_a_cancelled_receive_leaves_the_next_message_for_the_next_receive():
    layer = MemoryChannelLayer()
    first = asyncio.ensure_future(layer.receive("specific.a"))
    await asyncio.sleep(0)
    first.cancel()
    await layer.send("specific.a", {"type": "kept"})
    assert (await layer.receive("specific.a"))["type"] == "kept"

"""Channel layers: Channels' in-memory layer with its expiry sweep made cheap, and the
Redis pub/sub layer with a batch send.

The stock layer sweeps every channel and every group for expired messages on each
``receive``: a broadcast to N sockets costs N sweeps of N channels, which is what makes it
"slow sharply past a few thousand connections". Messages expire after a minute, so sweeping
at most once a second changes nothing a socket can notice, and a broadcast costs O(N).
"""

import time
from typing import Any

from channels.layers import InMemoryChannelLayer
from channels_redis.pubsub import RedisPubSubChannelLayer

SWEEP_EVERY_SECONDS = 1.0


class SweepingInMemoryChannelLayer(InMemoryChannelLayer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._swept_at = float("-inf")

    def _clean_expired(self):
        now = time.monotonic()
        if now - self._swept_at >= SWEEP_EVERY_SECONDS:
            self._swept_at = now
            super()._clean_expired()


class BatchingPubSubChannelLayer(RedisPubSubChannelLayer):
    """channels_redis's pub/sub layer, plus ``group_send_many``: the messages of one table
    version (its public frame and each player's own, games/broadcast.py) leave in one round
    trip to Redis instead of one each, which the layer's per-connection lock makes one after
    the other. Under a burst of fifty tables that is the difference between the outbox
    keeping up and every version waiting for seven round trips of the ones before it.

    It reaches into the layer's shards (``_get_layer``, ``_get_shard``, the shard's lock and
    client) the way its own ``group_send`` does; uv.lock pins channels_redis, and
    tests/games/test_redis_layer.py fails if a release changes them.
    """

    async def group_send_many(self, messages: list[tuple[str, dict[str, Any]]]) -> None:
        layer = self._get_layer()
        by_shard: dict[int, tuple[Any, list[tuple[str, bytes]]]] = {}
        for group, message in messages:
            channel = layer._get_group_channel_name(group)
            shard = layer._get_shard(channel)
            by_shard.setdefault(id(shard), (shard, []))[1].append(
                (channel, self.serialize(message))
            )
        for shard, items in by_shard.values():
            async with shard._lock:  # as the layer's publish: one user of the client at once
                shard._ensure_redis()
                pipeline = shard._redis.pipeline(transaction=False)
                for channel, payload in items:
                    pipeline.publish(channel, payload)
                await pipeline.execute()

    async def forget_channel(self, channel: str) -> None:
        """Stop listening on a consumer's own channel once the consumer has ended.

        The layer unsubscribes a channel only when a receive pending on it is cancelled: a
        consumer whose last receive had just returned a message as it ended (a presence
        frame in the same instant as its disconnect, say) left the channel subscribed, and
        this process was sent its messages for ever."""
        layer = self._get_layer()
        if layer.channels.pop(channel, None) is not None:
            await layer._get_shard(channel).unsubscribe(channel)

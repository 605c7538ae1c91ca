"""Channel layers: Channels' in-memory layer with its expiry sweep made cheap, and the
Redis pub/sub layer that forgets the channels of ended sockets.

The stock layer sweeps every channel and every group for expired messages on each
``receive``: a broadcast to N sockets costs N sweeps of N channels, which is what makes it
"slow sharply past a few thousand connections". Messages expire after a minute, so sweeping
at most once a second changes nothing a socket can notice, and a broadcast costs O(N).
"""

import time

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


class PubSubChannelLayer(RedisPubSubChannelLayer):
    """channels_redis's pub/sub layer, plus ``forget_channel`` for sockets that end.

    It reaches into the layer (``_get_layer``, ``channels``, ``_get_shard``) the way its own
    receive does; uv.lock pins channels_redis, and tests/games/test_redis_layer.py fails if a
    release changes them.
    """

    async def forget_channel(self, channel: str) -> None:
        """Stop listening on a consumer's own channel once the consumer has ended.

        The layer unsubscribes a channel only when a receive pending on it is cancelled: a
        consumer whose last receive had just returned a message as it ended (a presence
        frame in the same instant as its disconnect, say) left the channel subscribed, and
        this process was sent its messages for ever."""
        layer = self._get_layer()
        if layer.channels.pop(channel, None) is not None:
            await layer._get_shard(channel).unsubscribe(channel)

"""The Redis pub/sub layer that forgets the channels of ended sockets: the one place the
project reaches into a channel layer's internals.

channels_redis (4.3.0, the release uv.lock pins and the newest on PyPI, 2026-11-27) unsubscribes a
consumer's own channel only when a ``receive`` pending on it is cancelled; its public API
has no way to drop a channel (``flush`` drops every one). Neither its issues nor its
current source offer one, so the method below does what its own ``receive`` does on
cancel, through the same internals; tests/games/test_redis_layer.py fails if a release
changes them.
"""

from channels_redis.pubsub import RedisPubSubChannelLayer


class PubSubChannelLayer(RedisPubSubChannelLayer):
    """channels_redis's pub/sub layer, plus ``forget_channel`` for sockets that end (it
    reaches ``_get_layer``, ``channels`` and ``_get_shard``, as the layer's receive does)."""

    async def forget_channel(self, channel: str) -> None:
        """Stop listening on a consumer's own channel once the consumer has ended.

        The layer unsubscribes a channel only when a receive pending on it is cancelled: a
        consumer whose last receive had just returned a message as it ended (a presence
        frame in the same instant as its disconnect, say) left the channel subscribed, and
        this process was sent its messages for ever."""
        layer = self._get_layer()
        if layer.channels.pop(channel, None) is not None:
            await layer._get_shard(channel).unsubscribe(channel)

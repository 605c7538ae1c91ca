"""Channels' in-memory layer, with its expiry sweep made cheap.

The stock layer sweeps every channel and every group for expired messages on each
``receive``: a broadcast to N sockets costs N sweeps of N channels, which is what makes it
"slow sharply past a few thousand connections". Messages expire after a minute, so sweeping
at most once a second changes nothing a socket can notice, and a broadcast costs O(N).
"""

import time

from channels.layers import InMemoryChannelLayer

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

"""How often one person may chat: ``CHAT_RATES`` per user, all tables together.

Unlike the per-socket frame budget (games/live/flood.py), a person may have sockets in several
processes, so the count lives in Redis when ``REDIS_URL`` is set (the ``limits`` library's
moving window, shared by every process) and in this process's memory otherwise (then there
is only one process: the in-memory channel layer needs it).
"""

import math
import time
from functools import cache

from django.conf import settings
from limits import RateLimitItem, parse_many
from limits.errors import StorageError
from limits.storage import Storage, storage_from_string
from limits.strategies import MovingWindowRateLimiter

# Our own prefix in Redis, so that forgetting the counts touches no other key.
KEY_PREFIX = "pokersite-chat"


class ChatRateUnavailable(Exception):
    """The shared count could not be reached (Redis down): chat is refused, not let through."""


@cache
def _limiter(uri: str) -> tuple[Storage, MovingWindowRateLimiter]:
    # wrap_exceptions: a Redis outage surfaces as limits' StorageError, whatever the client.
    storage = storage_from_string(uri, key_prefix=KEY_PREFIX, wrap_exceptions=True)
    if not isinstance(storage, Storage):  # an async+... URI: the writer's thread is sync
        raise TypeError(f"{uri!r} names an asyncio storage; chat counts need a plain one.")
    return storage, MovingWindowRateLimiter(storage)


def _storage_uri() -> str:
    return settings.REDIS_URL or "memory://"


def take(user_id: int) -> float | None:
    """Count one message of ``user_id``: None when allowed, else the seconds to wait.

    The rates are tried shortest first, so a refusal by the short window costs nothing of
    the longer ones.
    """
    _storage, limiter = _limiter(_storage_uri())
    key = str(user_id)
    try:
        for rate in sorted(parse_many(settings.CHAT_RATES), key=RateLimitItem.get_expiry):
            if not limiter.hit(rate, "chat", key):
                reset_at = limiter.get_window_stats(rate, "chat", key).reset_time
                return max(0.0, reset_at - time.time())
    except StorageError as error:
        raise ChatRateUnavailable(str(error)) from error
    return None


def wait_in_words(seconds: float) -> str:
    """ "1 second", "12 seconds": whole seconds, rounded up (never "0 seconds").

    >>> wait_in_words(0.2), wait_in_words(11.3)
    ('1 second', '12 seconds')
    """
    whole = max(1, math.ceil(seconds))
    return "1 second" if whole == 1 else f"{whole} seconds"


def forget_all() -> None:
    """Forget every count (all users): for tests, and for staff after changing the rates."""
    storage, _limiter_ = _limiter(_storage_uri())
    storage.reset()

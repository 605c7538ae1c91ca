"""The per-socket frame budget: a person sends a few frames a second at most; a script that
floods a socket is refused frame by frame, and cut off if it keeps going.

The counting is the ``limits`` library's moving window, in this process's memory: a socket
lives in one process, so its budget needs no shared store. It counts frames as the socket
reads them, so it only holds a flood back if the socket reads as fast as the client writes:
that is why a socket's ``receive`` does no work but counting and queueing
(games/guarded_socket.py, games/command_queue.py).
"""

from django.conf import settings
from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

_limiter = MovingWindowRateLimiter(MemoryStorage())


class FrameBudget:
    """``take()`` for each frame a socket receives: True to handle it, False to refuse it.

    ``flooding`` turns True after ``SOCKET_REFUSALS_BEFORE_CLOSE`` refusals in a row: the
    client ignores the replies, so the socket should be closed.

    >>> budget = FrameBudget("doc-example", rates="2/second", refusals_before_close=2)
    >>> [budget.take() for _ in range(4)], budget.flooding
    ([True, True, False, False], True)
    """

    def __init__(
        self, key: str, rates: str | None = None, refusals_before_close: int | None = None
    ):
        self.key = key
        self.rates: list[RateLimitItem] = parse_many(rates or settings.SOCKET_FRAME_RATES)
        self.limit = (
            refusals_before_close
            if refusals_before_close is not None
            else settings.SOCKET_REFUSALS_BEFORE_CLOSE
        )
        self.refused_in_a_row = 0

    def take(self) -> bool:
        if all(_limiter.hit(rate, self.key) for rate in self.rates):
            self.refused_in_a_row = 0
            return True
        self.refused_in_a_row += 1
        return False

    @property
    def flooding(self) -> bool:
        return self.refused_in_a_row >= self.limit

    def describe(self) -> str:
        """The budget in words, for the refusal a client gets: "10 per 1 second"."""
        return " and ".join(str(rate) for rate in self.rates)

    def refusal(self) -> str:
        """The error a refused frame is answered with.

        >>> FrameBudget("doc-refusal", rates="5/second", refusals_before_close=1).refusal()
        'Too many messages: at most 5 per 1 second.'
        """
        return f"Too many messages: at most {self.describe()}."


# The close code for a socket cut off for flooding (docs/protocol.md): it kept sending over
# its frame budget after being told, or had more frames waiting than a person could send.
CLOSE_FLOODING = 4429

"""The per-socket frame budget: a person sends a few frames a second at most; a script that
floods a socket is refused frame by frame, and cut off if it keeps going.

The counting is the ``limits`` library's moving window, in this process's memory: a socket
lives in one process, so its budget needs no shared store.
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


# The close code for a socket that kept flooding after being told (docs/protocol.md).
CLOSE_FLOODING = 4429


async def refuse_over_budget(budget: FrameBudget, consumer) -> bool:
    """For a socket's ``receive``: True when this frame is over ``budget`` and was answered
    (an error, or closing the socket with 4429 once it keeps flooding)."""
    if budget.take():
        return False
    if budget.flooding:
        await consumer.close(code=CLOSE_FLOODING)
    else:
        await consumer.send_error(f"Too many messages: at most {budget.describe()}.")
    return True

"""The per-socket frame budget: a person sends a few frames a second at most; a script that
floods a socket is refused frame by frame, and cut off if it keeps going.

The budget is written in the ``limits`` library's notation ("20/second;240/minute") and
counted as a moving window per rate, in the socket's own memory: a socket lives in one
process and is the only user of its budget, so it needs no shared store. (``limits``'s
memory store, used here before, starts a timer thread whenever its last one has ended, so
nearly every frame of a calm socket waited on the event loop for a new thread to start,
3% of a busy server's CPU samples.) It counts frames as the socket reads them, so it only
holds a flood back if the socket reads as fast as the client writes: that is why a socket's
``receive`` does no work but counting and queueing (games/live/guarded_socket.py,
games/live/command_queue.py).
"""

import time
from collections import deque

from django.conf import settings
from limits import RateLimitItem, parse_many


class MovingWindow:
    """At most ``amount`` frames in any ``seconds``: the times of those taken in the last
    ``seconds``, oldest first.

    >>> window = MovingWindow(2, 1.0)
    >>> window.allows(now=10.0), window.take(now=10.0), window.take(now=10.5)
    (True, None, None)
    >>> window.allows(now=10.9), window.allows(now=11.0)
    (False, True)
    """

    def __init__(self, amount: int, seconds: float) -> None:
        self.amount = amount
        self.seconds = seconds
        self.taken: deque[float] = deque()

    def allows(self, now: float) -> bool:
        while self.taken and self.taken[0] <= now - self.seconds:
            self.taken.popleft()
        return len(self.taken) < self.amount

    def take(self, now: float) -> None:
        self.taken.append(now)


class FrameBudget:
    """``take()`` for each frame a socket receives: True to handle it, False to refuse it.

    ``flooding`` turns True after ``SOCKET_REFUSALS_BEFORE_CLOSE`` refusals in a row: the
    client ignores the replies, so the socket should be closed.

    >>> budget = FrameBudget(rates="2/second", refusals_before_close=2)
    >>> [budget.take() for _ in range(4)], budget.flooding
    ([True, True, False, False], True)
    """

    def __init__(self, rates: str | None = None, refusals_before_close: int | None = None):
        self.rates: list[RateLimitItem] = parse_many(rates or settings.SOCKET_FRAME_RATES)
        self.windows = [MovingWindow(rate.amount, rate.get_expiry()) for rate in self.rates]
        self.limit = (
            refusals_before_close
            if refusals_before_close is not None
            else settings.SOCKET_REFUSALS_BEFORE_CLOSE
        )
        self.refused_in_a_row = 0

    def take(self) -> bool:
        now = time.monotonic()
        # A refused frame takes nothing: it does not count against the next second's budget.
        if all(window.allows(now) for window in self.windows):
            for window in self.windows:
                window.take(now)
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

        >>> FrameBudget(rates="5/second", refusals_before_close=1).refusal()
        'Too many messages: at most 5 per 1 second.'
        """
        return f"Too many messages: at most {self.describe()}."


# The close code for a socket cut off for flooding (docs/protocol.md): it kept sending over
# its frame budget after being told, or had more frames waiting than a person could send.
CLOSE_FLOODING = 4429

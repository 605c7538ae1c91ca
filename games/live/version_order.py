"""One socket's table frames, released strictly in version order.

Versions of one table are committed in order, but two server processes may publish two
consecutive versions at nearly the same moment, and through Redis the later one can arrive
first. A socket that forwarded it at once would show the page a gap (and the page would ask
for a snapshot); instead the frame is held until its predecessor arrives. If the predecessor
never comes (the channel layer delivers at most once), the socket sends a fresh snapshot
after ``HOLD_SECONDS`` (games/live/consumers.py), and the held frames newer than it follow.
"""

HOLD_SECONDS = 0.5


class VersionOrder:
    """Which frames to send now, given the version of each that arrives.

    >>> order = VersionOrder()
    >>> order.start_at(4)
    []
    >>> order.arrive(6, "six"), order.waiting
    ([], True)
    >>> order.arrive(5, "five"), order.waiting
    (['five', 'six'], False)
    >>> order.arrive(5, "five again")  # a repeat (e.g. republished by liveness)
    []
    """

    def __init__(self) -> None:
        self.last = -1  # the newest version this socket has sent
        self.held: dict[int, str] = {}  # frames waiting for a missing predecessor

    @property
    def waiting(self) -> bool:
        """True while a frame is held for a version that has not arrived."""
        return bool(self.held)

    def arrive(self, version: int, frame: str) -> list[str]:
        """A frame of ``version`` arrived: the frames to send now, oldest first."""
        if version <= self.last:
            return []
        if self.last >= 0 and version > self.last + 1:
            self.held[version] = frame
            return []
        self.last = version
        return [frame, *self._release()]

    def start_at(self, version: int) -> list[str]:
        """A snapshot of ``version`` was sent: the held frames newer than it, in order, that
        may follow it at once."""
        self.last = max(self.last, version)
        for old in [v for v in self.held if v <= self.last]:
            del self.held[old]
        return self._release()

    def _release(self) -> list[str]:
        ready = []
        while self.last + 1 in self.held:
            self.last += 1
            ready.append(self.held.pop(self.last))
        return ready

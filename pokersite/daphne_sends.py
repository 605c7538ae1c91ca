"""daphne's read limit, kept off what the server sends.

`make run` and docs/deploy.md start daphne with `--websocket-max-message-size 16384` (and the
frame size), so that it refuses a client's message bigger than any command before holding it
in memory. daphne hands those numbers to autobahn, which applies the message limit to what
the server sends too: a table frame over 16 KB raised `PayloadExceededError`, the socket
closed, the page reconnected, its snapshot was refused the same way, and the felt froze.

The server's own frames are bounded by what they carry (games/projection.py), not by what a
client may send; so daphne's WebSocket protocol here sends without the read limit and still
reads with it. Under another server this changes nothing (daphne's classes go unused).
"""

import importlib.util
from typing import Any


class SendsPastTheReadLimit:
    """Mixed in before daphne's ``WebSocketProtocol``: ``sendMessage`` lifts autobahn's
    message limit for the one send (0 means none) and puts it back for reading. Twisted runs
    one thing at a time, so no frame is read in between."""

    maxMessagePayloadSize: int

    def sendMessage(self, *args: Any, **kwargs: Any) -> Any:  # noqa: N802 - autobahn's name
        read_limit = self.maxMessagePayloadSize
        self.maxMessagePayloadSize = 0
        try:
            return super().sendMessage(*args, **kwargs)  # type: ignore[misc]
        finally:
            self.maxMessagePayloadSize = read_limit


def keep_read_limit_off_sends() -> None:
    """Make daphne's WebSocket factory build protocols that send past the read limit (once;
    nothing when daphne is not installed)."""
    if importlib.util.find_spec("daphne") is None:
        return
    from daphne.ws_protocol import WebSocketFactory

    protocol = WebSocketFactory.protocol
    if not issubclass(protocol, SendsPastTheReadLimit):
        WebSocketFactory.protocol = type(
            "ReadLimitedWebSocketProtocol", (SendsPastTheReadLimit, protocol), {}
        )

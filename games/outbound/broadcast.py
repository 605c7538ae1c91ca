"""Sending one version's frames to a table's sockets through the channel layer.

Every table socket joins two groups: the table's, which carries each version in one
message, and its user's, which carries the end of a browser session at logout. A version's
message holds the public frame and every personal part (games/projection.py); each socket
forwards the public frame with its own user's part added, and nothing else, so a personal
part only ever reaches its own person's pages. One message a version, not one per person:
the channel layer's cost is per message (one PUBLISH, one delivery to each process and
socket), and a table of six sent seven before.
"""

import functools
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import BaseChannelLayer, get_channel_layer

from games.outbound import runtime
from games.outbound.groups import session_tag, table_group, user_group
from games.outbound.turn_push import tell_turn
from games.projection import Frames, TableSnapshot, update_frames


def channel_layer() -> BaseChannelLayer:
    """The default layer; settings always define one (Redis, or the in-memory layer)."""
    layer = get_channel_layer()
    if layer is None:
        raise RuntimeError("CHANNEL_LAYERS has no default layer.")
    return layer


def end_session(user_id: int, session_key: str) -> None:
    """Close the user's sockets opened with this session (TableConsumer.session_ended)."""
    async_to_sync(channel_layer().group_send)(
        user_group(user_id), {"type": "session.ended", "session": session_tag(session_key)}
    )


def version_message(frames: Frames) -> dict[str, Any]:
    """The one message of a version, for every socket of the table: the public frame, and
    each person's personal part under their user id (as text: message keys are strings).
    Each socket forwards the public frame with its own user's part, and nothing else."""
    return {
        "type": "table.version",
        "version": frames.version,
        "frame": frames.public,
        "mine": {str(user_id): part for user_id, part in frames.personal.items()},
    }


async def send_frames(table_id: int, frames: Frames) -> None:
    await channel_layer().group_send(table_group(table_id), version_message(frames))


async def send_group(group: str, message: dict[str, Any]) -> None:
    await channel_layer().group_send(group, message)


def publish(snapshot: TableSnapshot) -> None:
    """Build this version's frames once and send them. Called after the change commits."""
    table_id, frames = snapshot.table["id"], update_frames(snapshot)
    what = f"table {table_id} version {frames.version}"
    runtime.current().outbox.put(what, functools.partial(send_frames, table_id, frames))
    tell_turn(snapshot)  # Web Push to a player whose turn starts with no page open


def publish_to_group(group: str, message: dict[str, Any]) -> None:
    """Send one message to a whole group (the lobby's, games/outbound/lobby_feed.py) through
    the same outbox, after the versions queued before it."""
    what = f"{message['type']} to {group}"
    runtime.current().outbox.put(what, functools.partial(send_group, group, message))

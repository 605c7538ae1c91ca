"""What clients see of a table's chat: messages, the recent history, and the mute list.

Messages are public to everyone who may watch the table. The mute list is the host's
business: the host and staff get all of it; any other viewer learns only whether they
themselves are muted (so their page can say so). See docs/protocol.md, "Chat".
"""

import json
from typing import Any

from django.contrib.auth.models import User

from games.models import ChatMessage, ChatMute, Table
from games.services.writer import may_host

HISTORY_LENGTH = 50


def message_view(message: ChatMessage, player: str) -> dict[str, Any]:
    return {
        "id": message.id,
        "user_id": message.user_id,
        "player": player,
        "text": message.shown_text,
        "emote": message.emote or None,
        "at": message.created_at.isoformat(),
    }


def encode(frame: dict[str, Any]) -> str:
    return json.dumps(frame, separators=(",", ":"))


def message_frame(message: ChatMessage, player: str) -> str:
    return encode({"type": "chat", "message": message_view(message, player)})


def mutes_seen_by(table: Table, viewer: User, muted: list[int]) -> list[int]:
    """The mute list as ``viewer`` may see it: whole for the host or staff, else their own."""
    if may_host(table, viewer):
        return sorted(muted)
    return [viewer.id] if viewer.id in muted else []


def muted_ids(table_id: int) -> list[int]:
    return list(ChatMute.objects.filter(table_id=table_id).values_list("user_id", flat=True))


def mutes_frame(table: Table, viewer: User, muted: list[int]) -> str:
    return encode({"type": "chat_mutes", "muted": mutes_seen_by(table, viewer, muted)})


def history_frame(table_id: int, viewer: User) -> str | None:
    """The last messages, oldest first, and the mutes ``viewer`` may see (None: no table)."""
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        return None
    latest = (
        ChatMessage.objects.filter(table_id=table_id)
        .select_related("user")
        .order_by("-created_at", "-id")[:HISTORY_LENGTH]
    )
    messages = [message_view(m, m.user.username) for m in reversed(latest)]
    muted = mutes_seen_by(table, viewer, muted_ids(table_id))
    return encode({"type": "chat_history", "messages": messages, "muted": muted})

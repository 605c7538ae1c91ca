"""Table chat: sending a message or an emote, and the host muting a player.

Chat is not table state, so it takes no table lock and bumps no version: a message is
saved, then sent to the table's sockets once committed (group ``table_<id>``, message type
``table.chat``). Every refusal is a ServiceError with a sentence for the sender.
"""

import unicodedata
from functools import partial
from typing import Any

from asgiref.sync import async_to_sync
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser, User
from django.contrib.sessions.backends.base import SessionBase
from django.db import transaction

from games.access import can_see
from games.models import ChatMessage, ChatMute, Emote, Table
from games.models.chat import MAX_CHAT_LENGTH
from games.outbound.broadcast import channel_layer, table_group, user_group
from games.services import chat_frames, chat_rates
from games.services.writer import ServiceError, after_commit, may_host

# Bidirectional overrides and isolates can make a line read backwards ("Trojan source");
# they are format characters, not control ones, so they are named here.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# The line and paragraph separators (U+2028, U+2029) break a line like a new line does, but
# Unicode files them as separators (Zl, Zp), not control characters.
NOT_ON_ONE_LINE = frozenset(("Cc", "Zl", "Zp"))


def clean_text(text: str) -> str:
    """The message as it will be kept, or a ServiceError saying what is wrong with it.

    >>> clean_text("  nice river  ")
    'nice river'
    """
    text = text.strip()
    if not text:
        raise ServiceError("The message is empty; write something or pick an emote.")
    if len(text) > MAX_CHAT_LENGTH:
        raise ServiceError(
            f"The message is {len(text)} characters long; at most {MAX_CHAT_LENGTH} are allowed."
        )
    for char in text:
        if unicodedata.category(char) in NOT_ON_ONE_LINE or char in BIDI_CONTROLS:
            raise ServiceError(
                f"The message contains a control character (U+{ord(char):04X}); remove it."
            )
    return text


def clean_emote(emote: str) -> str:
    if emote not in Emote.values:
        shown = emote if len(emote) <= 30 else emote[:27] + "..."
        raise ServiceError(f"There is no emote {shown!r}; pick one of {', '.join(Emote.values)}.")
    return emote


def _chat_table(table_id: int, user: User, session: SessionBase | None) -> Table:
    """The table, if ``user`` may chat there: anyone who may watch it (see access.py)."""
    table = Table.objects.filter(pk=table_id).first()
    # A private table the user was not invited to looks exactly like a missing one.
    if table is None or not can_see(table, user, session if session is not None else {}):
        raise ServiceError("That table does not exist.")
    if table.status == Table.Status.CLOSED:
        raise ServiceError("This table is closed; its chat is over.")
    return table


def send_chat(
    table_id: int,
    user: User | AnonymousUser,
    text: str | None = None,
    emote: str | None = None,
    session: SessionBase | None = None,
) -> ChatMessage:
    """Post ``text`` (up to 200 characters) or an ``emote`` key to the table's chat.

    ``session``: the sender's Django session, where invite links to private tables are
    remembered (without it only the host and seated players may chat at a private table).
    """
    if not user.is_authenticated:
        raise ServiceError("Log in (a guest nickname will do) to chat.")
    if text is not None and emote is None:
        text, emote = clean_text(text), ""
    elif emote is not None and text is None:
        text, emote = "", clean_emote(emote)
    else:
        raise ServiceError("Send either a message or an emote.")
    table = _chat_table(table_id, user, session)
    if ChatMute.objects.filter(table=table, user=user).exists():
        raise ServiceError("The host has muted you in this table's chat.")
    try:
        wait = chat_rates.take(user.id)
    except chat_rates.ChatRateUnavailable:
        raise ServiceError("Chat is unavailable for a moment; please try again.") from None
    if wait is not None:
        raise ServiceError(
            f"You are sending messages too fast; wait {chat_rates.wait_in_words(wait)} "
            "before the next one."
        )
    with transaction.atomic():
        message = ChatMessage.objects.create(table=table, user=user, text=text, emote=emote)
        frame = chat_frames.message_frame(message, user.username)
        after_commit(lambda: _send(table_group(table.id), {"type": "table.chat", "frame": frame}))
    return message


def set_chat_mute(table_id: int, host_user: User, user_id: int, muted: bool) -> None:
    """The host (or staff) mutes or unmutes ``user_id`` in this table's chat, at once.

    The host's sockets get the new mute list; the player concerned learns their own state.
    """
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        raise ServiceError("That table does not exist.")
    if not may_host(table, host_user):
        raise ServiceError("Only the host of this table can mute players in its chat.")
    if user_id == host_user.id:
        raise ServiceError("You cannot mute yourself.")
    if user_id == table.host_id:
        raise ServiceError("The host of this table cannot be muted.")
    target = get_user_model().objects.filter(pk=user_id).first()
    if target is None:
        raise ServiceError(f"There is no player with id {user_id}.")
    with transaction.atomic():
        if muted:
            ChatMute.objects.get_or_create(
                table=table, user=target, defaults={"muted_by": host_user}
            )
        else:
            ChatMute.objects.filter(table=table, user=target).delete()
        ids = chat_frames.muted_ids(table.id)
        # The table's host, the one who acted (staff, perhaps) and the player concerned.
        told = {host_user, target}
        if table.host is not None:
            told.add(table.host)
        for viewer in told:
            frame = chat_frames.mutes_frame(table, viewer, ids)
            message = {"type": "table.chat_mutes", "table": table.id, "frame": frame}
            after_commit(partial(_send, user_group(viewer.id), message))


def _send(group: str, message: dict[str, Any]) -> None:
    async_to_sync(channel_layer().group_send)(group, message)

"""Table chat through the real ASGI stack: lines and emotes reach every socket of the table,
bad lines are refused with a sentence, the per-user rate, the host's mutes, the history a new
socket gets, and a private table's chat closed to the uninvited.
"""

import re

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.backends.db import SessionStore
from limits import parse_many
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter

from games.access import INVITED_TABLES
from games.models import ChatMessage, ChatMute, Emote, Table
from games.services import chat_rates
from games.services.chat import send_chat, set_chat_mute
from games.services.writer import ServiceError
from pokersite.asgi import application
from tests.games.conftest import make_user
from tests.games.sockets import SITE, RecordingSocket

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def fresh_chat_counts():
    """Each test starts with nobody having chatted (user ids repeat across tests)."""
    chat_rates.forget_all()
    yield
    chat_rates.forget_all()


@pytest.fixture
def hosted(table, alice):
    Table.objects.filter(pk=table.id).update(host=alice)
    table.refresh_from_db()
    return table


async def joined(table, user) -> tuple[RecordingSocket, dict]:
    """A socket past its snapshot and chat history; returns the history too."""
    socket = await RecordingSocket.open(table.id, user)
    assert (await socket.receive())["type"] == "snapshot"
    history = await socket.receive_chat()
    assert history["type"] == "chat_history"
    return socket, history


async def refused(socket: RecordingSocket, message: dict) -> str:
    await socket.send(message)
    frame = await socket.receive()
    assert frame["type"] == "error", frame
    return frame["reason"]


async def heard_nothing(*sockets: RecordingSocket) -> None:
    for socket in sockets:
        await socket.drain()
        assert socket.chat_read == len(socket.chat), socket.chat[socket.chat_read :]


@database_sync_to_async
def saved_lines(table) -> list[tuple[str, str, str]]:
    return list(
        ChatMessage.objects.filter(table=table)
        .order_by("id")
        .values_list("user__username", "text", "emote")
    )


@database_sync_to_async
def version_of(table) -> int:
    return Table.objects.get(pk=table.id).version


async def test_a_line_and_an_emote_reach_the_other_player_and_a_spectator(
    table, alice, bob, spectator
):
    a, history = await joined(table, alice)
    assert history == {"type": "chat_history", "messages": [], "muted": []}
    b, _ = await joined(table, bob)
    sam, _ = await joined(table, spectator)
    version = await version_of(table)

    await a.send({"type": "chat", "text": "  good luck all  "})
    frames = [await socket.receive_chat() for socket in (a, b, sam)]
    assert frames[0] == frames[1] == frames[2]
    line = frames[0]["message"]
    assert frames[0]["type"] == "chat"
    assert set(line) == {"id", "user_id", "player", "text", "emote", "at"}
    assert (line["user_id"], line["player"], line["text"], line["emote"]) == (
        alice.id, "alice", "good luck all", None,
    )

    await sam.send({"type": "chat", "emote": "nice_hand"})
    frames = [await socket.receive_chat() for socket in (a, b, sam)]
    emote = frames[1]["message"]
    assert (emote["player"], emote["text"], emote["emote"]) == ("sam", "Nice hand!", "nice_hand")
    assert emote["id"] > line["id"]

    assert await saved_lines(table) == [
        ("alice", "good luck all", ""), ("sam", "", Emote.NICE_HAND),
    ]
    assert await version_of(table) == version  # chat is not table state
    await heard_nothing(a, b, sam)
    for socket in (a, b, sam):
        assert not socket.frames[1:], socket.frames  # no table frame, no error
        await socket.close()


async def test_bad_lines_are_refused_with_a_sentence_and_reach_nobody(table, alice, bob):
    a, _ = await joined(table, alice)
    b, _ = await joined(table, bob)
    assert await refused(a, {"type": "chat", "text": "x" * 201}) == (
        "The message is 201 characters long; at most 200 are allowed."
    )
    assert await refused(a, {"type": "chat", "text": "   "}) == (
        "The message is empty; write something or pick an emote."
    )
    assert await refused(a, {"type": "chat", "emote": "dance"}) == (
        "There is no emote 'dance'; pick one of nice_hand, good_luck, well_played, thanks, "
        "oops, ha_ha."
    )
    assert await refused(a, {"type": "chat", "text": "ring\x07ring"}) == (
        "The message contains a control character (U+0007); remove it."
    )
    assert await refused(a, {"type": "chat", "text": "two\nlines"}) == (
        "The message contains a control character (U+000A); remove it."
    )
    assert "U+202E" in await refused(a, {"type": "chat", "text": "abc\u202edcba"})
    assert await refused(a, {"type": "chat", "text": "hi", "emote": "oops"}) == (
        "A chat message needs either 'text' or 'emote' (one of them)."
    )
    assert await refused(a, {"type": "chat"}) == (
        "A chat message needs either 'text' or 'emote' (one of them)."
    )
    assert await refused(a, {"type": "chat", "text": 42}) == "'text' must be a string, not 42."
    assert await saved_lines(table) == []
    await heard_nothing(a, b)

    await a.send({"type": "chat", "text": "y" * 200})  # the longest line allowed
    assert (await b.receive_chat())["message"]["text"] == "y" * 200
    for socket in (a, b):
        await socket.close()


async def test_past_the_rate_a_person_is_told_to_wait_on_every_socket_of_theirs(
    table, alice, bob, settings
):
    settings.CHAT_RATES = "3/minute"
    a, _ = await joined(table, alice)
    a_again, _ = await joined(table, alice)  # a second tab of the same person
    b, _ = await joined(table, bob)
    for n in range(3):
        await a.send({"type": "chat", "text": f"line {n}"})
        assert (await b.receive_chat())["message"]["text"] == f"line {n}"
    for socket in (a, a_again):
        reason = await refused(socket, {"type": "chat", "emote": "oops"})
        assert reason.startswith("You are sending messages too fast; wait ")
        assert reason.endswith(" before the next one.")
    await b.send({"type": "chat", "text": "my turn"})  # others are not held back
    assert (await b.receive_chat())["message"]["text"] == "my turn"
    assert [line[1] for line in await saved_lines(table)] == [
        "line 0", "line 1", "line 2", "my turn",
    ]
    for socket in (a, a_again, b):
        await socket.close()


async def test_the_host_mutes_and_unmutes_a_player_and_only_the_host_may(
    hosted, alice, bob, spectator
):
    table = hosted
    host, _ = await joined(table, alice)
    b, _ = await joined(table, bob)
    sam, _ = await joined(table, spectator)

    mute_bob = {"type": "chat_mute", "user_id": bob.id, "muted": True}
    assert await refused(sam, mute_bob) == (
        "Only the host of this table can mute players in its chat."
    )
    assert await refused(host, {**mute_bob, "user_id": alice.id}) == "You cannot mute yourself."
    assert await refused(host, {**mute_bob, "user_id": 987654}) == (
        "There is no player with id 987654."
    )
    assert await refused(b, {**mute_bob, "user_id": alice.id}) == (
        "Only the host of this table can mute players in its chat."
    )

    await host.send(mute_bob)
    assert await host.receive_chat() == {"type": "chat_mutes", "muted": [bob.id]}
    assert await b.receive_chat() == {"type": "chat_mutes", "muted": [bob.id]}
    assert await refused(b, {"type": "chat", "text": "let me talk"}) == (
        "The host has muted you in this table's chat."
    )
    assert await refused(b, {"type": "chat", "emote": "oops"}) == (
        "The host has muted you in this table's chat."
    )
    await heard_nothing(sam)  # a spectator learns nothing of the mute, nor bob's lines

    # New sockets: the host sees the whole list, bob his own mute, the spectator nothing.
    assert (await joined(table, alice))[1]["muted"] == [bob.id]
    assert (await joined(table, bob))[1]["muted"] == [bob.id]
    assert (await joined(table, spectator))[1]["muted"] == []

    await host.send({**mute_bob, "muted": False})
    assert await host.receive_chat() == {"type": "chat_mutes", "muted": []}
    assert await b.receive_chat() == {"type": "chat_mutes", "muted": []}
    await b.send({"type": "chat", "text": "thanks host"})
    assert (await sam.receive_chat())["message"]["text"] == "thanks host"
    assert await saved_lines(table) == [("bob", "thanks host", "")]
    assert not await database_sync_to_async(ChatMute.objects.exists)()
    for socket in (host, b, sam):
        await socket.close()


def test_staff_may_mute_anyone_but_the_host_and_the_mute_is_kept(hosted, alice, bob):
    staff = make_user("staffer")
    staff.is_staff = True
    staff.save()
    with pytest.raises(ServiceError, match="The host of this table cannot be muted."):
        set_chat_mute(hosted.id, staff, alice.id, True)
    set_chat_mute(hosted.id, staff, bob.id, True)
    set_chat_mute(hosted.id, staff, bob.id, True)  # muting twice changes nothing
    mute = ChatMute.objects.get()
    assert (mute.table_id, mute.user_id, mute.muted_by_id) == (hosted.id, bob.id, staff.id)
    with pytest.raises(ServiceError, match="The host has muted you"):
        send_chat(hosted.id, bob, text="hello?")


async def test_a_new_socket_gets_the_last_fifty_lines_oldest_first(table, alice, bob):
    @database_sync_to_async
    def fifty_five_lines():
        ChatMessage.objects.bulk_create(
            ChatMessage(table=table, user=bob, text=f"line {n}") for n in range(55)
        )

    await fifty_five_lines()
    a, _ = await joined(table, alice)
    await a.send({"type": "chat", "emote": "good_luck"})
    await a.receive_chat()
    await a.close()

    again, history = await joined(table, alice)  # a reconnect
    texts = [m["text"] for m in history["messages"]]
    assert len(texts) == 50
    assert texts[0] == "line 6" and texts[-2] == "line 54" and texts[-1] == "Good luck!"
    assert history["messages"][-1]["emote"] == "good_luck"
    assert {m["player"] for m in history["messages"][:-1]} == {"bob"}
    await again.close()


async def test_a_private_tables_chat_is_not_reachable_by_the_uninvited(alice, bob, carol):
    @database_sync_to_async
    def private_table():
        return Table.objects.create(name="Secret", is_private=True, host=alice)

    table = await private_table()
    host, _ = await joined(table, alice)
    outsider = await RecordingSocket.open(table.id, carol)
    assert await outsider.closed_with() == 4404
    assert outsider.chat == []  # no history either

    with pytest.raises(ServiceError, match="That table does not exist."):
        await database_sync_to_async(send_chat)(table.id, carol, text="let me in")

    # Bob opened the invite link in his browser: that session may chat.
    guest = await open_with_session(table.id, bob, invited=[table.id])
    assert (await guest.receive_json_from())["type"] == "snapshot"
    assert (await guest.receive_json_from())["type"] == "chat_history"
    await guest.send_json_to({"type": "chat", "text": "thanks for the link"})
    assert (await host.receive_chat())["message"]["player"] == "bob"
    assert await saved_lines(table) == [("bob", "thanks for the link", "")]
    await guest.disconnect()
    await host.close()


def test_nobody_logged_out_chats_nor_anyone_at_a_closed_table(table, alice):
    with pytest.raises(ServiceError, match=r"Log in \(a guest nickname will do\) to chat."):
        send_chat(table.id, AnonymousUser(), text="hi")
    Table.objects.filter(pk=table.id).update(status=Table.Status.CLOSED)
    with pytest.raises(ServiceError, match="This table is closed; its chat is over."):
        send_chat(table.id, alice, emote="thanks")
    assert not ChatMessage.objects.exists()


async def open_with_session(table_id: int, user, invited: list[int]) -> WebsocketCommunicator:
    """A socket whose browser session remembers invite links to ``invited`` tables."""

    @database_sync_to_async
    def session_key() -> str:
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session[INVITED_TABLES] = invited
        session.create()
        return session.session_key

    headers = [*SITE, (b"cookie", f"sessionid={await session_key()}".encode())]
    communicator = WebsocketCommunicator(application, f"/ws/tables/{table_id}/", headers=headers)
    connected, _ = await communicator.connect()
    assert connected
    return communicator


@pytest.mark.services
def test_with_redis_every_process_counts_the_same_messages(settings):
    """Another process (here: another client of the same Redis) sees this one's count."""
    settings.CHAT_RATES = "2/minute"
    assert settings.REDIS_URL
    assert chat_rates.take(4242) is None and chat_rates.take(4242) is None
    other = MovingWindowRateLimiter(
        storage_from_string(settings.REDIS_URL, key_prefix=chat_rates.KEY_PREFIX)
    )
    (rate,) = parse_many(settings.CHAT_RATES)
    assert not other.test(rate, "chat", "4242")  # at its limit, for every process
    assert other.hit(rate, "chat", "4243")  # a count per person
    assert chat_rates.take(4242) is not None


@pytest.mark.parametrize(("separator", "named"), [("\u2028", "U+2028"), ("\u2029", "U+2029")])
def test_line_and_paragraph_separators_are_refused_by_code_point(table, alice, separator, named):
    # U+2028 / U+2029 break a line like a new line does, though Unicode files them apart
    # from the control characters (categories Zl and Zp).
    with pytest.raises(ServiceError, match=re.escape(f"control character ({named}); remove it")):
        send_chat(table.id, alice, text=f"one{separator}two")
    assert not ChatMessage.objects.exists()

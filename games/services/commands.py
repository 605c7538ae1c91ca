"""The socket's commands, parsed by games/protocol.py, each handed to one service: one map
from command to service (``GUARDED``, ``UNGUARDED``), one from host control to service
(``HOST_SERVICES``); games/services/checks.py fails start-up when a command or control of
the protocol has none.
"""

import typing
from collections.abc import Callable
from typing import Any, Final

from django.contrib.auth.models import User
from django.contrib.sessions.backends.base import SessionBase
from django.db import IntegrityError, transaction

from games.models import CommandReceipt
from games.protocol import (
    HOST_CONTROLS,
    Act,
    AddChips,
    Chat,
    ClientSeed,
    Command,
    Host,
    RunoutAnswer,
    SetChatMute,
    ShowCards,
    Sit,
    SitBack,
    SitOut,
    Stand,
    Straddle,
    Sync,
)
from games.services import hosting
from games.services.chat import send_chat, set_chat_mute
from games.services.play import act, choose_runouts, show_cards
from games.services.seating import (
    add_chips,
    set_client_seed,
    set_sitting_out,
    set_straddle,
    sit,
    stand,
)
from games.services.writer import ServiceError

Service = Callable[[int, User, Any, SessionBase | None], object]
"""(table id, user, the parsed command, the socket's session) -> what the service returns"""

# Commands that quote the version they were decided on, or change no table (chat): no
# receipt.
UNGUARDED: Final[dict[type, Service]] = {
    Act: lambda table_id, user, c, session: act(table_id, user, c.kind, c.amount, c.version),
    RunoutAnswer: lambda table_id, user, c, session: choose_runouts(
        table_id, user, c.agree, c.version),
    # The session: where an invite link to a private table is remembered.
    Chat: lambda table_id, user, c, session: send_chat(
        table_id, user, text=c.text, emote=c.emote, session=session),
}

# Commands that carry a request id, recorded with the change they make, so that a repeated
# copy is refused.
GUARDED: Final[dict[type, Service]] = {
    Sit: lambda table_id, user, c, session: sit(
        table_id, user, c.seat, c.buy_in, post_now=c.post_now, client_seed=c.client_seed),
    Stand: lambda table_id, user, c, session: stand(table_id, user),
    SitOut: lambda table_id, user, c, session: set_sitting_out(table_id, user, True),
    SitBack: lambda table_id, user, c, session: set_sitting_out(table_id, user, False),
    ShowCards: lambda table_id, user, c, session: show_cards(table_id, user),
    ClientSeed: lambda table_id, user, c, session: set_client_seed(table_id, user, c.seed),
    Straddle: lambda table_id, user, c, session: set_straddle(table_id, user, c.straddle),
    AddChips: lambda table_id, user, c, session: add_chips(table_id, user, c.amount),
    Host: lambda table_id, user, c, session: host_control(table_id, user, c),
    SetChatMute: lambda table_id, user, c, session: set_chat_mute(
        table_id, user, c.user_id, c.muted),
}

ANSWERED_BY_THE_SOCKET: Final = (Sync,)  # the socket sends a snapshot itself


def perform(
    table_id: int, user: User, command: Command, session: SessionBase | None = None
) -> None:
    """Apply one parsed client command for ``user`` (see games/protocol.py) through its
    service."""
    service = UNGUARDED.get(type(command))
    if service is not None:
        service(table_id, user, command, session)
        return
    service = GUARDED.get(type(command))
    if service is None:  # pragma: no cover - checked at start-up (games/services/checks.py)
        raise ServiceError("Unsupported command.")
    with transaction.atomic():
        _record_receipt(user, command.request_id)  # type: ignore[union-attr]
        service(table_id, user, command, session)


def _record_receipt(user: User, request_id: str) -> None:
    try:
        with transaction.atomic():
            CommandReceipt.objects.create(user=user, request_id=request_id)
    except IntegrityError:
        raise ServiceError(
            "That request was already carried out (this is a repeated copy of it), "
            "so nothing more was done."
        ) from None


HostService = Callable[[int, User, Host], object]

HOST_SERVICES: Final[dict[str, HostService]] = {
    "pause": lambda table_id, user, c: hosting.pause(table_id, user),
    "resume": lambda table_id, user, c: hosting.resume(table_id, user),
    "close": lambda table_id, user, c: hosting.close(table_id, user),
    "settings": lambda table_id, user, c: hosting.update_settings(
        table_id, user, dict(c.settings)),
    "remove": lambda table_id, user, c: hosting.remove_player(
        table_id, user, _given(c.seat), c.reason),
    "adjust_stack": lambda table_id, user, c: hosting.adjust_stack(
        table_id, user, _given(c.seat), _given(c.amount), c.reason),
    "hand_over": lambda table_id, user, c: hosting.hand_over(table_id, user, _given(c.seat)),
    "approve": lambda table_id, user, c: hosting.approve(table_id, user, _given(c.seat)),
    "decline": lambda table_id, user, c: hosting.decline(table_id, user, _given(c.seat)),
    "bomb_pot": lambda table_id, user, c: hosting.bomb_pot_next(table_id, user),
}


def host_control(table_id: int, user: User, command: Host) -> None:
    """One host control from the felt, to its service (which checks the user is the host)."""
    service = HOST_SERVICES.get(command.control)
    if service is None:  # pragma: no cover - checked at start-up (games/services/checks.py)
        raise ServiceError(f"Unknown host control {command.control}.")
    service(table_id, user, command)


def _given(value: int | None) -> int:
    """A field of a host control that parse_command requires for it (HOST_CONTROLS)."""
    assert value is not None
    return value


def commands_without_a_service() -> list[str]:
    """The protocol's commands and host controls that no service takes (empty: none)."""
    commands = set(typing.get_args(Command))
    served = set(UNGUARDED) | set(GUARDED) | set(ANSWERED_BY_THE_SOCKET)
    missing = [kind.__name__ for kind in commands - served]
    missing += [f"host control {name!r}" for name in HOST_CONTROLS if name not in HOST_SERVICES]
    return sorted(missing)

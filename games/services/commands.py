"""The socket's commands, parsed by games/protocol.py, each handed to one service."""

from django.contrib.auth.models import User
from django.contrib.sessions.backends.base import SessionBase
from django.db import IntegrityError, transaction

from games.models import CommandReceipt
from games.protocol import (
    Act,
    AddChips,
    Chat,
    ClientSeed,
    Command,
    Host,
    RunoutAnswer,
    SetChatMute,
    Sit,
    SitBack,
    SitOut,
    Stand,
    Straddle,
    Sync,
)
from games.services import hosting
from games.services.chat import send_chat, set_chat_mute
from games.services.play import act, choose_runouts
from games.services.seating import (
    add_chips,
    set_client_seed,
    set_sitting_out,
    set_straddle,
    sit,
    stand,
)
from games.services.writer import ServiceError


def perform(
    table_id: int, user: User, command: Command, session: SessionBase | None = None
) -> None:
    """Apply one parsed client command for ``user`` (see games/protocol.py).

    ``act`` quotes the version it was decided on; the other commands carry a request id,
    recorded with the change they make, so that a repeated copy is refused.
    """
    if isinstance(command, Act):
        act(table_id, user, command.kind, command.amount, command.version)
        return
    if isinstance(command, RunoutAnswer):  # quotes a version, like an action
        choose_runouts(table_id, user, command.agree, command.version)
        return
    if isinstance(command, Chat):  # no guard: a repeated line changes no table
        # The session: where an invite link to a private table is remembered.
        send_chat(table_id, user, text=command.text, emote=command.emote, session=session)
        return
    if isinstance(command, Sync):  # pragma: no cover - the socket answers a sync itself
        raise ServiceError("Unsupported command.")
    with transaction.atomic():
        _record_receipt(user, command.request_id)
        if isinstance(command, Sit):
            sit(
                table_id, user, command.seat, command.buy_in, post_now=command.post_now,
                client_seed=command.client_seed,
            )
        elif isinstance(command, Stand):
            stand(table_id, user)
        elif isinstance(command, SitOut):
            set_sitting_out(table_id, user, True)
        elif isinstance(command, SitBack):
            set_sitting_out(table_id, user, False)
        elif isinstance(command, ClientSeed):
            set_client_seed(table_id, user, command.seed)
        elif isinstance(command, Straddle):
            set_straddle(table_id, user, command.straddle)
        elif isinstance(command, AddChips):
            add_chips(table_id, user, command.amount)
        elif isinstance(command, Host):
            host_control(table_id, user, command)
        elif isinstance(command, SetChatMute):
            set_chat_mute(table_id, user, command.user_id, command.muted)
        else:  # pragma: no cover - parse_command returns only the types above
            raise ServiceError("Unsupported command.")


def _record_receipt(user: User, request_id: str) -> None:
    try:
        with transaction.atomic():
            CommandReceipt.objects.create(user=user, request_id=request_id)
    except IntegrityError:
        raise ServiceError(
            "That request was already carried out (this is a repeated copy of it), "
            "so nothing more was done."
        ) from None




def host_control(table_id: int, user: User, command: Host) -> None:
    """One host control from the felt, to its service (which checks the user is the host)."""
    control = command.control
    if control == "pause":
        hosting.pause(table_id, user)
    elif control == "resume":
        hosting.resume(table_id, user)
    elif control == "close":
        hosting.close(table_id, user)
    elif control == "settings":
        hosting.update_settings(table_id, user, dict(command.settings))
    elif control == "remove":
        hosting.remove_player(table_id, user, _given(command.seat), command.reason)
    elif control == "adjust_stack":
        seat, amount = _given(command.seat), _given(command.amount)
        hosting.adjust_stack(table_id, user, seat, amount, command.reason)
    elif control == "hand_over":
        hosting.hand_over(table_id, user, _given(command.seat))
    elif control == "approve":
        hosting.approve(table_id, user, _given(command.seat))
    elif control == "decline":
        hosting.decline(table_id, user, _given(command.seat))
    elif control == "bomb_pot":
        hosting.bomb_pot_next(table_id, user)
    else:  # pragma: no cover - parse_command accepts only the controls above
        raise ServiceError(f"Unknown host control {control}.")


def _given(value: int | None) -> int:
    """A field of a host control that parse_command requires for it (HOST_CONTROLS)."""
    assert value is not None
    return value

"""Every command and host control the protocol parses has one service (one map each,
games/services/commands.py), checked at start-up by a system check that is broken on
purpose here."""

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError

from games.services import commands
from games.services.checks import check_commands


def test_every_command_and_host_control_has_a_service():
    assert commands.commands_without_a_service() == []
    assert check_commands() == []
    call_command("check")


def test_a_command_without_a_service_fails_the_start_up_check(monkeypatch):
    monkeypatch.delitem(commands.GUARDED, commands.Stand)
    monkeypatch.delitem(commands.HOST_SERVICES, "bomb_pot")
    assert commands.commands_without_a_service() == ["Stand", "host control 'bomb_pot'"]
    assert [m.id for m in check_commands()] == ["services.E001", "services.E001"]
    with pytest.raises(SystemCheckError, match="Stand has no service"):
        call_command("check")

"""System checks of the socket's commands (games/services/commands.py), registered at
start-up (games/apps.py): a command or host control the protocol parses but no service
takes fails ``manage.py check`` instead of a table's request.
"""

from typing import Any

from django.core import checks

from games.services.commands import commands_without_a_service


@checks.register()
def check_commands(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    return [checks.Error(f"{name} has no service in games/services/commands.py.",
                         id="services.E001")
            for name in commands_without_a_service()]

"""System checks of the socket's commands (games/services/commands.py) and of the host's
settings (games/host_settings.py), registered at start-up (games/apps.py): a command or host
control the protocol parses but no service takes, or a setting declared without its field,
fails ``manage.py check`` instead of a table's request.
"""

from typing import Any

from django.core import checks
from django.core.exceptions import FieldDoesNotExist
from django.db import models

from games.host_settings import HOST_SETTINGS, HostSetting
from games.models import Table
from games.services.commands import commands_without_a_service


@checks.register()
def check_commands(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    return [checks.Error(f"{name} has no service in games/services/commands.py.",
                         id="services.E001")
            for name in commands_without_a_service()]


# The model field each kind of host setting is stored in.
_FIELD_KINDS = {
    "number": (models.IntegerField,), "flag": (models.BooleanField,),
    "choice": (models.CharField,), "text": (models.CharField,), "list": (models.JSONField,),
    "user": (models.ForeignKey,),
}
# What the felt's panel can draw and the protocol parse (games/protocol.py).
_FELT_KINDS = {"number", "flag", "choice", "list"}


def host_settings_problems(settings: tuple[HostSetting, ...]) -> list[str]:
    """What is wrong with the declarations of games/host_settings.py, in sentences: a name
    that is no field of ``Table``, a field of another kind, a choice without its choices, a
    felt setting the panel cannot draw, a number whose range is upside down."""
    problems = []
    for setting in settings:
        try:
            field = Table._meta.get_field(setting.name)
        except FieldDoesNotExist:
            problems.append(f"Host setting {setting.name!r} is no field of Table.")
            continue
        if not isinstance(field, _FIELD_KINDS[setting.kind]):
            problems.append(f"Host setting {setting.name!r} is a {setting.kind} but Table."
                            f"{setting.name} is a {type(field).__name__}.")
        if setting.kind in ("choice", "list") and setting.choices is None:
            problems.append(f"Host setting {setting.name!r} has no choices.")
        if setting.felt and setting.kind not in _FELT_KINDS:
            problems.append(f"Host setting {setting.name!r} ({setting.kind}) cannot be "
                            "changed from the felt: mark it felt=False.")
        if setting.kind == "number" and setting.high is not None and setting.high < setting.low:
            problems.append(f"Host setting {setting.name!r} has a range from {setting.low} "
                            f"down to {setting.high}.")
        if setting.checked_here and not setting.named:
            problems.append(f"Host setting {setting.name!r} is checked here but has no name "
                            "for its sentence (named=...).")
    return problems


@checks.register()
def check_host_settings(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    return [checks.Error(problem, id="services.E002")
            for problem in host_settings_problems(HOST_SETTINGS)]

"""System checks of the bots' registry (games/bots/roster.py), registered at start-up
(games/apps.py): ``manage.py check``, ``migrate`` and every server's start fail on an
incomplete declaration instead of a ``KeyError`` at a table.
"""

from collections import Counter
from collections.abc import Mapping
from typing import Any

from django.core import checks

from games.bots.roster import BOT_STYLES, STRENGTHS, BotStyle, Strength
from games.models import Player
from games.table_limits import MAX_SEATS


@checks.register()
def check_bot_roster(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    return roster_problems(BOT_STYLES, STRENGTHS)


def roster_problems(
    styles: Mapping[str, BotStyle], strengths: Mapping[str, Strength]
) -> list[checks.CheckMessage]:
    """Each way the declarations fall short, as a check error naming it."""
    found: list[checks.CheckMessage] = []
    stored = Player._meta.get_field("bot_style").max_length or 0
    for key, style in styles.items():
        if key != style.key:
            found.append(checks.Error(f"Bot style {style.key!r} is filed under {key!r}.",
                                      id="bots.E001"))
        if len(style.key) > stored:
            found.append(checks.Error(
                f"Bot style {style.key!r} is longer than Player.bot_style keeps ({stored}).",
                id="bots.E002"))
        if len(style.names) < MAX_SEATS:
            found.append(checks.Error(
                f"Bot style {style.key!r} has {len(style.names)} names: a host may fill all "
                f"{MAX_SEATS} seats of a table with its bots.", id="bots.E003"))
    twice = sorted(name for name, n in Counter(
        name for style in styles.values() for name in style.names).items() if n > 1)
    if twice:
        found.append(checks.Error(f"Bot names used twice (one user each): {twice}.",
                                  id="bots.E004"))
    for key, strength in strengths.items():
        unknown = [style for style in strength.styles if style not in styles]
        if key != strength.key or not strength.styles or unknown:
            found.append(checks.Error(
                f"Bot strength {key!r} must name its own key and styles that exist "
                f"(unknown: {unknown}).", id="bots.E005"))
    return found

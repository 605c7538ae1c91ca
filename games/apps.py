from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Tables and hands"

    def ready(self):
        from games import signals  # noqa: F401 - connects the login receiver
        from games.bots import checks  # noqa: F401 - registers the bots' system checks
        from games.history import checks as history_checks  # noqa: F401 - the formats'
        from games.services import checks as command_checks  # noqa: F401 - the commands'

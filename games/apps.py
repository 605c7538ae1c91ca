from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Tables and hands"

    def ready(self):
        from games import signals  # noqa: F401 - connects the login receiver
        from games.bots.driver import due_bot_turns
        from games.services.due_work import also_due

        also_due(due_bot_turns)  # the clock plays the bots' turns; the services sit below bots

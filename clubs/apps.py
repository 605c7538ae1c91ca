from django.apps import AppConfig


class ClubsConfig(AppConfig):
    name = "clubs"
    verbose_name = "Clubs and club nights"
    default_auto_field = "django.db.models.BigAutoField"

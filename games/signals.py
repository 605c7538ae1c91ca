"""Every login makes sure the player exists and gets the daily top-up if they are broke."""

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from games.chips import ensure_player, top_up_if_broke


@receiver(user_logged_in)
def welcome_back(sender, request, user, **kwargs):
    ensure_player(user)
    top_up_if_broke(user)

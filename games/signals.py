"""Every login makes sure the player exists and gets the daily top-up if they are broke;
every logout closes the table sockets that browser session opened; a deleted table leaves
the lobby, whoever deleted it (the admin, a shell)."""

from django.contrib.auth.signals import user_logged_in, user_logged_out
from django.db.models.signals import post_delete
from django.dispatch import receiver

from games.chips import ensure_player, top_up_if_broke
from games.models import Table
from games.outbound import lobby_feed
from games.outbound.broadcast import end_session


@receiver(user_logged_in)
def welcome_back(sender, request, user, **kwargs):
    ensure_player(user)
    top_up_if_broke(user)


@receiver(user_logged_out)
def close_sockets(sender, request, user, **kwargs):
    # Sent before the session is flushed, so its key still names the sockets to close.
    if request is not None and user is not None and request.session.session_key:
        end_session(user.pk, request.session.session_key)


@receiver(post_delete, sender=Table)
def table_deleted(sender, instance, **kwargs):
    lobby_feed.announce_deleted(instance)

"""WebSocket routes of the games app."""

from django.urls import path

from games.live.consumers import TableConsumer
from games.live.lobby_socket import LobbyConsumer

# django-stubs types path() for Django views, not Channels' ASGI consumers: ignored here.
websocket_urlpatterns = [
    path("ws/tables/<int:table_id>/", TableConsumer.as_asgi()),  # type: ignore[arg-type]
    path("ws/lobby/", LobbyConsumer.as_asgi()),  # type: ignore[arg-type]
]

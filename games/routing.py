"""WebSocket routes of the games app."""

from django.urls import path

from games.consumers import TableConsumer

websocket_urlpatterns = [
    path("ws/tables/<int:table_id>/", TableConsumer.as_asgi()),
]

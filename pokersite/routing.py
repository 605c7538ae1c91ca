"""All WebSocket routes: each app keeps its own ``routing.py``; this joins them."""

from django.urls import path

from games.live.routing import websocket_urlpatterns as games_routes
from pokersite.health import HealthConsumer

# django-stubs types path() for Django views, not Channels' ASGI consumers: ignored here.
websocket_urlpatterns = [
    path("ws/health/", HealthConsumer.as_asgi()),  # type: ignore[arg-type]
    *games_routes,
]

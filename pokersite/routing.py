"""All WebSocket routes: each app keeps its own ``routing.py``; this joins them."""

from django.urls import path

from games.routing import websocket_urlpatterns as games_routes
from pokersite.health import HealthConsumer

websocket_urlpatterns = [
    path("ws/health/", HealthConsumer.as_asgi()),
    *games_routes,
]

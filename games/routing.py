"""WebSocket routes of the games app (table sockets join here with live play)."""

websocket_urlpatterns: list = []

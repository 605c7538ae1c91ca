"""ASGI entry point: HTTP through Django, WebSockets through Channels.

WebSockets pass the origin check (the Origin header must match ALLOWED_HOSTS) and
the session/auth middleware before reaching the routes of each app.
"""

import os
import threading

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokersite.settings")
# Django must be set up before anything imports models (the consumers do).
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from evaluator import evaluate  # noqa: E402
from games.clock import start_loops_on_daphne  # noqa: E402
from pokersite.origins import SameOriginValidator  # noqa: E402
from pokersite.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # URLRouter's stubs want the ASGI routes path() cannot be typed as (pokersite/routing.py).
        "websocket": SameOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))  # type: ignore[arg-type]
        ),
    }
)

# Deadlines, the next deal and liveness are looked after by every process (games/clock.py).
start_loops_on_daphne()

# The evaluator builds its tables on first use (about half a second): build them now, off the
# event loop, rather than in the middle of the first flop a player sees.
threading.Thread(
    target=evaluate, args=("As Ks Qs Js Ts 2c 3d",), name="warm-evaluator", daemon=True
).start()

"""ASGI entry point: HTTP through Django, WebSockets through Channels.

WebSockets pass the origin check (the Origin header must match ALLOWED_HOSTS) and
the session/auth middleware before reaching the routes of each app.
"""

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokersite.settings")
# Django must be set up before anything imports models (the consumers do).
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from evaluator import evaluate  # noqa: E402
from games.live.background import start_on_daphne, with_background_work  # noqa: E402
from pokersite.daphne_sends import keep_read_limit_off_sends  # noqa: E402
from pokersite.origins import SameOriginValidator  # noqa: E402
from pokersite.routing import websocket_urlpatterns  # noqa: E402

routes = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # URLRouter's stubs want the ASGI routes path() cannot be typed as (pokersite/routing.py).
        "websocket": SameOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))  # type: ignore[arg-type]
        ),
    }
)

# The table clock, the outbox and liveness start with the server: through the ASGI lifespan
# (uvicorn, hypercorn) or on daphne's loop, which speaks no lifespan (games/live/background.py).
application = with_background_work(routes)
start_on_daphne()
# daphne's read limit (`make run`, docs/deploy.md) must not cap the frames the server sends.
keep_read_limit_off_sends()

# The evaluator builds its tables on first use (about 0.2 s, 20 MB): build them now, before
# the server listens, rather than in the middle of the first showdown a table plays (and
# a process's memory stays flat from its first socket on).
evaluate("As Ks Qs Js Ts 2c 3d")

# Everything start-up made lives as long as the process: Django's apps, models and URL maps,
# the evaluator's tables just built. Keep it out of the garbage collector's scans: without
# this, each full collection walked it all again (pauses of 60-126 ms in the burst
# benchmark's servers), and the collector took about 5% of a server's CPU there
# (docs/deploy.md, "Capacity on paper").
gc.freeze()

"""The installable web app: its manifest, its service worker and the page shown offline.

The service worker is served from the site's root (``/sw.js``) so that its scope is the
whole site; it is a template because the static files' names carry a hash in production
(``ManifestStaticFilesStorage``), and the worker lists the files it keeps for offline use
by the names the pages ask for. Those names change with the files, so the worker's own bytes
change too, and browsers install the new one.
"""

import hashlib
import json

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

NAME = "Poker room"
THEME_COLOUR = "#0b6b3a"  # --felt in static/css/site.css
BACKGROUND_COLOUR = "#0e1512"  # --night: the table page's background
ICON_SIZES = (192, 512)

# What the worker keeps for when the network is gone: the offline page and what it draws
# with, and the table page's scripts (a page already open keeps working while it reconnects).
SHELL_FILES = [
    "css/site.css",
    "icons/icon-192.png",
    "icons/icon-512.png",
    "js/app.js",
    "js/dom.js",
    "js/prefs.js",
    "js/turn_alerts.js",
]


def shell_urls() -> list[str]:
    return [reverse("offline")] + [static(name) for name in SHELL_FILES]


@require_GET
@cache_control(max_age=3600, public=True)
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest: what a browser needs to offer to install the site."""
    # The icons are a full green square with the spade in the middle: fit to be masked
    # (cut to a circle, say) as they are.
    icons = [
        {"src": static(f"icons/icon-{size}.png"), "sizes": f"{size}x{size}",
         "type": "image/png", "purpose": purpose}
        for purpose in ("any", "maskable")
        for size in ICON_SIZES
    ]
    body = {
        "name": NAME,
        "short_name": "Poker",
        "description": "Hold'em and Omaha with friends, in the browser.",
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": icons,
    }
    response = JsonResponse(body, json_dumps_params={"indent": 1})
    response["Content-Type"] = "application/manifest+json"
    return response


@require_GET
@cache_control(no_cache=True)  # browsers check for a new worker on every visit
def service_worker(request: HttpRequest) -> HttpResponse:
    urls = shell_urls()
    # Under DEBUG the files keep their names as they change: ask the network first there.
    # With hashed names a kept file is the right file for as long as its name is asked for.
    context = {
        "shell": json.dumps(urls), "cache_first": not settings.DEBUG, "offline": reverse("offline"),
    }
    body = render_to_string("app_shell/sw.js", context)
    context["version"] = hashlib.sha256(body.encode()).hexdigest()[:12]
    body = render_to_string("app_shell/sw.js", context)
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
def offline(request: HttpRequest) -> HttpResponse:
    """The page the worker shows when a page is opened without a network. It is kept in
    the worker's cache, so it names nobody."""
    return render(request, "app_shell/offline.html", {"name": NAME})

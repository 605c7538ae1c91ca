from django.contrib import admin
from django.urls import include, path

from pokersite import app_shell
from pokersite.health import healthz

urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
    # The installable app: at the root, so that the service worker's scope is the site.
    path("manifest.webmanifest", app_shell.manifest, name="manifest"),
    path("sw.js", app_shell.service_worker, name="service_worker"),
    path("offline/", app_shell.offline, name="offline"),
    path("learn/", include("learning.urls")),
    path("hands/", include("games.history.urls")),
    path("clubs/", include("clubs.urls")),
    path("", include("games.urls")),
]

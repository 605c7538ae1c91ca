from django.contrib import admin
from django.urls import include, path

from pokersite.health import healthz

urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
    path("learn/", include("learning.urls")),
    path("hands/", include("games.history.urls")),
    path("", include("games.urls")),
]

"""The browser's Web Push subscription, kept for "your turn" while no page of the table is
open (games/outbound/turn_push.py). Answers 404 while the site has no VAPID keys (Web Push off)."""

import json

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, JsonResponse
from django.views.decorators.http import require_POST

from games.models import PushSubscription

MAX_BODY_BYTES = 4096


@login_required
@require_POST
def subscribe(request: HttpRequest) -> JsonResponse:
    """Keep ``PushSubscription.toJSON()`` from the page for the logged-in player: ``{"endpoint":
    "https://...", "keys": {"p256dh": "...", "auth": "..."}}``. A browser's endpoint is one
    subscription: sent again (by whoever is logged in there now), it is theirs."""
    if not settings.WEB_PUSH:
        raise Http404("Web Push is off on this site.")
    try:
        if len(request.body) > MAX_BODY_BYTES:
            raise ValueError("too long")
        body = json.loads(request.body)
        endpoint, keys = body["endpoint"], body["keys"]
        p256dh, auth = keys["p256dh"], keys["auth"]
        if not all(isinstance(v, str) for v in (endpoint, p256dh, auth)):
            raise ValueError("not text")
    except (ValueError, KeyError, TypeError):
        return JsonResponse({"error": "Send the subscription's endpoint and keys."}, status=400)
    if not endpoint.startswith("https://") or len(endpoint) > 1000:
        return JsonResponse({"error": "A push endpoint is an https:// address."}, status=400)
    if not (0 < len(p256dh) <= 200 and 0 < len(auth) <= 100):
        return JsonResponse({"error": "The subscription's keys are malformed."}, status=400)
    _, created = PushSubscription.objects.update_or_create(
        endpoint=endpoint, defaults={"user": request.user, "p256dh": p256dh, "auth": auth}
    )
    return JsonResponse({"subscribed": True}, status=201 if created else 200)

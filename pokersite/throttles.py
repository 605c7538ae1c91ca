"""Throttles for what costs the room or the server: logins, new guests (each gets chips) and
anonymous equity runs (each costs CPU). django-ratelimit counts in the cache (Redis when
REDIS_URL is set, so every process shares the counts); a client over a limit gets HTTP 429
with a sentence saying what to do. The rates are settings (see settings.py).
"""

from functools import wraps
from inspect import iscoroutinefunction

from asgiref.sync import sync_to_async
from django.conf import settings
from django.http import JsonResponse
from django.shortcuts import render
from django_ratelimit import ALL
from django_ratelimit.core import is_ratelimited


def throttled(group: str, key: str, rate: str, message: str, *, method=ALL, anonymous=False):
    """Refuse a view with 429 and ``message`` once ``key`` used it more than the setting
    named ``rate`` allows; with ``anonymous``, logged-in users are not counted."""

    def current_rate(group_name, request):
        # Read per request, so that a changed setting (or a test's) takes effect.
        if anonymous and request.user.is_authenticated:
            return None
        return getattr(settings, rate)

    def limited(request) -> bool:
        return is_ratelimited(
            request, group=group, key=key, rate=current_rate, method=method, increment=True
        )

    def decorate(view):
        if iscoroutinefunction(view):  # e.g. a streaming view: the cache and the user are sync

            @wraps(view)
            async def async_wrapper(request, *args, **kwargs):
                if await sync_to_async(limited)(request):
                    return await sync_to_async(too_many_requests)(request, message)
                return await view(request, *args, **kwargs)

            return async_wrapper

        @wraps(view)
        def wrapper(request, *args, **kwargs):
            if limited(request):
                return too_many_requests(request, message)
            return view(request, *args, **kwargs)

        return wrapper

    return decorate


def too_many_requests(request, message: str):
    if request.path.startswith("/learn/api/"):
        return JsonResponse({"error": message}, status=429)
    return render(request, "429.html", {"message": message}, status=429)


def throttle_logins(view):
    """Login attempts, per user name tried and per client address."""
    by_name = throttled(
        "login-name", "post:username", "LOGIN_RATE_PER_NAME",
        "Too many login attempts for that name. Wait a minute, then try again.", method="POST",
    )
    by_address = throttled(
        "login-address", "ip", "LOGIN_RATE_PER_ADDRESS",
        "Too many login attempts from your address. Wait a minute, then try again.",
        method="POST",
    )
    return by_address(by_name(view))


throttle_guests = throttled(
    "guest", "ip", "GUEST_RATE_PER_ADDRESS",
    "Too many new guests from your address. Log in with a guest you made, or try later.",
    method="POST",
)

throttle_anonymous_equity = throttled(
    "equity", "ip", "ANONYMOUS_EQUITY_RATE",
    "Too many odds calculations in a short time. Wait a minute, or log in.",
    anonymous=True,
)

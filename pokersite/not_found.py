"""Every 404 of the site is the friendly page, ``templates/404.html``, with a way back to the
lobby: with DEBUG off (Django's handler404 renders it) and on, where Django would show its
technical page, meant for developers (an old invite link showed it to players).

A view that answers 404 itself (an API's JSON, say) keeps its answer: only a ``Http404``
raised by a view and an address no URL matches get the page.
"""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.deprecation import MiddlewareMixin


def not_found_page(request: HttpRequest) -> HttpResponse:
    return render(request, "404.html", status=404)


# MiddlewareMixin: sync and async alike, so ASGI requests are not moved to a thread for it.
class FriendlyNotFoundMiddleware(MiddlewareMixin):
    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, Http404):
            return not_found_page(request)
        return None

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        # No URL matched: Django resolves before any view, so process_exception never ran.
        if response.status_code == 404 and getattr(request, "resolver_match", None) is None:
            return not_found_page(request)
        return response

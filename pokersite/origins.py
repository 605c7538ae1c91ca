"""WebSocket handshakes only from pages of this site: scheme, host and port must all match.

Channels' ``AllowedHostsOriginValidator`` compares host names only, so a page served from
``http://127.0.0.1:1`` could open a socket to ``http://127.0.0.1:8000``. Here the ``Origin``
must be exactly the origin the socket was opened on (the ``Host`` header, one of
ALLOWED_HOSTS, with ``https`` for a secure socket and ``http`` otherwise, as Django's
SECURE_PROXY_SSL_HEADER tells behind a proxy), or one of CSRF_TRUSTED_ORIGINS. Anything
else is refused with HTTP 403, like a cross-site form post.
"""

from urllib.parse import urlparse

from channels.security.websocket import OriginValidator, WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host


def _header(scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return value.decode("latin1")
    return None


def _is_secure(scope) -> bool:
    if scope.get("scheme") == "wss":
        return True
    proxy = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if proxy:
        header, secure_value = proxy
        name = header.removeprefix("HTTP_").replace("_", "-").lower().encode()
        return (_header(scope, name) or "").split(",")[0].strip() == secure_value
    return False


def site_origins(scope) -> list[str]:
    """The origins a socket opened with this scope may come from."""
    trusted = list(settings.CSRF_TRUSTED_ORIGINS)
    host = _header(scope, b"host")
    if not host:
        return trusted
    domain, _ = split_domain_port(host)
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return trusted
    scheme = "https" if _is_secure(scope) else "http"
    return [f"{scheme}://{host.lower()}", *trusted]


class SameOriginValidator(OriginValidator):
    def __init__(self, application):
        super().__init__(application, allowed_origins=[])

    async def __call__(self, scope, receive, send):
        origin = _header(scope, b"origin")
        parsed = urlparse(origin) if origin else None
        if parsed is not None and any(
            self.match_allowed_origin(parsed, allowed) for allowed in site_origins(scope)
        ):
            return await self.application(scope, receive, send)
        return await WebsocketDenier()(scope, receive, send)

"""Settings, read from the environment (see README: "Running in production").

Embedded defaults: SQLite next to manage.py and Channels' in-memory layer, DEBUG on.
Production: DEBUG=0 with SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL and REDIS_URL set.
"""

import socket
from pathlib import Path
from urllib.parse import urlsplit

from csp.constants import NONCE, NONE, SELF, UNSAFE_INLINE
from django.core.exceptions import ImproperlyConfigured

from pokersite.env import (
    env_bool,
    env_choice,
    env_float,
    env_int,
    env_list,
    env_rates,
    env_str,
    env_throttle_rate,
    parse_database_url,
)
from pokersite.lan import lan_addresses

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", default=True)

SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    SECRET_KEY = "dev-only-insecure-key-never-use-in-production"

# In development the site also answers on this machine's LAN addresses and name, so that
# friends can join a game served with `make run HOST=0.0.0.0` (pokersite/lan.py).
DEVELOPMENT_HOSTS = [
    "127.0.0.1", "localhost", "[::1]", *lan_addresses(), socket.gethostname(),
    f"{socket.gethostname()}.local",
]
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", DEVELOPMENT_HOSTS if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "csp",
    "django_ratelimit",
    "evaluator",
    "games",
    "learning",
    "clubs",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last: it sees a view's Http404 first, and every other 404 on its way out.
    "pokersite.not_found.FriendlyNotFoundMiddleware",
]

ROOT_URLCONF = "pokersite.urls"
ASGI_APPLICATION = "pokersite.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": parse_database_url(
        env_str("DATABASE_URL") or "sqlite:///db.sqlite3", base_dir=BASE_DIR
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# Threads per process that run the sockets' and the clock's database work, so that one
# table's change does not wait for another's round trip to the database
# (games/outbound/database_threads.py). Two by default: the threads share one interpreter lock, so
# more only take turns at the CPU, and measured here ten gave a worse burst p95 and fewer
# actions a second than two (docs/deploy.md, "Capacity"). More help when the database is far
# away (each change then waits longer on the network). Never more than the connection pool.
# (SQLite writes on one thread of its own, as it allows one writer at a time.)
DATABASE_THREADS = env_int(
    "DATABASE_THREADS", min(2, env_int("DATABASE_POOL_SIZE", 10) or 2)
)
if DATABASE_THREADS < 1:
    raise ImproperlyConfigured(f"DATABASE_THREADS={DATABASE_THREADS} must be at least 1.")
# How long a thread may hold Python's interpreter lock while another waits for it
# (sys.setswitchinterval; Python's default is 5 ms). The database threads give the lock up at
# every statement and wait to take it back: behind an event loop busy with a burst, each of a
# change's statements waited up to 5 ms. 0.5 ms cut the burst's p95 by about a third
# (docs/deploy.md, "The interpreter lock"). Set by games/outbound/database_threads.py.
THREAD_SWITCH_SECONDS = env_float("THREAD_SWITCH_SECONDS", 0.0005, minimum=0.0001)

# A socket re-joins its groups every third of this, so a channel whose process died
# leaves its groups within this many seconds while live ones never do (games/live/consumers.py).
CHANNEL_GROUP_EXPIRY_SECONDS = env_int("CHANNEL_GROUP_EXPIRY_SECONDS", 15 * 60)
REDIS_URL = env_str("REDIS_URL")
# Which channels_redis layer carries frames between processes: "pubsub" (one PUBLISH per
# group; each process keeps its own sockets' memberships, so a dead process leaves no member
# behind) or "sorted-set" (Channels' default RedisChannelLayer). docs/deploy.md compares them.
REDIS_CHANNEL_LAYER = env_choice("REDIS_CHANNEL_LAYER", ("pubsub", "sorted-set"), "pubsub")
if REDIS_URL:
    redis_host = {
        "address": REDIS_URL,
        # channels_redis waits for messages with a 5 s blocking pop; redis-py's socket
        # timeout must be longer, or every socket idle for 5 s dies with 1011.
        "socket_timeout": 30,
        # redis-py's pool raises, rather than waits, past its size (100).
        "max_connections": 1000,
    }
    if REDIS_CHANNEL_LAYER == "pubsub":
        # Pub/sub channels are shared by every database of a Redis server: the prefix names
        # the database, so that two sites (or test runs) on one server never hear each other.
        redis_database = urlsplit(REDIS_URL).path.strip("/") or "0"
        CHANNEL_LAYERS = {
            "default": {
                "BACKEND": "pokersite.pubsub_layer.PubSubChannelLayer",
                "CONFIG": {"hosts": [redis_host], "prefix": f"asgi-db{redis_database}"},
            }
        }
    else:
        CHANNEL_LAYERS = {
            "default": {
                "BACKEND": "channels_redis.core.RedisChannelLayer",
                "CONFIG": {
                    "hosts": [redis_host],
                    "group_expiry": CHANNEL_GROUP_EXPIRY_SECONDS,
                    # Messages waiting per process (channels_redis bundles one process's
                    # sockets into one entry per broadcast) and per socket; past it they
                    # are dropped.
                    "capacity": 1000,
                },
            }
        }
else:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "pokersite.memory_layer.MemoryChannelLayer",
            "CONFIG": {"group_expiry": CHANNEL_GROUP_EXPIRY_SECONDS},
        }
    }

# What one table socket may send (the ``limits`` notation), how many refused frames in a row
# end it with close code 4429 (games/live/flood.py), and how many of its frames may wait for the
# ones before them to be handled before it is closed with 4429 too (games/live/command_queue.py).
SOCKET_FRAME_RATES = env_rates("SOCKET_FRAME_RATES", "20/second;240/minute")
SOCKET_REFUSALS_BEFORE_CLOSE = env_int("SOCKET_REFUSALS_BEFORE_CLOSE", 30)
SOCKET_QUEUED_FRAMES = env_int("SOCKET_QUEUED_FRAMES", 16)
# Table chat messages one user may send (all tables together), counted in Redis when
# REDIS_URL is set so that every process shares the count (games/services/chat_rates.py).
CHAT_RATES = env_rates("CHAT_RATES", "5/10 seconds;30/minute")

# Whether this process runs the table clock (deadlines, bots' turns, the next deal). Off in
# web processes when one `manage.py runclock` process runs it for the whole deployment.
TABLE_CLOCK = env_bool("TABLE_CLOCK", default=True)

# Compare what a process remembers of a table between changes with the database at every
# change, and fail on a difference (games/services/table_memory.py). For tests: it costs the
# two reads the memory saves.
TABLE_MEMORY_CHECK = env_bool("TABLE_MEMORY_CHECK", default=False)

# Seconds between the end of a hand and the next deal, so people can see the result.
NEXT_HAND_DELAY_SECONDS = env_float("NEXT_HAND_DELAY_SECONDS", 4.0)
# A bot's pause before it acts (give or take half), so that a hand reads like people playing.
BOT_THINK_SECONDS = env_float("BOT_THINK_SECONDS", 1.2)
# A player who loses their last chip keeps the seat this long, to rebuy there.
BUSTED_SEAT_SECONDS = env_float("BUSTED_SEAT_SECONDS", 120.0)
# A practice table with no hand for this long (its person left) closes: stacks go home.
PRACTICE_IDLE_SECONDS = env_float("PRACTICE_IDLE_SECONDS", 600.0)
# A socket's presence at its table lasts this long unless its process renews it (every third
# of it): a process that dies leaves its players shown as away within this time.
PRESENCE_SECONDS = env_float("PRESENCE_SECONDS", 30.0, minimum=1.0)

# Web Push (docs/deploy.md, "Web Push"): a "your turn" notification to a player with no
# page of the table open, off unless the operator sets the site's VAPID key pair (base64url,
# as `vapid --gen` or `vapid --applicationServerKey` print them) and a contact for the push
# services (mailto: or https:).
VAPID_PUBLIC_KEY = env_str("VAPID_PUBLIC_KEY") or ""
VAPID_PRIVATE_KEY = env_str("VAPID_PRIVATE_KEY") or ""
VAPID_SUBJECT = env_str("VAPID_SUBJECT") or ""
if bool(VAPID_PUBLIC_KEY) != bool(VAPID_PRIVATE_KEY):
    raise ImproperlyConfigured("Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither.")
if VAPID_PUBLIC_KEY and not VAPID_SUBJECT.startswith(("mailto:", "https://")):
    raise ImproperlyConfigured(
        f"VAPID_SUBJECT={VAPID_SUBJECT!r} must be a mailto: or https:// address when Web Push "
        "is on (push services write to it about problems)."
    )
WEB_PUSH = bool(VAPID_PUBLIC_KEY)

# Extra seconds a player may use once per hand when their clock runs out (0: no time bank).
TIME_BANK_SECONDS = env_int("TIME_BANK_SECONDS", 15)

# Pages reveal an all-in run-out one street at a time, this many seconds apart (games/runout.py).
RUNOUT_STREET_SECONDS = env_float("RUNOUT_STREET_SECONDS", 1.5)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Collected files are only needed when DEBUG is off (WhiteNoise serves from finders in DEBUG);
# leaving it unset in DEBUG keeps WhiteNoise from warning about a missing folder.
STATIC_ROOT = env_str("STATIC_ROOT") or (None if DEBUG else BASE_DIR / "staticfiles")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# Content-Security-Policy (django-csp): scripts, styles and sockets from this site only; the
# one inline script (the four-colour deck switch in base.html) carries a per-response nonce.
# Style attributes are allowed: they cannot run code, and a few bars are drawn with them.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF],
        "style-src-attr": [UNSAFE_INLINE],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# Throttles (pokersite/throttles.py, django-ratelimit counting in the cache: Redis when
# REDIS_URL is set, so all processes share the counts). Rates are per client address, and per
# user name for logins: a count per s, m, h or d.
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}
    if REDIS_URL
    else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
}
RATELIMIT_ENABLE = env_bool("RATELIMIT_ENABLE", default=True)
# django-ratelimit 4.1 predates Django's own RedisCache, which it works with (its counter
# is Redis's atomic INCR), and warns about every backend it does not list.
SILENCED_SYSTEM_CHECKS = ["django_ratelimit.W001"]
if not REDIS_URL:
    # Without Redis there is one process (the in-memory channel layer needs it), so its
    # own memory is the shared cache django-ratelimit asks for.
    SILENCED_SYSTEM_CHECKS += ["django_ratelimit.E003"]
# Behind a proxy, run the server with --proxy-headers so that REMOTE_ADDR is the client's
# (deploy/bin/poker-web does).
LOGIN_RATE_PER_ADDRESS = env_throttle_rate("LOGIN_RATE_PER_ADDRESS", "20/m")
LOGIN_RATE_PER_NAME = env_throttle_rate("LOGIN_RATE_PER_NAME", "5/m")
GUEST_RATE_PER_ADDRESS = env_throttle_rate("GUEST_RATE_PER_ADDRESS", "20/h")
ANONYMOUS_EQUITY_RATE = env_throttle_rate("ANONYMOUS_EQUITY_RATE", "20/m")

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=True)
    # A load balancer's health check speaks plain http and does not follow redirects.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 60 * 60 * 24 * 365)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", default=False)
    SECURE_CONTENT_TYPE_NOSNIFF = True
    if not SECURE_HSTS_PRELOAD:
        # Preloading is a commitment for the whole domain, so it is opt-in; not asking
        # for it is a decision, not an oversight.
        SILENCED_SYSTEM_CHECKS += ["security.W021"]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}

"""Settings for the DBA tournament organizer and umpire assistant.

Everything that differs between machines comes from the environment:
DATABASE_URL, REDIS_URL, SECRET_KEY, DEBUG, ALLOWED_HOSTS, CSRF_TRUSTED_ORIGINS, HTTPS, SITE_URL
(docs/deploy.md lists them all). DEBUG is off unless DEBUG=1 says otherwise (`make dev`, `make setup` and
`make test` say so), and with DEBUG off the development secret is refused: a server started without its
settings does not run in debug with a known key. Without a DATABASE_URL the app runs on SQLite. Nothing is kept under /tmp: the cache and the background
work live in the deployment's own database (or its Redis), so two deployments never share them.
"""

from __future__ import annotations

import datetime
import hashlib
import os
import sys
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

from config import paths as _paths

BASE_DIR = _paths.BASE_DIR

DEV_SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production"


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


TESTING = "pytest" in sys.modules or os.environ.get("DJANGO_TESTING") == "1"
# Off unless asked for (a deployment that forgets it is not left in debug); the test suite runs with the
# development settings it always had.
DEBUG = env_bool("DEBUG", TESTING)
SECRET_KEY = os.environ.get("SECRET_KEY", DEV_SECRET_KEY)
if not DEBUG and SECRET_KEY == DEV_SECRET_KEY:
    raise ImproperlyConfigured("Set SECRET_KEY in the environment: the development key is refused when DEBUG is off "
                               "(DEBUG is off unless set; for development use DEBUG=1, as `make dev` does).")

ALLOWED_HOSTS = [h.strip() for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver").split(",") if h.strip()]
CSRF_TRUSTED_ORIGINS = [o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "axes",
    "django_tasks_db",
    "tournament",
    "rulings",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "tournament.web.local_admin.LocalAdminOnly",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "tournament.web.head_requests.HeadAsGet",
    # Before the session: an anonymous reader's public page served from its kept rendering (page_caches).
    "tournament.web.page_shortcut.SharedPageShortcut",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "tournament.web.errors.ApiJsonErrors",
    "tournament.web.input_guard.LimitRequestBody",
    "tournament.web.input_guard.RejectNullBytes",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: turns a locked-out login attempt into the lockout page (429).
    "axes.middleware.AxesMiddleware",
]

# Upload and abuse limits (README, "Security model"). A request body over MAX_REQUEST_BYTES is answered 413
# before it is read; views that take bigger files (the backup import) declare their own limit.
MAX_REQUEST_BYTES = int(os.environ.get("MAX_REQUEST_BYTES", str(5 * 1024 * 1024)))
# Venue mode (`make venue`): /admin/ answers only to 127.0.0.1 (tournament/web/local_admin.py).
ADMIN_LOCAL_ONLY = env_bool("ADMIN_LOCAL_ONLY", False)
# How many events one account may create in 24 hours (superusers: no limit).
EVENTS_PER_DAY = int(os.environ.get("EVENTS_PER_DAY", "20"))
# How many events one account may invite into its leagues in 24 hours (a repeated invitation does not count).
LEAGUE_INVITES_PER_DAY = int(os.environ.get("LEAGUE_INVITES_PER_DAY", "30"))
# How many staff invitations (umpires, co-organizers) one event may send in 24 hours, whoever is invited.
STAFF_INVITES_PER_DAY = int(os.environ.get("STAFF_INVITES_PER_DAY", "20"))
# A game whose second side is reported from the first side's client address within this many seconds waits for an
# umpire (one person with both codes, two browsers); players at one venue address reporting a little apart confirm,
# and so do two players each signed in to their own entry's account, however close (tournament/results/entry.py).
REPORT_SAME_ADDRESS_SECONDS = int(os.environ.get("REPORT_SAME_ADDRESS_SECONDS", "10"))
EVENTS_PER_PAGE = 50
# Leagues: the same daily quota per account (a new league is listed once an event has joined it).
LEAGUES_PER_DAY = int(os.environ.get("LEAGUES_PER_DAY", str(EVENTS_PER_DAY)))
LEAGUES_PER_PAGE = 50
# Ladder games one pair of players may report for one calendar month (tournament/leagues/ladder.py).
LADDER_GAMES_PER_PAIR_PER_MONTH = int(os.environ.get("LADDER_GAMES_PER_PAIR_PER_MONTH", "4"))
# Player imports: how many one event may take in an hour (files imported), and how many players an event may hold at most.
PLAYER_IMPORTS_PER_HOUR = int(os.environ.get("PLAYER_IMPORTS_PER_HOUR", "10"))
# Import jobs one account may ask for in an hour (files with bad rows too: the task worker checks each one).
PLAYER_IMPORT_JOBS_PER_HOUR = int(os.environ.get("PLAYER_IMPORT_JOBS_PER_HOUR", "30"))
MAX_EVENT_ENTRIES = int(os.environ.get("MAX_EVENT_ENTRIES", "4000"))

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.template.context_processors.csp",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                # After Django's CSRF and CSP processors: a shared public rendering holds no token and no nonce.
                "tournament.web.page_caches.shared_rendering_context",
            ],
        },
    },
]

# Persistent database connections by default (docs/deploy.md): opening a PostgreSQL connection costs more than
# serving a cached public page, so a connection per request held those pages at 8-13% of a bare Django page.
# Django keeps one connection per thread (gunicorn's gthread workers included) and closes it at the end of a
# request once it is older than CONN_MAX_AGE or broken; the health check tests a kept connection before a
# request reuses it, so a database restart costs no error page. The task worker closes old connections in
# its own loop. The test suite keeps Django's default (0): its threads must not keep connections open.
_CONN_MAX_AGE = int(os.environ.get("CONN_MAX_AGE", "0" if TESTING else "60"))
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=_CONN_MAX_AGE,
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # Several umpires write at once: take the write lock at BEGIN, use WAL.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL;PRAGMA synchronous=NORMAL;",
    }

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    # First: refuses a locked-out username + address before any password is checked.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

# Login limits (django-axes): failed attempts live in the database (AccessAttempt rows, updated under a row lock),
# so no cache traffic can evict them. They are counted per *combination* of normalised username and client
# address: five wrong passwords lock that username from that address only, so a stranger on the venue's shared
# Wi-Fi cannot lock the organizer out for everyone, and an attacker elsewhere cannot lock them out at the venue.
# The lock cools off after AXES_COOLOFF_TIME; staff lift it earlier in the admin (Access attempts) or with
# `manage.py axes_reset_username <name>` / `axes_reset`, and an organizer's desk reset link lifts it too.
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = datetime.timedelta(minutes=int(os.environ.get("LOGIN_COOLOFF_MINUTES", "5")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# Across addresses (tournament/web/login_limits.py): after LOGIN_ACCOUNT_CEILING failures for one account within an
# hour, its password is checked at most once every LOGIN_SLOW_SECONDS (slower, never locked).
LOGIN_ACCOUNT_CEILING = int(os.environ.get("LOGIN_ACCOUNT_CEILING", "20"))
LOGIN_SLOW_SECONDS = int(os.environ.get("LOGIN_SLOW_SECONDS", "60"))
# Password-reset mails: at most this many an hour to one email address, and asked by one client address.
RESET_MAILS_PER_EMAIL = int(os.environ.get("RESET_MAILS_PER_EMAIL", "3"))
RESET_MAILS_PER_CLIENT = int(os.environ.get("RESET_MAILS_PER_CLIENT", "10"))
# Sign-ups from one client address (IPv6: one /64) an hour. A venue's shared address may need more.
SIGNUPS_PER_ADDRESS = int(os.environ.get("SIGNUPS_PER_ADDRESS", "10"))
# Ask for a confirmed email before an account creates events or leagues (off by default: a venue may have no mail).
REQUIRE_CONFIRMED_EMAIL = env_bool("REQUIRE_CONFIRMED_EMAIL", False)
AXES_USERNAME_CALLABLE = "tournament.web.login_limits.normalised_username"
AXES_CLIENT_IP_CALLABLE = "tournament.web.request_values.client_address"
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
# Behind reverse proxies: how many of them append to X-Forwarded-For (0 = none: only REMOTE_ADDR is trusted).
AXES_IPWARE_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT", "0"))

# Email (password reset), Django 6.1 MAILERS. In development (DEBUG) mail is printed on the console unless EMAIL_HOST
# names an SMTP server; with DEBUG off it goes by SMTP to EMAIL_HOST (default localhost, the machine's own mail
# relay), never to the console and its logs. EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD, EMAIL_USE_TLS or
# EMAIL_USE_SSL come from the environment.
_EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
if _EMAIL_HOST or not DEBUG:
    _use_ssl = env_bool("EMAIL_USE_SSL", False)
    _remote = _EMAIL_HOST not in ("", "localhost", "127.0.0.1")
    MAILERS = {"default": {"BACKEND": "django.core.mail.backends.smtp.EmailBackend", "OPTIONS": {
        "host": _EMAIL_HOST or "localhost",
        "port": int(os.environ.get("EMAIL_PORT", "465" if _use_ssl else ("587" if _remote else "25"))),
        "username": os.environ.get("EMAIL_HOST_USER", ""),
        "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
        "use_ssl": _use_ssl,
        "use_tls": env_bool("EMAIL_USE_TLS", _remote and not _use_ssl),
        "timeout": int(os.environ.get("EMAIL_TIMEOUT", "10")),
    }}}
else:
    MAILERS = {"default": {"BACKEND": "django.core.mail.backends.console.EmailBackend"}}
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "webmaster@localhost")
# A password reset link (by email or handed over at the desk) works once and for at most a day.
PASSWORD_RESET_TIMEOUT = 24 * 60 * 60

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "tournament:me"
LOGOUT_REDIRECT_URL = "tournament:home"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("es", _("Spanish")), ("it", _("Italian"))]
# Each area keeps its own catalogue under locale/<area>/ (compiled .mo files are committed).
LOCALE_PATHS = sorted(p for p in (BASE_DIR / "locale").iterdir() if p.is_dir()) if (BASE_DIR / "locale").is_dir() else []
TIME_ZONE = "Europe/Madrid"
USE_I18N = True
USE_TZ = True
FORMAT_MODULE_PATH = ["config.formats"]  # config/formats/it: month names in lower case

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
FIXTURE_DIRS = [BASE_DIR / "fixtures"]
FIXTURES_DIR = BASE_DIR / "fixtures"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG or TESTING
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
WHITENOISE_USE_FINDERS = DEBUG or TESTING

# One cache shared by every server process of this deployment and by nobody else (rendered standings
# and pairings tables, keyed by the event's state): the database cache by default (its table is made
# by `migrate`), Redis when REDIS_URL is set. Two deployments sharing one Redis get different key
# prefixes (from their databases). Login-limit counters are not kept here. Tests use memory.
REDIS_URL = os.environ.get("REDIS_URL", "").strip()
# File locks of this deployment (the SQLite login limiter's); never a shared /tmp path.
LOCK_DIR = Path(os.environ.get("LOCK_DIR") or BASE_DIR / ".locks")
CACHE_TABLE = "dba_cache"
_DB = DATABASES["default"]
# Two suites on one PostgreSQL server at once (two checkouts, two engineers) each need their own test
# database: TEST_DATABASE_NAME names it (default: Django's test_<name>).
if os.environ.get("TEST_DATABASE_NAME"):
    _DB["TEST"] = {**_DB.get("TEST", {}), "NAME": os.environ["TEST_DATABASE_NAME"]}
_CACHE_PREFIX = os.environ.get("CACHE_KEY_PREFIX") or hashlib.sha256(
    repr((_DB["ENGINE"], str(_DB.get("NAME")), _DB.get("HOST"), _DB.get("PORT"))).encode()).hexdigest()[:10]
if TESTING:
    # The suite makes a few thousand users: a fast hash for them (Django's advice for tests). The
    # production hasher stays the default everywhere else.
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
elif REDIS_URL:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL,
                          "KEY_PREFIX": _CACHE_PREFIX}}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": CACHE_TABLE,
                          "OPTIONS": {"MAX_ENTRIES": 5000}}}

# Background work (print packs) on Django's Tasks framework: a row per task in the database, run by
# `manage.py worker` (make run and make venue start one). Tests run tasks at once, in the request.
TASKS = {
    "default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend" if TESTING
                else "django_tasks_db.DatabaseBackend"},
}
# A running print job that shows no progress for this long lost its worker: it is queued again once,
# then marked failed (with a "try again" button).
PRINT_JOB_LEASE_SECONDS = int(os.environ.get("PRINT_JOB_LEASE_SECONDS", "60"))
# A pairing job (tournament/pairing_jobs.py) not finished this long after its worker took it lost its worker
# and is queued again: a 1,000-player round pairs in about 2 s.
PAIRING_JOB_LEASE_SECONDS = int(os.environ.get("PAIRING_JOB_LEASE_SECONDS", "60"))
# A player import job (tournament/registration/import_jobs.py) not finished this long after its worker took it
# lost its worker and is queued again: a 2,000-row file is checked and stored in a few seconds.
PLAYER_IMPORT_JOB_LEASE_SECONDS = int(os.environ.get("PLAYER_IMPORT_JOB_LEASE_SECONDS", "60"))
# The shared worker's limits (tournament/pdfs/jobs.py): pages a job may lay out (more army sheets print in
# parts), jobs one account may ask for an hour, and how long a finished PDF is kept: after its first
# download (seconds), and at most (hours).
PRINT_JOB_MAX_PAGES = int(os.environ.get("PRINT_JOB_MAX_PAGES", "500"))
PRINT_JOBS_PER_HOUR = int(os.environ.get("PRINT_JOBS_PER_HOUR", "30"))
PRINT_JOB_KEEP_AFTER_DOWNLOAD = int(os.environ.get("PRINT_JOB_KEEP_AFTER_DOWNLOAD", "600"))
PRINT_JOB_KEEP_HOURS = int(os.environ.get("PRINT_JOB_KEEP_HOURS", "3"))
# The address players type or scan (join poster). Empty: the address the page was asked on.
SITE_URL = os.environ.get("SITE_URL", "").strip().rstrip("/")

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

# HTTPS=0 serves plain HTTP with DEBUG off: venue mode on a hall's own network (`make venue`), where
# no certificate can be had. Anywhere reachable from the internet, leave it on.
HTTPS = env_bool("HTTPS", True)
if not DEBUG and HTTPS:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    # Off only for `make run` on this machine's plain HTTP; always on behind HTTPS.
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    # Subdomains and the browsers' preload list are opt-in: both reach beyond this site (every other
    # host of the domain must then speak HTTPS, and leaving the preload list takes months).
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
    SILENCED_SYSTEM_CHECKS = [
        *([] if SECURE_HSTS_INCLUDE_SUBDOMAINS else ["security.W005"]),
        *([] if SECURE_HSTS_PRELOAD else ["security.W021"]),
    ]
    SECURE_CONTENT_TYPE_NOSNIFF = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

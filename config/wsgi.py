"""WSGI entry point (gunicorn config.wsgi).

Each server process loads the whole app here, before its first request: the URLs and every view they name, so
that the first request after a start does not pay for importing them (pandas included), and a view that cannot
be imported stops the server at its start rather than failing a request.

Not done: `gc.freeze()` of what was loaded. It made the slowest of 100 renderings of a 1,000-player standings page
faster (134 → 50–61 ms: a full collection no longer walks the 130,000 startup objects) but the median slower
(29.0–29.4 → 31.1–31.2 ms: with so few objects left to it, the collector runs full collections more often)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()


def _loaded() -> None:
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018 - imports the URL modules and, through them, every view


_loaded()

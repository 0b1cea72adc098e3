"""WSGI entry point (gunicorn config.wsgi).

Each server process loads the whole app here, before its first request: the URLs and every view they name, so
that the first request after a start does not pay for importing them (pandas included), and a view that cannot
be imported stops the server at its start rather than failing a request.

What was loaded is then frozen (`gc.freeze()`): the garbage collector's full collections no longer walk the
130,000 objects of the code and data every process keeps for its life, and they were what made one rendering in
twenty or thirty of a 1,000-player standings page take 100–145 ms instead of 20 (a full collection alone was 60–100
ms). Measured on 2026-11-28 (Python 3.13, `bench/big_tables.py`, 50 renderings of each page): the slowest standings
rendering 98–116 → 28–31 ms, the median unchanged (18–20 ms). An earlier try (2026-11-27, Python 3.12, another
machine) had the median 2 ms slower; `BIG_TABLES_UNFROZEN=1` runs that benchmark without it, to compare."""

import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()


def _loaded() -> None:
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018 - imports the URL modules and, through them, every view


_loaded()
gc.collect()  # what loading left as garbage is freed, not kept for the process's life
gc.freeze()  # the rest: after the app's code and data are loaded, before the first request

"""The public event pages (home, pairings, standings) for anonymous readers, served from a rendering cached
per event state, with `ETag`/`Last-Modified` and 304 answers.

Three hundred players refresh these pages all weekend; almost none are logged in. For an anonymous GET the
page is identified by the event's page generation (`tournament.events.page_generation`: one cache read, no
database query; every write the page shows makes a new one), the active language, the path with its query
and whether htmx asked for a fragment. A rendering is kept in this process (it never goes stale: a new
generation is a new key) and in the shared cache (so the other server processes render it once, not once
each); only a miss runs the view.

What must never be shared is never cached: the shared rendering holds no CSRF token at all (nothing on
these pages posts for an anonymous reader; the header's language switch needs none,
`tournament.web.views.language`), so no reader's secret is in it and a first-time reader is not given
one; a reader with messages waiting, or a query this page does not read, gets the page rendered for them
alone. Signed-in readers get the dynamic page as before."""

from __future__ import annotations

import hashlib
import threading
import time
from collections import OrderedDict
from functools import wraps

from django.contrib.messages import get_messages
from django.core.cache import cache
from django.http import HttpResponse
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.http import http_date, urlencode
from django.utils.translation import get_language

from tournament.events import page_generation
from tournament.web.htmx import wants_fragment
from tournament.web.params import DIGITS

SECONDS = 60  # how long a rendering is kept: a write is a new key at once
LOCAL_ENTRIES = 256
_RENDERING = "_public_page_rendering"
_local: OrderedDict[str, tuple[float, str, str, float]] = OrderedDict()
_lock = threading.Lock()
_RENDER_LOCKS = tuple(threading.Lock() for _ in range(64))  # by key: one rendering of a page at a time


def shared_rendering_context(request) -> dict:
    """Template context processor: a shared rendering says so, and holds nothing of the request it was
    rendered for: no CSRF token ("NOTPROVIDED" is Django's own word for that: `{% csrf_token %}` renders
    nothing) and no CSP nonce (its scripts are this site's files, which the policy allows without one;
    a nonce kept in a page served to everyone would be no secret)."""
    if not getattr(request, _RENDERING, False):
        return {}
    return {"csrf_token": "NOTPROVIDED", "csp_nonce": None, "shared_rendering": True}


def _local_get(key: str):
    with _lock:
        entry = _local.get(key)
        if entry is None or entry[0] < time.monotonic():
            return None
        _local.move_to_end(key)
        return entry[1:]


def _local_set(key: str, value: tuple[str, str, float]) -> None:
    with _lock:
        _local[key] = (time.monotonic() + SECONDS, *value)
        while len(_local) > LOCAL_ENTRIES:
            _local.popitem(last=False)


def forget_local() -> None:
    """Drop this process's copies (the shared cache is cleared on its own)."""
    with _lock:
        _local.clear()


def _kept_or_rendered(key: str, render) -> tuple[tuple[str, str, float] | None, HttpResponse | None]:
    """The rendering kept for `key`, or one made now by one thread of this process while the others asking
    for it wait (after a result every thread of a gthread worker asks for the same new page at once);
    `(None, response)` when the view's answer is not to be shared (an error, a cookie, a stream)."""
    cached = _local_get(key) or cache.get(key)
    if cached is None:
        with _RENDER_LOCKS[hash(key) % len(_RENDER_LOCKS)]:
            cached = _local_get(key) or cache.get(key)
            if cached is None:
                response = render()
                if response.status_code != 200 or response.streaming or response.cookies:
                    return None, response
                cached = (response.content.decode(response.charset), response["Content-Type"], time.time())
                cache.set(key, cached, SECONDS)
    _local_set(key, cached)
    return cached, None


def _page_address(request) -> str:
    """The path and its query as the page reads them: numbers without leading zeros (`?round=01` and
    `?round=0001` are `?round=1`, as `tournament.web.params` reads them), parameters in one order."""
    query = sorted((name, str(int(value)) if DIGITS.fullmatch(value) else value) for name, value in request.GET.items())
    return request.path + ("?" + urlencode(query) if query else "")


def _shareable(request, params: frozenset[str]) -> bool:
    if request.method != "GET" or not set(request.GET) <= params:
        return False
    if request.user.is_authenticated:
        return False
    return not len(get_messages(request))  # peeking does not consume them


def public_page(name: str, params: frozenset[str] = frozenset()):
    """Decorator for a public event view taking `(request, slug, ...)` (outside `event_view`, so that a page served
    from the cache does not load the event: no query at all): anonymous GETs with no query other than `params`
    are answered from the cache or with 304; everything else runs the view."""

    def decorator(view):
        @wraps(view)
        def wrapper(request, slug, *args, **kwargs):
            if not _shareable(request, params):
                return view(request, slug, *args, **kwargs)
            generation = page_generation.current(slug)  # one cache read, no query
            language = get_language()
            page = repr((name, slug, generation, language, wants_fragment(request), _page_address(request)))
            key = "public-page:" + hashlib.sha256(page.encode()).hexdigest()
            etag = '"' + key[len("public-page:"):][:32] + '"'

            def render():
                setattr(request, _RENDERING, True)
                try:
                    return view(request, slug, *args, **kwargs)
                finally:
                    setattr(request, _RENDERING, False)

            cached, unshared = _kept_or_rendered(key, render)
            if unshared is not None:
                return unshared
            html, content_type, rendered_at = cached
            response = get_conditional_response(request, etag=etag, last_modified=int(rendered_at))
            if response is None:
                response = HttpResponse(html, content_type=content_type)
            response["ETag"] = etag
            response["Last-Modified"] = http_date(rendered_at)
            patch_cache_control(response, private=True, no_cache=True)
            patch_vary_headers(response, ("Cookie", "Accept-Language", "HX-Request"))
            return response

        return wrapper

    return decorator

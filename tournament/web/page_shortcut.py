"""The shortcut (`SharedPageShortcut`, a middleware placed before the session, locale, CSRF, auth and messages
middleware): a reader with no session and no message cookie is anonymous with nothing waiting, so their GET of a
shared page (`tournament.web.page_caches.shared_page`) is answered from the kept rendering and the headers the
whole stack gave it the first time (its language, `Vary`, the security policy), without running the rest of the
stack. Everything else, a miss included, goes through the stack to the view (or, while another process renders
the page's new generation, is answered with the latest rendering this process served); on the way back the
headers are kept beside the rendering, and a rendering made for this request is shared with them, once
(`page_caches.Handover`)."""

from __future__ import annotations

from functools import lru_cache

from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.cache import cache, caches
from django.core.cache.backends.db import BaseDatabaseCache
from django.db import InterfaceError, OperationalError, connections, router
from django.urls import Resolver404, get_urlconf, resolve
from django.utils.translation import get_language_from_request, to_language

from config.htmx import wants_partial
from tournament.web.page_caches import (
    HANDOVER,
    SECONDS,
    SEEN,
    Handover,
    SharedPage,
    kept_of,
    latest_keys,
    local_get,
    local_set,
    page_key,
    release,
    served,
    shared_value,
)

# What is not kept of the stack's headers: the length (`served` counts the body it sends) and any cookie.
_OWN_HEADERS = {"content-length", "set-cookie"}


@lru_cache(maxsize=1024)
def _shared_view(path: str, urlconf) -> tuple[SharedPage, tuple, dict] | None:
    """The shared page at `path` (with its URL arguments), or None: resolved once per path and URL conf."""
    try:
        match = resolve(path, urlconf)
    except Resolver404:
        return None
    page = getattr(match.func, "shared_page", None)
    return None if page is None else (page, match.args, match.kwargs)


def _one_round_trip(read):
    """`read()`, one read of the database cache, on the kept connection without its health check: if the
    connection turns out broken (the database restarted), it is closed and the read made once more on a new
    one. The same promise as the check (no error page after a restart) in one round trip instead of two, on the
    one read a kept page costs. If `read` made no query after all, the check is left to the request's first
    one. Other caches, and a connection not yet open, already checked or inside a transaction, are read as
    usual."""
    backend = caches["default"]
    if not isinstance(backend, BaseDatabaseCache):
        return read()
    connection = connections[router.db_for_read(backend.cache_model_class)]
    if connection.connection is None or connection.health_check_done or not connection.health_check_enabled \
            or connection.in_atomic_block:
        return read()
    queries = []

    def counted(execute, sql, params, many, context):
        queries.append(sql)
        return execute(sql, params, many, context)

    connection.health_check_done = True
    try:
        with connection.execute_wrapper(counted):
            return read()
    except (OperationalError, InterfaceError):
        connection.close()
        return read()
    finally:
        if not queries:
            connection.health_check_done = False


class SharedPageShortcut:
    """Middleware: an anonymous reader's GET of a shared page answered from its kept rendering and headers
    before the rest of the stack runs (the module's docstring says when, and what it keeps)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        target = self._target(request)
        if target is None:
            return self.get_response(request)
        page, args, kwargs = target
        language, partial = to_language(get_language_from_request(request)), wants_partial(request)
        token = _one_round_trip(lambda: page.generation(*args, **kwargs))
        key = page_key(page, args, kwargs, language, partial, request, token=token)
        kept = local_get(key)
        if kept is not None and kept[3] is not None:  # this process's copy (already its latest: see below)
            return served(request, key, kept)
        latest = page_key(page, args, kwargs, language, partial, request, generation=False)
        if page.everywhere:
            # The rendering, and whether another process is rendering this new generation (only when this one has
            # an earlier rendering to give meanwhile: a spectator sees a result a rendering's time late rather
            # than a worker held waiting for it): one read.
            previous_key = latest_keys.get(latest, "")
            previous = local_get(previous_key)
            found = cache.get_many([key, key + ":rendering"] if previous is not None else [key])
            kept = kept_of(found.get(key))
            if kept is not None and kept[3] is not None:  # another process's rendering: now this one's latest
                local_set(key, kept)
                latest_keys[latest] = key
                return served(request, key, kept)
            if previous is not None and previous[3] is not None and found.get(key + ":rendering") is not None:
                return served(request, previous_key, previous)
            if kept is None:
                setattr(request, SEEN, (token, key))
        handover: list[Handover] = []
        setattr(request, HANDOVER, handover)
        try:
            response = self.get_response(request)
            self._keep_headers(request, key, response, latest)
        finally:
            for rendering in handover:  # not kept with its headers: shared as rendered, for the other processes
                try:
                    cache.set(rendering.key, shared_value(rendering.kept), SECONDS)
                finally:  # the lock given up even if the cache failed: the others render it rather than wait
                    release(rendering.lock, rendering.owner)
        return response

    @staticmethod
    def _target(request) -> tuple[SharedPage, tuple, dict] | None:
        """The shared page asked for, when this request may be answered here (no database needed to tell): a GET,
        no session, no messages waiting, a shared page's URL and no query it does not read."""
        if request.method != "GET" or settings.SESSION_COOKIE_NAME in request.COOKIES \
                or CookieStorage.cookie_name in request.COOKIES:
            return None
        target = _shared_view(request.path_info, get_urlconf())
        if target is None or not set(request.GET) <= target[0].params:
            return None
        return target

    @staticmethod
    def _keep_headers(request, key: str, response, latest: str) -> None:
        """Keep, beside the rendering it carries, the headers the stack gave a shared page's answer: the same
        rendering (the view served it under this key), nothing of the reader (no cookie, no CSP nonce)."""
        shared = getattr(request, "shared_page", None)
        if shared is None or shared[0] != key or response.status_code != 200 or response.cookies:
            return
        headers = tuple((name, value) for name, value in response.items() if name.lower() not in _OWN_HEADERS)
        if any("'nonce-" in value for _, value in headers):
            return
        _, rendering, everywhere = shared
        kept = (*rendering[:3], headers)
        local_set(key, kept)
        latest_keys[latest] = key
        if everywhere:
            cache.set(key, shared_value(kept), SECONDS)
            handover = getattr(request, HANDOVER, [])
            for rendering in [rendering for rendering in handover if rendering.key == key]:  # shared: done
                handover.remove(rendering)
                release(rendering.lock, rendering.owner)

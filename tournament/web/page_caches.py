"""The page caches of the public event pages: one for anonymous readers (whole pages kept per page generation),
one for everyone else (rendered tables kept per event state). Nothing under them is cached: on a miss the
standings are read and ranked afresh.

**Anonymous pages** (home, pairings, standings; `public_page`), served from a rendering with `ETag`/
`Last-Modified` and 304 answers. Three hundred players refresh these pages all weekend; almost none are
logged in. For an anonymous GET the page is identified by the event's page generation
(`tournament.events.cache_keys.page_generation`: one cache read, no database query; every write the page
shows makes a new one), the active language, the path with its query and whether htmx asked for a fragment.
A rendering is kept in this process (it never goes stale: a new generation is a new key) and in the shared
cache, so that a page is rendered once for the whole deployment: the process that takes the page's lock in
the shared cache renders it, the others wait for its rendering there (tests/house/test_processes.py counts
the renderings of two servers asked at once); only a miss runs the view.

What must never be shared is never cached: the shared rendering holds no CSRF token at all (nothing on
these pages posts for an anonymous reader; the header's language switch needs none,
`tournament.web.views.language`), so no reader's secret is in it and a first-time reader is not given
one; a reader with messages waiting, or a query this page does not read, gets the page rendered for them
alone. Signed-in readers get the dynamic page.

**The shortcut** (`tournament.web.page_shortcut`, a middleware) answers a reader with no session and nothing
waiting from the kept rendering and its headers before the rest of the stack runs. What goes to the shared cache
is compressed (`packed`): a 1,000-player table is 180 KB of HTML.

Other apps' pages use the same cache with a generation of their own (`shared_page`: the rules search, kept
per rules library import, `rulings.search.generation`).

**Rendered tables** (`cached_fragment`): the pairings and standings tables' renderings. For the readers the
anonymous page cache does not serve (the signed-in, and queries a page does not read) they are keyed by the
event's state (`tournament.events.cache_keys.event_state`: one query), so a refresh that finds nothing new renders
nothing; the pairings' also by the page generation, for the ratings beside the names, which other events make.
While an anonymous page is rendered, its table is keyed by the generation the page is kept under (already read:
no query), so the page and its htmx swap render the table once between them."""

from __future__ import annotations

import hashlib
import logging
import secrets
import threading
import time
import zlib
from collections import OrderedDict
from collections.abc import Callable
from functools import wraps
from typing import NamedTuple

from django.contrib.messages import get_messages
from django.core.cache import cache
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.http import http_date, urlencode
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from config.htmx import wants_partial
from tournament.events.cache_keys import event_state, page_generation
from tournament.web.request_values import DIGITS

SECONDS = 60  # how long a rendering (a page or a table) is kept: a write is a new key at once
# What the keys of the shared cache say of the values under them: the renderings compressed (`packed`). A release
# that changes what it writes there changes this, so that while app servers are restarted one by one (docs/
# deploy.md), one of the release before never reads what it cannot (it would serve compressed bytes as a page).
FORMAT = "z1"
LOCAL_ENTRIES = 256
_RENDERING = "_public_page_rendering"
_GENERATION = "_public_page_generation"  # the page generation a shared rendering is made under, while it is
SEEN = "_public_page_seen"  # the generation and key of the page the shortcut looked for and did not find
HANDOVER = "_public_page_handover"  # the shortcut's list of renderings it shares (`Handover`)
# What is kept of a page: (html, content type, rendered at, headers); the headers are those the whole stack gave
# this rendering, None until a reader the shortcut serves has been answered through the stack once.
Kept = tuple[str, str, float, "tuple[tuple[str, str], ...] | None"]
_local: OrderedDict[str, tuple[float, Kept]] = OrderedDict()  # key -> (expiry, kept)
# A page's latest rendering this process served with its headers: the key of its address (its `page_key` without
# a generation) -> the key of that rendering in `_local` (served while another process renders the page anew).
latest_keys: dict[str, str] = {}
_lock = threading.Lock()
_RENDER_LOCKS = tuple(threading.Lock() for _ in range(64))  # by key: one rendering of a page at a time
LOCK_SECONDS = 30  # a page's lock in the shared cache outlives its holder by this much at most
LOCK_WAIT = 10.0  # seconds a process waits for another's rendering before it renders the page itself
logger = logging.getLogger(__name__)


def shared_rendering_context(request) -> dict:
    """Template context processor: a shared rendering says so, and holds nothing of the request it was
    rendered for: no CSRF token ("NOTPROVIDED" is Django's own word for that: `{% csrf_token %}` renders
    nothing) and no CSP nonce (its scripts are this site's files, which the policy allows without one;
    a nonce kept in a page served to everyone would be no secret)."""
    if not getattr(request, _RENDERING, False):
        return {}
    return {"csrf_token": "NOTPROVIDED", "csp_nonce": None, "shared_rendering": True}


def packed(html: str) -> bytes:
    """A rendering as the shared cache keeps it: compressed (a 1,000-player table is 180 KB of HTML and 30 KB so,
    for 0.9 ms). Written to the database cache as it was, each copy cost 3 ms (its value base64-encoded, then
    compressed again by PostgreSQL), and a new page's copies and its table's were a third of its rendering's time."""
    return zlib.compress(html.encode(), 3)


def unpacked(html: str | bytes) -> str:
    return zlib.decompress(html).decode() if isinstance(html, bytes) else html


def shared_value(kept: Kept) -> tuple:
    return (packed(kept[0]), *kept[1:])


def kept_of(value) -> Kept | None:
    """A value read from a cache as `Kept` (a rendering kept by an older version has no headers, and its HTML was
    not packed)."""
    if value is None:
        return None
    return (unpacked(value[0]), *value[1:3], value[3] if len(value) > 3 else None)


def local_get(key: str) -> Kept | None:
    with _lock:
        entry = _local.get(key)
        if entry is None or entry[0] < time.monotonic():
            return None
        _local.move_to_end(key)
        return entry[1]


def local_set(key: str, kept: Kept) -> None:
    with _lock:
        known = _local.get(key)
        if kept[3] is None and known is not None and known[1][2] == kept[2]:
            kept = known[1]  # the same rendering, already with its headers
        _local[key] = (time.monotonic() + SECONDS, kept)
        while len(_local) > LOCAL_ENTRIES:
            _local.popitem(last=False)
        if len(latest_keys) > LOCAL_ENTRIES:
            latest_keys.clear()


def forget_local() -> None:
    """Drop this process's copies (the shared cache is cleared on its own)."""
    with _lock:
        _local.clear()
        latest_keys.clear()


def _kept_or_rendered(key: str, render, everywhere: bool, missed: bool = False,
                      handover: list | None = None) -> tuple[Kept | None, HttpResponse | None]:
    """The rendering kept for `key`, or one made now: one thread of this process asks (the others wait on a lock
    of this process: after a result every thread of a gthread worker asks for the same new page at once), and,
    for a page kept `everywhere`, once for the whole deployment: among the processes the one holding the page's
    lock in the shared cache renders while the others wait for its rendering there. `(None, response)` when
    the view's answer is not to be shared (an error, a cookie, a stream). `missed`: the shortcut has just looked
    for `key` in the shared cache and not found it (this process looks again once it holds the page's lock).
    `handover`: see `_rendered_once`."""
    shared = everywhere and not missed
    cached = local_get(key) or (kept_of(cache.get(key)) if shared else None)
    if cached is None:
        with _RENDER_LOCKS[hash(key) % len(_RENDER_LOCKS)]:
            cached = local_get(key) or (kept_of(cache.get(key)) if shared else None)
            if cached is None:
                cached, unshared = (_rendered_once(key, render, handover) if everywhere
                                    else _rendered(key, render, False))
                if unshared is not None:
                    return None, unshared
    local_set(key, cached)
    return cached, None


def _page_address(request) -> str:
    """The path and its query as the page reads them: numbers without leading zeros (`?round=01` and
    `?round=0001` are `?round=1`, as `tournament.web.request_values` reads them), parameters in one order."""
    query = sorted((name, str(int(value)) if DIGITS.fullmatch(value) else value) for name, value in request.GET.items())
    return request.path + ("?" + urlencode(query) if query else "")


class Handover(NamedTuple):
    """A rendering made under the page's lock and not yet shared: the shortcut shares it once the rest of the stack
    has given it its headers, then releases the lock (`release`), so that the page is written to the shared cache
    once, not once bare and again with its headers (each write to the database cache costs 1.5 ms)."""

    key: str
    kept: Kept
    lock: str
    owner: str


def release(lock: str, owner: str) -> None:
    """The page's lock given up, if it is still ours: a lock the cache dropped early (the database cache culling
    past its entries, Redis evicting under its memory limit) may have been taken by another process meanwhile."""
    if cache.get(lock) == owner:
        cache.delete(lock)


def _rendered_once(key: str, render, handover: list | None = None) -> tuple[Kept | None, HttpResponse | None]:
    """Render the page if this process takes its lock in the shared cache (`cache.add`: one taker, whatever the
    backend), else wait for the taker's rendering. A taker that died, or a wait past `LOCK_WAIT` seconds, and
    this process renders it itself: a lock can slow a page down, never keep it from being served. A `handover`
    list (the shortcut's): the rendering is added to it, still holding the lock, instead of shared here."""
    lock = key + ":rendering"
    owner = secrets.token_hex(8)
    deadline = time.monotonic() + LOCK_WAIT
    pause = 0.005
    while not cache.add(lock, owner, LOCK_SECONDS):
        time.sleep(pause)
        pause = min(pause * 2, 0.05)
        cached = kept_of(cache.get(key))
        if cached is not None:
            return cached, None
        if time.monotonic() > deadline:
            return _rendered(key, render, True)
    handed = False
    try:
        cached = kept_of(cache.get(key))  # shared by the previous taker between our look and our lock
        if cached is not None:
            return cached, None
        cached, unshared = _rendered(key, render, handover is None)
        if cached is not None and handover is not None:
            handover.append(Handover(key, cached, lock, owner))
            handed = True
        return cached, unshared
    finally:
        if not handed:
            release(lock, owner)


def _rendered(key: str, render, share: bool) -> tuple[Kept | None, HttpResponse | None]:
    response = render()
    if response.status_code != 200 or response.streaming or response.cookies:
        return None, response
    logger.info("public page rendered: %s", key)  # what tests/house/test_processes.py counts across processes
    cached = (response.content.decode(response.charset), response["Content-Type"], time.time(), None)
    if share:
        cache.set(key, shared_value(cached), SECONDS)
    return cached, None


def _shareable(request, params: frozenset[str]) -> bool:
    if request.method != "GET" or not set(request.GET) <= params:
        return False
    if request.user.is_authenticated:
        return False
    return not len(get_messages(request))  # peeking does not consume them


class SharedPage(NamedTuple):
    """What makes a view's answer to an anonymous GET one page for everyone: its name, the query parameters it
    reads, its generation (from the view's URL arguments: a token that changes whenever the page would), and
    whether its renderings are kept in the shared cache for every process (`everywhere`) or in each process
    only (pages whose addresses are free text, such as a search: a stranger asking for thousands of them must
    not push the event pages out of the shared cache)."""

    name: str
    params: frozenset[str]
    generation: Callable[..., str]
    everywhere: bool = True


def page_key(page: SharedPage, args, kwargs, language: str, partial: bool, request, generation: bool = True,
              token: str | None = None) -> str:
    """The page's key under its generation (`token`, when the caller has read it); without it
    (`generation=False`), the key of its latest rendering."""
    if token is None:
        token = page.generation(*args, **kwargs) if generation else "latest"
    identity = repr((FORMAT, page.name, token, language, partial, _page_address(request)))
    return "public-page:" + hashlib.sha256(identity.encode()).hexdigest()


def served(request, key: str, kept: Kept) -> HttpResponse:
    """The kept rendering as the answer (or a 304): with the headers the stack gave it when they are known (the
    shortcut's answer), else with the page cache's own, to which the stack adds the rest."""
    html, content_type, rendered_at, headers = kept
    if headers is not None:
        response = HttpResponse(html, headers=dict(headers))
        response["Content-Length"] = str(len(response.content))
        etag = response["ETag"]
    else:
        response = HttpResponse(html, content_type=content_type)
        etag = '"' + key[len("public-page:"):][:32] + '"'
        response["ETag"] = etag
        response["Last-Modified"] = http_date(rendered_at)
        patch_cache_control(response, private=True, no_cache=True)
        patch_vary_headers(response, ("Cookie", "Accept-Language", "HX-Request"))
    return get_conditional_response(request, etag=etag, last_modified=int(rendered_at), response=response) or response


def shared_page(name: str, generation: Callable[..., str], params: frozenset[str] = frozenset(), *,
                everywhere: bool = True):
    """Decorator for a view whose anonymous GETs (with no query other than `params`) are one page for everyone
    as long as `generation(*args, **kwargs)` (the view's URL arguments) gives the same token: answered from the
    kept rendering, or with 304; everything else runs the view. `everywhere`: see `SharedPage`."""
    page = SharedPage(name, params, generation, everywhere)

    def decorator(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            if not _shareable(request, params):
                return view(request, *args, **kwargs)
            seen = getattr(request, SEEN, None)  # (token, key) if the shortcut has just looked for this page
            token = seen[0] if seen is not None else page.generation(*args, **kwargs)
            key = page_key(page, args, kwargs, get_language(), wants_partial(request), request, token=token)

            def render():
                setattr(request, _RENDERING, True)
                setattr(request, _GENERATION, token)
                try:
                    return view(request, *args, **kwargs)
                finally:
                    setattr(request, _RENDERING, False)
                    setattr(request, _GENERATION, None)

            cached, unshared = _kept_or_rendered(key, render, everywhere, missed=seen is not None and seen[1] == key,
                                                 handover=getattr(request, HANDOVER, None))
            if unshared is not None:
                return unshared
            request.shared_page = (key, cached, everywhere)  # the shortcut keeps the headers the stack adds
            return served(request, key, (*cached[:3], None))

        wrapper.shared_page = page
        return wrapper

    return decorator


def public_page(name: str, params: frozenset[str] = frozenset()):
    """`shared_page` for a public event view taking `(request, slug, ...)` (outside `event_view`, so that a page
    served from the cache does not load the event: no query at all), kept per the event's page generation."""
    return shared_page(name, lambda slug, *args, **kwargs: page_generation(slug), params)


def cached_fragment(name: str, request, event, parts: tuple, template: str, build_context, *,
                    other_events: bool = False) -> str:
    """The rendered `template` of `event`'s table `name` (with `parts`: what else it depends on, such as the round),
    rendering it (with `build_context()`) only on a miss. Kept by the event state (`events.cache_keys.event_state`:
    one query) and, for a table that shows what other events make (`other_events`: the ratings beside the names),
    by the page generation too; while the anonymous page is rendered (`shared_page`), by that page's generation
    alone, which the page cache has read already: the page and its htmx fragment share the table, and rendering
    it costs no query for the state (the generation changes whenever the state does, `events.cache_keys`)."""
    generation = getattr(request, _GENERATION, None)
    if generation is not None:
        identity = repr((generation, get_language(), parts))
        key = f"fragment:{FORMAT}:{name}:page:{hashlib.sha256(identity.encode()).hexdigest()}"
    else:
        state = event_state(event, *parts, page_generation(event.slug)) if other_events else event_state(event, *parts)
        key = f"fragment:{FORMAT}:{name}:{state}"
    html = cache.get(key)
    if html is None:
        html = render_to_string(template, build_context())
        cache.set(key, packed(html), SECONDS)
    return mark_safe(unpacked(html))  # noqa: S308 - our own template output, escaped when rendered

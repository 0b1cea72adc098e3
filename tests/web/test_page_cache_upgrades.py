"""The shared page cache while app servers are restarted one by one, while the cache drops a lock early, and while
another process renders a page: what a reader or an operator notices (found by a review of the single write of
2026-11-28, each test failing on that commit)."""

from __future__ import annotations

import hashlib

import pytest
from django.core.cache import cache
from django.http import HttpResponse
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.http import http_date
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from tests.simulated_events import build_event
from tournament.events.cache_keys import event_state, page_generation
from tournament.web import page_caches, page_shortcut

PAGES = ["tournament:event", "tournament:pairings", "tournament:standings"]


@pytest.fixture
def small(db):
    return build_event(8, 2)


def _enter_a_result(event, index: int) -> None:
    from tournament.models import Game
    from tournament.results.entry import result_enter
    from tournament.results.shorthand import parse_shorthand

    games = Game.objects.filter(round__event=event, is_bye=False).order_by("-round__number", "table")
    result_enter(games[index], parse_shorthand("1-4G", event.edition), None)


# --- the release before this change, reading the shared cache (tournament/web/page_caches.py at 958eb40) --------
# docs/deploy.md, "Upgrading": "restart the app servers one by one", so for a while app servers of the previous
# release read what this one writes to the same Redis or database cache, under the same keys.

def _previous_release_kept(value):
    """`page_caches._kept` of the previous release, verbatim."""
    if value is None:
        return None
    return (*value[:3], value[3] if len(value) > 3 else None)


def _previous_release_served(request, key, kept):
    """`page_caches._served` of the previous release, verbatim."""
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


def _previous_release_page_key(url: str, language: str = "en", partial: bool = False) -> str:
    """`page_caches._page_key` of the previous release (the key its shortcut reads a page under)."""
    shared, args, kwargs = page_shortcut._shared_view(url, None)
    token = shared.generation(*args, **kwargs)
    identity = repr((shared.name, token, language, partial, page_caches._page_address(RequestFactory().get(url))))
    return "public-page:" + hashlib.sha256(identity.encode()).hexdigest()


def _previous_release_fragment_key(name, request, event, parts, other_events):
    """The key the previous release's `cached_fragment` reads a table under."""
    generation = getattr(request, page_caches._GENERATION, None)
    if generation is not None:
        identity = repr((generation, get_language(), parts))
        return f"fragment:{name}:page:{hashlib.sha256(identity.encode()).hexdigest()}"
    state = event_state(event, *parts, page_generation(event.slug)) if other_events else event_state(event, *parts)
    return f"fragment:{name}:{state}"


@pytest.mark.parametrize("page", PAGES)
def test_an_app_server_not_yet_upgraded_serves_the_page_this_release_shared_not_compressed_bytes(small, page):
    """During a rolling upgrade an app server still on the previous release finds the page this release wrote to
    the shared cache under the same key; its shortcut must serve the page (or find nothing and render it), not
    the zlib-compressed bytes as text/html."""
    url = reverse(page, args=[small.slug])
    first = Client().get(url)
    assert first.status_code == 200
    key = _previous_release_page_key(url)
    kept = _previous_release_kept(cache.get(key))
    if kept is None or kept[3] is None:
        return  # the previous release would not serve it from its shortcut: it renders the page itself
    served = _previous_release_served(RequestFactory().get(url), key, kept)
    assert served.status_code == 200
    assert served.content == first.content, "the not-yet-upgraded server sends the compressed bytes as the page"


@pytest.mark.parametrize("query", ["", "?utm_source=poster"])  # the shared page's table, and a reader's own page's
@pytest.mark.parametrize("page", ["tournament:pairings", "tournament:standings"])
def test_an_app_server_not_yet_upgraded_shows_the_tables_this_release_kept_not_bytes(small, monkeypatch, page, query):
    """The same for the rendered tables (`cached_fragment`): the previous release reads `cache.get(key)` and puts
    `mark_safe(html)` in its page; a compressed value shows as "b'x\\x9c..." where the table should be."""
    from django.template import Context, Template

    from tournament.web.views import results, rounds

    read = []
    for module in (results, rounds):
        def recorded(name, request, event, parts, template, build_context, *, other_events=False,
                     _real=module.cached_fragment):
            read.append(_previous_release_fragment_key(name, request, event, parts, other_events))
            return _real(name, request, event, parts, template, build_context, other_events=other_events)

        monkeypatch.setattr(module, "cached_fragment", recorded)
    assert Client().get(reverse(page, args=[small.slug]) + query).status_code == 200
    assert read
    for key in read:
        html = cache.get(key)  # what the previous release's cached_fragment reads
        if html is None:
            continue  # it renders the table itself
        shown = Template("{{ table }}").render(Context({"table": mark_safe(html)}))
        assert isinstance(html, str) and not shown.startswith(("b'", 'b"')), f"{key} shows as {shown[:40]!r}"


# --- the page's lock, given up by a process that no longer holds it -----------------------------------------------

def test_a_renderer_whose_lock_was_evicted_does_not_give_up_the_lock_another_process_took(small, monkeypatch):
    """A page's lock can leave the shared cache before its holder gives it up: the database cache culls a third
    of its entries whenever it holds more than MAX_ENTRIES (5,000) and Redis evicts under `maxmemory`. Another
    process then takes the lock and renders; the first one, done, must not delete that other process's lock
    (`release` deletes it unseen when taken less than 15 s ago), or a third process takes it and renders the
    same page once more. The previous release checked the owner before deleting."""
    url = reverse("tournament:standings", args=[small.slug])
    shared_page, args, kwargs = page_shortcut._shared_view(url, None)
    key = page_caches.page_key(shared_page, args, kwargs, "en", False, RequestFactory().get(url))
    lock = key + ":rendering"
    original = page_caches._rendered

    def lock_lost_while_rendering(rendered_key, render, share):
        assert cache.get(lock) is not None  # ours
        cache.delete(lock)  # evicted
        assert cache.add(lock, "process B", page_caches.LOCK_SECONDS)  # process B takes it and renders
        return original(rendered_key, render, share)

    monkeypatch.setattr(page_caches, "_rendered", lock_lost_while_rendering)
    assert Client().get(url).status_code == 200
    assert cache.get(lock) == "process B", "this process deleted the lock process B holds"


def test_release_keeps_a_lock_it_does_not_own():
    """`release` itself: a lock that says another owner is left alone, however recently this process took its own."""
    lock = "public-page:" + "0" * 64 + ":rendering"
    cache.set(lock, "process B", page_caches.LOCK_SECONDS)
    page_caches.release(lock, "process A")
    assert cache.get(lock) == "process B"


# --- the latest rendering served while another process renders ------------------------------------------------------

def _as_another_process(action):
    """`action()` run as another server process (its own local copies), this process's copies kept as they were."""
    local, latest = page_caches._local.copy(), dict(page_caches.latest_keys)
    page_caches.forget_local()
    try:
        return action()
    finally:
        page_caches.forget_local()
        page_caches._local.update(local)
        page_caches.latest_keys.update(latest)


@pytest.mark.parametrize("page", PAGES)
def test_while_another_process_renders_a_spectator_never_gets_a_page_older_than_this_process_served(small, page):
    """The docstrings (page_shortcut, ARCHITECTURE.md): while another process renders the new generation, the reader
    gets "the latest rendering this process served". `latest_keys` is only moved when a page comes back through
    the stack (`_keep_headers`), not when the shortcut serves another process's rendering from the shared cache,
    so a spectator who has just seen a result can get, at the next refresh, a page from before that result."""
    url = reverse(page, args=[small.slug])
    assert Client().get(url).status_code == 200  # this process renders generation 1 (through its stack)
    _enter_a_result(small, 0)
    _as_another_process(lambda: Client().get(url))  # another process renders generation 2 and shares it
    seen = Client().get(url)  # this process serves generation 2 from the shared cache
    assert seen.status_code == 200
    _enter_a_result(small, 1)
    shared_page, args, kwargs = page_shortcut._shared_view(url, None)
    new_key = page_caches.page_key(shared_page, args, kwargs, "en", False, RequestFactory().get(url))
    assert cache.add(new_key + ":rendering", "a third process", 30)  # rendering generation 3
    during = Client().get(url)
    assert during.status_code == 200
    assert during.content == seen.content and during["ETag"] == seen["ETag"], \
        "the spectator got a page older than the one this process just served them (a result disappeared)"

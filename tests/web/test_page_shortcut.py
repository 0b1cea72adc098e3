"""The shortcut of the shared pages (`tournament.web.page_shortcut.SharedPageShortcut`): a reader with no session
and no message waiting gets the kept page, with the headers the whole stack gave it, before the rest of the
stack runs; every other reader goes through the stack as before. And the one read such a page costs survives a
database restart without a health check of its own."""

from __future__ import annotations

import time

import pytest
from django.conf import settings
from django.contrib.sessions.middleware import SessionMiddleware
from django.core.cache import cache
from django.db import connection
from django.test import Client, RequestFactory, override_settings
from django.urls import reverse

from tests.simulated_events import build_event
from tournament.web import page_caches, page_shortcut

PAGES = ["tournament:event", "tournament:pairings", "tournament:standings"]
SAME = ["Content-Type", "Content-Language", "Vary", "X-Frame-Options", "Content-Security-Policy", "ETag",
        "Last-Modified", "Cache-Control", "Content-Length"]


@pytest.fixture
def small(db):
    return build_event(8, 2)


def _stack_not_run(monkeypatch):
    """The session middleware (after the shortcut) refusing to run: a page it serves never reaches it."""

    def refuse(self, request):
        raise AssertionError("the stack ran")

    monkeypatch.setattr(SessionMiddleware, "process_request", refuse)


@pytest.mark.parametrize("language", ["en", "es", "it"])
@pytest.mark.parametrize("page", PAGES)
def test_a_kept_page_is_served_before_the_stack_with_the_stacks_headers(small, monkeypatch, page, language):
    url = reverse(page, args=[small.slug])
    first = Client().get(url, headers={"Accept-Language": language})
    assert first.status_code == 200 and first["Content-Language"] == language
    _stack_not_run(monkeypatch)
    again = Client().get(url, headers={"Accept-Language": language})
    assert again.status_code == 200 and again.content == first.content
    assert {name: again.get(name) for name in SAME} == {name: first.get(name) for name in SAME}
    assert first["Content-Security-Policy"] and first["X-Frame-Options"]  # what the shortcut must not lose
    assert int(again["Content-Length"]) == len(again.content)
    unchanged = Client().get(url, headers={"Accept-Language": language, "If-None-Match": first["ETag"]})
    assert unchanged.status_code == 304 and unchanged.content == b"" and unchanged["ETag"] == first["ETag"]


def test_the_htmx_fragment_and_the_page_are_kept_apart(small, monkeypatch):
    url = reverse("tournament:pairings", args=[small.slug])
    fragment = Client().get(url, headers={"HX-Request": "true"})
    page = Client().get(url)
    _stack_not_run(monkeypatch)
    assert Client().get(url, headers={"HX-Request": "true"}).content == fragment.content
    restore = Client().get(url, headers={"HX-Request": "true", "HX-History-Restore-Request": "true"})
    assert restore.content == page.content and b"<html" in restore.content and b"<html" not in fragment.content


def test_a_reader_with_a_session_or_a_message_goes_through_the_stack(small, monkeypatch):
    url = reverse("tournament:standings", args=[small.slug])
    Client().get(url)
    _stack_not_run(monkeypatch)
    for cookie in ("sessionid", "messages"):
        reader = Client()
        reader.cookies[cookie] = "anything"
        with pytest.raises(AssertionError, match="the stack ran"):
            reader.get(url)


def test_a_new_result_is_a_new_page_for_the_shortcut_too(small):
    from tournament.models import Game
    from tournament.results.entry import result_enter
    from tournament.results.shorthand import parse_shorthand

    url = reverse("tournament:standings", args=[small.slug])
    Client().get(url)
    before = Client().get(url)
    game = Game.objects.filter(round__event=small, is_bye=False).order_by("-round__number", "table").first()
    result_enter(game, parse_shorthand("1-4G", small.edition), None)
    after = Client().get(url)
    assert after.status_code == 200 and after["ETag"] != before["ETag"] and after.content != before.content


def test_while_another_process_renders_a_new_result_a_spectator_gets_the_latest_page_at_once(small, monkeypatch):
    """After a result, the process that took the page's lock renders the new page; a cookie-less reader asking
    meanwhile is answered with the latest rendering instead of waiting (no rendering of their own), and with
    the new page once it is there."""
    from tournament.models import Game
    from tournament.results.entry import result_enter
    from tournament.results.shorthand import parse_shorthand

    url = reverse("tournament:standings", args=[small.slug])
    Client().get(url)
    before = Client().get(url)
    game = Game.objects.filter(round__event=small, is_bye=False).order_by("-round__number", "table").first()
    result_enter(game, parse_shorthand("1-4G", small.edition), None)
    page, args, kwargs = page_shortcut._shared_view(url, None)
    new_key = page_caches.page_key(page, args, kwargs, "en", False, RequestFactory().get(url))
    assert cache.add(new_key + ":rendering", "another process", 30)  # that process is rendering it
    rendered = []
    monkeypatch.setattr(page_caches, "_rendered", lambda *a: rendered.append(a) or (None, None))
    during = Client().get(url)
    assert during.status_code == 200 and during.content == before.content and during["ETag"] == before["ETag"]
    assert not rendered  # answered at once, not by a rendering (nor a wait) of its own
    monkeypatch.undo()
    cache.delete(new_key + ":rendering")  # that process is done (here: nobody shared it, so this one renders)
    after = Client().get(url)
    assert after.status_code == 200 and after.content != before.content and after["ETag"] != before["ETag"]


def test_a_query_the_page_does_not_read_is_not_served_from_the_kept_page(small, monkeypatch):
    url = reverse("tournament:standings", args=[small.slug])
    Client().get(url + "?round=1")
    _stack_not_run(monkeypatch)
    assert Client().get(url + "?round=01").status_code == 200  # the same page, however it is spelled
    with pytest.raises(AssertionError, match="the stack ran"):
        Client().get(url + "?utm_source=poster")


def test_a_new_rendering_under_the_same_key_is_served_with_its_own_length(small, monkeypatch):
    """The headers are kept with the rendering they were given to: a rendering made again under the same key (a
    write that sent no signal, after the kept copies expired) is never served with the old one's length."""
    url = reverse("tournament:standings", args=[small.slug])
    Client().get(url)
    first = Client().get(url)
    (key,) = [key for key in page_caches._local if key.startswith("public-page:")]
    small.name = "A much longer name for the same event " * 3
    type(small).objects.filter(pk=small.pk).update(name=small.name)  # no signal: the same generation
    expiry, kept = page_caches._local[key]
    page_caches._local[key] = (time.monotonic() - 1, kept)  # a minute later: both copies expired
    cache.delete(key)
    stale = Client()
    stale.cookies["sessionid"] = "expired"  # an anonymous reader with an old cookie renders it again
    assert small.name in stale.get(url).text
    again = Client().get(url)
    assert small.name in again.text and again.content != first.content
    assert int(again["Content-Length"]) == len(again.content)


def test_a_page_whose_policy_carries_a_nonce_is_never_kept_for_the_shortcut():
    """A CSP nonce is the reader's own: an answer whose policy names one is not kept for the shortcut (the
    shared renderings use none today; this keeps a later template from handing one nonce to everyone)."""
    from django.http import HttpResponse

    key = "public-page:" + "0" * 64
    rendering = ("<p>page</p>", "text/html; charset=utf-8", time.time(), None)
    for policy, kept in (("script-src 'self' 'nonce-abc123'", False), ("script-src 'self'", True)):
        page_caches.forget_local()
        request = RequestFactory().get("/e/x/")
        request.shared_page = (key, rendering, False)
        response = HttpResponse("<p>page</p>")
        response["Content-Security-Policy"] = policy
        page_shortcut.SharedPageShortcut._keep_headers(request, key, response, "public-page:" + "1" * 64)
        assert (page_caches.local_get(key) is not None) is kept


def test_a_language_cookie_in_capitals_is_the_same_page(small, monkeypatch):
    url = reverse("tournament:standings", args=[small.slug])
    reader = Client()
    reader.cookies[settings.LANGUAGE_COOKIE_NAME] = "IT"
    first = reader.get(url)
    assert first["Content-Language"] == "it"
    _stack_not_run(monkeypatch)
    assert reader.get(url).content == first.content


def _kill(connection_to_kill) -> int:
    import psycopg

    settings_dict = connection_to_kill.settings_dict
    pid = connection_to_kill.connection.info.backend_pid
    with psycopg.connect(dbname=settings_dict["NAME"], user=settings_dict["USER"], host=settings_dict["HOST"],
                         port=settings_dict["PORT"] or 5432, autocommit=True) as other:
        other.execute("SELECT pg_terminate_backend(%s)", [pid])
    return pid


DATABASE_CACHE = {"default": {"BACKEND": "django.core.cache.backends.db.DatabaseCache",
                              "LOCATION": "shortcut_test_cache"}}


@pytest.fixture
def database_cache(transactional_db):
    """The database cache (a table of its own) and kept connections with their health check, as deployed."""
    from django.core.management import call_command

    with override_settings(CACHES=DATABASE_CACHE):
        call_command("createcachetable", verbosity=0)
        checks = connection.settings_dict["CONN_HEALTH_CHECKS"]
        connection.settings_dict["CONN_HEALTH_CHECKS"] = True
        try:
            yield
        finally:
            connection.settings_dict["CONN_HEALTH_CHECKS"] = checks
            connection.close()
            with connection.cursor() as cursor:
                cursor.execute("DROP TABLE IF EXISTS shortcut_test_cache")
    cache.clear()


@pytest.mark.skipif(connection.vendor != "postgresql", reason="a PostgreSQL connection to break")
def test_the_kept_pages_read_survives_a_database_restart(database_cache):
    """The shortcut's one cache read skips the connection's health check: a connection the server dropped (a
    restart) is closed and the read made again on a new one, so the reader gets the page, not an error."""
    from django.core.cache import cache as database_cache_

    database_cache_.set("kept", "page", 60)
    connection.close()
    connection.ensure_connection()
    connection.health_check_done = False  # a kept connection, at the start of a new request
    pid = _kill(connection)
    assert page_shortcut._one_round_trip(lambda: database_cache_.get("kept")) == "page"
    assert connection.connection.info.backend_pid != pid  # on a new connection


@pytest.mark.skipif(connection.vendor != "postgresql", reason="a PostgreSQL connection to break")
def test_a_signed_in_page_after_a_database_restart_is_no_error(database_cache, django_user_model):
    """The shortcut leaves the health check alone for every request it does not answer: a signed-in reader's
    page on a connection the database dropped is checked, reconnected and served."""
    user = django_user_model.objects.create_user("after-restart", password="x")
    reader = Client(raise_request_exception=False)
    reader.force_login(user)
    assert reader.get(reverse("tournament:me")).status_code == 200
    connection.close()
    connection.ensure_connection()
    _kill(connection)
    connection.close_if_unusable_or_obsolete()  # what a server's request_started does (the test client does not)
    assert reader.get(reverse("tournament:me")).status_code == 200


class _CountedWrites:
    """The shared cache, with the keys written to it counted."""

    def __init__(self, inner):
        self.inner, self.written = inner, []

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def set(self, key, value, *args, **kwargs):
        self.written.append(key)
        return self.inner.set(key, value, *args, **kwargs)

    def set_many(self, values, *args, **kwargs):
        self.written.extend(values)
        return self.inner.set_many(values, *args, **kwargs)


@pytest.mark.parametrize("page", PAGES)
def test_a_new_page_is_written_to_the_shared_cache_once_with_its_headers_and_compressed(small, monkeypatch, page):
    """Each write to the database cache costs about 1.5 ms and a 1,000-player page is 180 KB: a new rendering is
    written once (not bare and then again with its headers, nor a second copy as the "latest"), compressed, and
    another process serves that copy before its stack runs."""
    counted = _CountedWrites(cache)
    monkeypatch.setattr(page_caches, "cache", counted)
    monkeypatch.setattr(page_shortcut, "cache", counted)
    url = reverse(page, args=[small.slug])
    first = Client().get(url)
    (key,) = [key for key in counted.written if key.startswith("public-page:")]
    assert len(counted.written) == len(set(counted.written))  # nothing written twice (the table's copy included)
    shared = cache.get(key)
    assert shared[3] is not None and len(shared[0]) < len(first.content) / 2  # its headers, and compressed
    page_caches.forget_local()  # as another process
    _stack_not_run(monkeypatch)
    again = Client().get(url)
    assert again.status_code == 200 and again.content == first.content and again["ETag"] == first["ETag"]


def test_a_new_page_answered_with_304_is_still_shared_and_its_lock_given_up(small, monkeypatch):
    """A reader whose copy is still good gets a 304 for the page just rendered: the rendering is shared all the same
    (the other processes do not render it again) and the page's lock is given up (they do not wait for it)."""
    url = reverse("tournament:standings", args=[small.slug])
    page, args, kwargs = page_shortcut._shared_view(url, None)
    key = page_caches.page_key(page, args, kwargs, "en", False, RequestFactory().get(url))
    etag = '"' + key[len("public-page:"):][:32] + '"'  # the ETag the rendering is served with
    answer = Client().get(url, headers={"If-None-Match": etag})
    assert answer.status_code == 304
    assert cache.get(key + ":rendering") is None and page_caches.kept_of(cache.get(key)) is not None
    page_caches.forget_local()  # as another process, which serves it without rendering it again
    monkeypatch.setattr(page_caches, "_rendered", lambda *a: pytest.fail("rendered again"))
    assert small.name in Client().get(url).text

"""The shortcut of the shared pages (`tournament.web.page_caches.SharedPageShortcut`): a reader with no session
and no message waiting gets the kept page, with the headers the whole stack gave it, before the rest of the
stack runs; every other reader goes through the stack as before. And the one read such a page costs survives a
database restart without a health check of its own."""

from __future__ import annotations

import pytest
from django.contrib.sessions.middleware import SessionMiddleware
from django.core.cache import cache
from django.db import connection
from django.test import Client, override_settings
from django.urls import reverse

from tests.simulated_events import build_event
from tournament.web import page_caches

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


def test_a_query_the_page_does_not_read_is_not_served_from_the_kept_page(small, monkeypatch):
    url = reverse("tournament:standings", args=[small.slug])
    Client().get(url + "?round=1")
    _stack_not_run(monkeypatch)
    assert Client().get(url + "?round=01").status_code == 200  # the same page, however it is spelled
    with pytest.raises(AssertionError, match="the stack ran"):
        Client().get(url + "?utm_source=poster")


@pytest.mark.skipif(connection.vendor != "postgresql", reason="a PostgreSQL connection to break")
@pytest.mark.django_db(transaction=True)
def test_the_kept_pages_read_survives_a_database_restart():
    """The shortcut's one cache read skips the connection's health check: a connection the server dropped (a
    restart) is closed and the read made again on a new one, so the reader gets the page, not an error."""
    import psycopg

    settings_dict = connection.settings_dict
    database = {"CACHES": {"default": {"BACKEND": "django.core.cache.backends.db.DatabaseCache",
                                       "LOCATION": "shortcut_test_cache"}}}
    with override_settings(**database):
        from django.core.cache import cache as database_cache
        from django.core.management import call_command

        call_command("createcachetable", verbosity=0)

        database_cache.set("kept", "page", 60)
        connection.ensure_connection()
        checks = connection.health_check_enabled
        connection.health_check_enabled, connection.health_check_done = True, False
        pid = connection.connection.info.backend_pid
        with psycopg.connect(dbname=settings_dict["NAME"], user=settings_dict["USER"], host=settings_dict["HOST"],
                             port=settings_dict["PORT"] or 5432, autocommit=True) as other:
            other.execute("SELECT pg_terminate_backend(%s)", [pid])
        assert page_caches._one_round_trip(lambda: database_cache.get("kept")) == "page"
        assert connection.connection.info.backend_pid != pid  # on a new connection
        connection.health_check_enabled = checks
        with connection.cursor() as cursor:
            cursor.execute("DROP TABLE shortcut_test_cache")
    cache.clear()

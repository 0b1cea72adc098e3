"""An anonymous reader's rules search is one page for everyone until the rules library changes
(`rulings.search.generation`): kept and served without ranking again, and a new import or an edited clause
is a new page."""

from __future__ import annotations

import re

import pytest
from django.contrib.sessions.middleware import SessionMiddleware
from django.test import Client
from django.urls import reverse

from rulings.models import Clause
from rulings.search import generation


def first_key(html: str) -> str:
    return re.search(r'<p class="rl-key muted"><code>([^<]+)</code>', html).group(1)


def _stack_not_run(monkeypatch):
    def refuse(self, request):
        raise AssertionError("the stack ran")

    monkeypatch.setattr(SessionMiddleware, "process_request", refuse)


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_a_search_is_kept_per_language(rules, monkeypatch, django_assert_num_queries, language):
    url = reverse("rulings:search") + "?q=recoil"
    first = Client().get(url, headers={"Accept-Language": language})
    assert first.status_code == 200 and first_key(first.text) and first["ETag"]
    assert first["Content-Language"] == language
    _stack_not_run(monkeypatch)
    with django_assert_num_queries(0):  # nothing ranked again (the generation is in the cache)
        again = Client().get(url, headers={"Accept-Language": language})
    assert again.content == first.content


def test_an_edited_clause_is_a_new_search_page(rules, django_capture_on_commit_callbacks):
    url = reverse("rulings:search") + "?q=recoil"
    before = Client().get(url)
    clause = Clause.objects.get(key=first_key(before.text))
    with django_capture_on_commit_callbacks(execute=True):
        clause.heading = "Rinculo corretto"
        clause.save()
    after = Client().get(url)
    assert after["ETag"] != before["ETag"] and "Rinculo corretto" in after.text


def test_a_new_import_is_a_new_search_page(rules, django_capture_on_commit_callbacks):
    from rulings.importer import import_rules

    url = reverse("rulings:search") + "?q=recoil"
    before = Client().get(url)
    Clause.objects.filter(key=first_key(before.text)).update(heading="Changed behind the library's back")
    assert Client().get(url)["ETag"] == before["ETag"]  # no signal: the kept page stays (the token's minute at most)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        import_rules()
    assert Client().get(url)["ETag"] != before["ETag"]
    assert sum(callback is generation._renew for callback in callbacks) == 1  # once, for hundreds of rows


def test_a_signed_in_umpire_gets_the_search_rendered_for_them(rules, umpire_client):
    url = reverse("rulings:search") + "?q=recoil"
    response = umpire_client.get(url)
    assert response.status_code == 200 and "ETag" not in response and "Log out" in response.text


def test_searches_are_kept_by_each_process_not_in_the_shared_cache(rules):
    """A search's address is free text: a stranger asking for thousands must not push the event pages out of
    the shared cache."""
    from django.core.cache import cache

    for word in ("recoil", "flank", "camp"):
        assert Client().get(reverse("rulings:search"), {"q": word}).status_code == 200
    assert not [key for key in cache._cache if "public-page:" in key]


def test_a_reference_jump_is_not_kept(rules):
    response = Client().get(reverse("rulings:search") + "?q=nasamw22:out.rec.1")
    assert response.status_code == 302

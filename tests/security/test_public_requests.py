"""Issue 26, "Also": HEAD answers like GET on public pages; `?round=` is one page however it is spelled; the
private-link pages are never stored."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournament.web import page_caches


@pytest.fixture
def published(event):
    event.listed = True
    event.save()
    return event


@pytest.mark.parametrize("name", ["tournament:event", "tournament:standings", "tournament:pairings"])
def test_head_on_public_pages_answers_200_without_a_body(published, name):
    url = reverse(name, args=[published.slug])
    head = Client().head(url)
    get = Client().get(url)
    assert head.status_code == 200 == get.status_code
    assert head.content == b"" and int(head["Content-Length"]) == len(get.content)


@pytest.mark.parametrize("url", ["/", "/ratings/", "/leagues/", "/rulings/"])
def test_head_on_site_pages_answers_200(db, url):
    assert Client().head(url).status_code == 200


def test_head_does_not_open_a_post_only_page(published, organizer_client):
    assert organizer_client.head(reverse("tournament:round_pair", args=[published.slug])).status_code == 405


def test_round_spellings_are_one_page_and_one_cache_key(published):
    from tournament.models import Round

    Round.objects.create(event=published, number=1, status=Round.Status.PUBLISHED)
    url = reverse("tournament:standings", args=[published.slug])
    pages = [Client().get(url, {"round": spelling}) for spelling in ("1", "01", "0001")]
    assert {page.status_code for page in pages} == {200}
    assert len({page["ETag"] for page in pages}) == 1
    assert len(page_caches._local) == 1

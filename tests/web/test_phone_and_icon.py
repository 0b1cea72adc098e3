"""The site icon is linked and served (before, /favicon.ico answered 404)."""

from __future__ import annotations

from django.contrib.staticfiles import finders


def test_favicon_is_linked_and_served(client, db):
    page = client.get("/")
    assert '<link rel="icon" href="/static/img/favicon.svg"' in page.text
    assert finders.find("img/favicon.svg")
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"] == "/static/img/favicon.svg"

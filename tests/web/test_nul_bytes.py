"""A NUL character in any parameter is a 400, never a 500 (PostgreSQL text cannot hold it)."""

from __future__ import annotations

import pytest
from django.urls import reverse


@pytest.mark.parametrize(("name", "params"), [("tournament:audit", {"action": "\x00"}),
                                              ("tournament:players", {"q": "a\x00", "status": "x"})])
def test_nul_in_filters(organizer_client, event, name, params):
    response = organizer_client.get(reverse(name, args=[event.slug]), params)
    assert response.status_code == 400 and "NUL" in response.text


def test_nul_in_a_form_post(organizer_client, event):
    """A form as browsers send it (urlencoded) is refused before the view; a multipart body is only parsed by
    views that take uploads, and the form itself refuses the NUL."""
    before = event.registrations.count()
    url = reverse("tournament:player_add", args=[event.slug])
    response = organizer_client.post(url, "name=Ana%00", content_type="application/x-www-form-urlencoded")
    assert response.status_code == 400 and event.registrations.count() == before
    response = organizer_client.post(url, {"name": "Ana\x00"})
    assert response.status_code == 200 and "Null characters are not allowed" in response.text
    assert event.registrations.count() == before


def test_nul_in_search(client, db):
    assert client.get(reverse("rulings:search"), {"q": "\x00"}).status_code == 400

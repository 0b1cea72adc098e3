"""403 and 404 pages in the site's layout and the reader's language; the JSON API keeps its own errors."""

from __future__ import annotations

from django.urls import reverse

from tests.factories import make_player, make_registration, make_user


def test_404_in_the_sites_layout(client, db):
    response = client.get("/e/no-such-event/")
    assert response.status_code == 404
    assert 'class="site-header"' in response.text and "Page not found" in response.text


def test_404_in_spanish(client, db):
    response = client.get("/e/no-such-event/", headers={"Accept-Language": "es"})
    assert response.status_code == 404 and "Página no encontrada" in response.text


def test_403_in_the_sites_layout_and_italian(client, event):
    other = make_registration(event, make_player("Altro Giocatore"))
    client.force_login(make_user("intruder"))
    response = client.get(reverse("tournament:army", args=[event.slug, other.pk]), headers={"Accept-Language": "it"})
    assert response.status_code == 403
    assert 'class="site-header"' in response.text and "Non consentito" in response.text


def test_api_errors_stay_json(client, db):
    response = client.get("/api/calc/dba-combat/", {"a": "Nonsense", "b": "3Kn"})
    assert response.status_code == 400
    assert response["Content-Type"].startswith("application/json")

"""The service worker and the manifest: served from the site's root, never kept stale, and the service worker
keeps no form answer, account page, admin or API (only the pages a player reads at the table)."""

from __future__ import annotations

import json
import re

from django.urls import reverse


def test_the_service_worker_is_served_from_the_root_and_revalidated(client, db):
    response = client.get("/sw.js")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    body = response.content.decode()
    assert f'const OFFLINE = "{reverse("offline")}";' in body
    assert 'request.method !== "GET"' in body
    keep = re.search(r"const KEEP = \[(.*?)\];", body, re.S).group(1)
    for never in ("accounts", "admin", "api", "report"):
        assert never not in keep, never
    assert "^\\/game" not in keep  # the slip's and the army sheet's token links are never kept


def test_the_manifest_starts_on_the_home(client, db):
    response = client.get("/manifest.webmanifest")
    data = json.loads(response.content)
    assert response["Content-Type"] == "application/manifest+json"
    assert data["start_url"] == "/me/" and data["display"] == "standalone" and data["icons"]
    assert 'rel="manifest" href="/manifest.webmanifest"' in client.get("/").text


def test_the_offline_page_speaks_the_readers_language(client, db):
    assert "Sin conexión" in client.get("/offline/", headers={"Accept-Language": "es"}).text
    assert "Nessuna connessione" in client.get("/offline/", headers={"Accept-Language": "it"}).text


def test_the_offline_page_sets_no_csrf_cookie_that_could_undo_a_new_readers_login(db):
    """The service worker fetches /offline/ in the background on a reader's first page; a CSRF cookie set by that
    fetch replaced the one of the login page the reader had just opened, and the login answered 403."""
    from django.test import Client

    reader = Client(enforce_csrf_checks=True)
    login = reader.get("/accounts/login/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', login.text).group(1)
    # meanwhile the service worker, installing, fetched /offline/ with no cookie yet either: what it answered is
    # the browser's cookie from now on
    offline = Client().get("/offline/")
    reader.cookies.update(offline.cookies)
    assert "csrfmiddlewaretoken" not in offline.text
    answer = reader.post("/accounts/login/", {"csrfmiddlewaretoken": token, "username": "nobody", "password": "x"})
    assert answer.status_code == 200  # the form's own answer (wrong password), not a 403

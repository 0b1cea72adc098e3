"""The skeleton: pages answer, roles are enforced, settings refuse the development key in production."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

from tests.factories import make_user

ROOT = Path(__file__).resolve().parents[2]


def test_home_lists_events(client, event):
    response = client.get(reverse("tournament:home"))
    assert response.status_code == 200
    assert "Torneo de prueba" in response.text


def test_event_page_is_public(client, event):
    response = client.get(event.get_absolute_url())
    assert response.status_code == 200
    assert "Torneo de prueba" in response.text


def test_event_edit_requires_login_then_organizer(client, event):
    url = reverse("tournament:event_edit", args=[event.slug])
    response = client.get(url)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    client.force_login(make_user("stranger"))
    assert client.get(url).status_code == 403


def test_organizer_creates_event_and_becomes_organizer(client, db):
    user = make_user("newbie")
    client.force_login(user)
    response = client.post(
        reverse("tournament:event_create"),
        {
            "name": "Torneo di Città", "slug": "citta", "date": "2026-09-12", "venue": "Bologna", "edition": "2.2",
            "rounds_planned": 4, "round_minutes": 90, "scoring_preset": "nasamw-v4", "round_one_method": "random",
            "avoid_same_club": "on", "troop_minimums": "6 Wb", "allowed_books": "i, ii",
        },
    )
    assert response.status_code == 302, response.text
    from tournament.models import AuditEntry, Event

    event = Event.objects.get(slug="citta")
    assert event.restrictions == {"allowed_books": ["I", "II"], "troop_minimums": [["Wb", 6]]}
    assert event.roles.get().user == user
    assert AuditEntry.objects.filter(event=event, action="event.create").exists()


def test_event_form_rejects_bad_troop_minimum(client, db):
    client.force_login(make_user("x"))
    response = client.post(
        reverse("tournament:event_create"),
        {"name": "X", "slug": "x", "date": "2026-09-12", "edition": "3.0", "rounds_planned": 3, "round_minutes": 90,
         "scoring_preset": "wdl", "round_one_method": "random", "troop_minimums": "lots of Wb"},
    )
    assert response.status_code == 200
    assert "number and a troop type" in response.text


@pytest.mark.parametrize("language, word", [("es", "Eventos"), ("it", "Eventi")])
def test_interface_speaks_spanish_and_italian(client, db, language, word):
    client.cookies["django_language"] = language
    response = client.get(reverse("tournament:home"))
    assert word in response.text


def _run_settings(env: dict) -> subprocess.CompletedProcess:
    dropped = {"DEBUG", "SECRET_KEY", "DJANGO_TESTING", "DJANGO_ALLOW_ASYNC_UNSAFE", "DATABASE_URL"}
    base = {k: v for k, v in os.environ.items() if k not in dropped}
    base.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=base, capture_output=True, text=True, timeout=120,
    )


def test_production_refuses_development_secret():
    result = _run_settings({"DEBUG": "0", "ALLOWED_HOSTS": "example.org"})
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


def test_debug_is_off_unless_asked_for():
    """A server started without DEBUG in its environment is not in debug mode (issue 30)."""
    base = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "DJANGO_TESTING"}}
    base.update({"SECRET_KEY": "k3P9-vQz7_Lm2Xw8Rt5Yb1Nc6Hd0Jf4Gs-Ue9Ai3Ko7Mp2Wq5Zx8Cv1Bn6", "DJANGO_SETTINGS_MODULE": "config.settings"})
    shown = subprocess.run([sys.executable, "-c", "import django; from django.conf import settings; print(settings.DEBUG)"],
                           cwd=ROOT, env=base, capture_output=True, text=True, timeout=120)
    assert shown.stdout.strip() == "False", shown.stderr


def test_without_debug_or_a_secret_the_settings_refuse_to_start():
    base = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY", "DJANGO_TESTING"}}
    base["DJANGO_SETTINGS_MODULE"] = "config.settings"
    shown = subprocess.run([sys.executable, "-c", "import django; from django.conf import settings; settings.DEBUG"],
                           cwd=ROOT, env=base, capture_output=True, text=True, timeout=120)
    assert shown.returncode != 0 and "SECRET_KEY" in shown.stderr


def test_check_deploy_is_clean_with_production_settings():
    result = _run_settings({"DEBUG": "0", "SECRET_KEY": "k3P9-vQz7_Lm2Xw8Rt5Yb1Nc6Hd0Jf4Gs-Ue9Ai3Ko7Mp2Wq5Zx8Cv1Bn6", "ALLOWED_HOSTS": "example.org"})
    assert result.returncode == 0, result.stdout + result.stderr

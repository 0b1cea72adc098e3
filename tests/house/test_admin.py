"""Django admin is usable for every model: each changelist opens for a superuser, and every registered
model's add page renders its form (the audit log, written only by the services, refuses it)."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.contrib import admin
from django.test import RequestFactory
from django.urls import reverse


@pytest.fixture
def root(client, django_user_model):
    user = django_user_model.objects.create_superuser("root", "root@example.org", "x-Pass-2026!")
    client.force_login(user)
    return user


@pytest.mark.django_db
def test_every_model_has_a_working_admin(client, root):
    for app in ("tournament", "rulings"):
        for model in apps.get_app_config(app).get_models():
            if model._meta.label in ("tournament.EventRole", "tournament.Seat", "tournament.StageEntry", "rulings.Vocabulary"):
                continue  # edited inline (roles in the event, seats in the game, entries in the stage) or internal
            assert admin.site.is_registered(model), model
            url = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
            assert client.get(url).status_code == 200, model


# Written by the services (or by django-axes on a failed login) only: their add pages are refused.
READ_ONLY = {"tournament.AuditEntry", "tournament.PrintJob", "tournament.PairingJob", "tournament.PlayerImportJob", "tournament.LimitHit", "axes.AccessAttempt", "axes.AccessFailureLog",
             "axes.AccessLog", "django_tasks_database.DBTaskResult"}


@pytest.mark.django_db
def test_every_registered_add_page_renders_its_form(client, root):
    request = RequestFactory().get("/admin/")
    request.user = root
    for model, model_admin in admin.site._registry.items():
        response = client.get(reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_add"))
        if model._meta.label in READ_ONLY:
            assert response.status_code == 403, model
            continue
        assert response.status_code == 200, model
        assert f'id="{model._meta.model_name}_form"' in response.text, model
        assert 'name="_save"' in response.text, model
        for name in model_admin.get_fields(request):  # every editable field has its input
            if name not in model_admin.get_readonly_fields(request):
                assert f'name="{name}"' in response.text or f'name="{name}_0"' in response.text, (model, name)


@pytest.mark.django_db
def test_the_admin_cannot_change_the_edition_or_scoring_of_an_event_with_confirmed_results(client, root):
    """As on the organizer's form: once results are confirmed, their points were counted under the event's edition
    and scoring, which a save here would change without rescoring them."""
    from tests.simulated_events import build_event
    from tournament.models import Event

    played, fresh = build_event(4, 1), Event.objects.create(slug="fresh", name="Fresh", date="2026-06-01",
                                                              edition="3.0", scoring_preset="nasamw-3.0")
    for event, locked in ((played, True), (fresh, False)):
        page = client.get(reverse("admin:tournament_event_change", args=[event.pk])).text
        for field in ("edition", "scoring_preset", "wdl_points"):
            assert (f'name="{field}"' not in page) is locked, (event.slug, field)


@pytest.mark.django_db
def test_the_admin_cannot_change_the_camp_reading_after_a_confirmed_game(client, django_user_model, event):
    """As on the organizer's form: who won each confirmed game was decided under the camp reading."""
    from tests.events.test_event_form import form_values
    from tests.factories import make_player, make_registration
    from tests.simulated_events import add_round

    ana, bruno = (make_registration(event, make_player(n)) for n in ("Ana", "Bruno"))
    add_round(event, 1, [(ana, bruno, "4-1")])
    event.refresh_from_db()
    assert event.victory_camp_reading == "counts"
    client.force_login(django_user_model.objects.create_superuser("root", "root@example.org", "x-Pass-2026!"))
    url = reverse("admin:tournament_event_change", args=[event.pk])
    page = client.get(url).text
    assert 'name="edition"' not in page  # the edition is read-only here, as on the organizer's form
    values = form_values(page, "event_form")
    values.update({"victory_camp_reading": "comparison", "_save": "Save"})
    client.post(url, values)
    event.refresh_from_db()
    assert event.victory_camp_reading == "counts"

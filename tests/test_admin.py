"""Django admin is usable for every model: each changelist and add page opens for a superuser."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.contrib import admin
from django.urls import reverse


@pytest.mark.django_db
def test_every_model_has_a_working_admin(client, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("root", "root@example.org", "x-Pass-2026!"))
    for app in ("tournament", "rulings"):
        for model in apps.get_app_config(app).get_models():
            if model._meta.label in ("tournament.EventRole", "tournament.Seat", "rulings.Vocabulary"):
                continue  # edited inline (roles in the event, seats in the game) or internal (search vocabulary)
            assert admin.site.is_registered(model), model
            url = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
            assert client.get(url).status_code == 200, model

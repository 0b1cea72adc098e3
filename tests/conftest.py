"""Shared fixtures: users with event roles and a small event."""

from __future__ import annotations

import datetime

import pytest

from tests.factories import make_event, make_user


@pytest.fixture
def organizer(db):
    return make_user("org", "Organizer Uno")


@pytest.fixture
def umpire(db):
    return make_user("ump", "Umpire Due")


@pytest.fixture
def event(db, organizer, umpire):
    from tournament.models import EventRole

    event = make_event(slug="test-event", name="Torneo de prueba", date=datetime.date(2026, 5, 9))
    EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    EventRole.objects.create(event=event, user=umpire, role=EventRole.Role.UMPIRE)
    return event


@pytest.fixture
def organizer_client(client, organizer):
    client.force_login(organizer)
    return client


@pytest.fixture
def umpire_client(client, umpire):
    client.force_login(umpire)
    return client

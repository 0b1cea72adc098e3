"""Two houses: the `demo` event with Núria's entry, and a stranger who spent one signup on an event of their own."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client

from tests.factories import make_event, make_player, make_registration, make_user


@pytest.fixture
def demo(db):
    """Someone else's event, with Núria Puigdemont entered with her private email and region."""
    from tournament.models import EventRole

    event = make_event(slug="demo", name="Demo", date=datetime.date(2026, 5, 9))
    EventRole.objects.create(event=event, user=make_user("demo-org"), role=EventRole.Role.ORGANIZER)
    nuria = make_player("Núria Puigdemont", "Dracs de Barcelona")
    nuria.email, nuria.region = "nuria@example.org", "Baix Llobregat"
    nuria.save()
    make_registration(event, nuria, army_ref="II/33")
    return event


@pytest.fixture
def nuria(demo):
    return demo.registrations.get().player


@pytest.fixture
def stranger(db):
    return make_user("stranger")


@pytest.fixture
def stranger_client(stranger):
    client = Client()
    client.force_login(stranger)
    return client


@pytest.fixture
def own_event(stranger):
    """The stranger's own event: any signed-in user may open one."""
    from tournament.models import EventRole

    event = make_event(slug="mine", name="Mine")
    EventRole.objects.create(event=event, user=stranger, role=EventRole.Role.ORGANIZER)
    return event

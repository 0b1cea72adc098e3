"""Any account may open a league and invite any listed event: an invitation binds nothing until the event accepts it
(and `accept` checks the fit again), so a stranger's unanswered invitation never holds the event's date or edition."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from tests.events.test_event_form import form_values
from tests.factories import make_user
from tournament.leagues import service
from tournament.models import League, LeagueEvent

pytestmark = pytest.mark.django_db


def test_a_strangers_invitation_does_not_freeze_the_events_date(organizer_client, event):
    stranger = make_user("stranger")
    league = service.create_league(stranger, League(
        slug="may-only", name="May Only", season_start=datetime.date(2026, 5, 1), season_end=datetime.date(2026, 5, 31),
        scoring_preset="soa-best5"))
    stranger_client = Client()
    stranger_client.force_login(stranger)
    assert stranger_client.post(reverse("leagues:manage", args=[league.slug]), {"event": event.slug}).status_code == 302
    assert LeagueEvent.objects.get(event=event).state == LeagueEvent.State.INVITED  # never accepted

    url = reverse("tournament:event_edit", args=[event.slug])
    values = {**form_values(organizer_client.get(url).text, "event-form"), "date": "2026-06-13"}
    answer = organizer_client.post(url, values)

    assert "May Only" not in answer.content.decode()  # the edit refused, naming the stranger's league
    assert answer.status_code == 302
    event.refresh_from_db()
    assert event.date == datetime.date(2026, 6, 13)
